"""Tile pictures on the web: the SVG generator, the ``tiles`` template tags and the palette.

The generator tests need no Django; the tag tests render templates with plain static storage
(no collected manifest) so ``{% static %}`` gives ``/static/scoring/tiles/<code>.svg``.
"""

import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass

import pytest
from django.template import Context, Template
from django.template.loader import render_to_string
from django.test import override_settings

from scoring.tile_art import BACK, TILE_CODES, tile_name, write_tiles

SVG = "{http://www.w3.org/2000/svg}"
PLAIN_STATIC = override_settings(
    STORAGES={
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    },
    STATIC_URL="/static/",
)


@dataclass(frozen=True)
class FakeTile:
    code: str

    def notation(self) -> str:
        return self.code


def render(source: str, **context) -> str:
    return Template("{% load tiles %}" + source).render(Context(context))


# --- the generator ---------------------------------------------------------------------------


def test_there_are_34_tile_codes():
    assert len(TILE_CODES) == len(set(TILE_CODES)) == 34


def test_generator_writes_34_tiles_and_a_back(tmp_path):
    paths = write_tiles(tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        [f"{code}.svg" for code in TILE_CODES] + ["back.svg"]
    )
    assert len(paths) == 35


@pytest.mark.parametrize("code", [*TILE_CODES, BACK])
def test_each_picture_is_small_valid_svg_with_a_title(tmp_path, code):
    (path,) = write_tiles(tmp_path, [code])
    root = ElementTree.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 60 80"
    assert root.find(f"{SVG}title").text == tile_name(code)
    assert path.stat().st_size < 4096


@pytest.mark.parametrize("code", TILE_CODES)
def test_each_face_carries_its_latin_index(tmp_path, code):
    (path,) = write_tiles(tmp_path, [code])
    texts = [element.text for element in ElementTree.parse(path).iter(f"{SVG}text")]
    assert code in texts


@pytest.mark.parametrize(
    ("code", "name"),
    [
        pytest.param("5p", "5 circles", id="circles"),
        pytest.param("1p", "1 circle", id="one-circle"),
        pytest.param("9s", "9 bamboo", id="bamboo"),
        pytest.param("3m", "3 characters", id="characters"),
        pytest.param("E", "East wind", id="wind"),
        pytest.param("Rd", "Red dragon", id="dragon"),
    ],
)
def test_tile_names(code, name):
    assert tile_name(code) == name


def test_checked_in_pictures_match_the_generator(tmp_path):
    from scoring.tile_art import TILES_DIR

    write_tiles(tmp_path)
    for fresh in tmp_path.iterdir():
        assert (TILES_DIR / fresh.name).read_text() == fresh.read_text(), fresh.name


# --- the template tags -----------------------------------------------------------------------


@PLAIN_STATIC
def test_tile_tag_renders_an_img():
    html = render('{% tile "5p" %}')
    assert html == (
        '<img class="tile tile-md" src="/static/scoring/tiles/5p.svg" alt="5 circles"'
        ' title="5 circles" width="36" height="48">'
    )


@PLAIN_STATIC
def test_tile_tag_size():
    html = render('{% tile "E" size="lg" %}')
    assert 'class="tile tile-lg"' in html and 'width="54" height="72"' in html
    assert 'title="East wind"' in html


@PLAIN_STATIC
def test_tiles_tag_renders_a_row_from_a_string():
    html = render('{% tiles "1m 2m E Wh" size="sm" %}')
    assert html.startswith('<span class="tiles">') and html.endswith("</span>")
    for code in ["1m", "2m", "E", "Wh"]:
        assert f'src="/static/scoring/tiles/{code}.svg" alt="{tile_name(code)}"' in html
    assert html.count("<img") == 4


@PLAIN_STATIC
def test_tiles_tag_expands_grouped_ranks():
    html = render('{% tiles "123m 45p E" %}')
    codes = ["1m", "2m", "3m", "4p", "5p", "E"]
    assert [f'tiles/{code}.svg" alt="{tile_name(code)}"' in html for code in codes] == [True] * 6
    assert html.count("<img") == 6


@PLAIN_STATIC
def test_tiles_tag_reads_repeated_honours_like_the_engine_writes_them():
    html = render('{% tiles "EE RdRdRd 1z" %}')
    assert html.count('alt="East wind"') == 3 and html.count('alt="Red dragon"') == 3
    assert "tile-unknown" not in html


@PLAIN_STATIC
def test_tiles_tag_accepts_objects_with_notation():
    html = render("{% tiles hand %}", hand=[FakeTile("9s"), FakeTile("Rd")])
    assert 'src="/static/scoring/tiles/9s.svg" alt="9 bamboo"' in html
    assert 'src="/static/scoring/tiles/Rd.svg" alt="Red dragon" title="Red dragon"' in html


@PLAIN_STATIC
@pytest.mark.parametrize("code", ["0m", "X", "<b>", ""])
def test_unknown_code_gives_a_badge_not_an_exception(code):
    html = render("{% tile code %}", code=code)
    assert "<img" not in html
    assert 'class="tile tile-md tile-unknown"' in html
    assert "<b>" not in html  # escaped


@PLAIN_STATIC
def test_unknown_code_in_a_row_keeps_its_neighbours():
    html = render('{% tiles "1m zz E" %}')
    assert html.count("<img") == 2
    assert ">zz</span>" in html


@PLAIN_STATIC
def test_pdf_option_gives_file_urls():
    html = render('{% tile "5p" pdf=True %}')
    assert 'src="file:///' in html and html.count("/static/scoring/tiles/5p.svg") == 1


def test_tile_svg_path_points_at_the_checked_in_picture():
    from scoring.templatetags.tiles import tile_file_url, tile_svg_path

    assert tile_svg_path("Wh").is_file()
    assert tile_file_url("Wh").startswith("file:///")
    with pytest.raises(KeyError):
        tile_svg_path("10m")


# --- the palette -----------------------------------------------------------------------------


@PLAIN_STATIC
def test_palette_has_34_unfocusable_buttons_and_two_actions():
    html = render_to_string("scoring/_tile_palette.html", {"tile_target": "id_hand"})
    assert html.count("data-tile=") == 34
    assert 'data-tile-action="backspace"' in html and 'data-tile-action="clear"' in html
    assert html.count('type="button" tabindex="-1"') == 36
    assert 'data-target="id_hand"' in html
    assert "scoring/tile_palette.js" in html and "scoring/tiles.css" in html


@PLAIN_STATIC
def test_a_tile_is_named_in_the_readers_language():
    """A screen reader says the tile (its ``alt``) in the page's language, and the read-back of
    a row of tiles is the same names in order (issue 40)."""
    from django.utils import translation

    with translation.override("zh-hant"):
        assert 'alt="五索"' in render('{% tile "5s" %}')
        assert render('{% tiles_spoken "123m Rd" %}') == "一萬、二萬、三萬、紅中"
    with translation.override("zh-hans"):
        assert 'alt="五条"' in render('{% tile "5s" %}')
        assert render('{% tiles_spoken "5s E" %}') == "五条、东风"
    assert render('{% tiles_spoken "5s E x" %}') == "5 bamboo, East wind, x"

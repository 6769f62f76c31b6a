"""Template tags that show tiles as the project's SVG pictures (``{% load tiles %}``).

Vocabulary
----------
code
    A tile's canonical notation (``5p``, ``E``, ``Rd``...); see ``scoring.tile_art``.
tile value
    What ``{% tiles %}`` accepts: a string of codes separated by spaces, where a run of ranks
    before one suit letter stands for that many tiles (``"123m 45p E"`` is 1m 2m 3m 4p 5p E),
    or an iterable of objects with a ``.notation()`` method (the engine's tiles) or of codes.
size
    ``"sm"``, ``"md"`` (default) or ``"lg"``: the picture's width and height in CSS pixels.
badge
    How an unknown code is shown: a text ``<span>`` with the code, never an exception.

Usage::

    {% load tiles %}
    {% tile "5p" %}                       one <img class="tile tile-md">
    {% tile code size="lg" %}
    {% tiles "123m 45p E" size="sm" %}    a <span class="tiles"> row
    {% tiles hand.tiles %}                objects with .notation()
    {% tile "5p" absolute=True %}         http(s)://host/static/... (needs ``request``)
    {% tile "5p" pdf=True %}              file:///.../static/scoring/tiles/5p.svg for WeasyPrint
    {% tile_groups as groups %}           [(label, [codes...]), ...] for palettes
    {% tiles_spoken "123m 5p" %}          "1 character, 2 characters, 3 characters, 5 circles"

A tile picture's text alternative (``alt``) is its name in the reader's language
(`scoring.tile_art.tile_name`: "5 bamboo", "五索", "五条"), so that a screen reader says the tile
and a copied row of tiles reads as words.

Python code (the PDF builder) can call ``tile_svg_path(code)`` or ``tile_file_url(code)``.
"""

from __future__ import annotations

from pathlib import Path

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, gettext_lazy, pgettext

from scoring.engine import NotationError, parse_tiles
from scoring.tile_art import (
    BACK,
    DRAGON_NAMES,
    NUMBER_CODES,
    TILE_CODES,
    TILES_DIR,
    WIND_NAMES,
    tile_name,
)

register = template.Library()

SIZES = {"sm": (24, 32), "md": (36, 48), "lg": (54, 72)}
DEFAULT_SIZE = "md"
KNOWN_CODES = frozenset(TILE_CODES) | {BACK}


def tile_svg_path(code: str) -> Path:
    """The SVG file for a code under ``static/``; KeyError for an unknown code."""
    if code not in KNOWN_CODES:
        raise KeyError(code)
    return TILES_DIR / f"{code}.svg"


def tile_file_url(code: str) -> str:
    """A ``file://`` URL of the tile's SVG, for WeasyPrint (no web server round trip)."""
    return tile_svg_path(code).as_uri()


def split_codes(value) -> list[str]:
    """The codes in a tile value, in order; unknown pieces are kept as they are (for badges)."""
    if value is None:
        return []
    if isinstance(value, str):
        pieces = value.split()
    else:
        pieces = [item if isinstance(item, str) else item.notation() for item in value]
    codes = []
    for piece in pieces:
        if piece in KNOWN_CODES:
            codes.append(piece)
            continue
        try:  # the engine reads every notation: "123m", "EE", "RdRdRd", "1z", Unicode tiles
            codes.extend(tile.notation() for tile in parse_tiles(piece))
        except NotationError:
            codes.append(piece)
    return codes


def _src(context, code: str, *, absolute: bool, pdf: bool) -> str:
    if pdf:
        return tile_file_url(code)
    url = static(f"scoring/tiles/{code}.svg")
    request = context.get("request")
    if absolute and request is not None:
        return request.build_absolute_uri(url)
    return url


def render_tile(context, code, *, size=DEFAULT_SIZE, absolute=False, pdf=False):
    """One tile's HTML: an ``<img>`` for a known code, a text badge for anything else."""
    code = str(code).strip()
    size = size if size in SIZES else DEFAULT_SIZE
    if code not in KNOWN_CODES:
        return format_html(
            '<span class="tile tile-{} tile-unknown" title="{}">{}</span>',
            size,
            gettext("Unknown tile"),
            code,
        )
    width, height = SIZES[size]
    name = tile_name(code, gettext)
    return format_html(
        '<img class="tile tile-{}" src="{}" alt="{}" title="{}" width="{}" height="{}">',
        size,
        _src(context, code, absolute=absolute, pdf=pdf),
        name,
        name,
        width,
        height,
    )


@register.simple_tag(takes_context=True)
def tile(context, code, size=DEFAULT_SIZE, absolute=False, pdf=False):
    """``{% tile "5p" size="sm" %}``: one tile picture."""
    return render_tile(context, code, size=size, absolute=absolute, pdf=pdf)


@register.simple_tag(takes_context=True)
def tiles(context, value, size=DEFAULT_SIZE, absolute=False, pdf=False):
    """``{% tiles "123m 45p E" %}`` or ``{% tiles hand.tiles %}``: a row of tile pictures."""
    pictures = format_html_join(
        "",
        "{}",
        (
            (render_tile(context, code, size=size, absolute=absolute, pdf=pdf),)
            for code in split_codes(value)
        ),
    )
    return format_html('<span class="tiles">{}</span>', pictures)


def spoken(value) -> str:
    """The tiles of a tile value as words in the reader's language, in order; an unknown piece
    as it was typed."""
    names = [
        tile_name(code, gettext) if code in KNOWN_CODES else code for code in split_codes(value)
    ]
    return pgettext("between tile names", ", ").join(names)


@register.simple_tag
def tiles_spoken(value) -> str:
    """``{% tiles_spoken hand.concealed %}``: the tiles as words (a screen reader's read-back)."""
    return spoken(value)


@register.simple_tag
def tile_groups():
    """The 34 codes in palette rows: ``[("Characters", ["1m", ...]), ..., ("Dragons", [...])]``."""
    return [
        (gettext_lazy("Characters"), [code for code in NUMBER_CODES if code.endswith("m")]),
        (gettext_lazy("Circles"), [code for code in NUMBER_CODES if code.endswith("p")]),
        (gettext_lazy("Bamboo"), [code for code in NUMBER_CODES if code.endswith("s")]),
        (gettext_lazy("Winds"), list(WIND_NAMES)),
        (gettext_lazy("Dragons"), list(DRAGON_NAMES)),
    ]

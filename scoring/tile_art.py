"""The project's own tile pictures: one small SVG per tile kind, drawn by this module.

Vocabulary
----------
code
    A tile's canonical notation: ``1m``..``9m`` (characters), ``1p``..``9p`` (circles),
    ``1s``..``9s`` (bamboo), ``E S W N`` (winds) and ``Wh Gr Rd`` (white, green, red dragons).
    There are 34 codes (``TILE_CODES``); ``back`` names the picture of a face-down tile.
name
    What a reader calls the tile, in English: "5 circles", "East wind", "Red dragon".
face
    The ivory front of the tile; the darker *edge* peeks out right and below as a shadow.
index
    The small latin label in the top-left corner of every face (the code itself), so a reader
    who does not read Chinese, or whose machine has no CJK font, can still tell the tile.
art area
    The part of the face below the index where dots, sticks and glyphs are drawn.

Each picture is a 60x80 viewBox with a ``<title>`` carrying its name. Chinese glyphs are drawn
as text with a font-family list that falls back across platforms; where no CJK font exists the
corner index still names the tile.

Run ``python -m scoring.tile_art`` to (re)write ``static/scoring/tiles/<code>.svg`` and
``back.svg``. This module imports nothing from Django so the PDF code and scripts can use it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from django.utils.translation import gettext_noop

SUITS = {"m": "characters", "p": "circles", "s": "bamboo"}
NUMBER_CODES = tuple(f"{rank}{suit}" for suit in SUITS for rank in range(1, 10))
WIND_NAMES = {
    "E": gettext_noop("East wind"),
    "S": gettext_noop("South wind"),
    "W": gettext_noop("West wind"),
    "N": gettext_noop("North wind"),
}
DRAGON_NAMES = {
    "Wh": gettext_noop("White dragon"),
    "Gr": gettext_noop("Green dragon"),
    "Rd": gettext_noop("Red dragon"),
}
#: A number tile's name by suit letter, ranks 1 to 9: one name per tile, so that each language
#: says it whole (五索 in Chinese, not 5索: a screen reader speaks the tile's name).
NUMBER_NAMES = {
    "m": (
        gettext_noop("1 character"),
        gettext_noop("2 characters"),
        gettext_noop("3 characters"),
        gettext_noop("4 characters"),
        gettext_noop("5 characters"),
        gettext_noop("6 characters"),
        gettext_noop("7 characters"),
        gettext_noop("8 characters"),
        gettext_noop("9 characters"),
    ),
    "p": (
        gettext_noop("1 circle"),
        gettext_noop("2 circles"),
        gettext_noop("3 circles"),
        gettext_noop("4 circles"),
        gettext_noop("5 circles"),
        gettext_noop("6 circles"),
        gettext_noop("7 circles"),
        gettext_noop("8 circles"),
        gettext_noop("9 circles"),
    ),
    "s": (
        gettext_noop("1 bamboo"),
        gettext_noop("2 bamboo"),
        gettext_noop("3 bamboo"),
        gettext_noop("4 bamboo"),
        gettext_noop("5 bamboo"),
        gettext_noop("6 bamboo"),
        gettext_noop("7 bamboo"),
        gettext_noop("8 bamboo"),
        gettext_noop("9 bamboo"),
    ),
}
TILE_BACK_NAME = gettext_noop("Tile back")
HONOUR_CODES = tuple(WIND_NAMES) + tuple(DRAGON_NAMES)
TILE_CODES = NUMBER_CODES + HONOUR_CODES
BACK = "back"

TILES_DIR = Path(__file__).resolve().parent.parent / "static" / "scoring" / "tiles"

VIEW_WIDTH, VIEW_HEIGHT = 60, 80
# Centre of the art area (the face minus the index band at the top).
ART_X, ART_Y = 28.5, 44.5

IVORY = "#fdfaf0"
EDGE = "#c9bd98"
INK = "#1d2b53"
RED = "#c62f2f"
GREEN = "#1c7a4a"
BLUE = "#1f4e9c"
BACK_GREEN = "#2f7d57"

CJK_FONTS = (
    "'Noto Serif CJK SC','Noto Serif CJK TC','Source Han Serif SC','Songti SC',SimSun,"
    "'Noto Sans CJK SC','Noto Sans CJK TC','PingFang SC','Microsoft YaHei',"
    "'WenQuanYi Zen Hei',serif"
)
LATIN_FONTS = "'DejaVu Sans',Verdana,Arial,Helvetica,sans-serif"

CHINESE_NUMERALS = "一二三四五六七八九"
WIND_GLYPHS = {"E": "東", "S": "南", "W": "西", "N": "北"}


def tile_name(code: str, translate: Callable[[str], str] = str) -> str:
    """The English name of a tile code, e.g. ``"5p"`` -> ``"5 circles"``; KeyError if unknown.
    ``translate`` (``gettext``) gives it in the reader's language instead."""
    if code in WIND_NAMES:
        return translate(WIND_NAMES[code])
    if code in DRAGON_NAMES:
        return translate(DRAGON_NAMES[code])
    if code == BACK:
        return translate(TILE_BACK_NAME)
    if code not in NUMBER_CODES:
        raise KeyError(code)
    return translate(NUMBER_NAMES[code[1]][int(code[0]) - 1])


# --- small SVG builders -------------------------------------------------------------------


def _num(value: float) -> str:
    """Short decimal text: 12.0 -> "12", 12.50 -> "12.5"."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, content: str, *, size: float, fill: str, fonts: str) -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{fill}"'
        f' font-family="{fonts}" text-anchor="middle">{content}</text>'
    )


def _dot(x: float, y: float, radius: float, colour: str) -> str:
    """One circle-suit dot: a coloured disc, an ivory ring and a coloured eye."""
    cx, cy = _num(ART_X + x), _num(ART_Y + y)
    return (
        f'<circle cx="{cx}" cy="{cy}" r="{_num(radius)}" fill="{colour}"/>'
        f'<circle cx="{cx}" cy="{cy}" r="{_num(radius * 0.62)}" fill="{IVORY}"/>'
        f'<circle cx="{cx}" cy="{cy}" r="{_num(radius * 0.32)}" fill="{colour}"/>'
    )


def _stick(x: float, y: float, length: float, colour: str, tilt: float = 0, width=5.5) -> str:
    """One bamboo stick centred at (x, y) in the art area, with a node band across its middle."""
    cx, cy = ART_X + x, ART_Y + y
    turn = f' transform="rotate({_num(tilt)} {_num(cx)} {_num(cy)})"' if tilt else ""
    left, top = cx - width / 2, cy - length / 2
    return (
        f"<g{turn}>"
        f'<rect x="{_num(left)}" y="{_num(top)}" width="{_num(width)}" height="{_num(length)}"'
        f' rx="{_num(width / 2)}" fill="{colour}"/>'
        f'<rect x="{_num(left - 0.8)}" y="{_num(cy - 1)}" width="{_num(width + 1.6)}" height="2"'
        f' rx="1" fill="{colour}"/>'
        f'<rect x="{_num(cx - 0.5)}" y="{_num(top + 2)}" width="1" height="{_num(length - 4)}"'
        f' fill="{IVORY}" opacity=".45"/>'
        "</g>"
    )


# --- the three number suits ----------------------------------------------------------------

# (x, y, colour) offsets from the art centre, and a dot radius, in the traditional layouts.
CIRCLE_LAYOUTS: dict[int, tuple[float, list[tuple[float, float, str]]]] = {
    2: (10, [(0, -14, GREEN), (0, 14, BLUE)]),
    3: (8, [(-13, -18, BLUE), (0, 0, RED), (13, 18, GREEN)]),
    4: (9, [(-10, -13, BLUE), (10, -13, GREEN), (-10, 13, GREEN), (10, 13, BLUE)]),
    5: (
        7.5,
        [(-12, -17, BLUE), (12, -17, GREEN), (0, 0, RED), (-12, 17, GREEN), (12, 17, BLUE)],
    ),
    6: (
        6.8,
        [(-10, -19, GREEN), (10, -19, GREEN)]
        + [(dx, dy, RED) for dy in (1, 17) for dx in (-10, 10)],
    ),
    7: (
        6,
        [(-14, -20, GREEN), (0, -15, GREEN), (14, -10, GREEN)]
        + [(dx, dy, RED) for dy in (5, 19) for dx in (-10, 10)],
    ),
    8: (6.3, [(dx, dy, BLUE) for dy in (-21, -7, 7, 21) for dx in (-9, 9)]),
    9: (
        7,
        [
            (dx, dy, colour)
            for dy, colour in ((-19, BLUE), (0, RED), (19, GREEN))
            for dx in (-15, 0, 15)
        ],
    ),
}


def _circles(rank: int) -> str:
    if rank == 1:
        # The big "moon": a red centre in green and blue rings, a ring of small petals around.
        petals = "".join(
            f'<circle cx="{_num(ART_X)}" cy="{_num(ART_Y - 18.5)}" r="2" fill="{GREEN}"'
            f' transform="rotate({angle} {_num(ART_X)} {_num(ART_Y)})"/>'
            for angle in range(0, 360, 30)
        )
        return (
            f'<circle cx="{_num(ART_X)}" cy="{_num(ART_Y)}" r="16" fill="{BLUE}"/>'
            f'<circle cx="{_num(ART_X)}" cy="{_num(ART_Y)}" r="12.5" fill="{IVORY}"/>'
            f'<circle cx="{_num(ART_X)}" cy="{_num(ART_Y)}" r="10" fill="{GREEN}"/>'
            f'<circle cx="{_num(ART_X)}" cy="{_num(ART_Y)}" r="6.5" fill="{IVORY}"/>'
            f'<circle cx="{_num(ART_X)}" cy="{_num(ART_Y)}" r="4" fill="{RED}"/>' + petals
        )
    radius, layout = CIRCLE_LAYOUTS[rank]
    return "".join(_dot(x, y, radius, colour) for x, y, colour in layout)


# (x, y, colour, tilt) offsets for sticks; long sticks for two rows, short ones for three.
LONG, SHORT = 22, 16
BAMBOO_LAYOUTS: dict[int, tuple[float, list[tuple[float, float, str, float]]]] = {
    2: (LONG, [(0, -13, GREEN, 0), (0, 13, BLUE, 0)]),
    3: (LONG, [(0, -13, GREEN, 0), (-8, 13, BLUE, 0), (8, 13, BLUE, 0)]),
    4: (LONG, [(dx, dy, colour, 0) for dy in (-13, 13) for dx, colour in ((-9, BLUE), (9, GREEN))]),
    5: (
        LONG,
        [(dx, dy, GREEN, 0) for dy in (-13, 13) for dx in (-13, 13)] + [(0, 0, RED, 0)],
    ),
    6: (LONG, [(dx, dy, GREEN, 0) for dy in (-13, 13) for dx in (-12, 0, 12)]),
    7: (
        SHORT,
        [(0, -19, RED, 0)] + [(dx, dy, GREEN, 0) for dy in (0, 19) for dx in (-12, 0, 12)],
    ),
    # Eight: outer sticks upright, inner pairs leaning into a peak above and a valley below.
    8: (
        LONG,
        [(dx, dy, GREEN, 0) for dy in (-13, 13) for dx in (-16, 16)]
        + [(-5, -13, GREEN, 18), (5, -13, GREEN, -18), (-5, 13, GREEN, -18), (5, 13, GREEN, 18)],
    ),
    9: (
        SHORT,
        [(dx, dy, RED if dx == 0 else GREEN, 0) for dy in (-19, 0, 19) for dx in (-12, 0, 12)],
    ),
}


def _bamboo(rank: int) -> str:
    if rank == 1:
        # One tall stick with a red bead on top: plainer than the peacock, instantly "1".
        upper_node_band = (
            f'<rect x="{_num(ART_X - 6.5)}" y="{_num(ART_Y - 11)}" width="13" height="2.4"'
            f' rx="1.2" fill="{GREEN}"/>'
        )
        bead = f'<circle cx="{_num(ART_X)}" cy="{_num(ART_Y - 24)}" r="5" fill="{RED}"/>'
        return _stick(0, 3, 50, GREEN, width=11) + upper_node_band + bead
    length, layout = BAMBOO_LAYOUTS[rank]
    return "".join(_stick(x, y, length, colour, tilt) for x, y, colour, tilt in layout)


def _characters(rank: int) -> str:
    return _text(
        ART_X, ART_Y - 3, CHINESE_NUMERALS[rank - 1], size=24, fill=INK, fonts=CJK_FONTS
    ) + _text(ART_X, ART_Y + 25, "萬", size=25, fill=RED, fonts=CJK_FONTS)


# --- honours ---------------------------------------------------------------------------------


def _honour(code: str) -> str:
    if code == "Wh":
        # The white dragon: a blue frame, doubled, and nothing else.
        return (
            f'<rect x="11" y="21" width="35" height="50" rx="3" fill="none" stroke="{BLUE}"'
            ' stroke-width="3"/>'
            f'<rect x="16" y="26" width="25" height="40" rx="1.5" fill="none" stroke="{BLUE}"'
            ' stroke-width="1.2"/>'
        )
    glyph, colour = {"Rd": ("中", RED), "Gr": ("發", GREEN)}.get(code, (None, INK))
    glyph = glyph or WIND_GLYPHS[code]
    return _text(ART_X, ART_Y + 12, glyph, size=34, fill=colour, fonts=CJK_FONTS)


# --- whole tiles -----------------------------------------------------------------------------

INDEX_COLOURS = {"m": RED, "p": BLUE, "s": GREEN, "Rd": RED, "Gr": GREEN, "Wh": BLUE}


def _frame(name: str, body: str, face_colour: str = IVORY) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80"'
        f' role="img"><title>{name}</title>'
        f'<rect x="1" y="1" width="58" height="78" rx="7" fill="{EDGE}"/>'
        f'<rect x="1" y="1" width="55" height="75" rx="6" fill="{face_colour}"'
        ' stroke="#b3a67f" stroke-width=".8"/>'
        f"{body}</svg>\n"
    )


def tile_svg(code: str) -> str:
    """The SVG document for one tile code (or ``"back"``); KeyError for an unknown code."""
    name = tile_name(code)
    if code == BACK:
        inner = (
            f'<rect x="6" y="6" width="45" height="65" rx="4" fill="none" stroke="{IVORY}"'
            ' stroke-opacity=".5" stroke-width="1.5"/>'
        )
        return _frame(name, inner, face_colour=BACK_GREEN)
    if code in HONOUR_CODES:
        art = _honour(code)
        index_colour = INDEX_COLOURS.get(code, INK)
    else:
        rank, suit = int(code[0]), code[1]
        art = {"m": _characters, "p": _circles, "s": _bamboo}[suit](rank)
        index_colour = INDEX_COLOURS[suit]
    index = (
        f'<text x="4" y="14" font-size="13.5" font-weight="bold" fill="{index_colour}"'
        f' font-family="{LATIN_FONTS}">{code}</text>'
    )
    return _frame(name, index + art)


def write_tiles(directory: Path = TILES_DIR, codes: Iterable[str] = TILE_CODES + (BACK,)):
    """Write ``<code>.svg`` for each code into ``directory``; returns the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for code in codes:
        path = directory / f"{code}.svg"
        path.write_text(tile_svg(code), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    paths = write_tiles()
    print(f"wrote {len(paths)} tile pictures to {TILES_DIR}")

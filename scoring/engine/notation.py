"""Tile notation: reading and writing runs of tiles.

Grammar (whitespace and commas between groups are optional)::

    tiles   := group*
    group   := DIGITS SUIT          e.g. 123m  456p  789s  (suit letter after its digits)
             | DIGITS "z"           compact honours 1z..7z = E S W N Wh Gr Rd, e.g. 11123z
             | HONOUR               E S W N Wh Gr Rd, repeatable without spaces: EE, RdRdRd
             | UNICODE              a mahjong tile of the U+1F000 block (🀇 = 1m, 🀙 = 1p,
                                    🀐 = 1s, 🀀-🀃 = E S W N, 🀄 = Rd, 🀅 = Gr, 🀆 = Wh)

`format_tiles` writes the canonical form: tiles sorted, one group per suit (``123m``), one group
per honour kind (``EE``), groups separated by a space; ``parse_tiles(format_tiles(x))`` is
``sorted(x)``. Errors are `NotationError`s naming the token and its position.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import NotationError
from .tiles import ALL_TILES, FIRST_WIND, HONOURS, SUITS, TILE_BY_NAME, Tile

_SUIT_BASE = {"m": 0, "p": 9, "s": 18}
_UNICODE_FIRST = 0x1F000
# U+1F000.. order: E S W N Rd Gr Wh, 1-9 man, 1-9 sou (bamboo), 1-9 pin (circles).
_UNICODE_ORDER = ("E", "S", "W", "N", "Rd", "Gr", "Wh") + tuple(
    f"{n}{s}" for s in ("m", "s", "p") for n in range(1, 10)
)
UNICODE_TILES: dict[str, Tile] = {
    chr(_UNICODE_FIRST + i): TILE_BY_NAME[name] for i, name in enumerate(_UNICODE_ORDER)
}
TILE_TO_UNICODE: dict[Tile, str] = {tile: char for char, tile in UNICODE_TILES.items()}
_NOT_ZJ_UNICODE = {chr(c) for c in range(0x1F022, 0x1F030)}  # flowers, seasons, joker, back
_VARIATION_SELECTORS = {"\ufe0e", "\ufe0f"}
_SEPARATORS = set(" \t\r\n,")
_HONOUR_WORDS = ("Wh", "Gr", "Rd", "E", "S", "W", "N")  # two-letter words first: "Wh" before "W"


def _fail(text: str, start: int, end: int, why: str) -> NotationError:
    token = text[start:end] or text[start : start + 1]
    return NotationError(f"{token!r} at position {start + 1} of {text!r}: {why}")


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read a run of tiles in any accepted notation; order is kept as written."""
    if not isinstance(text, str):
        raise NotationError(f"tiles must be written as text, got {type(text).__name__}")
    tiles: list[Tile] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS or ch in _VARIATION_SELECTORS:
            i += 1
        elif ch.isascii() and ch.isdigit():
            j = i
            while j < n and text[j].isascii() and text[j].isdigit():
                j += 1
            if j == n or text[j] not in "mpsz":
                raise _fail(text, i, j, "digits need a suit letter after them (m, p, s or z)")
            tiles.extend(_number_group(text, i, j, text[j]))
            i = j + 1
        elif ch in UNICODE_TILES:
            tiles.append(UNICODE_TILES[ch])
            i += 1
        elif ch in _NOT_ZJ_UNICODE:
            raise _fail(text, i, i + 1, "flower, season and joker tiles are not used in Zung Jung")
        else:
            for word in _HONOUR_WORDS:
                if text.startswith(word, i):
                    tiles.append(TILE_BY_NAME[word])
                    i += len(word)
                    break
            else:
                j = i + 1
                while j < n and text[j] not in _SEPARATORS and not text[j].isdigit():
                    j += 1
                raise _fail(
                    text,
                    i,
                    j,
                    "not a tile (write 1m-9m, 1p-9p, 1s-9s, E S W N Wh Gr Rd, 1z-7z or 🀇-style)",
                )
    return tuple(tiles)


def _number_group(text: str, start: int, end: int, suit: str) -> list[Tile]:
    out = []
    for k in range(start, end):
        digit = int(text[k])
        if suit == "z":
            if not 1 <= digit <= 7:
                raise _fail(text, k, end + 1, f"{digit}z is not a tile: honours are 1z-7z")
            out.append(ALL_TILES[FIRST_WIND + digit - 1])
        else:
            if digit == 0:
                raise _fail(text, k, end + 1, "0 is not a tile number (1-9; no red fives in ZJ)")
            out.append(ALL_TILES[_SUIT_BASE[suit] + digit - 1])
    return out


def parse_tile(text: str) -> Tile:
    """Read exactly one tile."""
    return Tile.from_notation(text)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Canonical grouped notation: ``"123m 456p EE"`` (sorted)."""
    ordered = sorted(tiles)
    groups: list[str] = []
    for base, suit in zip((0, 9, 18), SUITS, strict=True):
        digits = "".join(str(t.index - base + 1) for t in ordered if base <= t.index < base + 9)
        if digits:
            groups.append(digits + suit)
    for offset, word in enumerate(HONOURS):
        count = sum(1 for t in ordered if t.index == FIRST_WIND + offset)
        if count:
            groups.append(word * count)
    return " ".join(groups)


def format_tiles_unicode(tiles: Iterable[Tile]) -> str:
    """The same tiles as Unicode mahjong characters, sorted."""
    return "".join(TILE_TO_UNICODE[t] for t in sorted(tiles))

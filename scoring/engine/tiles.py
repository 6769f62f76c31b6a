"""Tiles: the 34 kinds of Zung Jung tiles (no flowers).

Vocabulary:
- *kind* / *index*: a tile kind is numbered 0..33 in sort order: characters ``1m``..``9m`` (0-8),
  circles ``1p``..``9p`` (9-17), bamboo ``1s``..``9s`` (18-26), winds ``E S W N`` (27-30),
  dragons ``Wh Gr Rd`` (31-33). That is also the compact order ``1z``..``7z``.
- *suit*: ``"m"``, ``"p"``, ``"s"`` for number tiles, ``"z"`` for honours.
- *number*: 1-9 for number tiles, ``None`` for honours.
- *terminal*: a 1 or 9 number tile; *honour*: a wind or dragon; *simple*: a 2-8 number tile.
- *spelling*: one way of writing a single tile: its canonical name (``5p``, ``E``, ``Wh``), the
  suit letter in capitals (``5P``), an honour word in any case (``e``, ``wh``, ``RD``), the
  compact ``1z``..``7z``, or a Unicode mahjong character (``🀄``). `SPELLINGS` maps each to its
  tile; `notation` reads runs of tiles with the same vocabulary.
- *typed*: text as a keyboard or a Chinese input method types it. `as_typed` reads it as
  half-width (NFKC: ``５ｐ`` is ``5p``, the ideographic space a space; ``、`` a comma) before
  any spelling is looked up, so full-width tiles are the same tiles everywhere.

`Tile` is a frozen, ordered value object; `Tile.from_notation("5p").notation() == "5p"`.
This module is the bottom of the engine: it imports only `errors` and `messages` (an import
contract keeps `notation` above it).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from .errors import NotationError
from .messages import Message, gettext_noop, quoted

SUITS = ("m", "p", "s")
WINDS = ("E", "S", "W", "N")
DRAGONS = ("Wh", "Gr", "Rd")
HONOURS = WINDS + DRAGONS
FIRST_WIND = 27
FIRST_DRAGON = 31
KIND_COUNT = 34

_NAMES = tuple(f"{n}{s}" for s in SUITS for n in range(1, 10)) + HONOURS
_LONG_HONOURS = ("East", "South", "West", "North", "White", "Green", "Red")


@dataclass(frozen=True, slots=True)
class Tile:
    """One of the 34 tile kinds, identified by its `index` (see the module docstring)."""

    index: int

    # Hashing and ordering by index alone: tiles are compared and counted in hot loops.
    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.index >= other.index

    def __post_init__(self) -> None:
        if not isinstance(self.index, int) or not 0 <= self.index < KIND_COUNT:
            raise ValueError(f"tile index must be 0..33, got {self.index!r}")

    @classmethod
    def from_notation(cls, text: str) -> Tile:
        """Read exactly one tile in any spelling (``"5p"``, ``"E"``, ``"rd"``, ``"7z"``, ``"🀄"``).

        Surrounding spaces and emoji variation selectors are ignored; anything else that is
        not one spelling of one tile (``"55p"``, ``"5p,"``) is a `NotationError`.
        """
        if not isinstance(text, str):
            raise NotationError.not_text(
                gettext_noop("a tile must be written as text, got %(type)s"), text
            )
        tile = SPELLINGS.get(as_typed(text).strip().strip(VARIATION_SELECTORS))
        if tile is None:
            raise NotationError(
                Message(
                    gettext_noop(
                        "%(text)s is not one tile (write 1m-9m, 1p-9p, 1s-9s, E S W N Wh Gr Rd, "
                        "1z-7z or 🀇-style)"
                    ),
                    text=quoted(text),
                )
            )
        return tile

    def notation(self) -> str:
        return _NAMES[self.index]

    @property
    def suit(self) -> str:
        return SUITS[self.index // 9] if self.index < FIRST_WIND else "z"

    @property
    def number(self) -> int | None:
        return self.index % 9 + 1 if self.index < FIRST_WIND else None

    @property
    def is_honor(self) -> bool:
        return self.index >= FIRST_WIND

    @property
    def is_wind(self) -> bool:
        return FIRST_WIND <= self.index < FIRST_DRAGON

    @property
    def is_dragon(self) -> bool:
        return self.index >= FIRST_DRAGON

    @property
    def is_terminal(self) -> bool:
        return self.index < FIRST_WIND and self.index % 9 in (0, 8)

    @property
    def is_terminal_or_honor(self) -> bool:
        return self.is_honor or self.is_terminal

    @property
    def is_simple(self) -> bool:
        return not self.is_terminal_or_honor

    @property
    def long_name(self) -> str:
        """A name for people: ``"5 circles"``, ``"Red"``."""
        if self.is_honor:
            return _LONG_HONOURS[self.index - FIRST_WIND]
        suit = {"m": "characters", "p": "circles", "s": "bamboo"}[self.suit]
        return f"{self.number} {suit}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Tile.from_notation({self.notation()!r})"


ALL_TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(KIND_COUNT))
TILE_BY_NAME: dict[str, Tile] = {name: ALL_TILES[i] for i, name in enumerate(_NAMES)}


def is_terminal_or_honour_index(index: int) -> bool:
    return index >= FIRST_WIND or index % 9 in (0, 8)


def wind_index(letter: str) -> int:
    """Index of the wind tile for a seat letter ``"E"``..``"N"``."""
    return FIRST_WIND + WINDS.index(letter)


# --- spellings -------------------------------------------------------------------------------

UNICODE_FIRST = 0x1F000
# U+1F000.. order: E S W N Rd Gr Wh, 1-9 man, 1-9 sou (bamboo), 1-9 pin (circles).
_UNICODE_ORDER = ("E", "S", "W", "N", "Rd", "Gr", "Wh") + tuple(
    f"{n}{s}" for s in ("m", "s", "p") for n in range(1, 10)
)
UNICODE_TILES: dict[str, Tile] = {
    chr(UNICODE_FIRST + i): TILE_BY_NAME[name] for i, name in enumerate(_UNICODE_ORDER)
}
TILE_TO_UNICODE: dict[Tile, str] = {tile: char for char, tile in UNICODE_TILES.items()}
VARIATION_SELECTORS = "\ufe0e\ufe0f"
#: Honour words in lower case (two-letter words first, so that "wh" is read before "w").
HONOUR_WORDS: dict[str, Tile] = {
    word.lower(): TILE_BY_NAME[word] for word in sorted(HONOURS, key=len, reverse=True)
}


def _spellings() -> dict[str, Tile]:
    table: dict[str, Tile] = {}
    for index, name in enumerate(_NAMES[:FIRST_WIND]):
        table[name] = table[name.upper()] = ALL_TILES[index]
    for offset, word in enumerate(HONOURS):
        tile = ALL_TILES[FIRST_WIND + offset]
        table[f"{offset + 1}z"] = table[f"{offset + 1}Z"] = tile
        variants = {""}
        for letter in word:  # every mix of cases: wh Wh wH WH
            variants = {v + letter.lower() for v in variants} | {
                v + letter.upper() for v in variants
            }
        for variant in variants:
            table[variant] = tile
    table.update(UNICODE_TILES)
    return table


SPELLINGS: dict[str, Tile] = _spellings()


_IDEOGRAPHIC_SEPARATORS = str.maketrans({"、": ",", "，": ","})


def as_typed(text: str) -> str:
    """``text`` as half-width notation: NFKC (full-width ``１２３ｍ`` is ``123m``, the ideographic
    space a space, ``［］（）`` brackets) and the ideographic comma a comma. ASCII is returned
    as it is."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", text).translate(_IDEOGRAPHIC_SEPARATORS)

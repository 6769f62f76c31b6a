"""Tile notation: reading and writing runs of tiles.

Grammar (whitespace and commas between groups are optional)::

    tiles   := group*
    group   := DIGITS SUIT          e.g. 123m  456p  789s  (suit letter after its digits)
             | DIGITS "z"           compact honours 1z..7z = E S W N Wh Gr Rd, e.g. 11123z
             | HONOUR               E S W N Wh Gr Rd, repeatable without spaces: EE, RdRdRd
             | UNICODE              a mahjong tile of the U+1F000 block (🀇 = 1m, 🀙 = 1p,
                                    🀐 = 1s, 🀀-🀃 = E S W N, 🀄 = Rd, 🀅 = Gr, 🀆 = Wh)

How letters are read (the notation stays unambiguous):

- The letter right after a run of digits is always that run's suit letter, in either case:
  ``123s`` and ``123S`` are bamboo, never 1 2 3 and South (digits without a suit mean
  nothing). The run ends there: ``55ss`` is 5s 5s and South, ``5s s`` too.
- Everywhere else a letter starts an honour word, in any case: ``E e``, ``S s``, ``W w``,
  ``N n``, ``Wh wh WH``, ``Gr gr``, ``Rd rd``. A two-letter dragon word is read before a
  one-letter wind: ``wh`` is White, ``ww`` is West West, ``wwh`` is West White. ``ss`` is
  South South, ``snwe`` the four winds.
- ``m``, ``p`` and ``z`` alone, and every other letter, are not tiles.

Typed text is read as half-width first (`tiles.as_typed`): a Chinese input method types full-width
digits, letters, spaces and brackets (``１２３ｍ　［５５５ｐ］``) and the ideographic comma ``、``;
after NFKC they are the same tiles as ``123m [555p]``. Messages quote what was typed with
`messages.quoted`: invisible and control characters are named (``U+0000``), never escaped.

`format_tiles` writes the canonical form, whatever the input's case: tiles sorted, one group
per suit (``123m``), one group per honour kind (``EE``, ``Wh``), groups separated by a space;
``parse_tiles(format_tiles(x))`` is ``sorted(x)``. Errors are `NotationError`s naming the
token and its position.

Reading is memoised by text and by whitespace-separated token (bounded), so that each distinct
token is scanned once however often it recurs in a batch of hands.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from .errors import NotationError
from .messages import Message, gettext_noop, message_of, quoted
from .tiles import (
    ALL_TILES,
    FIRST_WIND,
    HONOUR_WORDS,
    HONOURS,
    KIND_COUNT,
    SUITS,
    TILE_TO_UNICODE,
    UNICODE_TILES,
    VARIATION_SELECTORS,
    Tile,
    as_typed,
)

_SUIT_BASE = {"m": 0, "p": 9, "s": 18}
# (suit letter in lower case) -> digit -> tile; a missing digit is not a tile of that suit.
_DIGIT_TILES: dict[str, dict[str, Tile]] = {
    suit: {str(n): ALL_TILES[base + n - 1] for n in range(1, 10)}
    for suit, base in _SUIT_BASE.items()
}
_DIGIT_TILES["z"] = {str(n): ALL_TILES[FIRST_WIND + n - 1] for n in range(1, 8)}
_DRAGON_WORDS = {word: tile for word, tile in HONOUR_WORDS.items() if len(word) == 2}
_WIND_LETTERS = {word: tile for word, tile in HONOUR_WORDS.items() if len(word) == 1}
_NOT_ZJ_UNICODE = {chr(c) for c in range(0x1F022, 0x1F030)}  # flowers, seasons, joker, back
_SKIP = frozenset(" \t\r\n," + VARIATION_SELECTORS)
_SEPARATORS = frozenset(" \t\r\n,")
_DIGITS = frozenset("0123456789")
_INDEX = attrgetter("index")
_MEMO: dict[str, tuple[Tile, ...]] = {}
_MEMO_LIMIT = 1 << 15


def _fail(text: str, start: int, end: int, why: str) -> NotationError:
    token = text[start:end] or text[start : start + 1]
    return NotationError(
        Message(
            gettext_noop("%(token)s at position %(position)s of %(text)s: %(why)s"),
            token=quoted(token),
            position=start + 1,
            text=quoted(text),
            why=message_of(why),
        )
    )


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read a run of tiles in any accepted notation; order is kept as written."""
    if text.__class__ is not str:
        if not isinstance(text, str):
            raise NotationError.not_text(
                gettext_noop("tiles must be written as text, got %(type)s"), text
            )
        text = str(text)
    found = _MEMO.get(text)
    if found is not None:
        return found
    typed = text
    text = as_typed(text)
    tokens = text.split()
    if len(tokens) <= 1:
        found = _scan(text)
    else:
        tiles: list[Tile] = []
        for token in tokens:
            part = _MEMO.get(token)
            if part is None:
                try:
                    part = _scan(token)
                except NotationError:
                    _scan(text)  # the same error, placed in the whole text
                    raise
                _remember(token, part)
            tiles += part
        found = tuple(tiles)
    _remember(typed, found)
    return found


def _remember(text: str, tiles: tuple[Tile, ...]) -> None:
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[text] = tiles


def _scan(text: str) -> tuple[Tile, ...]:
    """Read `text` character by character (see the module docstring)."""
    tiles: list[Tile] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SKIP:
            i += 1
        elif ch in _DIGITS:
            j = i + 1
            while j < n and text[j] in _DIGITS:
                j += 1
            suit = text[j].lower() if j < n else ""
            table = _DIGIT_TILES.get(suit)
            if table is None:
                raise _fail(
                    text, i, j, gettext_noop("digits need a suit letter after them (m, p, s or z)")
                )
            for k in range(i, j):
                tile = table.get(text[k])
                if tile is None:
                    raise _bad_digit(text, k, j, suit)
                tiles.append(tile)
            i = j + 1
        elif ch in UNICODE_TILES:
            tiles.append(UNICODE_TILES[ch])
            i += 1
        elif ch in _NOT_ZJ_UNICODE:
            raise _fail(
                text,
                i,
                i + 1,
                gettext_noop("flower, season and joker tiles are not used in Zung Jung"),
            )
        else:
            tile = _DRAGON_WORDS.get(text[i : i + 2].lower())
            if tile is not None:
                tiles.append(tile)
                i += 2
                continue
            tile = _WIND_LETTERS.get(ch.lower())
            if tile is not None:
                tiles.append(tile)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] not in _SEPARATORS and text[j] not in _DIGITS:
                j += 1
            raise _fail(
                text,
                i,
                j,
                gettext_noop(
                    "not a tile (write 1m-9m, 1p-9p, 1s-9s, E S W N Wh Gr Rd, 1z-7z or 🀇-style)"
                ),
            )
    return tuple(tiles)


def _bad_digit(text: str, k: int, end: int, suit: str) -> NotationError:
    digit = text[k]
    if suit == "z":
        why = Message(gettext_noop("%(digit)sz is not a tile: honours are 1z-7z"), digit=digit)
        return _fail(text, k, end + 1, why)
    return _fail(text, k, end + 1, gettext_noop("0 is not a tile number (1-9; no red fives in ZJ)"))


def parse_tile(text: str) -> Tile:
    """Read exactly one tile."""
    return Tile.from_notation(text)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Canonical grouped notation: ``"123m 456p EE"`` (sorted)."""
    counts = [0] * KIND_COUNT
    for tile in tiles:
        counts[tile.index] += 1
    groups: list[str] = []
    for base, suit in zip((0, 9, 18), SUITS, strict=True):
        digits = "".join(str(n + 1) * counts[base + n] for n in range(9))
        if digits:
            groups.append(digits + suit)
    for offset, word in enumerate(HONOURS):
        count = counts[FIRST_WIND + offset]
        if count:
            groups.append(word * count)
    return " ".join(groups)


def format_tiles_unicode(tiles: Iterable[Tile]) -> str:
    """The same tiles as Unicode mahjong characters, sorted."""
    return "".join(TILE_TO_UNICODE[t] for t in sorted(tiles, key=_INDEX))

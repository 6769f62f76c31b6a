"""Melds and hands: the winner's tiles as entered at the table.

Vocabulary:
- *meld*: a set declared before the win: an exposed chow/pung/kong, or a concealed kong.
  Written ``[345p]`` (exposed chow), ``[EEE]`` (exposed pung), ``[5555s]`` (exposed kong),
  ``(RdRdRdRd)`` (concealed kong). The kind is inferred from the tiles.
- *concealed tiles*: the tiles in hand *before* the winning tile, excluding melds.
- *winning tile*: the tile that completed the hand (self-drawn, discarded, or robbed from a kong).
- *flags*: incidental circumstances of the win (category 9), see `FLAGS`.
- *penalty tiles*: the winner's penalty tiles (RULINGS R9), tiles that are also in the hand.

Whole-hand notation (`Hand.from_notation` / `Hand.notation`), items separated by spaces::

    11123m 456p EE [789s] (RdRdRdRd) +E self seat:S final_draw penalty:5p,6p

    TILES         concealed tiles before the winning tile (any `parse_tiles` form)
    [TILES]       an exposed meld;  (TILES) a concealed kong
    +TILE         the winning tile (required, exactly one)
    self          a self-drawn win; ``discard`` (the default) a win on a discard
    seat:X        the winner's seat wind E, S, W or N (default E)
    FLAG          final_draw final_discard win_on_kong robbing_kong heaven earth
    penalty:TILES the penalty tiles, comma separated or not

Tiles may be written in any case where `notation` reads them unambiguously (``ee wh +rd``,
``seat:s``); a lower-case word that is neither a hand word nor tiles is an error naming the hand
words. The canonical form sorts the concealed tiles and the melds, omits ``discard``, always
writes ``seat:`` and writes tiles canonically; ``Hand.from_notation(h.notation()) == h``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter

from .errors import NotationError, Problem, Subject
from .messages import Message, gettext_noop, words
from .notation import as_typed, format_tiles, parse_tiles, quoted
from .tiles import WINDS, Tile

_INDEX = attrgetter("index")
FLAGS = ("final_draw", "final_discard", "win_on_kong", "robbing_kong", "heaven", "earth")

#: The kinds of meld in words (`MeldKind` values are the notation's words, never shown as such).
MELD_WORDS = words(
    {"chow": gettext_noop("chow"), "pung": gettext_noop("pung"), "kong": gettext_noop("kong")}
)


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"

    def __str__(self) -> str:
        return self.value


def infer_kind(tiles: tuple[Tile, ...]) -> MeldKind | None:
    """The set kind these tiles form, or None when they form no set."""
    ordered = _sorted_tiles(tiles)
    if len(ordered) in (3, 4) and all(t == ordered[0] for t in ordered):
        return MeldKind.PUNG if len(ordered) == 3 else MeldKind.KONG
    if len(ordered) == 3 and not ordered[0].is_honor:
        a, b, c = (t.index for t in ordered)
        if b == a + 1 and c == a + 2 and a // 9 == c // 9:
            return MeldKind.CHOW
    return None


def _sorted_tiles(tiles) -> tuple:
    """Tiles in sort order; by index when they are all tiles (fast), else as they compare."""
    try:
        return tuple(sorted(tiles, key=_INDEX))
    except (AttributeError, TypeError):  # not tiles: validate_hand reports it
        return tuple(sorted(tiles))


_GROUP_CODES = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2}  # decompose.K_*


@dataclass(frozen=True)
class Meld:
    """A declared set. `concealed` is true only for a concealed kong."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _sorted_tiles(self.tiles))
        if not isinstance(self.kind, MeldKind):
            try:
                object.__setattr__(self, "kind", MeldKind(self.kind))
            except ValueError:
                raise NotationError(
                    Message(
                        gettext_noop("meld kind %(kind)s is not one of chow, pung, kong"),
                        kind=quoted(self.kind),
                    )
                ) from None
        # Worked out once: validation and decomposition ask every time a hand is scored.
        object.__setattr__(self, "_problems", tuple(self._find_problems()))
        # The order of melds in a hand (see `_meld_key`), on tile indices: sorting is faster.
        try:
            order = (tuple([tile.index for tile in self.tiles]), self.concealed)
        except AttributeError:
            order = None
        object.__setattr__(self, "sort_order", order)
        if self.tiles:
            code = _GROUP_CODES[self.kind]
            group = (code, self.tiles[0].index, True, bool(self.concealed), False)
            object.__setattr__(self, "plan_group", group)
        # Its tiles as (index, how many) and as a kind bitmask, for counting a hand fast.
        held: dict[int, int] = {}
        try:
            for tile in self.tiles:
                held[tile.index] = held.get(tile.index, 0) + 1
            bits = sum(1 << index for index in held)
        except (AttributeError, TypeError):  # not tiles: validate_hand reports it
            held, bits = {}, 0
        object.__setattr__(self, "tile_counts", tuple(held.items()))
        object.__setattr__(self, "kind_bits", bits)

    @classmethod
    def from_notation(cls, text: str) -> Meld:
        melds = parse_melds(text)
        if len(melds) != 1:
            raise NotationError(
                Message(
                    gettext_noop("%(text)s: expected exactly one meld, read %(count)s"),
                    text=quoted(text),
                    count=len(melds),
                )
            )
        return melds[0]

    def notation(self) -> str:
        body = format_tiles(self.tiles)
        return f"({body})" if self.concealed else f"[{body}]"

    def problems(self) -> list[Problem]:
        """What is wrong with this meld, in words (about the tiles); [] for a proper set."""
        return list(self._problems)

    def _find_problems(self) -> list[Problem]:
        found = []
        actual = infer_kind(self.tiles)
        if actual != self.kind:
            shown = format_tiles(self.tiles) or Message(gettext_noop("no tiles"))
            what = {
                MeldKind.CHOW: gettext_noop("a run of three consecutive tiles of one suit"),
                MeldKind.PUNG: gettext_noop("three identical tiles"),
                MeldKind.KONG: gettext_noop("four identical tiles"),
            }[self.kind]
            found.append(
                Problem(
                    Message(
                        gettext_noop("the %(kind)s %(tiles)s is not %(what)s"),
                        kind=MELD_WORDS[self.kind],
                        tiles=shown,
                        what=Message(what),
                    ),
                    Subject.TILES,
                )
            )
        if self.concealed and self.kind is not MeldKind.KONG:
            found.append(
                Problem(
                    Message(
                        gettext_noop(
                            "the %(kind)s %(tiles)s is marked concealed: "
                            "only a kong can be declared concealed"
                        ),
                        kind=MELD_WORDS[self.kind],
                        tiles=format_tiles(self.tiles),
                    ),
                    Subject.TILES,
                )
            )
        return found

    def __str__(self) -> str:
        return self.notation()


_MELD_GROUP = re.compile(r"\[([^\[\]()]*)\]|\(([^\[\]()]*)\)|(\S)")


def parse_melds(text: str) -> tuple[Meld, ...]:
    """Read ``[345p] [EEE] [5555s] (RdRdRdRd)``: exposed in [], concealed kong in ()."""
    if not isinstance(text, str):
        raise NotationError(
            Message(
                gettext_noop("melds must be written as text, got %(type)s"),
                type=type(text).__name__,
            )
        )
    known = _MELD_MEMO.get(text)
    if known is not None:
        return known
    typed, text = text, as_typed(text)
    melds = []
    for match in _MELD_GROUP.finditer(text):
        exposed, concealed, stray = match.groups()
        if stray is not None:
            raise NotationError(
                Message(
                    gettext_noop(
                        "%(token)s at position %(position)s: "
                        "a meld is written in brackets, [345p] exposed or (5555s) concealed kong"
                    ),
                    token=quoted(text[match.start() :].split()[0]),
                    position=match.start() + 1,
                )
            )
        body = exposed if exposed is not None else concealed
        melds.append(meld_from_tiles(parse_tiles(body), concealed is not None, match.group(0)))
    found = tuple(melds)
    if len(_MELD_MEMO) >= 4096:
        _MELD_MEMO.clear()
    _MELD_MEMO[typed] = found  # melds are values: the same text always reads the same
    return found


_MELD_MEMO: dict[str, tuple[Meld, ...]] = {}


def meld_from_tiles(tiles: tuple[Tile, ...], concealed: bool, shown: str) -> Meld:
    kind = infer_kind(tiles)
    if kind is None:
        raise NotationError(
            Message(
                gettext_noop(
                    "%(meld)s is not a set: a meld is a run (chow), three identical tiles (pung) "
                    "or four identical tiles (kong)"
                ),
                meld=shown,
            )
        )
    if concealed and kind is not MeldKind.KONG:
        raise NotationError(
            Message(
                gettext_noop("%(meld)s: only a kong can be declared concealed; write it in []"),
                meld=shown,
            )
        )
    return Meld(kind, tiles, concealed)


@dataclass(frozen=True)
class Hand:
    """A declared win. Normalised on creation: tiles and melds sorted, flags a frozenset."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: Tile | None = None
    self_drawn: bool = False
    seat_wind: str | None = "E"
    flags: frozenset[str] = field(default_factory=frozenset)
    penalty_tiles: tuple[Tile, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", _sorted_tiles(self.concealed))
        object.__setattr__(self, "melds", _sorted_melds(self.melds))
        object.__setattr__(self, "flags", frozenset(self.flags))
        object.__setattr__(self, "penalty_tiles", _sorted_tiles(self.penalty_tiles))

    @classmethod
    def of(
        cls,
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...],
        winning_tile: Tile | None,
        self_drawn: bool,
        seat_wind: str | None,
        flags: frozenset[str],
        penalty_tiles: tuple[Tile, ...] = (),
    ) -> Hand:
        """``Hand(...)`` with every field given, normalised the same way, made in one step
        (for readers of many hands, such as the command line)."""
        hand = _new(cls)
        hand.__dict__.update(
            concealed=_sorted_tiles(concealed),
            melds=_sorted_melds(melds),
            winning_tile=winning_tile,
            self_drawn=self_drawn,
            seat_wind=seat_wind,
            flags=frozenset(flags),
            penalty_tiles=_sorted_tiles(penalty_tiles) if penalty_tiles else (),
        )
        return hand

    @classmethod
    def from_notation(cls, text: str) -> Hand:
        return parse_hand(text)

    def notation(self) -> str:
        parts = [format_tiles(self.concealed)] if self.concealed else []
        parts += [m.notation() for m in self.melds]
        if self.winning_tile is not None:
            parts.append("+" + self.winning_tile.notation())
        if self.self_drawn:
            parts.append("self")
        if self.seat_wind:
            parts.append(f"seat:{self.seat_wind}")
        parts += [f for f in FLAGS if f in self.flags]
        parts += sorted(str(f) for f in self.flags if f not in FLAGS)
        if self.penalty_tiles:
            parts.append("penalty:" + ",".join(t.notation() for t in self.penalty_tiles))
        return " ".join(parts)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand: concealed, melds and the winning tile."""
        tiles = list(self.concealed)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        if self.winning_tile is not None:
            tiles.append(self.winning_tile)
        return tuple(tiles)

    @property
    def is_concealed(self) -> bool:
        """True when nothing was melded before the win (concealed kongs are fine)."""
        for meld in self.melds:
            if not meld.concealed:
                return False
        return True

    def __str__(self) -> str:
        return self.notation()


_meld_order = attrgetter("sort_order")  # the same order as `_meld_key`, worked out once
_new = object.__new__


def _sorted_melds(melds) -> tuple:
    if len(melds) <= 1:
        return tuple(melds)
    try:
        return tuple(sorted(melds, key=_meld_order))
    except (AttributeError, TypeError):  # not melds of tiles: validate_hand reports it
        return tuple(sorted(melds, key=_meld_key))


def _meld_key(meld: Meld) -> tuple:
    return (meld.tiles, meld.concealed)


_HAND_TOKEN = re.compile(r"\[[^\]]*\]|\([^)]*\)|[^\s\[\]()]+|\S")


def _say_once(said: dict[str, str], what: str, token: str, advice: str) -> None:
    if what in said and said[what] != token:
        raise NotationError(
            Message(
                gettext_noop("%(said)s and %(token)s contradict each other: %(advice)s"),
                said=quoted(said[what]),
                token=quoted(token),
                advice=Message(advice),
            )
        )
    said[what] = token


def parse_hand(text: str) -> Hand:
    """Read the whole-hand notation described in the module docstring."""
    if not isinstance(text, str):
        raise NotationError(
            Message(
                gettext_noop("a hand must be written as text, got %(type)s"),
                type=type(text).__name__,
            )
        )
    text = as_typed(text)
    concealed: list[Tile] = []
    melds: list[Meld] = []
    winning: list[Tile] = []
    penalty: list[Tile] = []
    flags: set[str] = set()
    self_drawn = False
    seat = "E"
    said: dict[str, str] = {}  # "how" / "seat" -> the word that set it, to catch contradictions
    for match in _HAND_TOKEN.finditer(text):
        token = match.group(0)
        if token[0] in "[(":
            melds.extend(parse_melds(token))
        elif token in "])":
            raise NotationError(
                Message(
                    gettext_noop("unmatched %(token)s at position %(position)s"),
                    token=quoted(token),
                    position=match.start() + 1,
                )
            )
        elif token.startswith("+"):
            read = parse_tiles(token[1:])
            winning.extend(read)
            if len(read) != 1:
                raise NotationError(
                    Message(
                        gettext_noop("%(token)s: the winning tile is one tile, e.g. +5p"),
                        token=quoted(token),
                    )
                )
        elif token in ("self", "discard"):
            _say_once(said, "how", token, gettext_noop("say either self or discard, once"))
            self_drawn = token == "self"
        elif token.startswith("seat:"):
            _say_once(said, "seat", token, gettext_noop("give the seat wind once"))
            seat = token[5:].upper()  # seat:s is seat:S
            if seat not in WINDS:
                raise NotationError(
                    Message(
                        gettext_noop("%(token)s: the seat wind is one of E, S, W, N"),
                        token=quoted(token),
                    )
                )
        elif token.startswith("penalty:"):
            penalty.extend(parse_tiles(token[8:]))
        elif token in FLAGS:
            flags.add(token)
        elif token.replace("_", "").isalpha() and token.islower():
            # Honours may be written in lower case ("ee", "wh"): a lower-case word is read as
            # tiles when it reads as tiles, and is a misspelt hand word otherwise.
            try:
                concealed.extend(parse_tiles(token))
            except NotationError:
                raise NotationError(
                    Message(
                        gettext_noop(
                            "%(token)s is not a hand word: use self, discard, seat:X, "
                            "penalty:TILES or a flag (%(flags)s)"
                        ),
                        token=quoted(token),
                        flags=", ".join(FLAGS),
                    )
                ) from None
        else:
            concealed.extend(parse_tiles(token))
    if len(winning) != 1:
        raise NotationError(
            Message(
                gettext_noop(
                    "%(text)s: mark exactly one winning tile with +, e.g. +5p (found %(count)s)"
                ),
                text=quoted(text),
                count=len(winning),
            )
        )
    return Hand.of(
        tuple(concealed), tuple(melds), winning[0], self_drawn, seat, flags, tuple(penalty)
    )

"""Hands: the winner's tiles as entered at the table, and the whole-hand notation.

Vocabulary:
- *meld*: a set declared before the win, written ``[345p]`` or ``(RdRdRdRd)`` (see `melds`).
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

from .errors import NotationError
from .melds import Meld, parse_melds, sorted_melds, sorted_tiles
from .messages import Message, gettext_noop
from .notation import as_typed, format_tiles, parse_tiles, quoted
from .tiles import WINDS, Tile

FLAGS = ("final_draw", "final_discard", "win_on_kong", "robbing_kong", "heaven", "earth")


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
        object.__setattr__(self, "concealed", sorted_tiles(self.concealed))
        object.__setattr__(self, "melds", sorted_melds(self.melds))
        object.__setattr__(self, "flags", frozenset(self.flags))
        object.__setattr__(self, "penalty_tiles", sorted_tiles(self.penalty_tiles))

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
            concealed=sorted_tiles(concealed),
            melds=sorted_melds(melds),
            winning_tile=winning_tile,
            self_drawn=self_drawn,
            seat_wind=seat_wind,
            flags=frozenset(flags),
            penalty_tiles=sorted_tiles(penalty_tiles) if penalty_tiles else (),
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


_new = object.__new__


_HAND_TOKEN = re.compile(r"\[[^\]]*\]|\([^)]*\)|[^\s\[\]()]+|\S")


def parse_hand(text: str) -> Hand:
    """Read the whole-hand notation described in the module docstring."""
    if not isinstance(text, str):
        raise NotationError.not_text(
            gettext_noop("a hand must be written as text, got %(type)s"), text
        )
    text = as_typed(text)
    reading = _HandReading()
    for match in _HAND_TOKEN.finditer(text):
        reading.read(match.group(0), match.start())
    return reading.hand(text)


class _HandReading:
    """The parts of a hand read so far, one token at a time; `hand` puts them together."""

    def __init__(self) -> None:
        self.concealed: list[Tile] = []
        self.melds: list[Meld] = []
        self.winning: list[Tile] = []
        self.penalty: list[Tile] = []
        self.flags: set[str] = set()
        self.self_drawn = False
        self.seat = "E"
        self.said: dict[str, str] = {}  # "how" / "seat" -> the word that set it

    def read(self, token: str, start: int) -> None:
        """Take in one token of the notation, found at `start` in the text."""
        if token[0] in "[(":
            self.melds.extend(parse_melds(token))
        elif token in "])":
            raise NotationError(
                Message(
                    gettext_noop("unmatched %(token)s at position %(position)s"),
                    token=quoted(token),
                    position=start + 1,
                )
            )
        elif token.startswith("+"):
            self.winning.extend(_winning_tile(token))
        elif token in ("self", "discard"):
            self._say_once("how", token, gettext_noop("say either self or discard, once"))
            self.self_drawn = token == "self"
        elif token.startswith("seat:"):
            self._say_once("seat", token, gettext_noop("give the seat wind once"))
            self.seat = _seat_wind(token)
        elif token.startswith("penalty:"):
            self.penalty.extend(parse_tiles(token[8:]))
        elif token in FLAGS:
            self.flags.add(token)
        elif token.replace("_", "").isalpha() and token.islower():
            self.concealed.extend(_lower_case_tiles(token))
        else:
            self.concealed.extend(parse_tiles(token))

    def _say_once(self, what: str, token: str, advice: str) -> None:
        """Remember that `token` said `what` (how the hand was won, the seat); a second,
        different word for it contradicts the first."""
        said = self.said
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

    def hand(self, text: str) -> Hand:
        """The hand read from `text`, which must have marked exactly one winning tile."""
        if len(self.winning) != 1:
            raise NotationError(
                Message(
                    gettext_noop(
                        "%(text)s: mark exactly one winning tile with +, e.g. +5p (found %(count)s)"
                    ),
                    text=quoted(text),
                    count=len(self.winning),
                )
            )
        return Hand.of(
            tuple(self.concealed),
            tuple(self.melds),
            self.winning[0],
            self.self_drawn,
            self.seat,
            self.flags,
            tuple(self.penalty),
        )


def _winning_tile(token: str) -> tuple[Tile, ...]:
    """The tile of ``+TILE``: exactly one."""
    read = parse_tiles(token[1:])
    if len(read) != 1:
        raise NotationError(
            Message(
                gettext_noop("%(token)s: the winning tile is one tile, e.g. +5p"),
                token=quoted(token),
            )
        )
    return read


def _seat_wind(token: str) -> str:
    """The wind of ``seat:X``, in capitals (``seat:s`` is ``seat:S``)."""
    seat = token[5:].upper()
    if seat not in WINDS:
        raise NotationError(
            Message(
                gettext_noop("%(token)s: the seat wind is one of E, S, W, N"),
                token=quoted(token),
            )
        )
    return seat


def _lower_case_tiles(token: str) -> tuple[Tile, ...]:
    """Honours may be written in lower case ("ee", "wh"): a lower-case word is read as tiles
    when it reads as tiles, and is a misspelt hand word otherwise."""
    try:
        return parse_tiles(token)
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

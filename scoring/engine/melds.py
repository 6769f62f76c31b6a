"""Melds: the sets declared before the win, as entered at the table.

Vocabulary:
- *meld*: a set declared before the win: an exposed chow/pung/kong, or a concealed kong.
  Written ``[345p]`` (exposed chow), ``[EEE]`` (exposed pung), ``[5555s]`` (exposed kong),
  ``(RdRdRdRd)`` (concealed kong). The kind is inferred from the tiles.
- *kind* (`MeldKind`): chow, pung or kong; `MELD_WORDS` says each in words.
- *problems*: what is wrong with a meld built by hand (the tiles do not make its kind, or a
  set other than a kong is marked concealed); melds read from notation have none.
- *meld order*: the order of melds in a hand (`sorted_melds`), by tiles, then concealed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter

from .errors import NotationError, Problem, Subject
from .messages import Message, gettext_noop, words
from .notation import as_typed, format_tiles, parse_tiles, quoted
from .tiles import Tile

_INDEX = attrgetter("index")

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
    ordered = sorted_tiles(tiles)
    if len(ordered) in (3, 4) and all(t == ordered[0] for t in ordered):
        return MeldKind.PUNG if len(ordered) == 3 else MeldKind.KONG
    if len(ordered) == 3 and not ordered[0].is_honor:
        a, b, c = (t.index for t in ordered)
        if b == a + 1 and c == a + 2 and a // 9 == c // 9:
            return MeldKind.CHOW
    return None


def sorted_tiles(tiles) -> tuple:
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
        object.__setattr__(self, "tiles", sorted_tiles(self.tiles))
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
        raise NotationError.not_text(
            gettext_noop("melds must be written as text, got %(type)s"), text
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


_meld_order = attrgetter("sort_order")  # the same order as `_meld_key`, worked out once


def sorted_melds(melds) -> tuple:
    """Melds in the meld order (see the module docstring)."""
    if len(melds) <= 1:
        return tuple(melds)
    try:
        return tuple(sorted(melds, key=_meld_order))
    except (AttributeError, TypeError):  # not melds of tiles: validate_hand reports it
        return tuple(sorted(melds, key=_meld_key))


def _meld_key(meld: Meld) -> tuple:
    return (meld.tiles, meld.concealed)

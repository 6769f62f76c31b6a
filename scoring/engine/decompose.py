"""Arrangements: every way the winning hand can be read (RULINGS R2, R3, R4).

Vocabulary:
- *group*: one unit of an arrangement: a set (chow, pung, kong), the pair (eyes), one of the
  seven pairs, or the fourteen tiles of Thirteen Terminals (kind ``orphans``).
- *melded*: the group was declared before the win (an exposed meld or a concealed kong).
- *concealed*: the group is concealed at the win. Exposed melds are not; a set (or pair)
  completed by a discarded or robbed winning tile is not either (RULINGS R3); a concealed
  kong is.
- *completed*: the group the winning tile went into. Choosing it is part of the arrangement
  (RULINGS R2): ``3333m 45m`` + discarded 3m may be read as concealed ``333m`` plus ``345m``.
- *form*: ``regular`` (four sets and a pair), ``seven_pairs`` or ``thirteen_terminals``.

Per-suit splits are memoised by the suit's 9 counts (one bounded dict per suit), honour splits
by the 7 honour counts (`functools.lru_cache`), the shape the riichi library's divider and
MahjongGB use; a split is found by one depth-first walk that reaches each split exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from .hand import Hand
from .notation import format_tiles
from .tiles import ALL_TILES, FIRST_WIND, KIND_COUNT, Tile, is_terminal_or_honour_index

REGULAR = "regular"
SEVEN_PAIRS = "seven_pairs"
THIRTEEN_TERMINALS = "thirteen_terminals"
THIRTEEN_KINDS = tuple(i for i in range(KIND_COUNT) if is_terminal_or_honour_index(i))


class GroupKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    ORPHANS = "orphans"

    def __str__(self) -> str:
        return self.value


_SIZE = {GroupKind.CHOW: 3, GroupKind.PUNG: 3, GroupKind.KONG: 4, GroupKind.PAIR: 2}


@dataclass(frozen=True, slots=True)
class Group:
    kind: GroupKind
    tiles: tuple[Tile, ...]
    melded: bool = False
    concealed: bool = True
    completed: bool = False

    @property
    def index(self) -> int:
        """Index of the lowest tile (the tile kind of a pung, kong or pair)."""
        return self.tiles[0].index

    @property
    def is_triplet(self) -> bool:
        """A pung or a kong ("triplet/kong" in the pattern texts)."""
        return self.kind is GroupKind.PUNG or self.kind is GroupKind.KONG

    def notation(self) -> str:
        body = format_tiles(self.tiles)
        if self.melded:
            body = f"({body})" if self.concealed else f"[{body}]"
        return body + ("*" if self.completed else "")

    def describe(self, self_drawn: bool) -> str:
        if self.kind is GroupKind.ORPHANS:
            what = "thirteen terminals"
        elif self.melded:
            what = f"{'concealed' if self.concealed else 'exposed'} {self.kind}"
        else:
            what = f"{'concealed' if self.concealed else 'exposed'} {self.kind}"
        text = f"{what} {format_tiles(self.tiles)}"
        if self.melded:
            text += " (declared before the win)"
        if self.completed:
            how = "self-drawn" if self_drawn else "discarded"
            text += f", completed by the {how} winning tile"
        return text


def make_group(kind: GroupKind, index: int, **flags: bool) -> Group:
    if kind is GroupKind.CHOW:
        tiles = (ALL_TILES[index], ALL_TILES[index + 1], ALL_TILES[index + 2])
    else:
        tiles = (ALL_TILES[index],) * _SIZE[kind]
    return Group(kind, tiles, **flags)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One reading of the hand: its groups and which one the winning tile completed."""

    form: str
    groups: tuple[Group, ...]
    self_drawn: bool

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(
            g for g in self.groups if g.kind in (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG)
        )

    @property
    def pair(self) -> Group | None:
        pairs = [g for g in self.groups if g.kind is GroupKind.PAIR]
        return pairs[0] if self.form == REGULAR and pairs else None

    @property
    def completed(self) -> Group:
        return next(g for g in self.groups if g.completed)

    def notation(self) -> str:
        """Groups in order, melds last; ``*`` marks the group the winning tile completed."""
        return " ".join(g.notation() for g in self.groups)

    def describe(self) -> str:
        """A readable account, one group per line."""
        title = {
            REGULAR: "four sets and a pair",
            SEVEN_PAIRS: "Seven Pairs",
            THIRTEEN_TERMINALS: "Thirteen Terminals",
        }[self.form]
        lines = [f"{title}:"]
        lines += [f"  {g.describe(self.self_drawn)}" for g in self.groups]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.notation()


# --- splitting ---------------------------------------------------------------------------

# Group kind codes used in plans (see below) and in the cached splits.
K_CHOW, K_PUNG, K_KONG, K_PAIR, K_ORPHANS = range(5)
SplitGroup = tuple[int, int, bool, bool, bool]
Split = tuple[tuple[SplitGroup, ...], int]


# Per suit (characters, circles, bamboo): 9 counts -> their splits. Bounded: cleared when full.
_SUIT_MEMOS: tuple[tuple[dict[tuple[int, ...], tuple[Split, ...]], int], ...] = (
    ({}, 0),
    ({}, 9),
    ({}, 18),
)
_SUIT_MEMO_LIMIT = 1 << 15


def _suit_splits(base: int, counts: tuple[int, ...]) -> tuple[Split, ...]:
    """Every split of one suit's 9 counts into sets and at most one pair.

    Returns ((sets as plan groups, pair index or -1), ...) with absolute tile indices; empty
    when the suit cannot be split. Memoised by count vector, one memo per suit: a stream of
    hands soon meets the same suit contents again.
    """
    memo = _SUIT_MEMOS[base // 9][0]
    found = memo.get(counts)
    if found is None:
        found = _memo_suit(memo, base, counts)
    return found


def _memo_suit(memo: dict, base: int, counts: tuple[int, ...]) -> tuple[Split, ...]:
    found = _split_suit(base, counts)
    if len(memo) >= _SUIT_MEMO_LIMIT:
        memo.clear()
    memo[counts] = found
    return found


def _split_suit(base: int, counts: tuple[int, ...]) -> tuple[Split, ...]:
    total = sum(counts)
    if total % 3 == 1:
        return ()
    out: list[Split] = []
    _walk(list(counts), 0, total % 3 == 2, 0, base, (), -1, out)
    return tuple(out)


def _walk(
    counts: list[int],
    i: int,
    need_pair: bool,
    floor: int,
    base: int,
    sets: tuple[SplitGroup, ...],
    pair: int,
    out: list[Split],
) -> None:
    """Depth first from the lowest tile left; each split is reached exactly once.

    Every group holding the lowest tile left starts there. Among the groups starting at one
    tile the pung is taken first, then chows, then the pair (`floor`: the least of pung 0,
    chow 1, pair 2 still allowed there), so no split is found twice in two orders; splits come
    out in the order of a plain depth-first search (pung, chow, pair) keeping first finds.
    Each split lists its sets by lowest tile, a chow before a pung of the same tile.
    """
    while i < 9 and not counts[i]:
        i += 1
        floor = 0
    if i == 9:
        if not need_pair:
            out.append((tuple(sorted(sets, key=_SET_ORDER)), pair))
        return
    c = counts[i]
    if floor == 0 and c >= 3:
        counts[i] = c - 3
        pung = (K_PUNG, base + i, False, True, False)
        _walk(counts, i, need_pair, 0, base, (*sets, pung), pair, out)
        counts[i] = c
    if floor <= 1 and i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] = c - 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        chow = (K_CHOW, base + i, False, True, False)
        _walk(counts, i, need_pair, 1, base, (*sets, chow), pair, out)
        counts[i] = c
        counts[i + 1] += 1
        counts[i + 2] += 1
    if need_pair and c >= 2:
        counts[i] = c - 2
        _walk(counts, i, False, 2, base, sets, base + i, out)
        counts[i] = c


def _set_order(group: SplitGroup) -> tuple[int, int]:
    return group[1], group[0]


_SET_ORDER = _set_order


@lru_cache(maxsize=1024)
def _honour_split(counts: tuple[int, ...]) -> tuple[tuple[SplitGroup, ...], int, int] | None:
    """The 7 honour counts as pungs and pairs: (pungs, pair index or -1, number of pairs).

    None when some honour can be neither (a single tile, or four concealed).
    """
    pungs: list[SplitGroup] = []
    pair = -1
    pairs = 0
    for index, c in enumerate(counts, FIRST_WIND):
        if c == 3:
            pungs.append((K_PUNG, index, False, True, False))
        elif c == 2:
            pairs += 1
            pair = index
        elif c:
            return None
    return tuple(pungs), pair, pairs


def regular_splits(counts: list[int] | tuple[int, ...]) -> list[Split]:
    """Every split of 34 counts into sets (as plan groups) and exactly one pair (index)."""
    if counts.__class__ is not tuple:
        counts = tuple(counts)
    honour_counts = counts[FIRST_WIND:]
    if honour_counts == _NO_HONOURS:
        pungs: tuple[SplitGroup, ...] = ()
        pair, pairs = -1, 0
    else:
        honours = _honour_split(honour_counts)
        if honours is None:
            return []
        pungs, pair, pairs = honours
    by_suit = []
    single = True  # every suit splits one way only (the usual case)
    for memo, base in _SUIT_MEMOS:
        suit = counts[base : base + 9]
        if suit == _EMPTY_SUIT:
            continue
        splits = memo.get(suit)
        if splits is None:
            splits = _memo_suit(memo, base, suit)
        if not splits:
            return []
        if splits[0][1] >= 0:
            pairs += 1
        if len(splits) > 1:
            single = False
        by_suit.append(splits)
    if pairs != 1:
        return []
    if single:
        sets = pungs
        for ((suit_sets, suit_pair),) in reversed(by_suit):
            sets = suit_sets + sets
            if suit_pair >= 0:
                pair = suit_pair
        return [(sets, pair)]
    combos: list[Split] = [((), pair)]
    for splits in by_suit:
        combos = [(a + b, p if p >= 0 else q) for a, p in combos for b, q in splits]
    return [(a + pungs, p) for a, p in combos]


_NO_HONOURS = (0,) * (KIND_COUNT - FIRST_WIND)
_EMPTY_SUIT = (0,) * 9


# A *plan* is the engine's internal arrangement: (form, groups), each group a tuple
# (kind code, index of lowest tile, melded, concealed, completed). `build_arrangement` turns it
# into the public `Arrangement`; the scorer works on plans so that it builds objects only for
# the arrangements it reports.
_KINDS = (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG, GroupKind.PAIR, GroupKind.ORPHANS)

Plan = tuple[str, tuple[tuple[int, int, bool, bool, bool], ...]]


# By winning tile index: every concealed group of a split (see `_walk`) that holds that tile.
_HOLDERS = tuple(
    frozenset(
        (kind, start, False, True, False)
        for kind, start in [(K_PUNG, win), (K_PAIR, win)]
        + [(K_CHOW, start) for start in range(win - 2, win + 1) if start >= 0]
    )
    for win in range(KIND_COUNT)
)


def concealed_counts(hand: Hand) -> list[int]:
    """Counts of the concealed tiles plus the winning tile, by tile index."""
    counts = [0] * KIND_COUNT
    for tile in hand.concealed:
        counts[tile.index] += 1
    counts[hand.winning_tile.index] += 1
    return counts


def plans(hand: Hand, counts: list[int] | None = None) -> list[Plan]:
    """Every arrangement x winning-tile placement of a validated hand, as plans."""
    win = hand.winning_tile.index
    key = tuple(counts if counts is not None else concealed_counts(hand))
    hidden = hand.self_drawn  # a self-drawn winning tile leaves its group concealed
    melds = hand.melds
    found: list[Plan] = []
    splits = regular_splits(key)
    if splits:
        meld_groups = tuple([m.plan_group for m in melds]) if melds else ()
        holds = _HOLDERS[win]  # (kind, index) of every group that can hold the winning tile
        for sets, pair in splits:
            groups = (*sets, (K_PAIR, pair, False, True, False))
            seen = None
            for slot, group in enumerate(groups):
                if group not in holds:
                    continue
                if seen is None:
                    seen = [group]
                elif group in seen:
                    continue
                else:
                    seen.append(group)
                completed = (group[0], group[1], False, hidden, True)
                found.append(
                    (REGULAR, (*groups[:slot], completed, *groups[slot + 1 :], *meld_groups))
                )
    if not melds:
        if 1 not in key and 3 not in key:
            pairs = []
            for index, c in enumerate(key):
                for n in range(c // 2):
                    done = index == win and n == c // 2 - 1
                    pairs.append((K_PAIR, index, False, hidden or not done, done))
            found.append((SEVEN_PAIRS, tuple(pairs)))
        if key[0] and key[-1] and all(key[i] for i in THIRTEEN_KINDS):
            if sum(key[i] for i in THIRTEEN_KINDS) == 14:
                found.append((THIRTEEN_TERMINALS, ((K_ORPHANS, 0, False, hidden, True),)))
    return found


def build_arrangement(hand: Hand, plan: Plan) -> Arrangement:
    form, groups = plan
    built = []
    for kind, index, melded, concealed, completed in groups:
        if kind == K_ORPHANS:
            tiles = tuple(sorted(hand.concealed + (hand.winning_tile,)))
            built.append(Group(GroupKind.ORPHANS, tiles, False, concealed, completed))
        else:
            built.append(
                make_group(
                    _KINDS[kind], index, melded=melded, concealed=concealed, completed=completed
                )
            )
    return Arrangement(form, tuple(built), hand.self_drawn)


def arrangements(hand: Hand) -> list[Arrangement]:
    """Every arrangement x winning-tile placement of a validated hand (may be empty)."""
    return [build_arrangement(hand, plan) for plan in plans(hand)]

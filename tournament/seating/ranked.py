"""Filling one round's tables from the ranking: the top tables (by standings) and Swiss.

Pure Python, no Django; index based like :mod:`.search` (a *player* is an index into the
players in id order). Vocabulary (the rest is :mod:`.request`'s):

- *ranking*: the round's seated players, best first (those sitting out already taken away).
- *rank group*: four players of consecutive ranks, 1-4, 5-8, ...: by standings, each is a table.
- *natural group* of a player: their rank group's position; a player's *displacement* is the
  square of how many groups away from it they sit. Swiss keeps the sum of displacements low.
- *repeat*: a pair at one table that met in an earlier round (``met``); the round is *over the
  limit* with more repeats than the organiser allows (``repeat_limit``).
- *kept apart*: pairs that must not share a table (``apart``, each pair in both orders); to
  Swiss, a pair fixed to two different tables is kept apart too.
- *table numbers*: rank group 1 at table 1 and so on; a group holding a player with a fixed
  table takes that table, and the others keep their order on the tables left.

Swiss keeps the rank groups when they are within the limit and keep every pair apart; else it
starts from a greedy fill (each table takes the best-ranked players who meet none of its
players again, looking a few places down) and then swaps players between nearby tables while
that lowers its cost: kept-apart meetings and repeats over the limit first, then displacement
(weighted so that a swap's displacement outweighs the repeats it can change), then repeats
within the limit. When the round stays over the limit it is refused
(:class:`.request.SeatingError`), so a Swiss round never has more repeats than allowed.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from scoring.engine.messages import gettext_noop

from .designs import Partition
from .request import SeatingError

# How far down the ranking the greedy fill looks for a player new to the table.
LOOKAHEAD = 12
# Cost of each kept-apart meeting or repeat over the limit: above any displacement.
HARD_WEIGHT = 1_000_000
DISPLACEMENT_WEIGHT = 8
# Tables either side searched for a swap, doubled while stuck; and steps before giving up.
FIRST_WINDOW = 2
MAX_STEPS = 4_000
KICKS = 20


def standings_groups(ranking: Sequence[int]) -> Partition:
    """The rank groups: ranks 1-4, 5-8, ... (``ranking`` holds a multiple of 4 players)."""
    return [list(ranking[start : start + 4]) for start in range(0, len(ranking), 4)]


def swiss_groups(
    ranking: Sequence[int],
    met: list[list[int]],
    apart: Collection[tuple[int, int]],
    repeat_limit: int,
    rng: random.Random,
    round_number: int,
) -> Partition:
    """Groups of four near-equal players with at most ``repeat_limit`` repeats and no
    kept-apart pair where the search finds a way; refused when it stays over the limit."""
    natural = standings_groups(ranking)
    if not _Swiss(ranking, met, apart, repeat_limit, natural).hard():
        return natural
    state = _Swiss(ranking, met, apart, repeat_limit, _greedy_fill(ranking, met, apart))
    best_cost, best = state.cost(), state.snapshot()
    window, kicks = FIRST_WINDOW, 0
    for _ in range(MAX_STEPS):
        swap = state.best_swap(window)
        if swap is not None:
            state.swap(*swap)
            if state.cost() < best_cost:
                best_cost, best = state.cost(), state.snapshot()
            continue
        if window < len(state.groups):
            window *= 2
        elif state.hard() and kicks < KICKS:
            kicks += 1
            state.kick(rng)
        else:
            break
    state = _Swiss(ranking, met, apart, repeat_limit, best)
    if state.repeats > repeat_limit:
        raise SeatingError(
            [
                (
                    gettext_noop(
                        "a Swiss round %(number)s needs %(repeats)s repeat meeting(s), more than "
                        "the %(limit)s allowed: allow %(repeats)s, or seat the round by "
                        "standings or at random"
                    ),
                    {"number": round_number, "repeats": state.repeats, "limit": repeat_limit},
                )
            ]
        )
    return best


def table_numbers(groups: Partition, fixed: dict[int, int]) -> list[int]:
    """Each group's table: its best-ranked fixed player's table when still free (``fixed``:
    table by player), else the next free table in rank order."""
    count = len(groups)
    numbers: list[int | None] = [None] * count
    free = set(range(1, count + 1))
    for g, group in enumerate(groups):
        wanted = next((fixed[p] for p in group if p in fixed and fixed[p] in free), None)
        if wanted is not None:
            numbers[g] = wanted
            free.discard(wanted)
    rest = iter(sorted(free))
    return [number if number is not None else next(rest) for number in numbers]


def _greedy_fill(ranking: Sequence[int], met: list[list[int]], apart) -> Partition:
    remaining = list(ranking)
    groups: Partition = []
    while remaining:
        group = [remaining.pop(0)]
        while len(group) < 4:
            pick = next(
                (
                    index
                    for index, candidate in enumerate(remaining[:LOOKAHEAD])
                    if all(not met[candidate][m] and (candidate, m) not in apart for m in group)
                ),
                0,
            )
            group.append(remaining.pop(pick))
        groups.append(group)
    return groups


class _Swiss:
    """Groups with each player's group, and the running repeats, kept-apart meetings and
    displacement."""

    def __init__(self, ranking, met, apart, repeat_limit: int, groups: Partition) -> None:
        self.met, self.apart, self.limit = met, apart, repeat_limit
        self.natural = {player: position // 4 for position, player in enumerate(ranking)}
        self.groups = [list(group) for group in groups]
        self.where = {p: g for g, group in enumerate(self.groups) for p in group}
        self.repeats = self.kept = 0
        for group in self.groups:
            for i, a in enumerate(group):
                for b in group[i + 1 :]:
                    self.repeats += self._repeat(a, b)
                    self.kept += self._apart(a, b)
        self.displacement = sum((self.where[p] - n) ** 2 for p, n in self.natural.items())

    def _repeat(self, a: int, b: int) -> int:
        return 1 if self.met[a][b] else 0

    def _apart(self, a: int, b: int) -> int:
        return 1 if (a, b) in self.apart else 0

    def snapshot(self) -> Partition:
        return [list(group) for group in self.groups]

    def hard(self) -> int:
        """Kept-apart meetings and repeats over the limit."""
        return self.kept + max(0, self.repeats - self.limit)

    def cost(self, repeats=None, kept=None, displacement=None) -> int:
        repeats = self.repeats if repeats is None else repeats
        kept = self.kept if kept is None else kept
        displacement = self.displacement if displacement is None else displacement
        over = max(0, repeats - self.limit)
        return HARD_WEIGHT * (kept + over) + DISPLACEMENT_WEIGHT * displacement + repeats

    def _movers(self) -> list[int]:
        """Players in a hard conflict while there is one; else the displaced players."""
        if self.hard():
            return sorted(
                {
                    p
                    for group in self.groups
                    for p in group
                    for q in group
                    if p != q
                    and ((self.repeats > self.limit and self.met[p][q]) or (p, q) in self.apart)
                }
            )
        return [p for p, n in self.natural.items() if self.where[p] != n]

    def _delta(self, a: int, b: int) -> tuple[int, int, int]:
        """Change of (repeats, kept-apart meetings, displacement) when ``a`` and ``b`` swap."""
        ga, gb = self.where[a], self.where[b]
        repeats = kept = 0
        for x in self.groups[ga]:
            if x != a:
                repeats += self._repeat(b, x) - self._repeat(a, x)
                kept += self._apart(b, x) - self._apart(a, x)
        for y in self.groups[gb]:
            if y != b:
                repeats += self._repeat(a, y) - self._repeat(b, y)
                kept += self._apart(a, y) - self._apart(b, y)
        na, nb = self.natural[a], self.natural[b]
        displacement = (gb - na) ** 2 + (ga - nb) ** 2 - (ga - na) ** 2 - (gb - nb) ** 2
        return repeats, kept, displacement

    def best_swap(self, window: int) -> tuple[int, int] | None:
        """The swap of a mover with a player within ``window`` tables that lowers the cost
        most, or None."""
        now, best, choice = self.cost(), 0, None
        for a in self._movers():
            ga = self.where[a]
            for gb in range(max(0, ga - window), min(len(self.groups), ga + window + 1)):
                if gb == ga:
                    continue
                for b in self.groups[gb]:
                    repeats, kept, displacement = self._delta(a, b)
                    change = (
                        self.cost(
                            self.repeats + repeats,
                            self.kept + kept,
                            self.displacement + displacement,
                        )
                        - now
                    )
                    if change < best:
                        best, choice = change, (a, b)
        return choice

    def swap(self, a: int, b: int) -> None:
        repeats, kept, displacement = self._delta(a, b)
        ga, gb = self.where[a], self.where[b]
        self.groups[ga][self.groups[ga].index(a)] = b
        self.groups[gb][self.groups[gb].index(b)] = a
        self.where[a], self.where[b] = gb, ga
        self.repeats += repeats
        self.kept += kept
        self.displacement += displacement

    def kick(self, rng: random.Random) -> None:
        """Shake a stuck search: swap a player in conflict with someone at a random table."""
        movers = self._movers()
        if not movers or len(self.groups) < 2:
            return
        a = rng.choice(movers)
        others = [g for g in range(len(self.groups)) if g != self.where[a]]
        self.swap(a, rng.choice(self.groups[rng.choice(others)]))

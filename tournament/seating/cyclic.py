"""Zero-repeat rounds found by a short search: a one-rotational design developed from one base
round, for small, dense events that neither a stored design nor the finite field covers.

Pure Python, no Django. Vocabulary (like :mod:`.designs`): a *point* is a player index, a
*round partition* (``Partition``) the tables of one round. Of ``n`` players, ``3 * rounds`` are
*finite*, written ``(row, x)`` with ``x`` in ``Z_rounds``, and the others are *fixed*
(infinities). *Developing* the base round by ``s`` moves every finite ``(row, x)`` to
``(row, x + s)``; a pair's *orbit* is the set of pairs it becomes, and the rounds are
zero-repeat exactly when the base round's pairs lie in distinct orbits.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter

from .designs import Partition


def cyclic_rounds(
    player_count: int, rounds: int, rng: random.Random, max_steps: int, deadline: float
) -> list[Partition] | None:
    """Zero-repeat rounds developed from one base round, or None if none is found in budget.

    Players are ``Z_rounds x {0, 1, 2}`` plus ``k = player_count - 3 * rounds`` fixed players
    ("infinities"); round ``s`` is the base round with every finite player ``(row, x)`` moved to
    ``(row, x + s)``. Two players meet at most once over the rounds exactly when the pairs of the
    base round lie in distinct orbits under that shift, so only the base round is searched: a
    tabu search swapping two players of different tables (`_CyclicBase`).
    """
    if player_count % 4 or rounds < 1:
        return None
    tables, fixed = player_count // 4, player_count - 3 * rounds
    if not 0 <= fixed <= tables:
        return None
    base = _CyclicBase(player_count, rounds, fixed, rng)
    for step in range(1, max_steps + 1):
        if base.cost == 0:
            break
        if step % 256 == 0 and time.monotonic() > deadline:
            return None
        best, choices = base.best_swaps(step)
        if not choices:
            continue
        p, q = rng.choice(choices)
        base.swap(p, q, best)
        base.tabu[p] = base.tabu[q] = step + 3 + rng.randrange(6)
    if base.cost:
        return None
    return base.developed()


class _CyclicBase:
    """The base round of a one-rotational design under search.

    Vocabulary: players below ``finite`` (``3 * rounds``) are *finite*, ``(row, x)`` as
    ``row * rounds + x``; the others are *fixed* (one per table at most) and never move. A pair's
    *orbit* is the set of pairs it becomes under the shift; ``used`` counts the base round's
    pairs per orbit, and the *cost* is how many pairs share an orbit (0: no repeat meeting).
    A player swapped is *tabu* (not swapped back unless it lowers the cost) until its step."""

    def __init__(self, player_count: int, rounds: int, fixed: int, rng: random.Random):
        self.rounds, self.finite = rounds, 3 * rounds
        # Orbits that meet twice over the rounds start "used": any use of them is a repeat.
        self.used: Counter[tuple[int, ...]] = Counter()
        for p in range(self.finite, player_count):
            for q in range(p + 1, player_count):
                self.used[self.orbit(p, q)] += 1
        if rounds % 2 == 0:
            for row in range(3):
                self.used[(4, row, rounds // 2)] += 1
        movable = list(range(self.finite))
        rng.shuffle(movable)
        self.groups = [[self.finite + t] if t < fixed else [] for t in range(player_count // 4)]
        for group in self.groups:
            while len(group) < 4:
                group.append(movable.pop())
        for group in self.groups:
            for p, q in itertools.combinations(group, 2):
                self.used[self.orbit(p, q)] += 1
        self.cost = sum(c * (c - 1) // 2 for c in self.used.values())
        self.table_of = {p: t for t, group in enumerate(self.groups) for p in group}
        self.tabu: dict[int, int] = {}

    def orbit(self, p: int, q: int) -> tuple[int, ...]:
        rounds, finite = self.rounds, self.finite
        if p > q:
            p, q = q, p
        if q >= finite:
            return (1, p, q) if p >= finite else (2, q, p // rounds)
        (row_p, x), (row_q, y) = divmod(p, rounds), divmod(q, rounds)
        if row_p != row_q:
            return (3, row_p, row_q, (y - x) % rounds)
        shift = (y - x) % rounds
        return (4, row_p, min(shift, rounds - shift))

    def move_delta(self, p: int, q: int) -> int:
        """How the cost changes when ``p`` and ``q`` swap tables."""
        used, orbit = self.used, self.orbit
        home, away = self.groups[self.table_of[p]], self.groups[self.table_of[q]]
        removed = [orbit(p, x) for x in home if x != p] + [orbit(q, y) for y in away if y != q]
        added = [orbit(p, y) for y in away if y != q] + [orbit(q, x) for x in home if x != p]
        change = Counter(added)
        change.subtract(removed)
        return sum(
            (used[key] + c) * (used[key] + c - 1) // 2 - used[key] * (used[key] - 1) // 2
            for key, c in change.items()
            if c
        )

    def best_swaps(self, step: int) -> tuple[int | None, list[tuple[int, int]]]:
        """The lowest cost change of a swap of a finite player in a repeated orbit with a
        finite player at another table (not tabu at ``step``, unless it lowers the cost), and
        every swap that reaches it."""
        in_conflict = sorted(
            {
                x
                for group in self.groups
                for p, q in itertools.combinations(group, 2)
                if self.used[self.orbit(p, q)] > 1
                for x in (p, q)
                if x < self.finite
            }
        )
        best, choices = None, []
        for p in in_conflict:
            for q in range(self.finite):
                if self.table_of[q] == self.table_of[p]:
                    continue
                delta = self.move_delta(p, q)
                if (self.tabu.get(p, 0) > step or self.tabu.get(q, 0) > step) and delta >= 0:
                    continue
                if best is None or delta < best:
                    best, choices = delta, [(p, q)]
                elif delta == best:
                    choices.append((p, q))
        return best, choices

    def swap(self, p: int, q: int, delta: int) -> None:
        """Swap ``p`` and ``q`` between their tables; ``delta`` is its `move_delta`."""
        home, away = self.groups[self.table_of[p]], self.groups[self.table_of[q]]
        for x in home:
            if x != p:
                self.used[self.orbit(p, x)] -= 1
                self.used[self.orbit(q, x)] += 1
        for y in away:
            if y != q:
                self.used[self.orbit(q, y)] -= 1
                self.used[self.orbit(p, y)] += 1
        home[home.index(p)], away[away.index(q)] = q, p
        self.table_of[p], self.table_of[q] = self.table_of[q], self.table_of[p]
        self.cost += delta

    def developed(self) -> list[Partition]:
        """Every round: the base round shifted by 0, 1, ... ``rounds - 1``."""

        def shifted(p: int, s: int) -> int:
            if p >= self.finite:
                return p
            row, x = divmod(p, self.rounds)
            return row * self.rounds + (x + s) % self.rounds

        return [
            [[shifted(p, s) for p in group] for group in self.groups] for s in range(self.rounds)
        ]

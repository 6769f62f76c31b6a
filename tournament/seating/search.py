"""Local search behind :mod:`.schedule`; pure Python, no Django.

Vocabulary (internal, index based; the public API in ``seating`` speaks player ids):

- *player index*: a player's position ``0..n-1`` in the sorted list of active players.
- *group*: the four player indices sharing a table in one round, before table numbers and winds
  are chosen. A *round partition* is the list of groups of one round.
- *meetings*: ``met[a][b]``, how often players ``a`` and ``b`` have shared a table, counting the
  rounds already played. A *repeat* is any meeting after the first.
- *conflict*: a pair at one table in a generated round that has met more than once, that
  shares a club or country when separation is on, or that is kept apart in that round.
- *rules* of a round (:class:`RoundRules`): its *fixed* players, who never move from the group
  they start in (their table is fixed), and its *kept-apart* pairs.
- *cost*: ``REPEAT_WEIGHT`` per repeat (counted as ``sum C(meetings, 2)``) plus
  ``SEPARATION_WEIGHT`` per same-club pair at a table plus ``KEPT_APART_WEIGHT`` per kept-apart
  pair at a table.

Zero-repeat starting rounds come from :mod:`.designs`; this module improves
rounds by swapping players (tabu search); :mod:`.placing` then chooses winds and table numbers.

Everything random comes from the ``random.Random`` passed in, and the searches are bounded by
step counts, so a seed always gives the same result; the deadline is only a safety stop.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from .designs import Partition

# A repeat meeting costs as much as this many same-club meetings: separation stays soft.
REPEAT_WEIGHT = 8
SEPARATION_WEIGHT = 1
# A kept-apart pair at one table costs more than any number of repeats one swap can undo.
KEPT_APART_WEIGHT = 64 * REPEAT_WEIGHT


@dataclass(frozen=True)
class RoundRules:
    """What one generated round must respect: the player indices that do not move (``fixed``)
    and the pairs kept apart (``apart``, each pair in both orders)."""

    fixed: frozenset[int] = frozenset()
    apart: frozenset[tuple[int, int]] = field(default_factory=frozenset)


NO_RULES = RoundRules()


# --- greedy start -----------------------------------------------------------------------------


def greedy_partition(
    active: Sequence[int], met: list[list[int]], separation: Sequence[int], rng: random.Random
) -> Partition:
    """Fill tables one seat at a time with the player who meets the table's players least."""
    pool = list(active)
    rng.shuffle(pool)
    groups: Partition = []
    while pool:
        group = [pool.pop()]
        while len(group) < 4:
            best_index, best_cost = 0, None
            for index, candidate in enumerate(pool):
                cost = 0
                for member in group:
                    cost += REPEAT_WEIGHT * met[candidate][member]
                    if separation[candidate] >= 0 and separation[candidate] == separation[member]:
                        cost += SEPARATION_WEIGHT
                if best_cost is None or cost < best_cost:
                    best_index, best_cost = index, cost
                    if cost == 0:
                        break
            group.append(pool.pop(best_index))
        groups.append(group)
    return groups


# --- tabu search over the generated rounds ----------------------------------------------------


@dataclass
class SearchBudget:
    max_steps: int
    stall_steps: int
    deadline: float  # time.monotonic() value; a safety stop only


def repeat_cost(met: list[list[int]]) -> int:
    """``sum C(meetings, 2)`` over pairs: 0 without repeats, growing fast as one pair repeats."""
    n = len(met)
    return sum(
        met[a][b] * (met[a][b] - 1) // 2 for a in range(n) for b in range(a + 1, n) if met[a][b] > 1
    )


def pair_cost(separation: Sequence[int], rules: RoundRules):
    """The cost of two players at one table beyond their meetings: same club, kept apart."""
    kept = rules.apart
    if not kept:
        return lambda a, b: (
            SEPARATION_WEIGHT if separation[a] >= 0 and separation[a] == separation[b] else 0
        )

    def apart(a: int, b: int) -> int:
        cost = SEPARATION_WEIGHT if separation[a] >= 0 and separation[a] == separation[b] else 0
        return cost + KEPT_APART_WEIGHT if (a, b) in kept else cost

    return apart


def _separation_cost(rounds: list[Partition], apart_by_round) -> int:
    return sum(
        apart(a, b)
        for groups, apart in zip(rounds, apart_by_round, strict=True)
        for group in groups
        for a, b in itertools.combinations(group, 2)
    )


def improve_rounds(
    rounds: list[Partition],
    met: list[list[int]],
    separation: Sequence[int],
    target: int,
    rng: random.Random,
    budget: SearchBudget,
    rules: Sequence[RoundRules] = (),
) -> list[Partition]:
    """Swap players between tables of one round to cut weighted repeats, same-club meetings and
    kept-apart meetings; ``rules`` (one per round, default none) name the players who stay put.

    ``met`` must already count the meetings of ``rounds``; it is updated in place and left
    matching the returned rounds. The cost is ``REPEAT_WEIGHT * sum(C(meetings, 2))`` plus
    ``SEPARATION_WEIGHT`` per same-club pair at a table: minimising sum(C(m, 2)) spreads
    unavoidable repeats thinly. Each step takes the best non-tabu swap of a player in conflict
    (tabu search); a long stall restarts from the best schedule with a few random swaps. Stops
    at ``target`` (a lower bound), after ``max_steps``, after ``stall_steps`` without a new best,
    or at the deadline.
    """
    swappable = [r for r, groups in enumerate(rounds) if len(groups) > 1]
    if not swappable:
        return rounds
    state = _SearchState(rounds, met, separation, rules=rules)
    best_cost, best_rounds = state.cost, state.snapshot()
    last_improvement = last_restart = 0
    step = 0
    while state.cost > target and step < budget.max_steps:
        if step - last_improvement > budget.stall_steps:
            break
        if step % 256 == 0 and time.monotonic() > budget.deadline:
            break
        step += 1
        if step - max(last_improvement, last_restart) > RESTART_AFTER:
            state = _restart(state, best_rounds, swappable, rng)
            last_restart = step
        conflicts = state.conflicts()
        if not conflicts:
            break
        if len(conflicts) > CONFLICTS_PER_STEP:
            conflicts = rng.sample(conflicts, CONFLICTS_PER_STEP)
        choices = _best_swaps(state, conflicts, step, best_cost)
        if not choices:
            continue
        r, a, b = rng.choice(choices)
        state.swap(r, a, b)
        tenure = TABU_TENURE + rng.randrange(TABU_TENURE)
        state.tabu[r][a] = state.tabu[r][b] = step + tenure
        if state.cost < best_cost:
            best_cost, last_improvement = state.cost, step
            best_rounds = state.snapshot()
    _SearchState(best_rounds, met, separation, rebuild_from=state, rules=rules)
    return best_rounds


def _restart(
    state: _SearchState, best_rounds: list[Partition], swappable: list[int], rng: random.Random
) -> _SearchState:
    """A fresh state from the best rounds so far, shaken by a few random swaps within rounds."""
    state = _SearchState(
        best_rounds, state.met, state.separation, rebuild_from=state, rules=state.rules
    )
    for _ in range(PERTURBATION_SWAPS):
        r = rng.choice(swappable)
        a, b = rng.sample(range(len(state.rounds[r])), 2)
        fixed = state.rules[r].fixed
        movers_a = [p for p in state.rounds[r][a] if p not in fixed]
        movers_b = [p for p in state.rounds[r][b] if p not in fixed]
        if movers_a and movers_b:
            state.swap(r, rng.choice(movers_a), rng.choice(movers_b))
    return state


def _best_swaps(state: _SearchState, conflicts, step: int, best_cost: int) -> list:
    """Every swap ``(round, a, b)`` of a player in conflict that changes the cost least; a
    tabu swap counts only when it would beat ``best_cost`` (aspiration)."""
    best_delta, choices = None, []
    for r, a in conflicts:
        for delta, b in state.swaps(r, a):
            tabu = state.tabu[r][a] > step or state.tabu[r][b] > step
            if tabu and state.cost + delta >= best_cost:
                continue
            if best_delta is None or delta < best_delta:
                best_delta, choices = delta, [(r, a, b)]
            elif delta == best_delta:
                choices.append((r, a, b))
    return choices


CONFLICTS_PER_STEP = 12
TABU_TENURE = 6
RESTART_AFTER = 2_000
PERTURBATION_SWAPS = 4


class _SearchState:
    """Round partitions with seat lookup, the shared meeting matrix and the running cost."""

    def __init__(
        self,
        rounds: list[Partition],
        met: list[list[int]],
        separation: Sequence[int],
        rebuild_from: _SearchState | None = None,
        rules: Sequence[RoundRules] = (),
    ) -> None:
        if rebuild_from is not None:
            # ``met`` counts rebuild_from's rounds: move it over to ``rounds``.
            for old, new in zip(rebuild_from.rounds, rounds, strict=True):
                count_meetings(old, met, -1)
                count_meetings(new, met, +1)
        self.rounds = [[list(group) for group in groups] for groups in rounds]
        self.met = met
        self.separation = separation
        self.rules = list(rules) or [NO_RULES] * len(rounds)
        self.apart = [pair_cost(separation, rule) for rule in self.rules]
        n = len(met)
        self.where = []
        for groups in self.rounds:
            seat = [-1] * n
            for table, group in enumerate(groups):
                for player in group:
                    seat[player] = table
            self.where.append(seat)
        self.tabu = [[0] * n for _ in self.rounds]
        self.cost = REPEAT_WEIGHT * repeat_cost(met) + _separation_cost(self.rounds, self.apart)

    def snapshot(self) -> list[Partition]:
        return [[list(group) for group in groups] for groups in self.rounds]

    def conflicts(self) -> list[tuple[int, int]]:
        """``(round, player)`` for each player who may move and sits with a conflict."""
        met, found = self.met, []
        for r, groups in enumerate(self.rounds):
            apart, fixed = self.apart[r], self.rules[r].fixed
            for group in groups:
                for a, b in itertools.combinations(group, 2):
                    if met[a][b] > 1 or apart(a, b):
                        found.extend((r, p) for p in (a, b) if p not in fixed)
        return sorted(set(found))

    def swaps(self, r: int, a: int, only: int | None = None) -> list[tuple[int, int]]:
        """``(cost change, b)`` for swapping ``a`` with each player ``b`` who may move, at
        another table (or with ``only``)."""
        groups, seat, met, apart = self.rounds[r], self.where[r], self.met, self.apart[r]
        fixed = self.rules[r].fixed
        home = [x for x in groups[seat[a]] if x != a]
        met_a = met[a]
        leave_a = sum(met_a[x] - 1 for x in home)
        apart_a = sum(apart(a, x) for x in home)
        result = []
        tables = range(len(groups)) if only is None else [seat[only]]
        for table in tables:
            group = groups[table]
            if table == seat[a]:
                continue
            join_a = sum(met_a[y] for y in group)
            apart_join_a = sum(apart(a, y) for y in group)
            for b in group if only is None else [only]:
                if b in fixed:
                    continue
                met_b = met[b]
                repeats = (
                    join_a
                    - met_a[b]
                    - leave_a
                    + sum(met_b[x] for x in home)
                    - sum(met_b[y] - 1 for y in group if y != b)
                )
                apart_change = (
                    apart_join_a
                    - apart(a, b)
                    - apart_a
                    + sum(apart(b, x) for x in home)
                    - sum(apart(b, y) for y in group if y != b)
                )
                result.append((REPEAT_WEIGHT * repeats + apart_change, b))
        return result

    def swap(self, r: int, a: int, b: int) -> None:
        groups, seat, met = self.rounds[r], self.where[r], self.met
        table_a, table_b = seat[a], seat[b]
        self.cost += next(delta for delta, other in self.swaps(r, a, only=b) if other == b)
        home, away = groups[table_a], groups[table_b]
        for x in home:
            if x != a:
                met[a][x] -= 1
                met[x][a] -= 1
                met[b][x] += 1
                met[x][b] += 1
        for y in away:
            if y != b:
                met[b][y] -= 1
                met[y][b] -= 1
                met[a][y] += 1
                met[y][a] += 1
        home[home.index(a)] = b
        away[away.index(b)] = a
        seat[a], seat[b] = table_b, table_a


def count_meetings(groups: Partition, met: list[list[int]], sign: int = 1) -> None:
    """Add (or with ``sign=-1`` take away) the meetings of ``groups`` in ``met``: the one count."""
    for group in groups:
        for a, b in itertools.combinations(group, 2):
            met[a][b] += sign
            met[b][a] += sign

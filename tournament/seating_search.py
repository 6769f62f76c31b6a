"""Search machinery behind :mod:`tournament.seating`; pure Python, no Django.

Vocabulary (internal, index based; the public API in ``seating`` speaks player ids):

- *player index*: a player's position ``0..n-1`` in the sorted list of active players.
- *group*: the four player indices sharing a table in one round, before table numbers and winds
  are chosen. A *round partition* is the list of groups of one round.
- *meetings*: ``met[a][b]``, how often players ``a`` and ``b`` have shared a table, counting the
  rounds already played. A *repeat* is any meeting after the first.
- *conflict*: a pair at one table in a generated round that has met more than once, or that
  shares a club or country when separation is on.
- *construction*: an algebraic zero-repeat schedule (a resolvable transversal design over the
  finite field GF(q), q = number of tables, plus the rows split into tables when 4 divides q).
  For q = 4 this is the affine plane AG(2, 4): 16 players, 5 rounds.

Everything random comes from the ``random.Random`` passed in, and the searches are bounded by
step counts, so a seed always gives the same result; the deadline is only a safety stop.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

Partition = list[list[int]]

# A repeat meeting costs as much as this many same-club meetings: separation stays soft.
REPEAT_WEIGHT = 8
SEPARATION_WEIGHT = 1

WIND_PERMUTATIONS = tuple(itertools.permutations(range(4)))


# --- finite fields and the transversal-design construction -----------------------------------


def _prime_power(q: int) -> tuple[int, int] | None:
    """Return ``(p, k)`` with ``q == p**k`` for a prime ``p``, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k, rest = 0, q
    while rest % p == 0:
        rest //= p
        k += 1
    return (p, k) if rest == 1 else None


class _Field:
    """GF(p**k); elements are the integers 0..q-1 (base-p digits of polynomial coefficients)."""

    def __init__(self, p: int, k: int) -> None:
        self.p, self.k, self.q = p, k, p**k
        self._add = [[self._digit_add(a, b) for b in range(self.q)] for a in range(self.q)]
        exp, log = self._primitive_tables()
        self._exp, self._log = exp, log

    def _digit_add(self, a: int, b: int) -> int:
        total, scale = 0, 1
        for _ in range(self.k):
            total += ((a % self.p + b % self.p) % self.p) * scale
            a, b, scale = a // self.p, b // self.p, scale * self.p
        return total

    def _primitive_tables(self) -> tuple[list[int], list[int]]:
        p, k, q = self.p, self.k, self.q
        if k == 1:
            for g in range(2, q) if q > 2 else [1]:
                powers = [pow(g, e, q) for e in range(q - 1)]
                if len(set(powers)) == q - 1:
                    return self._tables_from_powers(powers)
        # Try monic polynomials x^k + c(x) until x has order q - 1 (then c is primitive).
        for low in range(1, q):
            coefficients = [(low // p**i) % p for i in range(k)]
            powers, value = [], 1
            for _ in range(q - 1):
                powers.append(value)
                value = self._times_x(value, coefficients)
            if len(set(powers)) == q - 1:
                return self._tables_from_powers(powers)
        raise AssertionError(f"no primitive polynomial for GF({q})")

    def _times_x(self, value: int, coefficients: list[int]) -> int:
        p, k = self.p, self.k
        digits = [(value // p**i) % p for i in range(k)]
        top = digits[-1]
        shifted = [0, *digits[:-1]]
        # x^k = -(c_0 + c_1 x + ...)
        reduced = [(shifted[i] - top * coefficients[i]) % p for i in range(k)]
        return sum(d * p**i for i, d in enumerate(reduced))

    def _tables_from_powers(self, powers: list[int]) -> tuple[list[int], list[int]]:
        log = [0] * self.q
        for e, value in enumerate(powers):
            log[value] = e
        return powers, log

    def add(self, a: int, b: int) -> int:
        return self._add[a][b]

    def mul(self, a: int, b: int) -> int:
        if a == 0 or b == 0:
            return 0
        return self._exp[(self._log[a] + self._log[b]) % (self.q - 1)]


def constructed_rounds(player_count: int) -> list[Partition]:
    """Zero-repeat round partitions known by construction for ``player_count`` players.

    With ``q = player_count / 4`` a prime power of at least 4: players are a 4 x q grid, and in
    round ``r`` table ``x`` seats ``(i, x + m_i * r)`` for the four field elements ``m_i``; two
    players of different rows meet exactly once over the q rounds. Rows never meet, so when 4
    divides q the rows, seated by the same construction, give more rounds. Returns ``[]`` when no
    construction applies.
    """
    if player_count % 4:
        return []
    q = player_count // 4
    if q == 1:
        return [[[0, 1, 2, 3]]]
    power = _prime_power(q)
    if power is None or q < 4:
        return []
    field = _Field(*power)
    multipliers = (0, 1, 2, 3)
    rounds = []
    for r in range(q):
        groups = []
        for x in range(q):
            groups.append(
                [i * q + field.add(x, field.mul(m, r)) for i, m in enumerate(multipliers)]
            )
        rounds.append(groups)
    row_rounds = constructed_rounds(q) or [
        [list(range(start, start + 4)) for start in range(0, q, 4)]
    ]
    for row_round in row_rounds if q % 4 == 0 else []:
        rounds.append([[i * q + p for p in group] for i in range(4) for group in row_round])
    return rounds


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


def _repeat_cost(met: list[list[int]]) -> int:
    n = len(met)
    return sum(
        met[a][b] * (met[a][b] - 1) // 2 for a in range(n) for b in range(a + 1, n) if met[a][b] > 1
    )


def _separation_cost(rounds: list[Partition], separation: Sequence[int]) -> int:
    cost = 0
    for groups in rounds:
        for group in groups:
            for a, b in itertools.combinations(group, 2):
                if separation[a] >= 0 and separation[a] == separation[b]:
                    cost += 1
    return cost


def improve_rounds(
    rounds: list[Partition],
    met: list[list[int]],
    separation: Sequence[int],
    target: int,
    rng: random.Random,
    budget: SearchBudget,
) -> list[Partition]:
    """Swap players between tables of one round to cut weighted repeats and same-club meetings.

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
    state = _SearchState(rounds, met, separation)
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
            state = _SearchState(best_rounds, met, separation, rebuild_from=state)
            for _ in range(PERTURBATION_SWAPS):
                r = rng.choice(swappable)
                a, b = rng.sample(range(len(state.rounds[r])), 2)
                state.swap(r, rng.choice(state.rounds[r][a]), rng.choice(state.rounds[r][b]))
            last_restart = step
        conflicts = state.conflicts()
        if not conflicts:
            break
        if len(conflicts) > CONFLICTS_PER_STEP:
            conflicts = rng.sample(conflicts, CONFLICTS_PER_STEP)
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
        if not choices:
            continue
        r, a, b = rng.choice(choices)
        state.swap(r, a, b)
        tenure = TABU_TENURE + rng.randrange(TABU_TENURE)
        state.tabu[r][a] = state.tabu[r][b] = step + tenure
        if state.cost < best_cost:
            best_cost, last_improvement = state.cost, step
            best_rounds = state.snapshot()
    _SearchState(best_rounds, met, separation, rebuild_from=state)
    return best_rounds


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
    ) -> None:
        if rebuild_from is not None:
            # ``met`` counts rebuild_from's rounds: move it over to ``rounds``.
            for old, new in zip(rebuild_from.rounds, rounds, strict=True):
                _count_meetings(old, met, -1)
                _count_meetings(new, met, +1)
        self.rounds = [[list(group) for group in groups] for groups in rounds]
        self.met = met
        self.separation = separation
        n = len(met)
        self.where = []
        for groups in self.rounds:
            seat = [-1] * n
            for table, group in enumerate(groups):
                for player in group:
                    seat[player] = table
            self.where.append(seat)
        self.tabu = [[0] * n for _ in self.rounds]
        self.cost = REPEAT_WEIGHT * _repeat_cost(met) + SEPARATION_WEIGHT * _separation_cost(
            self.rounds, separation
        )

    def snapshot(self) -> list[Partition]:
        return [[list(group) for group in groups] for groups in self.rounds]

    def _apart(self, a: int, b: int) -> int:
        return 1 if self.separation[a] >= 0 and self.separation[a] == self.separation[b] else 0

    def conflicts(self) -> list[tuple[int, int]]:
        met, found = self.met, []
        for r, groups in enumerate(self.rounds):
            for group in groups:
                for a, b in itertools.combinations(group, 2):
                    if met[a][b] > 1 or self._apart(a, b):
                        found.append((r, a))
                        found.append((r, b))
        return sorted(set(found))

    def swaps(self, r: int, a: int, only: int | None = None) -> list[tuple[int, int]]:
        """``(cost change, b)`` for swapping ``a`` with each player ``b`` at another table
        (or with ``only``)."""
        groups, seat, met, apart = self.rounds[r], self.where[r], self.met, self._apart
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
                result.append((REPEAT_WEIGHT * repeats + SEPARATION_WEIGHT * apart_change, b))
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


def _count_meetings(groups: Partition, met: list[list[int]], sign: int) -> None:
    for group in groups:
        for a, b in itertools.combinations(group, 2):
            met[a][b] += sign
            met[b][a] += sign


# --- winds ------------------------------------------------------------------------------------


def assign_winds(
    rounds: list[Partition], wind_counts: list[list[int]], rng: random.Random, max_passes: int
) -> list[list[tuple[int, ...]]]:
    """Choose, for every group, which seat (0=E .. 3=N) each of its four players takes.

    Minimises the sum over players of their squared wind counts (counts from played rounds are
    included): its minimum is reached exactly when every player's counts differ by at most 1.
    Greedy first, then passes that re-seat one table at a time. ``wind_counts`` is updated.
    """
    seats: list[list[tuple[int, ...]]] = []
    for groups in rounds:
        round_seats = []
        for group in groups:
            order = _best_permutation(group, wind_counts, rng)
            for player, wind in zip(group, order, strict=True):
                wind_counts[player][wind] += 1
            round_seats.append(order)
        seats.append(round_seats)

    places = [(r, t) for r, groups in enumerate(rounds) for t in range(len(groups))]
    players = sorted({p for groups in rounds for g in groups for p in g})
    for _ in range(max_passes):
        if all(max(wind_counts[p]) - min(wind_counts[p]) <= 1 for p in players):
            break
        rng.shuffle(places)
        for r, t in places:
            group = rounds[r][t]
            for player, wind in zip(group, seats[r][t], strict=True):
                wind_counts[player][wind] -= 1
            order = _best_permutation(group, wind_counts, rng)
            for player, wind in zip(group, order, strict=True):
                wind_counts[player][wind] += 1
            seats[r][t] = order
    return seats


def _best_permutation(
    group: Sequence[int], wind_counts: list[list[int]], rng: random.Random
) -> tuple[int, ...]:
    best, choices = None, []
    for order in WIND_PERMUTATIONS:
        cost = sum(wind_counts[p][w] for p, w in zip(group, order, strict=True))
        if best is None or cost < best:
            best, choices = cost, [order]
        elif cost == best:
            choices.append(order)
    return rng.choice(choices)


# --- table numbers ----------------------------------------------------------------------------


def min_cost_assignment(cost: list[list[int]]) -> list[int]:
    """Hungarian algorithm: ``result[row]`` is the column given to ``row`` in a square matrix."""
    n = len(cost)
    infinity = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    owner = [0] * (n + 1)
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        lowest = [infinity] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[column] = True
            current_row, delta, next_column = owner[column], infinity, 0
            for j in range(1, n + 1):
                if not used[j]:
                    reduced = cost[current_row - 1][j - 1] - u[current_row] - v[j]
                    if reduced < lowest[j]:
                        lowest[j], way[j] = reduced, column
                    if lowest[j] < delta:
                        delta, next_column = lowest[j], j
            for j in range(n + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    lowest[j] -= delta
            column = next_column
            if owner[column] == 0:
                break
        while column:
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    result = [0] * n
    for j in range(1, n + 1):
        result[owner[j] - 1] = j - 1
    return result


def number_tables(groups: Partition, previous_table: dict[int, int]) -> list[int]:
    """Give each group a table number (from 1) so few players stay at last round's table."""
    count = len(groups)
    cost = [[0] * count for _ in groups]
    for g, group in enumerate(groups):
        for player in group:
            table = previous_table.get(player)
            if table is not None and table <= count:
                cost[g][table - 1] += 1
    return [column + 1 for column in min_cost_assignment(cost)]


# --- one-rotational construction found by a small search -------------------------------------


def cyclic_rounds(
    player_count: int, rounds: int, rng: random.Random, max_steps: int, deadline: float
) -> list[Partition] | None:
    """Zero-repeat rounds developed from one base round, or None if none is found in budget.

    Players are ``Z_rounds x {0, 1, 2}`` plus ``k = player_count - 3 * rounds`` fixed players
    ("infinities"); round ``s`` is the base round with every finite player ``(row, x)`` moved to
    ``(row, x + s)``. Two players meet at most once over the rounds exactly when the pairs of the
    base round lie in distinct orbits under that shift, so only the base round is searched.
    """
    if player_count % 4 or rounds < 1:
        return None
    tables, fixed = player_count // 4, player_count - 3 * rounds
    if not 0 <= fixed <= tables:
        return None
    finite = 3 * rounds

    def orbit(p: int, q: int) -> tuple[int, ...]:
        if p > q:
            p, q = q, p
        if q >= finite:
            return (1, p, q) if p >= finite else (2, q, p // rounds)
        (row_p, x), (row_q, y) = divmod(p, rounds), divmod(q, rounds)
        if row_p != row_q:
            return (3, row_p, row_q, (y - x) % rounds)
        shift = (y - x) % rounds
        return (4, row_p, min(shift, rounds - shift))

    # Orbits that meet twice over the rounds start "used": any use of them is a repeat.
    used: Counter[tuple[int, ...]] = Counter()
    for p in range(finite, player_count):
        for q in range(p + 1, player_count):
            used[orbit(p, q)] += 1
    if rounds % 2 == 0:
        for row in range(3):
            used[(4, row, rounds // 2)] += 1

    movable = list(range(finite))
    rng.shuffle(movable)
    base = [[finite + t] if t < fixed else [] for t in range(tables)]
    for group in base:
        while len(group) < 4:
            group.append(movable.pop())
    for group in base:
        for p, q in itertools.combinations(group, 2):
            used[orbit(p, q)] += 1
    cost = sum(c * (c - 1) // 2 for c in used.values())
    table_of = {p: t for t, group in enumerate(base) for p in group}
    tabu: dict[int, int] = {}

    def move_delta(p: int, q: int) -> int:
        home, away = base[table_of[p]], base[table_of[q]]
        removed = [orbit(p, x) for x in home if x != p] + [orbit(q, y) for y in away if y != q]
        added = [orbit(p, y) for y in away if y != q] + [orbit(q, x) for x in home if x != p]
        change = Counter(added)
        change.subtract(removed)
        return sum(
            (used[key] + c) * (used[key] + c - 1) // 2 - used[key] * (used[key] - 1) // 2
            for key, c in change.items()
            if c
        )

    for step in range(1, max_steps + 1):
        if cost == 0:
            break
        if step % 256 == 0 and time.monotonic() > deadline:
            return None
        in_conflict = sorted(
            {
                x
                for group in base
                for p, q in itertools.combinations(group, 2)
                if used[orbit(p, q)] > 1
                for x in (p, q)
                if x < finite
            }
        )
        best, choices = None, []
        for p in in_conflict:
            for q in range(finite):
                if table_of[q] == table_of[p]:
                    continue
                delta = move_delta(p, q)
                if (tabu.get(p, 0) > step or tabu.get(q, 0) > step) and delta >= 0:
                    continue
                if best is None or delta < best:
                    best, choices = delta, [(p, q)]
                elif delta == best:
                    choices.append((p, q))
        if not choices:
            continue
        p, q = rng.choice(choices)
        home, away = base[table_of[p]], base[table_of[q]]
        for x in home:
            if x != p:
                used[orbit(p, x)] -= 1
                used[orbit(q, x)] += 1
        for y in away:
            if y != q:
                used[orbit(q, y)] -= 1
                used[orbit(p, y)] += 1
        home[home.index(p)], away[away.index(q)] = q, p
        table_of[p], table_of[q] = table_of[q], table_of[p]
        cost += best
        tabu[p] = tabu[q] = step + 3 + rng.randrange(6)
    if cost:
        return None

    def shifted(p: int, s: int) -> int:
        if p >= finite:
            return p
        row, x = divmod(p, rounds)
        return row * rounds + (x + s) % rounds

    return [[[shifted(p, s) for p in group] for group in base] for s in range(rounds)]

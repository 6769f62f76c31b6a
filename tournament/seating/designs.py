"""Zero-repeat seating designs for :mod:`.schedule`; pure Python, no Django.

Vocabulary (index based, like :mod:`.search`):

- *point*: a player index ``0..n-1``; a *block* is the four points of one table, a *round
  partition* (``Partition``) the blocks of one round.
- *design*: round partitions in which no two points share a block twice (zero repeats).
- *group*: here the algebraic kind, an abelian group ``G = Z_m1 x Z_m2 x ...`` whose elements
  are points; ``g`` *develops* a block or round by adding ``g`` to each of its points.
- *infinity*: an extra point outside ``G`` (written ``oo``); adding ``g`` leaves it alone, or
  with three infinities moves ``oo_i`` to ``oo_(i + phi(g)) mod 3`` for a homomorphism ``phi``.
- *stabiliser* ``H = {0, h, 2h}``: a subgroup of order 3 mapping the base round onto itself;
  developing the base round by one element of each coset of ``H`` gives the rounds.
- *difference*: ``y - x`` for two points ``x, y`` of one block. When the differences of the base
  blocks are all distinct, each pair of points meets at most once over the developed rounds.

Three sources, best first: stored designs (base blocks found offline by a depth-first search,
checked by the tests), the finite-field construction, and a short 1-rotational search
(:func:`cyclic_rounds`) for other small, dense events.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from dataclasses import dataclass

Partition = list[list[int]]


# --- stored designs ----------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredDesign:
    """Base blocks developed into ``rounds`` zero-repeat rounds.

    ``moduli`` give ``G``; ``stabiliser`` is ``h``; ``infinities`` is 1 (fixed) or 3 (moved by
    ``phi(g) = sum(weights[i] * g[i]) mod 3``). ``base`` lists the base blocks, ``|`` between
    blocks; a point is ``oo`` (``oo_0``) or a group element, coordinates joined by ``.``. The base
    round is the base blocks developed by ``H``.
    """

    moduli: tuple[int, ...]
    stabiliser: str
    infinities: int
    weights: tuple[int, ...]
    base: str
    rounds: int

    @property
    def player_count(self) -> int:
        size = 1
        for modulus in self.moduli:
            size *= modulus
        return size + self.infinities


# Found offline by a depth-first search over base blocks (each block's points in distinct
# cosets of H, the blocks together covering the cosets, all differences distinct and outside H),
# taking the first solution; each search took under 3 s.
# 1-rotational resolvable 2-(v, 4, 1) designs: everybody meets everybody exactly once.
# 4-RGDDs of type 3^u: everybody meets everybody except the two others of their H-coset (or
# the other two infinities).
STORED_DESIGNS = (
    # 28 players, 9 rounds: G = Z_3^3, the table {oo} + H is fixed by H.
    StoredDesign(
        (3, 3, 3),
        "1.0.0",
        1,
        (0, 0, 0),
        "oo 0.0.0 1.0.0 2.0.0 | 0.0.1 0.0.2 0.1.0 1.2.0 | 0.1.1 1.1.2 2.2.1 1.2.2",
        9,
    ),
    # 36 players, 11 rounds: G = Z_33, phi(g) = g mod 3.
    StoredDesign((33,), "11", 3, (1,), "oo 0 1 5 | 2 18 9 32 | 3 15 28 30", 11),
    # 40 players, 13 rounds: G = Z_39.
    StoredDesign((39,), "13", 1, (0,), "oo 0 13 26 | 1 5 8 25 | 2 3 36 11 | 4 6 33 22", 13),
    # 48 players, 15 rounds: G = Z_3 x Z_15, phi(g) = first coordinate.
    StoredDesign(
        (3, 15),
        "1.0",
        3,
        (1, 0),
        "oo 0.0 1.1 2.3 | 0.2 2.6 1.7 2.13 | 0.4 2.9 2.11 2.12 | 0.5 1.8 0.10 0.14",
        15,
    ),
)


def develop(design: StoredDesign) -> list[Partition]:
    """The rounds of a stored design; points are group elements in mixed radix, then infinities."""
    moduli = design.moduli
    elements = list(itertools.product(*(range(m) for m in moduli)))
    index = {element: i for i, element in enumerate(elements)}
    Point = tuple[int, ...] | int  # a group element, or the number of an infinity

    def plus(point: Point, g: tuple[int, ...]) -> Point:
        if isinstance(point, int):
            shift = sum(w * x for w, x in zip(design.weights, g, strict=True))
            return (point + shift) % design.infinities
        return tuple((x + y) % m for x, y, m in zip(point, g, moduli, strict=True))

    def parse(text: str) -> Point:
        return 0 if text == "oo" else tuple(int(x) for x in text.split("."))

    h = tuple(int(x) for x in design.stabiliser.split("."))
    stabiliser = [tuple(k * x % m for x, m in zip(h, moduli, strict=True)) for k in range(3)]
    base_round: list[list[Point]] = []
    for block in design.base.split("|"):
        points = [parse(text) for text in block.split()]
        for g in stabiliser:
            moved = [plus(p, g) for p in points]
            if set(moved) not in [set(b) for b in base_round]:  # {oo} + H is fixed by H
                base_round.append(moved)
    covered: set[Point] = set()
    rounds = []
    for g in elements:  # one g from each coset of H
        if g in covered:
            continue
        covered.update(plus(s, g) for s in stabiliser)
        moved_round = [[plus(p, g) for p in block] for block in base_round]
        rounds.append(
            [
                [len(elements) + p if isinstance(p, int) else index[p] for p in block]
                for block in moved_round
            ]
        )
    return rounds


def stored_rounds(player_count: int) -> list[Partition]:
    """The stored design for ``player_count`` players, developed, or ``[]``."""
    for design in STORED_DESIGNS:
        if design.player_count == player_count:
            return develop(design)
    return []


def known_rounds(player_count: int) -> list[Partition]:
    """The most zero-repeat rounds known here without search: stored or finite-field."""
    return max(stored_rounds(player_count), field_rounds(player_count), key=len)


# --- finite fields and the transversal-design construction ----------------------------------


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


def field_rounds(player_count: int) -> list[Partition]:
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
    row_rounds = field_rounds(q) or [[list(range(start, start + 4)) for start in range(0, q, 4)]]
    for row_round in row_rounds if q % 4 == 0 else []:
        rounds.append([[i * q + p for p in group] for i in range(4) for group in row_round])
    return rounds


# --- one-rotational construction found by a small search -------------------------------------


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

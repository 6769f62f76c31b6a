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
(:func:`.cyclic.cyclic_rounds`) for other small, dense events.
"""

from __future__ import annotations

import itertools
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

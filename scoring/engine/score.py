"""Scoring: Freedom of Count over every legal arrangement (RULINGS R2, R6, R7, R9).

Vocabulary:
- `Score`: ``total`` (the hand value), ``patterns`` (each counted `Pattern` with the points it
  scored, registry order; 3.1 Value Honor collapsed to 10 x sets), ``arrangement`` (the chosen
  `Arrangement`), ``runners_up`` (other legal arrangements as Scores, best first, at most
  `RUNNERS_UP`), ``limit`` (``"compound"``, ``"listed"``, ``"cap"`` when the tournament's
  per-hand cap lowered the total, or None), ``raw_total`` (the plain sum of the counted
  patterns, before any limit or cap).
- *winning minimum*: `Rules.minimum`; the best legal arrangement must reach it, or the win is
  illegal (a false win, RULINGS R7, R10). *cap*: `Rules.cap`, applied to the chosen
  arrangement's total after the limits (RULINGS R7a); arrangements are ranked before it.
- *additive rule*: one pattern per series, the highest-valued (3.1 counts per set).
- *ranking*: higher total, then higher raw total, then a fixed order of the groups, so ties are
  broken the same way every time (RULINGS R2).

Each arrangement runs only the patterns whose gate is open (see `context` and
`patterns.gates.PATTERN_GATES`), and only those whose open gate does not decide alone
(`patterns.gates.EXACT_GATES`): the patterns to probe, and the total, patterns and limit that follow
from the gates and what the probes found, are looked up once per combination (cached).

`arrangement` and `runners_up` are built on first access: the scorer works on plans (see
`decompose`) and makes objects only for what is looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from operator import attrgetter, itemgetter

from .context import GATE_BITS, HandFacts, ScoringContext
from .decompose import Arrangement, Plan, build_arrangement, plans
from .errors import IllegalWinError, InvalidHandError
from .hand import Hand
from .legality import arrangement_block, hand_block
from .messages import Message, MessageList, gettext_noop
from .notation import format_tiles
from .patterns.catalogue import CHICKEN_HAND, PATTERNS_BY_FORM
from .patterns.gates import EXACT_GATES
from .patterns.pattern import LIMIT, Pattern
from .rules import Rules
from .tiles import KIND_COUNT, WINDS, Tile
from .validation import problems_with_counts, validate_hand

RUNNERS_UP = 3
_CLASS_OF = attrgetter("__class__")
_TILE_CLASS = frozenset({Tile})
_BIT = tuple(1 << index for index in range(KIND_COUNT))
_SEATS = WINDS


# Per form: the registry as (pattern, detect, points, series, gate bit) in registry order;
# detect is None where the open gate alone decides (`patterns.gates.EXACT_GATES`).
_ENTRIES = {
    form: tuple(
        (
            p,
            None if p.number in EXACT_GATES else p.detect,
            p.points,
            p.series,
            GATE_BITS[p.gate] if p.gate else 0,
        )
        for p in patterns
    )
    for form, patterns in PATTERNS_BY_FORM.items()
}

Head = tuple[int, int, tuple, "str | None"]  # total, raw, patterns, limit
Probe = tuple[Callable, int, int]  # detect, points, position in the form's registry entries
Found = tuple[tuple[int, int], ...]  # (position, points) of each pattern a probe found


@lru_cache(maxsize=4096)
def _runnable(form: str, gates: int) -> tuple[Head, tuple[Probe, ...]]:
    """What the open gates decide for `form`: (head, probes).

    `head`: the candidate's (total, raw, patterns, limit) from the patterns counted on their
    open gate alone (`patterns.gates.EXACT_GATES`), when no probe finds anything; `probes`: the
    entries whose detect must look, in registry order.
    """
    probes = tuple(
        (detect, points, position)
        for position, (_pattern, detect, points, _series, bit) in enumerate(_ENTRIES[form])
        if detect is not None and (not bit or gates & bit)
    )
    return _head(form, gates, ()), probes


@lru_cache(maxsize=4096)
def _head(form: str, gates: int, found: Found) -> Head:
    """(total, raw, patterns, limit) of an arrangement (RULINGS R6; Chicken Hand, R1).

    The patterns are those whose exact gate is open in `gates` and those a probe `found`; the
    additive rule keeps the highest-valued of each series (the first, on a tie).
    """
    entries = _ENTRIES[form]
    points_at = dict(found)
    for position, (_pattern, detect, points, _series, bit) in enumerate(entries):
        if detect is None and (not bit or gates & bit):
            points_at[position] = points
    best: dict[str, tuple[Pattern, int]] = {}
    for position in sorted(points_at):
        pattern, series, points = entries[position][0], entries[position][3], points_at[position]
        held = best.get(series)
        if held is None or points > held[1]:
            best[series] = (pattern, points)
    if not best:
        return (1, 1, ((CHICKEN_HAND, 1),), None)
    counted = tuple(best.values())  # registry order: a series is contiguous
    raw = sum(points for _pattern, points in counted)
    if any(pattern.points >= LIMIT for pattern, _points in counted):
        top = max(counted, key=_POINTS)
        return (top[1], raw, (top,), "listed")
    if raw >= LIMIT:
        return (LIMIT, raw, counted, "compound")
    return (raw, raw, counted, None)


_POINTS = itemgetter(1)


@dataclass(frozen=True, eq=False)
class Score:
    total: int
    patterns: tuple[tuple[Pattern, int], ...]
    limit: str | None = None
    raw_total: int = 0
    hand: Hand | None = field(default=None, repr=False)
    plan: Plan | None = field(default=None, repr=False)
    others: tuple = field(default=(), repr=False)  # runner-up candidates, made Scores on access

    @cached_property
    def arrangement(self) -> Arrangement:
        return build_arrangement(self.hand, self.plan)

    @cached_property
    def runners_up(self) -> tuple[Score, ...]:
        return tuple(
            other if isinstance(other, Score) else _score(self.hand, other) for other in self.others
        )

    def breakdown(self) -> list[list]:
        """``[[English name, points], ...]`` as the CLI prints it."""
        return [[pattern.name, points] for pattern, points in self.patterns]

    def describe(self) -> str:
        lines = [self.arrangement.describe(), ""]
        for pattern, points in self.patterns:
            lines.append(f"  {points:>4}  {pattern.number:<6} {pattern.name} {pattern.chinese}")
        lines.append("  ----")
        note = {
            "compound": " (compound limit)",
            "listed": " (listed limit)",
            "cap": " (the tournament's per-hand cap)",
        }.get(self.limit, "")
        lines.append(f"  {self.total:>4}  total{note}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        names = ", ".join(f"{p.name} {pts}" for p, pts in self.patterns)
        return f"<Score {self.total} [{names}] {self.arrangement.notation()}>"


Candidate = tuple[int, int, tuple, "str | None", Plan]  # total, raw, patterns, limit, plan


def evaluate(facts: HandFacts, plan: Plan) -> Candidate:
    """Score one arrangement: additive rule, limits, Chicken Hand (RULINGS R6)."""
    ctx = ScoringContext(facts, plan)
    form, gates = plan[0], ctx.gates
    head, probes = _runnable(form, gates)
    found: Found = ()
    for detect, points, position in probes:
        times = detect(ctx)
        if times:
            found += ((position, points * times),)
    if found:
        head = _head(form, gates, found)
    return (*head, plan)


def _score(hand: Hand, candidate: Candidate, others: tuple = ()) -> Score:
    total, raw, patterns, limit, plan = candidate
    # The fields set in one step, as the frozen dataclass's __init__ would one by one.
    score = _new(Score)
    score.__dict__.update(
        total=total,
        patterns=patterns,
        limit=limit,
        raw_total=raw,
        hand=hand,
        plan=plan,
        others=others,
    )
    return score


_new = object.__new__


def _rank(candidate: Candidate) -> tuple:
    return (-candidate[0], -candidate[1], candidate[4])


def score_hand(hand: Hand, rules: Rules | None = None) -> Score:
    """Score a declared win; raises InvalidHandError or IllegalWinError."""
    rules = rules or Rules()
    in_hand, counts, present = _tile_counts(hand)
    found = plans(hand, in_hand)
    if not found:
        raise InvalidHandError(_not_a_winning_hand(hand))
    facts = HandFacts(hand, counts, present)
    if hand.penalty_tiles:
        scored = _legal_candidates(hand, facts, found)
    elif len(found) == 1:
        scored = [evaluate(facts, found[0])]
    else:
        scored = [evaluate(facts, plan) for plan in found]
    if len(scored) > 1:
        scored.sort(key=_rank)
    return _chosen(hand, scored, rules)


def _tile_counts(hand: Hand) -> tuple[list[int], list[int], int]:
    """(the concealed tiles and the winning tile by index, every tile of the hand by index with
    kongs as four, every kind held as a bitmask), counted in one pass over a hand known to be
    well formed; a hand that is not raises InvalidHandError with every problem."""
    if hand.winning_tile.__class__ is not Tile or not _TILE_CLASS.issuperset(
        map(_CLASS_OF, hand.concealed)
    ):
        # Objects built by hand, not from notation: validate_hand checks the types first.
        raise _invalid(validate_hand(hand))
    in_hand = [0] * KIND_COUNT
    present = 0
    for tile in hand.concealed:
        index = tile.index
        in_hand[index] += 1
        present |= _BIT[index]
    index = hand.winning_tile.index
    in_hand[index] += 1
    present |= _BIT[index]
    melds = hand.melds
    odd_meld = False
    if melds:
        counts = in_hand.copy()
        for meld in melds:
            if not meld.kind_bits:  # no tiles, or not Tile objects: say what is wrong
                raise _invalid(validate_hand(hand))
            for index, count in meld.tile_counts:
                counts[index] += count
            present |= meld.kind_bits
            if meld._problems:
                odd_meld = True
    else:
        counts = in_hand
    if (
        # The usual hand, checked cheaply; anything else gets the full list of problems.
        hand.seat_wind not in _SEATS
        or hand.flags
        or hand.penalty_tiles
        or odd_meld
        or len(hand.concealed) != 13 - 3 * len(melds)
        or max(counts) > 4
    ):
        problems = problems_with_counts(hand, counts)
        if problems:
            raise _invalid(problems)
    return in_hand, counts, present


def _invalid(problems: list) -> InvalidHandError:
    return InvalidHandError(MessageList(problems), problems)


def _not_a_winning_hand(hand: Hand) -> Message:
    """Why tiles that make no arrangement are not a win."""
    tiles = format_tiles(hand.concealed + (hand.winning_tile,))
    if hand.melds:
        return Message(
            gettext_noop(
                "not a winning hand: %(tiles)s with the melds %(melds)s do not make four "
                "sets and a pair, Seven Pairs or Thirteen Terminals"
            ),
            tiles=tiles,
            melds=" ".join(m.notation() for m in hand.melds),
        )
    return Message(
        gettext_noop(
            "not a winning hand: %(tiles)s do not make four sets and a pair, "
            "Seven Pairs or Thirteen Terminals"
        ),
        tiles=tiles,
    )


def _chosen(hand: Hand, scored: list[Candidate], rules: Rules) -> Score:
    """The best of the ranked candidates as a Score, with its runners-up, once it reaches the
    winning minimum (RULINGS R7; else IllegalWinError), held to the cap (RULINGS R7a)."""
    best = scored[0]
    if best[0] < rules.minimum:
        raise IllegalWinError(minimum_refusal(best[0], best[2], rules.minimum), "R7")
    others = tuple(scored[1 : 1 + RUNNERS_UP])
    if rules.cap is not None:
        best = _capped(best, rules.cap)
        others = tuple(_capped(other, rules.cap) for other in others)
    return _score(hand, best, others)


def minimum_refusal(total: int, patterns: tuple, minimum: int) -> str:
    """The judge's sentence for a win worth `total` under the winning `minimum` (RULINGS R7)."""
    if total == 1:
        points = Message(gettext_noop("1 point"))
    else:
        points = Message(gettext_noop("%(total)s points"), total=total)
    if patterns and patterns[0][0] is CHICKEN_HAND:
        worth = Message(gettext_noop("a Chicken Hand (%(points)s)"), points=points)
    else:
        worth = Message(gettext_noop("a hand worth %(points)s"), points=points)
    return Message(
        gettext_noop(
            "%(worth)s is below the %(minimum)s-point minimum (RULINGS R7): "
            "the declaration is a false win (RULINGS R10)"
        ),
        worth=worth,
        minimum=minimum,
    )


def _capped(candidate: Candidate, cap: int) -> Candidate:
    """`candidate` with its total held to the tournament's per-hand cap (RULINGS R7a)."""
    total, raw, patterns, limit, plan = candidate
    if total <= cap:
        return candidate
    return (cap, raw, patterns, "cap", plan)


def _legal_candidates(hand: Hand, facts: HandFacts, found: list[Plan]) -> list[Candidate]:
    """The arrangements a hand with penalty tiles may win with, scored (RULINGS R9)."""
    blocked = hand_block(hand)
    if blocked:
        raise IllegalWinError(Message(gettext_noop("illegal win: %(why)s"), why=blocked), "R9")
    scored: list[Candidate] = []
    reasons: list[str] = []
    for plan in found:
        reason = arrangement_block(hand, plan)
        if reason:
            reasons.append(reason)
        else:
            scored.append(evaluate(facts, plan))
    if not scored:
        why = MessageList(dict.fromkeys(reasons))
        raise IllegalWinError(Message(gettext_noop("illegal win: %(why)s"), why=why), "R9")
    return scored

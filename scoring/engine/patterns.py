"""The 44 Zung Jung v3.3 patterns as data, plus Chicken Hand (RULINGS R1).

Vocabulary:
- `Pattern`: ``number`` (``"4.2.3"``), ``name`` (the v3.3 English name exactly, marked with
  `gettext_noop` for the site's catalogues: the msgid of its translations), ``chinese``,
  ``points`` (listed value; per set for 3.1 Value Honor), ``series`` (``"4.2"``), ``forms`` (hand
  forms it may apply to, RULINGS R4) and ``detect``.
- ``detect(ctx) -> int``: how many times the pattern applies to the arrangement in ``ctx``
  (a `ScoringContext`); 0 when absent. Only 3.1 Value Honor ever returns more than 1.
- *series*: the additive rule counts at most one pattern per series (the highest-valued).
- *listed limit*: a pattern whose listed value is 320 or more (RULINGS R6).

`PATTERNS` is the registry in v3.3 order; the scorer iterates it, there is no chain of ifs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter

from .context import (
    DRAGON_BITS,
    FIRST_SUIT_BITS,
    SAME_NUMBER_BITS,
    SUIT_FIRSTS_BITS,
    TERMINAL,
    TERMINAL_BITS,
    TERMINAL_CHOW_BITS,
    TERMINAL_OR_HONOUR,
    TERMINAL_OR_HONOUR_BITS,
    ScoringContext,
    run_starts,
)
from .decompose import K_CHOW, REGULAR, SEVEN_PAIRS, THIRTEEN_TERMINALS
from .messages import gettext_noop
from .tiles import FIRST_DRAGON, FIRST_WIND

LIMIT = 320
ALL_FORMS = frozenset({REGULAR, SEVEN_PAIRS, THIRTEEN_TERMINALS})
# RULINGS R4: Seven Pairs combines only with patterns that need no sets.
NO_SETS = frozenset({REGULAR, SEVEN_PAIRS})
ONLY_REGULAR = frozenset({REGULAR})


# A *gate* names a ctx fact (see `context.GATE_BITS`) that is false whenever the pattern is absent;
# the scorer runs a pattern's detect only while its gate is open (a shortcut only: detect alone
# decides). Keyed by pattern number, else by series; patterns not listed always run.
PATTERN_GATES = {
    "1.1": "four_chows",
    "1.2": "is_concealed",
    "1.3": "all_simples",
    "2.1": "one_suit",
    "2.2": "nine_gates",
    "3.1": "honour_triplets",
    "3.2": "two_dragon_triplets",
    "3.3": "two_wind_triplets",
    "3.4": "all_honours",
    "4.1": "no_chows",  # four triplets
    "4.2.1": "two_concealed_triplets",
    "4.2.2": "three_concealed_triplets",
    "4.2.3": "four_concealed_triplets",
    "4.3.1": "one_kong",
    "4.3.2": "two_kongs",
    "4.3.3": "three_kongs",
    "4.3.4": "four_kongs",
    "5.1": "repeated_chows",
    "5.1.2": "two_identical_sequences_twice",
    "5.1.3": "three_identical_sequences",
    "5.1.4": "four_identical_sequences",
    "6.1": "three_similar_sequences",
    "6.2.1": "small_similar_triplets",
    "6.2.2": "similar_triplets",
    "7.1": "nine_tile_straight",
    "7.2.1": "three_consecutive_triplets",
    "7.2.2": "four_consecutive_triplets",
    "8.1.1": "mixed_lesser_terminals",
    "8.1.2": "pure_lesser_terminals",
    "8.1.3": "all_terminals_or_honours",
    "8.1.4": "all_terminals_or_honours",
    "9.1.1": "flag_final_draw",
    "9.1.2": "flag_final_discard",
    "9.2": "flag_win_on_kong",
    "9.3": "flag_robbing_kong",
    "9.4.1": "flag_heaven",
    "9.4.2": "flag_earth",
}


# Patterns whose gate is not only necessary but sufficient: the gate bit is set exactly when
# detect would return 1, so the scorer counts them without calling detect (a shortcut only;
# `tests/scoring/test_patterns.py` checks each against its detect).
EXACT_GATES = frozenset(
    {
        "1.1",  # four chows
        "1.2",  # no exposed meld (RULINGS R3, R4: regular hands only)
        "1.3",  # no terminal, no honour
        "3.4",  # honours only
        "4.1",  # a regular hand without chows has four triplets
        "4.2.1",
        "4.2.2",
        "4.2.3",
        "4.3.1",
        "4.3.2",
        "4.3.3",
        "4.3.4",
        "5.1.1",
        "5.1.2",
        "5.1.3",
        "5.1.4",
        "6.1",
        "6.2.1",
        "6.2.2",
        "7.1",
        "7.2.1",
        "7.2.2",
        "8.1.1",
        "8.1.2",
        "9.1.1",
        "9.1.2",
        "9.2",
        "9.3",
        "9.4.1",
        "9.4.2",
    }
)


@dataclass(frozen=True)
class Pattern:
    number: str
    name: str
    chinese: str
    points: int
    detect: Callable[[ScoringContext], int]
    forms: frozenset[str] = ONLY_REGULAR
    gate: str = ""

    # Hashing by number alone (equal patterns have equal numbers): outcomes are looked up by
    # their tuples of (pattern, points).
    def __hash__(self) -> int:
        return hash(self.number)

    def __post_init__(self) -> None:
        if not self.gate:
            gate = PATTERN_GATES.get(self.number) or PATTERN_GATES.get(self.series, "")
            object.__setattr__(self, "gate", gate)

    @property
    def series(self) -> str:
        return ".".join(self.number.split(".")[:2])

    @property
    def category(self) -> int:
        return int(self.number.split(".")[0])

    @property
    def is_listed_limit(self) -> bool:
        return self.points >= LIMIT

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    def __repr__(self) -> str:
        return f"<Pattern {self.number} {self.name} {self.points}>"


# --- detectors: one signature, ctx -> count ----------------------------------------------


def _flag(name: str) -> Callable[[ScoringContext], int]:
    def detect(ctx: ScoringContext) -> int:
        return int(name in ctx.facts.flags)

    return detect


def _at_least(attr: str, n: int) -> Callable[[ScoringContext], int]:
    get = attrgetter(attr)

    def detect(ctx: ScoringContext) -> int:
        return int(get(ctx) >= n)

    return detect


def _one_suit(pure: bool) -> Callable[[ScoringContext], int]:
    def detect(ctx: ScoringContext) -> int:
        facts = ctx.facts
        return int(len(facts.suits) == 1 and facts.has_honours is not pure)

    return detect


def _value_honor(ctx: ScoringContext) -> int:
    # One set per dragon triplet and per triplet of the seat wind (a tile has one triplet).
    return (ctx.triplet_bits & (DRAGON_BITS | 1 << ctx.facts.seat)).bit_count()


def _honour_sets(kind: str, triplets: int, pair: bool) -> Callable[[ScoringContext], int]:
    lo, hi = (FIRST_DRAGON, 34) if kind == "dragon" else (FIRST_WIND, FIRST_DRAGON)
    attr = f"{kind}_triplets"

    def detect(ctx: ScoringContext) -> int:
        has_pair = lo <= ctx.pair < hi
        return int(getattr(ctx, attr) == triplets and has_pair == pair)

    return detect


def _big_three_winds(ctx: ScoringContext) -> int:
    return int(ctx.wind_triplets >= 3)


def _identical(n: int, groups: int = 1) -> Callable[[ScoringContext], int]:
    def detect(ctx: ScoringContext) -> int:
        chows = ctx.chows
        if len(chows) < n * groups:
            return 0
        repeats = [chows.count(c) for c in set(chows)]
        return int(sum(r // n for r in repeats) >= groups)

    return detect


# Bitmask tests on `ctx.chow_bits` / `ctx.triplet_bits` (see `context`); `context` decides the
# same patterns with the same tests as exact gates.


def _three_similar_sequences(ctx: ScoringContext) -> int:
    # A chow starting at number n in each suit: bit n of the characters is set in all three.
    bits = ctx.chow_bits
    return int(bool(bits & bits >> 9 & bits >> 18 & FIRST_SUIT_BITS))


def _small_similar_triplets(ctx: ScoringContext) -> int:
    # Triplets of one number in two suits, and the pair of that number in the third suit.
    pair = ctx.pair
    if not 0 <= pair < FIRST_WIND:
        return 0
    same_number = SAME_NUMBER_BITS[pair % 9]
    return int(ctx.triplet_bits & same_number == same_number & ~(1 << pair))


def _similar_triplets(ctx: ScoringContext) -> int:
    bits = ctx.triplet_bits
    return int(bool(bits & bits >> 9 & bits >> 18 & FIRST_SUIT_BITS))


def _nine_tile_straight(ctx: ScoringContext) -> int:
    # Chows 123, 456 and 789 of one suit: starts b, b + 3 and b + 6 for a suit's first tile b.
    bits = ctx.chow_bits
    return int(bool(bits & bits >> 3 & bits >> 6 & SUIT_FIRSTS_BITS))


def _consecutive_triplets(n: int) -> Callable[[ScoringContext], int]:
    # Number triplets at t, t + 1, ..., t + n - 1 inside one suit: t is at most 9 - n there.
    starts = run_starts(n)

    def detect(ctx: ScoringContext) -> int:
        bits = run = ctx.triplet_bits
        for k in range(1, n):
            run &= bits >> k
        return int(bool(run & starts))

    return detect


def _lesser_terminals(pure: bool) -> Callable[[ScoringContext], int]:
    wanted = TERMINAL if pure else TERMINAL_OR_HONOUR
    wanted_bits = TERMINAL_BITS if pure else TERMINAL_OR_HONOUR_BITS

    def detect(ctx: ScoringContext) -> int:
        if ctx.form == REGULAR:
            # Chows, triplets and the pair are every group: each holds a wanted tile.
            return int(
                not ctx.chow_bits & ~TERMINAL_CHOW_BITS
                and not ctx.triplet_bits & ~wanted_bits
                and ctx.pair in wanted
            )
        for group in ctx.plan[1]:
            kind, index = group[0], group[1]
            if kind == K_CHOW:
                if index % 9 not in (0, 6):  # only 123 and 789 hold a terminal
                    return 0
            elif index not in wanted:
                return 0
        return 1

    return detect


def _mixed_greater_terminals(ctx: ScoringContext) -> int:
    # Reading of 8.1.3: an All Triplets or Seven Pairs hand made only of terminals and honours,
    # with both present. All terminals is 8.1.4 and all honours is 3.4 (both listed limits).
    facts = ctx.facts
    shape = ctx.form == SEVEN_PAIRS or len(ctx.triplets) == 4
    mixed = facts.has_honours and not facts.all_honours
    return int(shape and mixed and facts.all_terminals_or_honours)


def _nine_gates(ctx: ScoringContext) -> int:
    # RULINGS R5: a Blessing of Heaven hand scores Blessing of Heaven, never Nine Gates.
    return int(ctx.facts.nine_gates and "heaven" not in ctx.facts.flags)


def _form(form: str) -> Callable[[ScoringContext], int]:
    def detect(ctx: ScoringContext) -> int:
        return int(ctx.form == form)

    return detect


PATTERNS: tuple[Pattern, ...] = (
    Pattern("1.1", gettext_noop("All Sequences"), "平和", 5, lambda ctx: int(len(ctx.chows) == 4)),
    # RULINGS R3: a discard-completed set leaves the hand concealed; R4: never irregular hands.
    Pattern(
        "1.2",
        gettext_noop("Concealed Hand"),
        "門前清",
        5,
        lambda ctx: int(not ctx.facts.has_exposed_meld),
    ),
    Pattern(
        "1.3",
        gettext_noop("No Terminals"),
        "斷么九",
        5,
        lambda ctx: int(ctx.facts.all_simples),
        NO_SETS,
    ),
    Pattern("2.1.1", gettext_noop("Mixed One-Suit"), "混一色", 40, _one_suit(pure=False), NO_SETS),
    Pattern("2.1.2", gettext_noop("Pure One-Suit"), "清一色", 80, _one_suit(pure=True), NO_SETS),
    Pattern("2.2", gettext_noop("Nine Gates"), "九蓮寶燈", 480, _nine_gates),
    Pattern("3.1", gettext_noop("Value Honor"), "番牌", 10, _value_honor),
    Pattern(
        "3.2.1", gettext_noop("Small Three Dragons"), "小三元", 40, _honour_sets("dragon", 2, True)
    ),
    Pattern(
        "3.2.2", gettext_noop("Big Three Dragons"), "大三元", 130, _honour_sets("dragon", 3, False)
    ),
    Pattern(
        "3.3.1", gettext_noop("Small Three Winds"), "小三風", 30, _honour_sets("wind", 2, True)
    ),
    Pattern("3.3.2", gettext_noop("Big Three Winds"), "大三風", 120, _big_three_winds),
    Pattern(
        "3.3.3", gettext_noop("Small Four Winds"), "小四喜", 320, _honour_sets("wind", 3, True)
    ),
    Pattern("3.3.4", gettext_noop("Big Four Winds"), "大四喜", 400, _at_least("wind_triplets", 4)),
    Pattern(
        "3.4",
        gettext_noop("All Honors"),
        "字一色",
        320,
        lambda ctx: int(ctx.facts.all_honours),
        NO_SETS,
    ),
    Pattern(
        "4.1", gettext_noop("All Triplets"), "對對和", 30, lambda ctx: int(len(ctx.triplets) == 4)
    ),
    Pattern(
        "4.2.1",
        gettext_noop("Two Concealed Triplets"),
        "二暗刻",
        5,
        _at_least("concealed_triplets", 2),
    ),
    Pattern(
        "4.2.2",
        gettext_noop("Three Concealed Triplets"),
        "三暗刻",
        30,
        _at_least("concealed_triplets", 3),
    ),
    Pattern(
        "4.2.3",
        gettext_noop("Four Concealed Triplets"),
        "四暗刻",
        125,
        _at_least("concealed_triplets", 4),
    ),
    Pattern("4.3.1", gettext_noop("One Kong"), "一槓", 5, _at_least("kongs", 1)),
    Pattern("4.3.2", gettext_noop("Two Kong"), "二槓", 20, _at_least("kongs", 2)),
    Pattern("4.3.3", gettext_noop("Three Kong"), "三槓", 120, _at_least("kongs", 3)),
    Pattern("4.3.4", gettext_noop("Four Kong"), "四槓", 480, _at_least("kongs", 4)),
    Pattern("5.1.1", gettext_noop("Two Identical Sequences"), "一般高", 10, _identical(2)),
    Pattern(
        "5.1.2",
        gettext_noop("Two Identical Sequences Twice"),
        "兩般高",
        60,
        _identical(2, groups=2),
    ),
    Pattern("5.1.3", gettext_noop("Three Identical Sequences"), "一色三同順", 120, _identical(3)),
    Pattern("5.1.4", gettext_noop("Four Identical Sequences"), "一色四同順", 480, _identical(4)),
    Pattern(
        "6.1", gettext_noop("Three Similar Sequences"), "三色同順", 35, _three_similar_sequences
    ),
    Pattern(
        "6.2.1",
        gettext_noop("Small Three Similar Triplets"),
        "三色小同刻",
        30,
        _small_similar_triplets,
    ),
    Pattern("6.2.2", gettext_noop("Three Similar Triplets"), "三色同刻", 120, _similar_triplets),
    Pattern("7.1", gettext_noop("Nine-Tile Straight"), "一氣通貫", 40, _nine_tile_straight),
    Pattern(
        "7.2.1", gettext_noop("Three Consecutive Triplets"), "三連刻", 100, _consecutive_triplets(3)
    ),
    Pattern(
        "7.2.2", gettext_noop("Four Consecutive Triplets"), "四連刻", 200, _consecutive_triplets(4)
    ),
    Pattern(
        "8.1.1",
        gettext_noop("Mixed Lesser Terminals"),
        "混全帶么",
        40,
        _lesser_terminals(pure=False),
    ),
    Pattern(
        "8.1.2", gettext_noop("Pure Lesser Terminals"), "純全帶么", 50, _lesser_terminals(pure=True)
    ),
    Pattern(
        "8.1.3",
        gettext_noop("Mixed Greater Terminals"),
        "混么九",
        100,
        _mixed_greater_terminals,
        NO_SETS,
    ),
    Pattern(
        "8.1.4",
        gettext_noop("Pure Greater Terminals"),
        "清么九",
        400,
        lambda c: int(c.facts.all_terminals),
        NO_SETS,
    ),
    # Category 9 combines with every form (RULINGS R4).
    Pattern("9.1.1", gettext_noop("Final Draw"), "海底撈月", 10, _flag("final_draw"), ALL_FORMS),
    Pattern(
        "9.1.2", gettext_noop("Final Discard"), "河底撈魚", 10, _flag("final_discard"), ALL_FORMS
    ),
    Pattern("9.2", gettext_noop("Win on Kong"), "嶺上開花", 10, _flag("win_on_kong"), ALL_FORMS),
    Pattern("9.3", gettext_noop("Robbing a Kong"), "搶槓", 10, _flag("robbing_kong"), ALL_FORMS),
    Pattern("9.4.1", gettext_noop("Blessing of Heaven"), "天和", 155, _flag("heaven"), ALL_FORMS),
    Pattern("9.4.2", gettext_noop("Blessing of Earth"), "地和", 155, _flag("earth"), ALL_FORMS),
    Pattern(
        "10.1",
        gettext_noop("Thirteen Terminals"),
        "十三么九",
        160,
        _form(THIRTEEN_TERMINALS),
        frozenset({THIRTEEN_TERMINALS}),
    ),
    Pattern(
        "10.2",
        gettext_noop("Seven Pairs"),
        "七對子",
        30,
        _form(SEVEN_PAIRS),
        frozenset({SEVEN_PAIRS}),
    ),
)

CHICKEN_HAND = Pattern("0", gettext_noop("Chicken Hand"), "雞和", 1, lambda ctx: 0, ALL_FORMS)

PATTERNS_BY_NAME = {p.name: p for p in PATTERNS}
PATTERNS_BY_NUMBER = {p.number: p for p in PATTERNS}
PATTERNS_BY_FORM = {form: tuple(p for p in PATTERNS if form in p.forms) for form in ALL_FORMS}

"""Detectors: how each pattern is found in one arrangement.

Vocabulary:
- *detector*: a function ``ctx -> int``, how many times its pattern applies to the arrangement
  in ``ctx`` (a `ScoringContext`); 0 when absent. The functions here whose names say a kind of
  pattern (`flag`, `at_least`, `identical`...) make the detector of each pattern of that kind.
- The bitmask tests read ``ctx.chow_bits`` / ``ctx.triplet_bits`` (see `context`); `context`
  decides the same patterns with the same tests as exact gates (see `gates`).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from ..context import (
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
from ..decompose import K_CHOW, REGULAR, SEVEN_PAIRS
from ..tiles import FIRST_DRAGON, FIRST_WIND


def flag(name: str) -> Callable[[ScoringContext], int]:
    def detect(ctx: ScoringContext) -> int:
        return int(name in ctx.facts.flags)

    return detect


def at_least(attr: str, n: int) -> Callable[[ScoringContext], int]:
    get = attrgetter(attr)

    def detect(ctx: ScoringContext) -> int:
        return int(get(ctx) >= n)

    return detect


def one_suit(pure: bool) -> Callable[[ScoringContext], int]:
    def detect(ctx: ScoringContext) -> int:
        facts = ctx.facts
        return int(len(facts.suits) == 1 and facts.has_honours is not pure)

    return detect


def value_honor(ctx: ScoringContext) -> int:
    # One set per dragon triplet and per triplet of the seat wind (a tile has one triplet).
    return (ctx.triplet_bits & (DRAGON_BITS | 1 << ctx.facts.seat)).bit_count()


def honour_sets(kind: str, triplets: int, pair: bool) -> Callable[[ScoringContext], int]:
    lo, hi = (FIRST_DRAGON, 34) if kind == "dragon" else (FIRST_WIND, FIRST_DRAGON)
    attr = f"{kind}_triplets"

    def detect(ctx: ScoringContext) -> int:
        has_pair = lo <= ctx.pair < hi
        return int(getattr(ctx, attr) == triplets and has_pair == pair)

    return detect


def big_three_winds(ctx: ScoringContext) -> int:
    return int(ctx.wind_triplets >= 3)


def identical(n: int, groups: int = 1) -> Callable[[ScoringContext], int]:
    def detect(ctx: ScoringContext) -> int:
        chows = ctx.chows
        if len(chows) < n * groups:
            return 0
        repeats = [chows.count(c) for c in set(chows)]
        return int(sum(r // n for r in repeats) >= groups)

    return detect


def three_similar_sequences(ctx: ScoringContext) -> int:
    # A chow starting at number n in each suit: bit n of the characters is set in all three.
    bits = ctx.chow_bits
    return int(bool(bits & bits >> 9 & bits >> 18 & FIRST_SUIT_BITS))


def small_similar_triplets(ctx: ScoringContext) -> int:
    # Triplets of one number in two suits, and the pair of that number in the third suit.
    pair = ctx.pair
    if not 0 <= pair < FIRST_WIND:
        return 0
    same_number = SAME_NUMBER_BITS[pair % 9]
    return int(ctx.triplet_bits & same_number == same_number & ~(1 << pair))


def similar_triplets(ctx: ScoringContext) -> int:
    bits = ctx.triplet_bits
    return int(bool(bits & bits >> 9 & bits >> 18 & FIRST_SUIT_BITS))


def nine_tile_straight(ctx: ScoringContext) -> int:
    # Chows 123, 456 and 789 of one suit: starts b, b + 3 and b + 6 for a suit's first tile b.
    bits = ctx.chow_bits
    return int(bool(bits & bits >> 3 & bits >> 6 & SUIT_FIRSTS_BITS))


def consecutive_triplets(n: int) -> Callable[[ScoringContext], int]:
    # Number triplets at t, t + 1, ..., t + n - 1 inside one suit: t is at most 9 - n there.
    starts = run_starts(n)

    def detect(ctx: ScoringContext) -> int:
        bits = run = ctx.triplet_bits
        for k in range(1, n):
            run &= bits >> k
        return int(bool(run & starts))

    return detect


def lesser_terminals(pure: bool) -> Callable[[ScoringContext], int]:
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


def mixed_greater_terminals(ctx: ScoringContext) -> int:
    # Reading of 8.1.3: an All Triplets or Seven Pairs hand made only of terminals and honours,
    # with both present. All terminals is 8.1.4 and all honours is 3.4 (both listed limits).
    facts = ctx.facts
    shape = ctx.form == SEVEN_PAIRS or len(ctx.triplets) == 4
    mixed = facts.has_honours and not facts.all_honours
    return int(shape and mixed and facts.all_terminals_or_honours)


def nine_gates(ctx: ScoringContext) -> int:
    # RULINGS R5: a Blessing of Heaven hand scores Blessing of Heaven, never Nine Gates.
    return int(ctx.facts.nine_gates and "heaven" not in ctx.facts.flags)


def form(form: str) -> Callable[[ScoringContext], int]:
    def detect(ctx: ScoringContext) -> int:
        return int(ctx.form == form)

    return detect


# The detectors of the patterns that read one fact of the context.


def all_sequences(ctx: ScoringContext) -> int:
    return int(len(ctx.chows) == 4)


def concealed_hand(ctx: ScoringContext) -> int:
    # RULINGS R3: a discard-completed set leaves the hand concealed; R4: never irregular hands.
    return int(not ctx.facts.has_exposed_meld)


def no_terminals(ctx: ScoringContext) -> int:
    return int(ctx.facts.all_simples)


def all_honours(ctx: ScoringContext) -> int:
    return int(ctx.facts.all_honours)


def all_triplets(ctx: ScoringContext) -> int:
    return int(len(ctx.triplets) == 4)


def pure_greater_terminals(ctx: ScoringContext) -> int:
    return int(ctx.facts.all_terminals)


def never(ctx: ScoringContext) -> int:
    """Chicken Hand's: it is counted when no pattern is (RULINGS R1), never detected."""
    return 0

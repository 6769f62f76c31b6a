"""The detection context: the facts about one arrangement that every pattern reads.

Vocabulary:
- `HandFacts`: what does not depend on the arrangement (tile counts over the whole hand with
  kongs counted as four, suits present, honours, seat wind, flags, Nine Gates shape).
- `ScoringContext` (``ctx``): `HandFacts` plus one arrangement (a *plan*, see `decompose`)
  boiled down to integers: ``chows`` (index of each chow's lowest tile), ``triplets`` (tile
  index of each pung/kong), ``kongs``, ``concealed_triplets`` (RULINGS R3), ``pair`` (-1 unless
  a regular hand), ``plan`` itself (for patterns that look at every group), and the *gates*
  (booleans such as ``has_honours``, see `patterns.SERIES_GATES`).
Patterns (`patterns.py`) take a ctx and return how many times they apply.
"""

from __future__ import annotations

from .decompose import K_CHOW, K_KONG, K_ORPHANS, K_PAIR, REGULAR, Plan
from .hand import Hand
from .tiles import FIRST_DRAGON, FIRST_WIND, KIND_COUNT, wind_index

TERMINAL_OR_HONOUR = frozenset(i for i in range(KIND_COUNT) if i >= FIRST_WIND or i % 9 in (0, 8))
TERMINAL = frozenset(i for i in range(FIRST_WIND) if i % 9 in (0, 8))
_NINE_GATES = [3, 1, 1, 1, 1, 1, 1, 1, 3]
_SEAT_INDEX = {seat: wind_index(seat) for seat in ("E", "S", "W", "N")}


class HandFacts:
    __slots__ = (
        "hand",
        "counts",
        "suits",
        "has_honours",
        "all_simples",
        "all_honours",
        "all_terminals",
        "all_terminals_or_honours",
        "seat",
        "flags",
        "self_drawn",
        "has_exposed_meld",
        "nine_gates",
    )

    def __init__(self, hand: Hand, counts: list[int]) -> None:
        """`counts`: every tile of the hand by index (melds included, kongs as four)."""
        self.hand = hand
        self.counts = counts
        kinds = [i for i in range(KIND_COUNT) if counts[i]]
        self.suits = {i // 9 for i in kinds if i < FIRST_WIND}
        self.has_honours = kinds[-1] >= FIRST_WIND
        self.all_honours = kinds[0] >= FIRST_WIND
        special = TERMINAL_OR_HONOUR.intersection(kinds)
        self.all_simples = not special
        self.all_terminals_or_honours = len(special) == len(kinds)
        self.all_terminals = self.all_terminals_or_honours and not self.has_honours
        self.seat = _SEAT_INDEX[hand.seat_wind]
        self.flags = hand.flags
        self.self_drawn = hand.self_drawn
        self.has_exposed_meld = not hand.is_concealed
        self.nine_gates = not hand.melds and _is_nine_gates(hand)


def _is_nine_gates(hand: Hand) -> bool:
    """RULINGS R5: no melds; 1112345678999 of one suit before the win; win in that suit."""
    if hand.melds or hand.winning_tile.index >= FIRST_WIND:
        return False
    base = hand.winning_tile.index // 9 * 9
    counts = [0] * 9
    for tile in hand.concealed:
        if not base <= tile.index < base + 9:
            return False
        counts[tile.index - base] += 1
    return counts == _NINE_GATES


class ScoringContext:
    __slots__ = (
        "facts",
        "plan",
        "form",
        "chows",
        "triplets",
        "kongs",
        "concealed_triplets",
        "pair",
        "wind_triplets",
        "dragon_triplets",
        # gates (see patterns.SERIES_GATES)
        "one_suit",
        "has_honours",
        "has_concealed_triplets",
        "has_kongs",
        "has_repeated_chows",
        "has_three_chows",
        "has_two_number_triplets",
        "has_terminals",
        "has_flags",
    )

    def __init__(self, facts: HandFacts, plan: Plan) -> None:
        self.facts = facts
        self.plan = plan
        form, plan_groups = plan
        self.form = form
        chows: list[int] = []
        triplets: list[int] = []
        kongs = concealed = winds = dragons = 0
        pair = -1
        for kind, index, _melded, is_concealed, _completed in plan_groups:
            if kind == K_CHOW:
                chows.append(index)
            elif kind == K_PAIR:
                pair = index
            elif kind != K_ORPHANS:
                triplets.append(index)
                if kind == K_KONG:
                    kongs += 1
                if is_concealed:
                    concealed += 1
                if index >= FIRST_DRAGON:
                    dragons += 1
                elif index >= FIRST_WIND:
                    winds += 1
        self.chows = chows
        self.triplets = triplets
        self.kongs = kongs
        self.concealed_triplets = concealed
        self.pair = pair if form == REGULAR else -1
        self.wind_triplets = winds
        self.dragon_triplets = dragons
        self.one_suit = len(facts.suits) == 1
        self.has_honours = facts.has_honours
        self.has_concealed_triplets = concealed >= 2
        self.has_kongs = kongs > 0
        self.has_repeated_chows = len(chows) >= 2 and len(set(chows)) < len(chows)
        self.has_three_chows = len(chows) >= 3
        self.has_two_number_triplets = len(triplets) - winds - dragons >= 2
        self.has_terminals = not facts.all_simples
        self.has_flags = bool(facts.flags)

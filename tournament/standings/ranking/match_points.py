"""Match points of one session: places by session score, tied players sharing them.

Vocabulary
----------
signature       for each score of a session, (its first place, how many players share it):
                sessions with the same signature have the same places and points (kept).
place           1..4; a tied place is the mean of the places spanned (two tied firsts: 1.5).
sixtieths       match points are summed in sixtieths of a point (``SCALE``), exact for ties of
                up to six players; a standing's total is made a `Fraction` once summed.
signed root     the sign-kept square root of a session score (WSoM 2010): -49 gives -7.0.
card            one session's results, by player (`SessionResult.card` is its key): its
                placings are kept by the card's content (`CARDS_KEPT`), so after a write only
                the card written is placed again, whoever builds the standings next.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from .rows import Placing, SessionResult
from .rules import RankingRules

SCALE = 60  # match points are summed in sixtieths: exact for ties of up to six players


def _tie_signature(scores: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """For each score, (index of its first place, number of players sharing it)."""
    order = sorted(scores, reverse=True)
    return tuple([(order.index(score), order.count(score)) for score in scores])


@lru_cache(maxsize=4096)
def _placed(
    signature: tuple[tuple[int, int], ...], table: tuple[int, ...]
) -> tuple[tuple[Fraction, Fraction, int], ...]:
    """(place, match points, match points in sixtieths) for each position of a signature."""
    table = table[: len(signature)] + (0,) * max(0, len(signature) - len(table))
    placed = []
    for first, span in signature:
        places = range(first, first + span)
        points = sum(table[i] for i in places)
        placed.append(
            (
                Fraction(sum(p + 1 for p in places), span),
                Fraction(points, span),
                points * SCALE // span,
            )
        )
    return tuple(placed)


@lru_cache(maxsize=4096)
def _placed_for_display(
    signature: tuple[tuple[int, int], ...], table: tuple[int, ...]
) -> tuple[tuple[float, float, int], ...]:
    """As `_placed`, with floats for one session's place and points (light to keep and copy);
    totals are summed exactly from the sixtieths."""
    return tuple((float(p), float(m), s) for p, m, s in _placed(signature, table))


def placing_points(scores: Sequence[int], table: Sequence[int]) -> list[tuple[Fraction, Fraction]]:
    """(place, match points) for each score of one session, in the order given.

    Tied players share equally the places they span (RULINGS R16): with 4/2/1/0, two players
    tied for first get 3 each and place 1.5. The points always sum to the table's sum over the
    places taken.
    """
    return [(place, points) for place, points, _ in _placed(_tie_signature(scores), tuple(table))]


def signed_root(score: int) -> float:
    """The sign-kept square root of a session score (WSoM 2010): -49 gives -7.0."""
    return math.copysign(math.sqrt(abs(score)), score) if score else 0.0


def session_match_points(results: Sequence[SessionResult], rules: RankingRules) -> list[Placing]:
    """The placings of one session's players, in the order given."""
    return [placing for placing, _ in session_placings(results, rules)]


def session_placings(results: Sequence[SessionResult], rules: RankingRules):
    """(placing, match points as summed: sixtieths for placing, floats for roots, 0 for none)
    for each result of one card, in the order given."""
    return _card_placings(tuple(results), rules.match_points, rules.placing_table)


CARDS_KEPT = 4096  # cards whose placings are kept: a 400-player event of 10 rounds has 1,000


@lru_cache(maxsize=CARDS_KEPT)
def _card_placings(
    results: tuple[SessionResult, ...], scheme: str, table: tuple[int, ...]
) -> tuple[tuple[Placing, int | float], ...]:
    scores = [result.hand_points + result.penalty_points for result in results]
    placed = _placed_for_display(_tie_signature(scores), table)
    out = []
    for result, score, (place, points, sixtieths) in zip(results, scores, placed, strict=True):
        if scheme == "placing":
            match, summed = points, sixtieths
        elif scheme == "sqrt":
            match = summed = signed_root(score)
        else:
            match, summed = 0.0, 0
        out.append(
            (
                Placing(
                    result.round_number,
                    result.table_number,
                    result.wind,
                    score,
                    place,
                    match,
                    result.half,
                ),
                summed,
            )
        )
    return tuple(out)


ZERO = Fraction(0)

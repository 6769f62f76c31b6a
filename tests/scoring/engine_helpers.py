"""Small builders for the pure scoring-engine tests."""

from __future__ import annotations

from scoring.engine import Hand, Rules, Scheme, score_hand


def score(text: str, minimum: int = 0, scheme: Scheme = Scheme.FORMAL):
    """Score a hand written in notation; the minimum is off unless asked for."""
    return score_hand(Hand.from_notation(text), Rules(minimum=minimum, scheme=scheme))


def names(result) -> dict[str, int]:
    """The counted patterns of a Score, English name -> points."""
    return {pattern.name: points for pattern, points in result.patterns}

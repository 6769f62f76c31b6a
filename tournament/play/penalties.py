"""What a penalty does to the session's totals (RULINGS R13). Pure Python: no Django, no models.

Vocabulary
----------
penalty effect  points per player of the session: the offender loses the amount; in the
                *zero-sum* mode each of the other three players of the session gains a third
                of it (the amount is a multiple of 3); in the *deduction* mode nobody gains.
                Players are whatever keys the caller uses (player ids at the desk, starting
                winds on the printed score card), so the card's *Penalties* row, the kept
                session scores and the desk's reconciliation add up the same numbers.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

ZERO_SUM = "zero_sum"
DEDUCTION = "deduction"


def penalty_effect(
    offender: Hashable, amount: int, *, zero_sum: bool, seated: Iterable[Hashable]
) -> dict:
    """Points per player (``seated`` keys and the offender) that one penalty changes."""
    effect = {offender: -amount}
    if zero_sum:
        for other in seated:
            if other != offender:
                effect[other] = effect.get(other, 0) + amount // 3
    return effect


def penalty_points(penalties: Iterable[tuple[Hashable, int, bool]], seated) -> dict:
    """Summed effect of (offender, amount, zero_sum) penalties; every seated player present."""
    seated = list(seated)
    points = dict.fromkeys(seated, 0)
    for offender, amount, zero_sum in penalties:
        for player, change in penalty_effect(
            offender, amount, zero_sum=zero_sum, seated=seated
        ).items():
            points[player] = points.get(player, 0) + change
    return points

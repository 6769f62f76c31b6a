"""Payoff: turning a hand value into seat deltas (RULINGS R10, R11, R12).

Vocabulary:
- *seat*: a seat letter ``"E"``, ``"S"``, ``"W"``, ``"N"`` (`SEATS`).
- *total*: the hand value from `score_hand`.
- *responsible*: the seat that pays the balance of a big hand won on a discard: the discarder
  (the kong declarer when robbing a kong), another player under Same-Round Immunity, or
  ``None`` for nobody (a self-draw, or the winner had discarded that tile himself).
- *deltas*: a dict seat -> points won (+) or paid (-); the deltas of one hand sum to zero.
"""

from __future__ import annotations

from .errors import InvalidHandError
from .rules import Rules, Scheme

SEATS = ("E", "S", "W", "N")


def _check_seat(seat: object, what: str) -> None:
    if seat not in SEATS:
        raise InvalidHandError(f"{what} must be one of E, S, W, N, got {seat!r}")


def settle(
    total: int,
    *,
    winner: str,
    self_drawn: bool,
    responsible: str | None,
    rules: Rules | None = None,
) -> dict[str, int]:
    """Seat deltas for a won hand; the winner receives 3 x total under either scheme."""
    rules = rules or Rules()
    _check_seat(winner, "the winner's seat")
    if responsible is not None:
        _check_seat(responsible, "the responsible seat")
        if responsible == winner:
            raise InvalidHandError(f"the winner ({winner}) cannot be the responsible player")
        if self_drawn:
            raise InvalidHandError(
                "a self-drawn win has no responsible player (RULINGS R11: everyone pays)"
            )
    if total < 0:
        raise InvalidHandError(f"a hand value cannot be negative, got {total}")
    payers = [seat for seat in SEATS if seat != winner]
    pays = dict.fromkeys(payers, total)
    big_hand = total > rules.standard_value
    if rules.scheme is Scheme.FORMAL and not self_drawn and responsible is not None and big_hand:
        # RULINGS R11: the others pay the standard value, the responsible player the balance.
        for seat in payers:
            pays[seat] = rules.standard_value
        pays[responsible] = 3 * total - 2 * rules.standard_value
    deltas = {seat: -pays[seat] for seat in payers}
    deltas[winner] = sum(pays.values())
    return {seat: deltas[seat] for seat in SEATS}


def false_win_deltas(offender: str, rules: Rules | None = None) -> dict[str, int]:
    """RULINGS R10: the offender pays the false-win penalty to each of the other three."""
    rules = rules or Rules()
    _check_seat(offender, "the offender's seat")
    penalty = rules.false_win_penalty
    return {seat: -3 * penalty if seat == offender else penalty for seat in SEATS}

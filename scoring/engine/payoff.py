"""Payoff: turning a hand value into seat deltas (RULINGS R10, R11, R12).

Vocabulary:
- *seat*: a seat letter ``"E"``, ``"S"``, ``"W"``, ``"N"`` (`SEATS`).
- *total*: the hand value from `score_hand`.
- *responsible*: the seat that pays the balance of a big hand won on a discard: the discarder
  (the kong declarer when robbing a kong), another player under Same-Round Immunity, or
  ``None`` for nobody (a self-draw, or the winner had discarded that tile himself).
- *deltas*: a dict seat -> points won (+) or paid (-); the deltas of one hand sum to zero.
- *discarder*: the seat that discarded the winning tile (or declared the robbed kong); None on
  a self-draw, or when it was not recorded.
- *immunity*: the official recorded Same-Round Immunity, so that the discarder is not the
  responsible player (another player is, or nobody is).

`check_responsibility` is the one place that checks who discarded against the win (RULINGS R8,
R12); the command line and the judges' desk both ask it before they `settle`.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import InvalidHandError, Subject
from .messages import Message, gettext_noop
from .rules import Rules, Scheme
from .tiles import WINDS

SEATS = WINDS


def _check_seat(seat: object, what: str, subject: Subject) -> None:
    if seat not in SEATS:
        raise InvalidHandError(
            Message(
                gettext_noop("%(what)s must be one of E, S, W, N, got %(seat)s"),
                what=Message(what),
                seat=repr(seat),
            ),
            subject=subject,
        )


# What `check_responsibility` says, by the check that finds it.
_NO_DISCARDER_ON_A_SELF_DRAW = gettext_noop("a self-drawn win has no discarder, got %(discarder)s")
_NO_IMMUNITY_ON_A_SELF_DRAW = gettext_noop(
    "Same-Round Immunity only applies to a win on a discard (RULINGS R12)"
)
_WINNER_IS_NOT_THE_DISCARDER = gettext_noop("the winner (%(winner)s) cannot be the discarder")
_EARTH_IS_ON_EASTS_DISCARD = gettext_noop(
    "Blessing of Earth is won on East's first discard, but the discarder "
    "is %(discarder)s: the discarder must be the player who is East in "
    "this hand (RULINGS R8, R12); correct the discarder or untick "
    "Blessing of Earth"
)
_NO_IMMUNITY_ON_EARTH = gettext_noop(
    "Blessing of Earth is won on East's first discard: nobody has "
    "discarded before, so Same-Round Immunity cannot apply and East is "
    "responsible (RULINGS R12); clear the immunity or untick Blessing "
    "of Earth"
)


def check_responsibility(
    *,
    winner: str,
    self_drawn: bool,
    discarder: str | None,
    immunity: bool = False,
    flags: Iterable[str] = (),
) -> list[tuple[Subject, str]]:
    """Every problem with who discarded the winning tile; [] when there is none.

    Each problem is ``(subject, message)``, the subject `Subject.DISCARDER` or
    `Subject.IMMUNITY` (what the official should change; equal to ``"discarder"``,
    ``"immunity"``), the message written for a judge. Seats are letters E S W N
    in the hand being scored (the seat winds of that hand, RULINGS R14).
    """
    # Each check: (whether it finds a problem, its subject, its message and the message's params).
    if self_drawn:
        checks = (
            (
                discarder is not None,
                Subject.DISCARDER,
                _NO_DISCARDER_ON_A_SELF_DRAW,
                {"discarder": discarder},
            ),
            (immunity, Subject.IMMUNITY, _NO_IMMUNITY_ON_A_SELF_DRAW, {}),
        )
    else:
        # RULINGS R8, R12: Blessing of Earth is won on East's first discard, so the discarder
        # is the player who is East in this hand, and nobody has discarded before: no immunity.
        earth = "earth" in flags
        checks = (
            (
                discarder is not None and discarder == winner,
                Subject.DISCARDER,
                _WINNER_IS_NOT_THE_DISCARDER,
                {"winner": winner},
            ),
            (
                earth and discarder is not None and discarder != "E",
                Subject.DISCARDER,
                _EARTH_IS_ON_EASTS_DISCARD,
                {"discarder": discarder},
            ),
            (earth and immunity, Subject.IMMUNITY, _NO_IMMUNITY_ON_EARTH, {}),
        )
    return [
        (subject, Message(template, **params))
        for found, subject, template, params in checks
        if found
    ]


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
    _check_seat(winner, gettext_noop("the winner's seat"), Subject.SEAT_WIND)
    if responsible is not None:
        _check_seat(responsible, gettext_noop("the responsible seat"), Subject.RESPONSIBLE)
        if responsible == winner:
            raise InvalidHandError(
                Message(
                    gettext_noop("the winner (%(winner)s) cannot be the responsible player"),
                    winner=winner,
                ),
                subject=Subject.RESPONSIBLE,
            )
        if self_drawn:
            raise InvalidHandError(
                Message(
                    gettext_noop(
                        "a self-drawn win has no responsible player (RULINGS R11: everyone pays)"
                    )
                ),
                subject=Subject.RESPONSIBLE,
            )
    if total < 0:
        raise InvalidHandError(
            Message(gettext_noop("a hand value cannot be negative, got %(total)s"), total=total),
            subject=Subject.VALUE,
        )
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
    _check_seat(offender, gettext_noop("the offender's seat"), Subject.SEAT_WIND)
    penalty = rules.false_win_penalty
    return {seat: -3 * penalty if seat == offender else penalty for seat in SEATS}

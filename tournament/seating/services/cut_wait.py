"""Refusing to seat a round that waits for a cut.

A round of a later stage waits for the cut before it (`tournament.stages.RoundField`): every
generation, seating from a roll call and publishing refuses it with code `CUT_PENDING` (the
cut's round in the params, `cut_pending_round`) until the cut is confirmed, and before anything
is saved.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ...models import Tournament
from ...stage_selectors import confirmed_cuts, round_field, stage_plan
from ...stages import REFUSAL, RoundField, field_of_round_number

CUT_PENDING = "cut_pending"  # the code of a refusal to seat a round that waits for a cut


def _field_or_refuse(tournament: Tournament, number: int):
    """Round ``number``'s field; refused while it waits for a cut to be confirmed."""
    field = round_field(tournament, number)
    _refuse_waiting(field)
    return field


def _refuse_waiting(field: RoundField, hint: str = "") -> None:
    """Refuse seating a round that waits for a cut: code ``cut_pending``, with the cut's round
    in ``params`` so a page can link to the Stages page; ``hint`` is added to the refusal."""
    if field.refusal:
        raise ValidationError(
            gettext(REFUSAL) % field.refusal_values + hint,
            code=CUT_PENDING,
            params={"cut_round": field.cut_round, "stage": field.waiting_for},
        )


def cut_pending_round(error: ValidationError) -> int | None:
    """The round after which the cut that ``error`` waits for is made (None: another refusal)."""
    for item in getattr(error, "error_list", ()):
        if item.code == CUT_PENDING:
            return item.params["cut_round"]
    return None


def _refuse_waiting_rounds(tournament: Tournament, numbers: tuple[int, ...]) -> None:
    """Refuse a generation reaching into a stage whose cut is not confirmed yet, before
    anything is computed or saved; the refusal says how many rounds may be seated now."""
    plan, cuts = stage_plan(tournament), confirmed_cuts(tournament)
    for number in numbers:
        field = field_of_round_number(plan, cuts, number)
        if field.refusal:
            hint = ""
            if number > numbers[0]:
                hint = " " + gettext(
                    "Rounds up to %(last)s can be seated now: ask for %(last)s."
                ) % {"last": number - 1}
            _refuse_waiting(field, hint)

"""The roll call: who is present for a round.

Vocabulary: the *roll call* marks who is present for a round (`Registration.checked_in_round`);
only active registrations of the round's *field* (who may be seated in it:
`tournament.stage_selectors`) are marked present.
"""

from collections.abc import Iterable

from django.db import transaction

from ...models import Registration, Tournament
from ...stage_selectors import round_field
from ..selectors.roll_call import in_field


@transaction.atomic
def checkin_set(
    *, tournament: Tournament, round_number: int, registration_ids: Iterable[int], present: bool
) -> int:
    """Mark registrations present (or absent) for ``round_number``; returns how many changed.

    Only active registrations of the round's field (`selectors.round_field`) can be checked in.
    """
    registrations = tournament.registrations.filter(pk__in=list(registration_ids))
    if present:
        field = round_field(tournament, round_number)
        return (
            in_field(registrations, field)
            .filter(status=Registration.Status.ACTIVE)
            .exclude(checked_in_round=round_number)
            .update(checked_in_round=round_number)
        )
    return registrations.filter(checked_in_round=round_number).update(checked_in_round=None)


@transaction.atomic
def roll_call_save(
    *, tournament: Tournament, round_number: int, present_ids: Iterable[int]
) -> None:
    """The whole roll call at once: ``present_ids`` present, every other active player absent
    (only players of the round's field are marked present)."""
    present_ids = set(present_ids)
    active = tournament.registrations.filter(status=Registration.Status.ACTIVE)
    field = round_field(tournament, round_number)
    in_field(active, field).filter(pk__in=present_ids).update(checked_in_round=round_number)
    active.exclude(pk__in=present_ids).filter(checked_in_round=round_number).update(
        checked_in_round=None
    )

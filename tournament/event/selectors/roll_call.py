"""The roll call: who is present for a round, within the round's field.

Vocabulary: a round's *field* (`tournament.stage_selectors.round_field`) is who may be seated in it:
in a later stage of a tournament played in stages (`tournament.stages`), only the qualifiers of the
previous cut; the roll call, the byes and the seating all read it. *Present* means checked in for
the round (`Registration.checked_in_round`).
"""

from __future__ import annotations

from ...models import Registration, Tournament
from ...stage_selectors import RoundField, round_field


def in_field(registrations, field: RoundField):
    """``registrations`` narrowed to the round's field."""
    if field.player_ids is None:
        return registrations
    return registrations.filter(player_id__in=list(field.player_ids))


def roll_call(tournament: Tournament, round_number: int) -> list[Registration]:
    """The active registrations of the round's field, in number order, each with ``present``
    for ``round_number``."""
    active = tournament.registrations.filter(status=Registration.Status.ACTIVE)
    registrations = list(
        in_field(active, round_field(tournament, round_number))
        .select_related("player")
        .order_by("number")
    )
    for registration in registrations:
        registration.present = registration.checked_in_round == round_number
    return registrations


def checked_in_player_ids(tournament: Tournament, round_number: int) -> list[int]:
    return list(
        in_field(
            tournament.registrations.filter(
                status=Registration.Status.ACTIVE, checked_in_round=round_number
            ),
            round_field(tournament, round_number),
        ).values_list("player_id", flat=True)
    )

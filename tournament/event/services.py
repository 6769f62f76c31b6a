"""Writes to the event: players and their registrations, tables, the tournament's settings.

Every function here is ``<noun>_<verb>`` with keyword-only arguments and runs in one
transaction, so a failure leaves nothing half-saved.

Vocabulary: a *roster* is the list of players to register; *settings* are the tournament's
fields that officials may change during the event (`SETTINGS_FIELDS`), audited.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from ..audit import audit_record, tournament_touch
from ..models import AuditEntry, Player, Registration, Table, Tournament


@dataclass(frozen=True)
class RosterEntry:
    name: str
    country: str = ""
    club: str = ""
    chinese_name: str = ""
    external_id: str = ""


@transaction.atomic
def tournament_register(
    *, tournament: Tournament, roster: Iterable[RosterEntry]
) -> list[Registration]:
    """Register players (creating Player rows as needed) with consecutive numbers."""
    registrations = []
    next_number = (
        tournament.registrations.order_by("-number").values_list("number", flat=True).first() or 0
    ) + 1
    for entry in roster:
        player = Player(
            name=entry.name,
            country=entry.country,
            club=entry.club,
            chinese_name=entry.chinese_name,
            external_id=entry.external_id,
        )
        player.full_clean()
        player.save()
        registrations.append(
            Registration.objects.create(tournament=tournament, player=player, number=next_number)
        )
        next_number += 1
    tournament_touch(tournament.pk)
    return registrations


@transaction.atomic
def tables_ensure(*, tournament: Tournament, count: int) -> list[Table]:
    """Make sure tables 1..count exist; return them in order."""
    for number in range(1, count + 1):
        Table.objects.get_or_create(tournament=tournament, number=number)
    return list(tournament.tables.filter(number__lte=count).order_by("number"))


SETTINGS_FIELDS = (
    "minimum_points",
    "payoff_scheme",
    "standard_value",
    "false_win_penalty",
    "hands_per_session",
    "double_entry",
    "use_match_points",
    "match_points_scheme",
    "match_points",
    "rank_by",
    "tie_break_order",
    "results_public",
    "standings_public",
    "silent_rounds",
    "hold_unreconciled_results",
    "hide_withdrawn",
)


@transaction.atomic
def tournament_settings_update(*, tournament: Tournament, changes: dict, user) -> Tournament:
    """Change the desk-relevant settings of a tournament (head judges); audited."""
    unknown = set(changes) - set(SETTINGS_FIELDS)
    if unknown:
        raise ValidationError(f"Unknown settings: {', '.join(sorted(unknown))}.")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = {name: getattr(tournament, name) for name in changes}
    for name, value in changes.items():
        setattr(tournament, name, value)
    tournament.full_clean()
    tournament.save()
    changed = {k: v for k, v in changes.items() if before[k] != v}
    if changed:
        audit_record(
            session=None,
            tournament=tournament,
            action=AuditEntry.Action.SETTINGS,
            user=user,
            before={k: before[k] for k in changed},
            after=changed,
        )
    return tournament

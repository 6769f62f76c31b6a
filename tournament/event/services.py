"""Writes to the event: players and their registrations, tables, the tournament's settings.

Every function here is ``<noun>_<verb>`` with keyword-only arguments and runs in one
transaction, so a failure leaves nothing half-saved.

Vocabulary: a *roster* is the list of players to register; *settings* are the tournament's
fields that officials may change during the event (`SETTINGS_FIELDS`), audited. The *scoring
rules* among them (`SCORING_RULES`) are frozen once the tournament has a hand: changing them
would score the same hand two ways in one event.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from ..audit import audit_record
from ..models import AuditEntry, Hand, Player, Registration, Table, Tournament


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
    "results_public",
)


SCORING_RULES = ("minimum_points", "payoff_scheme", "standard_value", "false_win_penalty")
FROZEN_REASON = (
    "Frozen: this tournament already has hands, and changing how hands score during the "
    "event would score the same hand two ways."
)


def tournament_has_hands(tournament: Tournament) -> bool:
    return Hand.objects.filter(session__round__tournament=tournament).exists()


def highest_hand_number(tournament: Tournament) -> int:
    """The highest hand number entered at any table of the tournament (0 without hands)."""
    found = Hand.objects.filter(session__round__tournament=tournament).aggregate(n=Max("number"))
    return found["n"] or 0


def settings_summary(values: dict) -> str:
    """ "Standard value: 25; Double entry: yes" with the fields' own labels, for the audit log."""

    def shown(name, value):
        field = Tournament._meta.get_field(name)
        if field.choices:
            return dict(field.flatchoices).get(value, value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return value

    return "; ".join(
        f"{Tournament._meta.get_field(name).verbose_name.capitalize()}: {shown(name, value)}"
        for name, value in values.items()
    )


@transaction.atomic
def tournament_settings_update(*, tournament: Tournament, changes: dict, user) -> Tournament:
    """Change the desk-relevant settings of a tournament (head judges); audited.

    Refused, with the reason on each field, when it would change a scoring rule of a
    tournament that has hands, or leave fewer hands per session than a table already has.
    """
    unknown = set(changes) - set(SETTINGS_FIELDS)
    if unknown:
        raise ValidationError(f"Unknown settings: {', '.join(sorted(unknown))}.")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = {name: getattr(tournament, name) for name in changes}
    changed = {k: v for k, v in changes.items() if before[k] != v}
    errors = {}
    if tournament_has_hands(tournament):
        for name in SCORING_RULES:
            if name in changed:
                errors[name] = FROZEN_REASON
    highest = highest_hand_number(tournament)
    if "hands_per_session" in changed and changed["hands_per_session"] < highest:
        errors["hands_per_session"] = (
            f"A table already has hand {highest}: hands per session cannot be fewer than {highest}."
        )
    if errors:
        raise ValidationError(errors)
    for name, value in changes.items():
        setattr(tournament, name, value)
    tournament.full_clean()
    tournament.save()
    if changed:
        old = {k: before[k] for k in changed}
        audit_record(
            session=None,
            tournament=tournament,
            action=AuditEntry.Action.SETTINGS,
            user=user,
            before={**old, "summary": settings_summary(old)},
            after={**changed, "summary": settings_summary(changed)},
        )
    return tournament

"""Writes to the tournament data. Every function here is ``<noun>_<verb>`` with keyword-only
arguments and runs in one transaction, so a failure leaves nothing half-saved.

Vocabulary: a *roster* is the list of players to register; *seat rows* are
``(table number, wind, player)`` triples for one round.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import Group, Permission
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from .models import Player, Registration, Round, Seat, Session, Table, Tournament

JUDGE_GROUP = "Judges"
HEAD_JUDGE_GROUP = "Head judges"


@dataclass(frozen=True)
class RosterEntry:
    name: str
    country: str = ""
    club: str = ""
    chinese_name: str = ""
    external_id: str = ""


def roles_ensure() -> tuple[Group, Group]:
    """Create the judge and head-judge groups (idempotent) and return them."""
    judges, _ = Group.objects.get_or_create(name=JUDGE_GROUP)
    heads, _ = Group.objects.get_or_create(name=HEAD_JUDGE_GROUP)
    judge_perms = Permission.objects.filter(
        content_type__app_label="tournament",
        codename__in=[
            "add_hand",
            "change_hand",
            "delete_hand",
            "add_payment",
            "change_payment",
            "delete_payment",
            "add_penalty",
            "view_hand",
            "view_session",
        ],
    )
    judges.permissions.set(judge_perms)
    heads.permissions.set(
        list(judge_perms)
        + list(
            Permission.objects.filter(
                content_type__app_label="tournament",
                codename__in=[
                    "change_tournament",
                    "change_session",
                    "change_penalty",
                    "delete_penalty",
                ],
            )
        )
    )
    return judges, heads


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


@transaction.atomic
def round_seat(*, round_: Round, seat_rows: Iterable[tuple[int, str, Player]]) -> list[Seat]:
    """Replace the round's seating with ``seat_rows`` and open one session per table.

    Refused when the round already has hands: entered hands are never lost.
    """
    if (
        Session.objects.filter(round=round_)
        .filter(Q(hands__isnull=False) | Q(penalties__isnull=False))
        .exists()
    ):
        raise ValidationError(
            f"Round {round_.number} already has entered hands or penalties, so it cannot be "
            "reseated."
        )
    rows = list(seat_rows)
    tables = {
        t.number: t
        for t in tables_ensure(tournament=round_.tournament, count=max(n for n, _, _ in rows))
    }
    per_table: dict[int, int] = {}
    for number, _, _ in rows:
        per_table[number] = per_table.get(number, 0) + 1
    short = sorted(n for n, count in per_table.items() if count != 4)
    if short:
        raise ValidationError(
            "Every table needs exactly four players; check table(s) "
            + ", ".join(str(n) for n in short)
            + "."
        )
    Session.objects.filter(round=round_).delete()
    Seat.objects.filter(round=round_).delete()
    seats = Seat.objects.bulk_create(
        Seat(round=round_, table=tables[number], wind=wind, player=player)
        for number, wind, player in rows
    )
    Session.objects.bulk_create(
        Session(round=round_, table=tables[number]) for number in sorted(per_table)
    )
    if round_.status == Round.Status.DRAFT:
        round_.status = Round.Status.SEATED
        round_.save(update_fields=["status"])
    return seats

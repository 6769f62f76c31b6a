"""The roster: a tournament's registrations, searched, and the players an import is planned against.

Vocabulary: the *roster* is the tournament's registrations with their players; the *public*
roster is what the public players list shows; *active* registrations are not withdrawn; the
*known players* are every player in the database as the import planner sees them
(`roster_import.KnownPlayer`).
"""

from __future__ import annotations

from django.db.models import Q

from ...models import Player, Registration, Tournament
from ..roster_import import KnownPlayer


def active_player_count(tournament: Tournament) -> int:
    return tournament.registrations.filter(status=Registration.Status.ACTIVE).count()


def known_players(tournament: Tournament) -> list[KnownPlayer]:
    """Every player in the database as the import planner sees them, with this tournament's
    registration number when registered."""
    numbers = dict(tournament.registrations.values_list("player_id", "number"))
    return [
        KnownPlayer(
            id=pk,
            given_name=given,
            family_name=family,
            country=country,
            external_id=external_id,
            number=numbers.get(pk),
        )
        for pk, given, family, country, external_id in Player.objects.values_list(
            "id", "given_name", "family_name", "country", "external_id"
        )
    ]


def roster(tournament: Tournament, query: str = ""):
    """The tournament's registrations with their players, searched by name, number, country,
    club or external id."""
    registrations = tournament.registrations.select_related("player").order_by("number")
    query = query.strip()
    if query:
        condition = (
            Q(player__name__icontains=query)
            | Q(player__chinese_name__icontains=query)
            | Q(player__club__icontains=query)
            | Q(player__external_id__iexact=query)
            | Q(player__country__iexact=query)
        )
        if query.isdecimal():
            condition |= Q(number=int(query))
        registrations = registrations.filter(condition)
    return registrations


def public_registrations(tournament: Tournament, query: str = ""):
    """The registrations (with their players) on the public players list, searched by name
    (Latin or Chinese), country, club or external id, in no order."""
    registrations = tournament.registrations.select_related("player").order_by()
    if query:
        registrations = registrations.filter(
            Q(player__name__icontains=query)
            | Q(player__chinese_name__icontains=query)
            | Q(player__country__icontains=query)
            | Q(player__club__icontains=query)
            | Q(player__external_id__iexact=query)
        )
    return registrations


def public_roster(tournament: Tournament, query: str = ""):
    """`public_registrations` as plain rows of (player id, number, name, Chinese name, country
    code, club, status), for the page's table, which puts them in order."""
    return public_registrations(tournament, query).values_list(
        "player_id",
        "number",
        "player__name",
        "player__chinese_name",
        "player__country",
        "player__club",
        "status",
    )


def withdrawn_numbers(tournament: Tournament) -> list[int]:
    """Numbers of withdrawn players: the roll call says so when one is typed."""
    return list(
        tournament.registrations.filter(status=Registration.Status.WITHDRAWN)
        .order_by("number")
        .values_list("number", flat=True)
    )

"""A round's tables and seats, its byes, and where one player sits in each round.

Vocabulary: a *bye* is a player who sits a seated round out: registered and not withdrawn
before that round, but without a seat in it. A player registered after a round was seated
(`models.players.registered_after`) was *not yet registered* for it: no bye, no seat. A round with
a *table change* has two *halves*: its seats after the change are the second half's. A *place*
(`Place`) is where a player sits in one round. The *last seated round* is the highest round
number with seats (see `tournament.play.selectors.round_is_played` for "played").
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q

from ...models import Player, Registration, Round, Seat, Tournament
from ...models.players import registered_after
from ...names import Names, player_names
from ...stage_selectors import round_field
from ...winds import WIND_NAMES, wind_order
from .roll_call import in_field


def round_tables(round_: Round, names: Names | None = None) -> list[dict]:
    """The round's tables in order (the first half's, then, after a table change, the second
    half's: ``half`` 2), each with its seats sorted by starting wind; every seat carries
    ``label``, its player's label (`player_names`)."""
    names = names or player_names(round_.tournament_id)
    tables: dict[tuple[int, int], dict] = {}
    seats = Seat.objects.filter(round=round_).select_related("table", "player")
    for seat in sorted(seats, key=lambda s: (s.half, s.table.number, wind_order(s.wind))):
        seat.label = names.label(seat.player_id, seat.player.name)
        entry = tables.setdefault(
            (seat.half, seat.table.number), {"table": seat.table, "half": seat.half, "seats": []}
        )
        entry["seats"].append(seat)
    return list(tables.values())


def seated_by_number(round_: Round, number: int) -> tuple[Player | None, bool]:
    """The player registered as ``number`` in the round's tournament (None when nobody is), and
    whether they are seated in ``round_``: one query."""
    found = (
        Registration.objects.filter(tournament_id=round_.tournament_id, number=number)
        .select_related("player")
        .annotate(seated=Exists(Seat.objects.filter(round=round_, player_id=OuterRef("player_id"))))
        .first()
    )
    return (found.player, found.seated) if found else (None, False)


def round_seats_by_player(round_: Round, names: Names | None = None) -> list[Seat]:
    """The round's (first-half) seats in family order of their players (the "where do I sit?"
    list), each with ``label`` and ``later``: the seat after the round's table change, or
    None."""
    names = names or player_names(round_.tournament_id)
    seats = list(Seat.objects.filter(round=round_).select_related("player", "table"))
    later = {seat.player_id: seat for seat in seats if seat.half == 2}
    seats = [seat for seat in seats if seat.half == 1]
    for seat in seats:
        seat.label = names.label(seat.player_id, seat.player.name)
        seat.bye = False
        seat.later = later.get(seat.player_id)
    return names.ordered(seats)


def last_seated_round_number(tournament: Tournament) -> int:
    return (
        Round.objects.filter(tournament=tournament, seats__isnull=False)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        or 0
    )


def round_byes(round_: Round, names: Names | None = None) -> list[Registration]:
    """The players sitting a seated round out, in family order, each with ``label`` ([] before
    the round is seated)."""
    seated = Seat.objects.filter(round=round_).values("player_id")
    if not Seat.objects.filter(round=round_).exists():
        return []
    names = names or player_names(round_.tournament_id)
    field = round_field(round_.tournament, round_.number)
    registrations = in_field(
        Registration.objects.filter(tournament_id=round_.tournament_id), field
    ).filter(Q(status=Registration.Status.ACTIVE) | Q(withdrawn_from_round__gt=round_.number))
    if round_.seated_at is not None:  # not yet registered when it was seated: no bye
        registrations = registrations.exclude(registered_at__gt=round_.seated_at)
    byes = list(registrations.exclude(player_id__in=seated).select_related("player"))
    for registration in byes:
        registration.label = names.label(registration.player_id, registration.player.name)
        registration.bye = True
    return names.ordered(byes)


@dataclass(frozen=True)
class Place:
    """Where a player sits in one round: a table and starting wind, or a bye (``table`` None),
    or nothing when withdrawn before the round (``withdrawn``) or registered after it was
    seated (``unregistered``: not yet registered)."""

    round_number: int
    table: int | None = None
    table_label: str = ""
    wind: str = ""
    withdrawn: bool = False
    unregistered: bool = False
    later: Place | None = None  # after the round's table change (from hand ``change_after + 1``)
    change_after: int | None = None

    @property
    def wind_name(self) -> str:
        return WIND_NAMES.get(self.wind, "")


def player_places(tournament: Tournament, player_id: int, *, rounds) -> list[Place]:
    """The player's place in each of ``rounds`` that is seated (the rounds the viewer may see:
    `tournament.release.seating_seen`), in round order: three queries for any number of rounds."""
    rounds = sorted(rounds, key=lambda r: r.number)
    registration = (
        Registration.objects.filter(tournament=tournament, player_id=player_id)
        .values_list("status", "withdrawn_from_round", "registered_at")
        .first()
    )
    if registration is None or not rounds:
        return []
    status, withdrawn_from, registered_at = registration
    seated_rounds = set(  # one index probe per round, not every seat of the tournament
        Round.objects.filter(pk__in=[r.pk for r in rounds])
        .filter(Exists(Seat.objects.filter(round_id=OuterRef("pk"))))
        .values_list("pk", flat=True)
    )
    seats = {
        (round_id, half): (number, label, wind)
        for round_id, half, number, label, wind in Seat.objects.filter(
            round__in=rounds, player_id=player_id
        ).values_list("round_id", "half", "table__number", "table__label", "wind")
    }
    places = []
    for round_ in rounds:
        if round_.pk not in seated_rounds:
            continue
        if (round_.pk, 1) in seats:
            later = seats.get((round_.pk, 2))
            places.append(
                Place(
                    round_.number,
                    *seats[(round_.pk, 1)],
                    later=Place(round_.number, *later) if later else None,
                    change_after=round_.table_change_after if later else None,
                )
            )
        elif status == Registration.Status.WITHDRAWN and (withdrawn_from or 0) <= round_.number:
            places.append(Place(round_.number, withdrawn=True))
        elif registered_after(registered_at, round_.seated_at):
            places.append(Place(round_.number, unregistered=True))
        else:
            places.append(Place(round_.number))
    return places

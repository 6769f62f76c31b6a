"""Reads for seating: the players and saved rounds as the algorithm's plain objects, and the
quality report of a tournament's seating."""

from ..models import Registration, Seat, Tournament
from .report import SeatingReport, quality_report
from .schedule import Placement, RoundSeating, SeatingPlayer


def seating_players(tournament: Tournament, *, active_only: bool = True) -> list[SeatingPlayer]:
    """The (active) players as plain objects for the algorithm."""
    registrations = tournament.registrations.order_by("number")
    if active_only:
        registrations = registrations.filter(status=Registration.Status.ACTIVE)
    return [
        SeatingPlayer(id=pid, club=club, country=country)
        for pid, club, country in registrations.values_list(
            "player_id", "player__club", "player__country"
        )
    ]


def round_seatings(rounds) -> list[RoundSeating]:
    """The saved seating of ``rounds`` as plain objects."""
    placements: dict[int, list[Placement]] = {round_.pk: [] for round_ in rounds}
    numbers = {round_.pk: round_.number for round_ in rounds}
    seats = Seat.objects.filter(round__in=list(rounds)).order_by()
    for round_id, player_id, table_number, wind in seats.values_list(
        "round_id", "player_id", "table__number", "wind"
    ):
        placements[round_id].append(Placement(player_id, table_number, wind))
    return [
        RoundSeating(number=numbers[pk], placements=tuple(found))
        for pk, found in placements.items()
        if found
    ]


def tournament_seating_report(tournament: Tournament) -> SeatingReport:
    """The quality of every round seated so far, withdrawn players included."""
    players = seating_players(tournament, active_only=False)
    return quality_report(players, round_seatings(list(tournament.rounds.all())))

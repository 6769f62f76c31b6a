"""Reads for seating: the players and saved rounds as the algorithm's plain objects, and the
quality report of a tournament's seating."""

from ..models import Registration, Seat, Tournament
from .report import SeatingReport, quality_report
from .schedule import Placement, RoundSeating, SeatingPlayer


def seating_players(tournament: Tournament, *, active_only: bool = True) -> list[SeatingPlayer]:
    """The (active) players as plain objects for the algorithm."""
    registrations = tournament.registrations.select_related("player")
    if active_only:
        registrations = registrations.filter(status=Registration.Status.ACTIVE)
    return [
        SeatingPlayer(id=reg.player_id, club=reg.player.club, country=reg.player.country)
        for reg in registrations
    ]


def round_seatings(rounds) -> list[RoundSeating]:
    """The saved seating of ``rounds`` as plain objects."""
    placements: dict[int, list[Placement]] = {round_.pk: [] for round_ in rounds}
    numbers = {round_.pk: round_.number for round_ in rounds}
    for seat in Seat.objects.filter(round__in=list(rounds)).select_related("table"):
        placements[seat.round_id].append(Placement(seat.player_id, seat.table.number, seat.wind))
    return [
        RoundSeating(number=numbers[pk], placements=tuple(found))
        for pk, found in placements.items()
        if found
    ]


def tournament_seating_report(tournament: Tournament) -> SeatingReport:
    """The quality of every round seated so far, withdrawn players included."""
    players = seating_players(tournament, active_only=False)
    return quality_report(players, round_seatings(list(tournament.rounds.all())))

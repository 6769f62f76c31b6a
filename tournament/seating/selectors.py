"""Reads for seating: the players and saved rounds as the algorithm's plain objects, and the
quality report of a tournament's seating (byes, the players sitting a round out, included)."""

from django.db.models import Q

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


def round_players(tournament: Tournament, number: int) -> list[SeatingPlayer]:
    """Who round ``number`` seats: the players checked in for it at the roll call, or, when
    nobody is, every player registered and not withdrawn before that round."""
    eligible = _eligible(tournament, number).select_related("player")
    checked_in = eligible.filter(checked_in_round=number)
    if checked_in.exists():
        eligible = checked_in
    return [
        SeatingPlayer(id=reg.player_id, club=reg.player.club, country=reg.player.country.code)
        for reg in eligible
    ]


def round_seatings(rounds, byes: dict[int, tuple[int, ...]] | None = None) -> list[RoundSeating]:
    """The saved seating of ``rounds`` as plain objects (with ``byes`` by round number)."""
    placements: dict[int, list[Placement]] = {round_.pk: [] for round_ in rounds}
    numbers = {round_.pk: round_.number for round_ in rounds}
    seats = Seat.objects.filter(round__in=list(rounds)).order_by()
    for round_id, player_id, table_number, wind in seats.values_list(
        "round_id", "player_id", "table__number", "wind"
    ):
        placements[round_id].append(Placement(player_id, table_number, wind))
    byes = byes or {}
    return [
        RoundSeating(number=numbers[pk], placements=tuple(found), byes=byes.get(numbers[pk], ()))
        for pk, found in placements.items()
        if found
    ]


def _byes_by_round(tournament: Tournament, rounds) -> dict[int, tuple[int, ...]]:
    """Player ids sitting each seated round out: registered, not withdrawn before it, unseated."""
    registrations = list(
        tournament.registrations.values_list("player_id", "status", "withdrawn_from_round")
    )
    seated: dict[int, set[int]] = {}
    for number, player_id in Seat.objects.filter(round__in=list(rounds)).values_list(
        "round__number", "player_id"
    ):
        seated.setdefault(number, set()).add(player_id)
    return {
        number: tuple(
            player_id
            for player_id, status, withdrawn_from in registrations
            if player_id not in in_round
            and (status == Registration.Status.ACTIVE or (withdrawn_from or 0) > number)
        )
        for number, in_round in seated.items()
    }


def rounds_seating_report(tournament: Tournament, rounds) -> SeatingReport:
    """The quality of ``rounds`` (of ``tournament``) together, withdrawn players included."""
    players = seating_players(tournament, active_only=False)
    rounds = list(rounds)
    return quality_report(players, round_seatings(rounds, _byes_by_round(tournament, rounds)))


def tournament_seating_report(tournament: Tournament) -> SeatingReport:
    """The quality of every round seated so far, withdrawn players included."""
    return rounds_seating_report(tournament, tournament.rounds.all())


def _eligible(tournament: Tournament, number: int):
    """Registrations that may play round ``number``: active, or withdrawn only after it."""
    return tournament.registrations.filter(
        Q(status=Registration.Status.ACTIVE) | Q(withdrawn_from_round__gt=number)
    )


def roll_call_begun(tournament: Tournament, number: int) -> bool:
    """Someone who may play round ``number`` is checked in for it."""
    return _eligible(tournament, number).filter(checked_in_round=number).exists()

"""Seating writes: generate, swap and publish round seatings for a tournament.

The bridge between the ORM and the pure algorithm in :mod:`tournament.seating`: it loads the
active players and the *played* rounds (rounds with entered hands or penalties, or marked
playing or finished) as plain objects, runs the algorithm for the *open* rounds (the others),
and saves the result in one transaction. Hands and penalties already entered are never
touched: a played round is never reseated.
"""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from . import services
from .models import Hand, Penalty, Player, Registration, Round, Seat, Tournament
from .seating import (
    Placement,
    RoundSeating,
    SeatingError,
    SeatingOptions,
    SeatingPlayer,
    SeatingReport,
    generate_schedule,
    quality_report,
)

PLAYED_STATUSES = (Round.Status.PLAYING, Round.Status.FINISHED)


@dataclass(frozen=True)
class SeatingPlan:
    """What a generation did: the round numbers seated and the report over all rounds."""

    seated_rounds: tuple[int, ...]
    report: SeatingReport


def round_is_played(round_: Round) -> bool:
    """Marked playing or finished, or with hands or penalties (RULINGS R13) at its tables."""
    return (
        round_.status in PLAYED_STATUSES
        or Hand.objects.filter(session__round=round_).exists()
        or Penalty.objects.filter(session__round=round_).exists()
    )


def seating_players(tournament: Tournament) -> list[SeatingPlayer]:
    """The active players as plain objects for the algorithm."""
    return [
        SeatingPlayer(id=reg.player_id, club=reg.player.club, country=reg.player.country)
        for reg in tournament.registrations.filter(
            status=Registration.Status.ACTIVE
        ).select_related("player")
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
    rounds = list(tournament.rounds.all())
    players = [
        SeatingPlayer(id=reg.player_id, club=reg.player.club, country=reg.player.country)
        for reg in tournament.registrations.select_related("player")
    ]
    return quality_report(players, round_seatings(rounds))


@transaction.atomic
def seating_generate(
    *,
    tournament: Tournament,
    total_rounds: int,
    seed: int = 0,
    odd_players: str = "error",
    time_limit: float = 25.0,
) -> SeatingPlan:
    """Seat every round up to ``total_rounds`` that has not been played yet.

    Played rounds are kept and their meetings count; open rounds (new or seated but without
    hands) are generated anew. Raises ValidationError with the algorithm's message when the
    request cannot be met (e.g. a player count that is not a multiple of 4 without byes).
    """
    if total_rounds < 1:
        raise ValidationError("Ask for at least one round.")
    existing = {round_.number: round_ for round_ in tournament.rounds.all()}
    played = [round_ for number, round_ in sorted(existing.items()) if round_is_played(round_)]
    first_open = max((round_.number for round_ in played), default=0) + 1
    stray = [n for n, r in existing.items() if n < first_open and r not in played]
    if stray:
        raise ValidationError(
            f"Round(s) {', '.join(map(str, stray))} come before a played round but have no hands; "
            "enter their hands or delete them before generating."
        )
    to_seat = total_rounds - first_open + 1
    if to_seat <= 0:
        raise ValidationError(
            f"Rounds 1 to {first_open - 1} are already played; ask for more than "
            f"{first_open - 1} rounds to seat new ones."
        )
    separate_by = tournament.seating_separate_by or None
    try:
        schedule = generate_schedule(
            seating_players(tournament),
            to_seat,
            played=round_seatings(played),
            options=SeatingOptions(seed=seed, separate_by=separate_by, time_limit=time_limit),
            odd_players=odd_players,
        )
    except SeatingError as error:
        raise ValidationError(str(error)) from error
    players = Player.objects.in_bulk([p.id for p in seating_players(tournament)])
    for seating in schedule:
        round_ = existing.get(seating.number) or Round.objects.create(
            tournament=tournament, number=seating.number
        )
        round_.seating_published = False
        round_.save(update_fields=["seating_published"])
        services.round_seat(
            round_=round_,
            seat_rows=[(p.table, p.wind, players[p.player_id]) for p in seating.placements],
        )
    return SeatingPlan(
        seated_rounds=tuple(seating.number for seating in schedule),
        report=tournament_seating_report(tournament),
    )


@transaction.atomic
def seating_swap(*, round_: Round, first: Player, second: Player) -> None:
    """Exchange the seats (table and wind) of two players in an open round."""
    if first == second:
        raise ValidationError("Choose two different players to swap.")
    if round_is_played(round_):
        raise ValidationError(
            f"Round {round_.number} already has entered hands or penalties, so its seating "
            "cannot change."
        )
    seats = {
        seat.player_id: seat
        for seat in Seat.objects.select_for_update().filter(
            round=round_, player__in=[first, second]
        )
    }
    missing = [player.name for player in (first, second) if player.pk not in seats]
    if missing:
        raise ValidationError(
            f"{' and '.join(missing)} {'has' if len(missing) == 1 else 'have'} no seat in "
            f"round {round_.number}."
        )
    a, b = seats[first.pk], seats[second.pk]
    # Swap via a temporary delete: (round, player) and (round, table, wind) are both unique.
    a_place, b_place = (a.table_id, a.wind), (b.table_id, b.wind)
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(round=round_, player=first, table_id=b_place[0], wind=b_place[1]),
            Seat(round=round_, player=second, table_id=a_place[0], wind=a_place[1]),
        ]
    )
    round_.seating_published = False
    round_.save(update_fields=["seating_published"])


@transaction.atomic
def seating_publish(*, round_: Round, published: bool = True) -> None:
    if published and not round_.seats.exists():
        raise ValidationError(f"Round {round_.number} has no seating to publish.")
    round_.seating_published = published
    round_.save(update_fields=["seating_published"])

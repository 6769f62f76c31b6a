"""Seating writes: generate, swap, publish and save round seatings for a tournament.

The bridge between the ORM and the pure algorithm in :mod:`.schedule`: it loads the
active players and the *opened* rounds (`tournament.play.selectors.round_is_opened`: opened at
the desk, with entered hands or penalties, or marked playing or finished) as plain objects,
runs the algorithm for the other rounds outside any transaction, and saves the result in one
short transaction. An opened round is never reseated; a *published* round only once the
organiser confirms the change (`ReseatNeedsConfirmation`).

Vocabulary: *seat rows* are ``(table number, wind, player)`` triples for one round. A *roster
change* (withdraw, reinstate, substitute) reseats the seated rounds not yet played, from the
round it takes effect on (`roster_withdraw`, `roster_reinstate`, `roster_substitute`); played
rounds never change.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from ..audit import tournament_touch
from ..event import services as event_services
from ..event.services import tables_ensure
from ..models import Player, Registration, Round, Seat, Session, Tournament
from ..play.selectors import round_is_opened, round_is_played
from .report import SeatingReport
from .schedule import SeatingError, SeatingOptions, generate_schedule
from .selectors import round_players, round_seatings, seating_players, tournament_seating_report


@dataclass(frozen=True)
class SeatingPlan:
    """What a generation did: the round numbers seated and the report over all rounds."""

    seated_rounds: tuple[int, ...]
    report: SeatingReport


@dataclass(frozen=True)
class PublishedChange:
    """A published round that a generation would reseat (and unpublish)."""

    number: int
    moved: int  # players whose table or wind changes
    seated: int  # players seated in the round now

    def describe(self) -> str:
        return (
            f"Round {self.number} is published: {self.moved} of {self.seated} players would "
            "change table or wind, and the round would be unpublished."
        )


class ReseatNeedsConfirmation(ValidationError):
    """Generating would reseat published rounds: ``changes`` names them; nothing was written.

    Call again with ``reseat_published`` naming exactly these rounds to go ahead.
    """

    def __init__(self, changes: list[PublishedChange]):
        super().__init__([change.describe() for change in changes])
        self.changes = changes


def _fixed_rounds(tournament: Tournament) -> tuple[dict[int, Round], list[Round]]:
    """All rounds by number, and the opened ones (kept as they are)."""
    existing = {round_.number: round_ for round_ in tournament.rounds.all()}
    fixed = [round_ for _, round_ in sorted(existing.items()) if round_is_opened(round_)]
    return existing, fixed


def _published_changes(existing: dict[int, Round], schedule) -> list[PublishedChange]:
    changes = []
    for seating in schedule:
        round_ = existing.get(seating.number)
        if round_ is None or not round_.seating_published:
            continue
        now = {
            seat.player_id: (seat.table.number, seat.wind)
            for seat in Seat.objects.filter(round=round_).select_related("table")
        }
        new = {p.player_id: (p.table, p.wind) for p in seating.placements}
        moved = sum(1 for player, place in now.items() if new.get(player) != place)
        moved += sum(1 for player in new if player not in now)
        if moved:
            changes.append(PublishedChange(seating.number, moved, len(now)))
    return changes


def seating_generate(
    *,
    tournament: Tournament,
    total_rounds: int,
    seed: int = 0,
    odd_players: str = "error",
    time_limit: float = 25.0,
    reseat_published: tuple[int, ...] | None = None,
) -> SeatingPlan:
    """Seat every round up to ``total_rounds`` that has not been opened at the desk yet.

    Opened rounds (`round_is_opened`) are kept and their meetings count; the others (new, or
    seated but never opened) are generated anew. A *published* round is reseated only when
    ``reseat_published`` names it (the organiser confirmed the change): otherwise
    `ReseatNeedsConfirmation` says which rounds would change and how much, and nothing is
    written. Raises ValidationError with the algorithm's message when the request cannot be
    met (e.g. a player count that is not a multiple of 4 without byes).

    The schedule is computed outside any transaction (it may take seconds, and on SQLite a
    transaction holds the one write lock the desk needs); the result is written in one short
    transaction that first checks no round was opened meanwhile.
    """
    if total_rounds < 1:
        raise ValidationError("Ask for at least one round.")
    existing, fixed = _fixed_rounds(tournament)
    first_open = max((round_.number for round_ in fixed), default=0) + 1
    stray = [n for n, r in existing.items() if n < first_open and r not in fixed]
    if stray:
        raise ValidationError(
            f"Round(s) {', '.join(map(str, stray))} come before a round already opened at the "
            "desk but have never been opened; enter their hands or delete them before generating."
        )
    to_seat = total_rounds - first_open + 1
    if to_seat <= 0:
        raise ValidationError(
            f"Rounds 1 to {first_open - 1} are already played or opened at the desk; ask for more "
            f"than {first_open - 1} rounds to seat new ones."
        )
    separate_by = tournament.seating_separate_by or None
    try:
        schedule = generate_schedule(
            seating_players(tournament),
            to_seat,
            played=round_seatings(fixed),
            options=SeatingOptions(seed=seed, separate_by=separate_by, time_limit=time_limit),
            odd_players=odd_players,
        )
    except SeatingError as error:
        raise ValidationError(str(error)) from error
    changes = _published_changes(existing, schedule)
    if changes and tuple(sorted(reseat_published or ())) != tuple(c.number for c in changes):
        raise ReseatNeedsConfirmation(changes)
    _schedule_save(tournament=tournament, schedule=schedule, fixed=fixed)
    return SeatingPlan(
        seated_rounds=tuple(seating.number for seating in schedule),
        report=tournament_seating_report(tournament),
    )


@transaction.atomic
def _schedule_save(*, tournament: Tournament, schedule, fixed: list[Round]) -> None:
    """Write a computed schedule; refused if a round was opened while it was computed."""
    rounds = {r.number: r for r in Round.objects.select_for_update().filter(tournament=tournament)}
    now_fixed = [r.number for _, r in sorted(rounds.items()) if round_is_opened(r)]
    if now_fixed != [r.number for r in fixed]:
        raise ValidationError(
            "A round was opened at the desk while the seating was being computed; nothing was "
            "changed. Generate again."
        )
    players = Player.objects.in_bulk([p.id for p in seating_players(tournament)])
    for seating in schedule:
        round_ = rounds.get(seating.number) or Round.objects.create(
            tournament=tournament, number=seating.number
        )
        round_.seating_published = False
        round_.save(update_fields=["seating_published"])
        round_seat(
            round_=round_,
            seat_rows=[(p.table, p.wind, players[p.player_id]) for p in seating.placements],
        )


@transaction.atomic
def seating_swap(*, round_: Round, first: Player, second: Player) -> None:
    """Exchange the seats (table and wind) of two players in an open round."""
    if first == second:
        raise ValidationError("Choose two different players to swap.")
    if round_is_opened(round_):
        raise ValidationError(
            f"Round {round_.number} has been opened at the desk (or has entered hands or "
            "penalties), so its seating cannot change."
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
    tournament_touch(round_.tournament_id)


@transaction.atomic
def seating_publish(*, round_: Round, published: bool = True) -> None:
    if published and not round_.seats.exists():
        raise ValidationError(f"Round {round_.number} has no seating to publish.")
    round_.seating_published = published
    round_.save(update_fields=["seating_published"])
    tournament_touch(round_.tournament_id)


@transaction.atomic
def round_seat(*, round_: Round, seat_rows: Iterable[tuple[int, str, Player]]) -> list[Seat]:
    """Replace the round's seating with ``seat_rows`` and open one session per table.

    Refused when the round already has hands: entered hands are never lost.
    """
    if round_is_opened(round_):
        raise ValidationError(
            f"Round {round_.number} has been opened at the desk (or has entered hands or "
            "penalties), so it cannot be reseated."
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
    tournament_touch(round_.tournament_id)
    if round_.status == Round.Status.DRAFT:
        round_.status = Round.Status.SEATED
        round_.save(update_fields=["status"])
    return seats


@transaction.atomic
def seating_round_generate(
    *,
    tournament: Tournament,
    number: int,
    seed: int = 0,
    odd_players: str = "error",
    time_limit: float = 10.0,
) -> SeatingPlan:
    """Seat round ``number`` alone, with the players checked in for it (`round_players`);
    the rounds before it count as history. Refused when the round is played."""
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is not None and round_is_played(round_):
        raise ValidationError(
            f"Round {number} already has entered hands or penalties, so it cannot be reseated."
        )
    earlier = list(tournament.rounds.filter(number__lt=number))
    players = round_players(tournament, number)
    try:
        (seating,) = generate_schedule(
            players,
            1,
            played=round_seatings(earlier),
            options=SeatingOptions(
                seed=seed,
                separate_by=tournament.seating_separate_by or None,
                time_limit=time_limit,
            ),
            odd_players=odd_players,
        )
    except SeatingError as error:
        raise ValidationError(str(error)) from error
    if round_ is None:
        round_ = Round.objects.create(tournament=tournament, number=number)
    round_.seating_published = False
    round_.save(update_fields=["seating_published"])
    by_id = Player.objects.in_bulk([p.id for p in players])
    round_seat(
        round_=round_,
        seat_rows=[(p.table, p.wind, by_id[p.player_id]) for p in seating.placements],
    )
    return SeatingPlan(seated_rounds=(number,), report=tournament_seating_report(tournament))


def _reseat_from(tournament: Tournament, from_round: int) -> tuple[int, ...]:
    """Reseat every seated round from ``from_round`` on, one after another (byes when the
    count is not a multiple of 4); refuse when one of them is played."""
    rounds = list(tournament.rounds.filter(number__gte=from_round).order_by("number"))
    played = [r.number for r in rounds if round_is_played(r)]
    if played:
        raise ValidationError(
            f"Round {played[-1]} is already played and never changes: choose round "
            f"{played[-1] + 1} or later."
        )
    reseated = []
    for round_ in rounds:
        if round_.seats.exists():
            seating_round_generate(tournament=tournament, number=round_.number, odd_players="byes")
            reseated.append(round_.number)
    return tuple(reseated)


@transaction.atomic
def roster_withdraw(*, registration: Registration, from_round: int) -> tuple[int, ...]:
    """Withdraw a player from round ``from_round`` on and reseat the seated rounds not yet
    played from there; returns the round numbers reseated."""
    event_services.registration_withdraw(registration=registration, from_round=from_round)
    return _reseat_from(registration.tournament, from_round)


def _first_open_round(tournament: Tournament) -> int:
    played = [r.number for r in tournament.rounds.all() if round_is_played(r)]
    return max(played, default=0) + 1


@transaction.atomic
def roster_reinstate(*, registration: Registration) -> tuple[int, ...]:
    """Bring a withdrawn player back and reseat the rounds not yet played."""
    event_services.registration_reinstate(registration=registration)
    return _reseat_from(registration.tournament, _first_open_round(registration.tournament))


@transaction.atomic
def roster_substitute(*, tournament: Tournament, reseat: bool = True, **player) -> Registration:
    """Register a substitute, present for the next round to play; with ``reseat``, the seated
    rounds not yet played are seated again with them."""
    first_open = _first_open_round(tournament)
    roll_call_started = tournament.registrations.filter(checked_in_round=first_open).exists()
    registration = event_services.registration_add(
        tournament=tournament,
        is_substitute=True,
        checked_in_round=first_open if roll_call_started else None,
        **player,
    )
    if reseat:
        _reseat_from(tournament, first_open)
    return registration

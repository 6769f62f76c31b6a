"""Seating writes: generate, swap, publish and save round seatings for a tournament.

The bridge between the ORM and the pure algorithm in :mod:`.schedule`: it loads the
active players and the *opened* rounds (`tournament.play.selectors.round_is_opened`: opened at
the desk, with entered hands or penalties, or marked playing or finished) as plain objects,
runs the algorithm for the other rounds outside any transaction, and saves the result in one
short unit of work (`tournament.audit.public_write`: every write here moves the tournament's
last write, so the public pages show the new seating). *Kept* rounds are never reseated by a
generation: the opened ones and the *published* ones (players may have read them); to seat a
published round again, unpublish it on its seating page or seat it from its roll call.

A round whose *roll call* has begun (someone is checked in for it) is seated with the players
*present*; rounds without a roll call with every active player. Seating one round from its roll
call (`round_seat_from_roll_call`) counts its repeat meetings against the kept rounds before it
only, and then regenerates the *prepared* rounds after it (seated, not kept), which were made
for the round's old seating; when one of the later rounds is kept they cannot be, and the plan
names them as *stale*.

A round of a later stage waits for the cut before it (`tournament.stages.RoundField`): every
generation, seating from a roll call and publishing refuses it with code `CUT_PENDING` (the
cut's round in the params, `cut_pending_round`) until the cut is confirmed, and before anything
is saved.

A *table change* (`round_table_change_set`) declares that a round's players move after hand N:
the round is then seated in two halves (`schedule` seats each half as a round of its own), and
every generation here seats both halves of such a round.

Vocabulary: *seat rows* are ``(table number, wind, player)`` triples for one round (or one
half: ``second_half_rows`` of `round_seat`). A *roster
change* (withdraw, reinstate, substitute) reseats the seated rounds not yet played, from the
round it takes effect on (`roster_withdraw`, `roster_reinstate`, `roster_substitute`); played
rounds never change.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext, pgettext

from ..audit import audit_record, public_write
from ..event import services as event_services
from ..event.selectors import round_field
from ..event.services import tables_ensure
from ..fields import confirmed_cuts, stage_plan
from ..models import AuditEntry, Player, Registration, Round, Seat, Session, Tournament
from ..play.selectors.rounds import round_is_opened, round_is_played, round_progress
from ..stages import REFUSAL, RoundField, field_of_round_number
from .report import SeatingReport
from .schedule import (
    RoundSeating,
    SeatingError,
    SeatingOptions,
    generate_schedule,
    seat_second_half,
)
from .selectors import (
    roll_call_begun,
    round_players,
    round_seatings,
    rounds_seating_report,
    seating_players,
    tournament_seating_report,
)

CUT_PENDING = "cut_pending"  # the code of a refusal to seat a round that waits for a cut


@dataclass(frozen=True)
class SeatingPlan:
    """What a generation did.

    ``seated_rounds``: the round numbers seated; ``kept_rounds``: the published or opened rounds
    left as they are; ``players``: how many players each seated round seats or sits out (the
    players present at its roll call, or every active player); ``roll_call_rounds``: the seated
    rounds that took their players from a roll call; ``stale_rounds``: prepared rounds that
    could not be regenerated after an earlier round changed (check or regenerate them);
    ``regenerated_rounds``: prepared rounds seated again after an earlier round changed;
    ``report``: the quality of the kept rounds and the seated ones (with ``against_published``,
    of the kept rounds before the round seated from its roll call and that round only).
    """

    seated_rounds: tuple[int, ...]
    report: SeatingReport
    kept_rounds: tuple[int, ...] = ()
    players: dict[int, int] = field(default_factory=dict)
    roll_call_rounds: tuple[int, ...] = ()
    stale_rounds: tuple[int, ...] = ()
    regenerated_rounds: tuple[int, ...] = ()
    against_published: bool = False  # the report counts only the kept rounds and the seated one

    def _plain_rounds(self) -> tuple[int, ...]:
        special = set(self.roll_call_rounds) | set(self.regenerated_rounds)
        return tuple(n for n in self.seated_rounds if n not in special)

    def describe(self) -> str:
        """What the generation did, in the organiser's words: kept rounds, who, quality."""
        parts = []
        if self.kept_rounds:
            parts.append(
                gettext("Kept round(s) %(rounds)s as published or played.")
                % {"rounds": _rounds_text(self.kept_rounds)}
            )
        for number in self.roll_call_rounds:
            parts.append(
                gettext(
                    "Round %(number)s seated with the %(players)s player(s) present at its "
                    "roll call."
                )
                % {"number": number, "players": self.players[number]}
            )
        for numbers, with_players, alone in (
            (
                self._plain_rounds(),
                gettext("Seated round(s) %(rounds)s with the %(players)s active player(s)."),
                gettext("Seated round(s) %(rounds)s."),
            ),
            (
                self.regenerated_rounds,
                gettext(
                    "Regenerated the prepared round(s) %(rounds)s with the %(players)s active "
                    "player(s)."
                ),
                gettext("Regenerated the prepared round(s) %(rounds)s."),
            ),
        ):
            if numbers:
                counted = self.players.get(numbers[0])
                sentence = with_players if counted else alone
                parts.append(sentence % {"rounds": _rounds_text(numbers), "players": counted})
        quality = {
            "meetings": self.report.repeat_meetings,
            "spread": self.report.max_wind_spread,
        }
        if self.against_published:
            parts.append(
                gettext(
                    "%(meetings)s repeat meeting(s) with the rounds already published, wind "
                    "spread at most %(spread)s."
                )
                % quality
            )
        else:
            parts.append(
                gettext("%(meetings)s repeat meeting(s), wind spread at most %(spread)s.") % quality
            )
        if self.stale_rounds:
            parts.append(
                gettext(
                    "Round(s) %(rounds)s were prepared for the old seating and could not be "
                    "regenerated (a later round is published or played): regenerate them on the "
                    "Seating page."
                )
                % {"rounds": _rounds_text(self.stale_rounds)}
            )
        parts.append(gettext("Check them, then publish each round."))
        return " ".join(parts)


def _is_kept(round_: Round) -> bool:
    """Never reseated by a generation: opened at the desk, or published to the players."""
    return bool(round_.seating_published) or round_is_opened(round_)


def _kept_rounds(tournament: Tournament) -> tuple[dict[int, Round], list[Round]]:
    """All rounds by number, and the kept ones (published or opened), in order."""
    existing = {round_.number: round_ for round_ in tournament.rounds.all()}
    kept = [round_ for _, round_ in sorted(existing.items()) if _is_kept(round_)]
    return existing, kept


def _options(tournament: Tournament, seed: int, time_limit: float) -> SeatingOptions:
    separate_by = tournament.seating_separate_by or None
    return SeatingOptions(seed=seed, separate_by=separate_by, time_limit=time_limit)


def _schedule(players, count, *, history, options, odd_players, halves=()) -> list[RoundSeating]:
    try:
        return generate_schedule(
            players,
            count,
            played=history,
            options=options,
            odd_players=odd_players,
            halves=halves,
        )
    except SeatingError as error:
        problems = pgettext("between seating problems", "; ").join(
            gettext(text) % values for text, values in error.problems
        )
        raise ValidationError(
            gettext("Cannot seat: %(problems)s.") % {"problems": problems}
        ) from error


def _halves_of(tournament: Tournament, numbers) -> list[int]:
    """How many halves each of rounds ``numbers`` is played in (2 with a table change)."""
    changes = dict(
        tournament.rounds.filter(number__in=list(numbers)).values_list(
            "number", "table_change_after"
        )
    )
    return [1 if changes.get(number) is None else 2 for number in numbers]


def _rounds_text(numbers) -> str:
    return ", ".join(map(str, numbers))


def seating_generate(
    *,
    tournament: Tournament,
    total_rounds: int,
    seed: int = 0,
    odd_players: str = "error",
    time_limit: float = 25.0,
) -> SeatingPlan:
    """Seat every round up to ``total_rounds`` after the last kept round.

    Kept rounds (published, or opened at the desk) stay as they are and their meetings count.
    The first round to seat takes the players present at its roll call when it has begun; the
    rounds after it every active player. Raises ValidationError with the algorithm's message
    when the request cannot be met (e.g. a player count that is not a multiple of 4 without
    byes), or when an unkept round lies before a kept one.

    The schedule is computed outside any transaction (it may take seconds, and on SQLite a
    transaction holds the one write lock the desk needs); the result is written in one short
    transaction that first checks no round was opened or published meanwhile.
    """
    if total_rounds < 1:
        raise ValidationError(gettext("Ask for at least one round."))
    existing, kept = _kept_rounds(tournament)
    first_free = max((round_.number for round_ in kept), default=0) + 1
    stray = [n for n, r in sorted(existing.items()) if n < first_free and r not in kept]
    if stray:
        raise ValidationError(
            gettext(
                "Round(s) %(rounds)s come before round %(kept)s, which is published or opened at "
                "the desk, but are not published themselves: publish them, or unpublish the "
                "later rounds, before generating."
            )
            % {"rounds": _rounds_text(stray), "kept": first_free - 1}
        )
    if total_rounds < first_free:
        last = first_free - 1
        if last == 1:
            refusal = gettext(
                "Round 1 is already played, opened at the desk or published, and keep their "
                "seating; ask for more than 1 round(s) to seat new ones (to seat a published "
                "round again, unpublish it on its seating page first)."
            )
        else:
            refusal = gettext(
                "Rounds 1 to %(last)s are already played, opened at the desk or published, and "
                "keep their seating; ask for more than %(last)s round(s) to seat new ones (to "
                "seat a published round again, unpublish it on its seating page first)."
            ) % {"last": last}
        raise ValidationError(refusal)
    numbers = tuple(range(first_free, total_rounds + 1))
    _refuse_waiting_rounds(tournament, numbers)
    schedule, counts, roll_called = _rounds_compute(
        tournament,
        numbers,
        history=round_seatings(kept),
        options=_options(tournament, seed, time_limit),
        odd_players=odd_players,
    )
    _schedule_save(tournament=tournament, schedule=schedule, kept=kept)
    return SeatingPlan(
        seated_rounds=numbers,
        report=tournament_seating_report(tournament),
        kept_rounds=tuple(round_.number for round_ in kept),
        players=counts,
        roll_call_rounds=roll_called,
    )


def _rounds_compute(tournament, numbers, *, history, options, odd_players):
    """The seating of rounds ``numbers`` (consecutive) after ``history``: the first one from
    its roll call when it has begun, the others (or all) with every active player.

    Returns (schedule, players per round, the round numbers seated from a roll call)."""
    first, rest = numbers[0], numbers[1:]
    fields = {number: _field_or_refuse(tournament, number) for number in numbers}
    halves = _halves_of(tournament, numbers)
    schedule: list[RoundSeating] = []
    roll_called: tuple[int, ...] = ()
    if roll_call_begun(tournament, first):
        schedule = _schedule(
            round_players(tournament, first),
            1,
            history=history,
            options=options,
            odd_players=odd_players,
            halves=halves[:1],
        )
        roll_called, numbers, halves = (first,), rest, halves[1:]
    while numbers:  # one schedule per stage: a later stage seats only its qualifiers
        stage = fields[numbers[0]].stage
        chunk = tuple(n for n in numbers if fields[n].stage == stage)
        schedule += _schedule(
            seating_players(tournament, round_number=chunk[0]),
            len(chunk),
            history=[*history, *schedule],
            options=options,
            odd_players=odd_players,
            halves=halves[: len(chunk)],
        )
        numbers, halves = numbers[len(chunk) :], halves[len(chunk) :]
    counts = {seating.number: len(seating.placements) + len(seating.byes) for seating in schedule}
    return schedule, counts, roll_called


def _field_or_refuse(tournament: Tournament, number: int):
    """Round ``number``'s field; refused while it waits for a cut to be confirmed."""
    field = round_field(tournament, number)
    _refuse_waiting(field)
    return field


def _refuse_waiting(field: RoundField, hint: str = "") -> None:
    """Refuse seating a round that waits for a cut: code ``cut_pending``, with the cut's round
    in ``params`` so a page can link to the Stages page; ``hint`` is added to the refusal."""
    if field.refusal:
        raise ValidationError(
            gettext(REFUSAL) % field.refusal_values + hint,
            code=CUT_PENDING,
            params={"cut_round": field.cut_round, "stage": field.waiting_for},
        )


def cut_pending_round(error: ValidationError) -> int | None:
    """The round after which the cut that ``error`` waits for is made (None: another refusal)."""
    for item in getattr(error, "error_list", ()):
        if item.code == CUT_PENDING:
            return item.params["cut_round"]
    return None


def _refuse_waiting_rounds(tournament: Tournament, numbers: tuple[int, ...]) -> None:
    """Refuse a generation reaching into a stage whose cut is not confirmed yet, before
    anything is computed or saved; the refusal says how many rounds may be seated now."""
    plan, cuts = stage_plan(tournament), confirmed_cuts(tournament)
    for number in numbers:
        field = field_of_round_number(plan, cuts, number)
        if field.refusal:
            hint = ""
            if number > numbers[0]:
                hint = " " + gettext(
                    "Rounds up to %(last)s can be seated now: ask for %(last)s."
                ) % {"last": number - 1}
            _refuse_waiting(field, hint)


@public_write
def _schedule_save(*, tournament: Tournament, schedule, kept: list[Round]) -> None:
    """Write a computed schedule; refused if a round was opened or published meanwhile."""
    rounds = {r.number: r for r in Round.objects.select_for_update().filter(tournament=tournament)}
    now_kept = [r.number for _, r in sorted(rounds.items()) if _is_kept(r)]
    if now_kept != [r.number for r in kept]:
        raise ValidationError(
            gettext(
                "A round was opened at the desk or published while the seating was being "
                "computed; nothing was changed. Generate again."
            )
        )
    players = Player.objects.in_bulk(
        {p.player_id for seating in schedule for p in seating.placements}
    )
    for number, halves in _halves_by_round(schedule).items():
        round_ = rounds.get(number) or Round.objects.create(tournament=tournament, number=number)
        round_.seating_published = False
        round_.save(update_fields=["seating_published"])
        round_seat(round_=round_, **_seat_rows_of(halves, players))


def _halves_by_round(schedule: list[RoundSeating]) -> dict[int, list[RoundSeating]]:
    by_round: dict[int, list[RoundSeating]] = {}
    for seating in sorted(schedule, key=lambda seating: seating.order):
        by_round.setdefault(seating.number, []).append(seating)
    return by_round


def _seat_rows_of(halves: list[RoundSeating], players: dict[int, Player]) -> dict:
    """`round_seat`'s keyword arguments for one round's seatings (one per half)."""
    rows = [[(p.table, p.wind, players[p.player_id]) for p in half.placements] for half in halves]
    return {"seat_rows": rows[0], "second_half_rows": rows[1] if len(rows) > 1 else ()}


@public_write
def seating_swap(*, round_: Round, first: Player, second: Player, half: int = 1) -> None:
    """Exchange the seats (table and wind) of two players in one half of an open round."""
    if first == second:
        raise ValidationError(gettext("Choose two different players to swap."))
    if round_is_opened(round_):
        raise ValidationError(
            gettext(
                "Round %(number)s has been opened at the desk (or has entered hands or "
                "penalties), so its seating cannot change."
            )
            % {"number": round_.number}
        )
    seats = {
        seat.player_id: seat
        for seat in Seat.objects.select_for_update().filter(
            round=round_, half=half, player__in=[first, second]
        )
    }
    missing = [player.name for player in (first, second) if player.pk not in seats]
    if missing:
        if len(missing) == 1:
            refusal = gettext("%(player)s has no seat in round %(number)s.") % {
                "player": missing[0],
                "number": round_.number,
            }
        else:
            refusal = gettext("%(first)s and %(second)s have no seat in round %(number)s.") % {
                "first": missing[0],
                "second": missing[1],
                "number": round_.number,
            }
        raise ValidationError(refusal)
    a, b = seats[first.pk], seats[second.pk]
    # Swap via a temporary delete: (round, player) and (round, table, wind) are both unique.
    a_place, b_place = (a.table_id, a.wind), (b.table_id, b.wind)
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(round=round_, half=half, player=first, table_id=b_place[0], wind=b_place[1]),
            Seat(round=round_, half=half, player=second, table_id=a_place[0], wind=a_place[1]),
        ]
    )
    round_.seating_published = False
    round_.save(update_fields=["seating_published"])


@public_write
def seating_publish(*, round_: Round, published: bool = True) -> None:
    if published and not round_.seats.exists():
        raise ValidationError(
            gettext("Round %(number)s has no seating to publish.") % {"number": round_.number}
        )
    if published:  # seated before its cut was added: the qualifiers are not known yet
        _field_or_refuse(round_.tournament, round_.number)
    round_.seating_published = published
    round_.save(update_fields=["seating_published"])


@public_write
def round_seat(
    *,
    round_: Round,
    seat_rows: Iterable[tuple[int, str, Player]],
    second_half_rows: Iterable[tuple[int, str, Player]] = (),
) -> list[Seat]:
    """Replace the round's seating with ``seat_rows`` and open one session per table; for a
    round with a table change, ``second_half_rows`` seat the same players after the change,
    with a session per table of that half too.

    Refused when the round already has hands: entered hands are never lost.
    """
    if round_is_opened(round_):
        raise ValidationError(
            gettext(
                "Round %(number)s has been opened at the desk (or has entered hands or "
                "penalties), so it cannot be reseated."
            )
            % {"number": round_.number}
        )
    halves = {1: list(seat_rows), 2: list(second_half_rows)}
    if not halves[2]:
        del halves[2]
    _check_halves(round_, halves)
    tables = {
        t.number: t
        for t in tables_ensure(
            tournament=round_.tournament,
            count=max(n for rows in halves.values() for n, _, _ in rows),
        )
    }
    per_table: dict[tuple[int, int], int] = {}
    for half, rows in halves.items():
        for number, _, _ in rows:
            per_table[(half, number)] = per_table.get((half, number), 0) + 1
    short = sorted({n for (_, n), count in per_table.items() if count != 4})
    if short:
        raise ValidationError(
            gettext("Every table needs exactly four players; check table(s) %(tables)s.")
            % {"tables": ", ".join(str(n) for n in short)}
        )
    Session.objects.filter(round=round_).delete()
    Seat.objects.filter(round=round_).delete()
    seats = Seat.objects.bulk_create(
        Seat(round=round_, table=tables[number], wind=wind, player=player, half=half)
        for half, rows in halves.items()
        for number, wind, player in rows
    )
    Session.objects.bulk_create(
        Session(round=round_, table=tables[number], half=half) for half, number in sorted(per_table)
    )
    round_.seated_at = timezone.now()  # players registered after it are not in this draw
    fields = ["seated_at"]
    if round_.status == Round.Status.DRAFT:
        round_.status = Round.Status.SEATED
        fields.append("status")
    round_.save(update_fields=fields)
    return seats


@public_write
def round_table_change_set(
    *,
    round_: Round,
    after_hand: int | None,
    user=None,
    seed: int = 0,
    time_limit: float = 10.0,
) -> SeatingPlan | None:
    """Declare that round ``round_``'s players change tables after hand ``after_hand`` (None:
    no change) and seat its second half, keeping its first half as it is.

    The second half is seated by the engine (`schedule.seat_second_half`) against every round
    before this one and the first half. Refused once the round is published or opened, and for
    a hand that does not leave hands on both sides. Returns the plan of the second half (None
    when the change is removed or the round is not seated yet).
    """
    tournament = round_.tournament
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    round_.tournament = tournament
    if round_.seating_published or round_is_opened(round_):
        raise ValidationError(
            gettext(
                "Round %(number)s is published or opened at the desk: its table change can no "
                "longer change (unpublish it first if it is not opened)."
            )
            % {"number": round_.number}
        )
    last = tournament.hands_per_session
    if after_hand is not None and not 1 <= after_hand < last:
        raise ValidationError(
            {
                "after_hand": gettext(
                    "Give a hand from 1 to %(most)s: players change tables after it and play on "
                    "to hand %(last)s. Leave it empty for no change."
                )
                % {"most": last - 1, "last": last}
            }
        )
    before = round_.table_change_after
    round_.table_change_after = after_hand
    round_.save(update_fields=["table_change_after"])
    audit_record(
        session=None,
        tournament=tournament,
        action=AuditEntry.Action.SETTINGS,
        user=user,
        reason=f"Round {round_.number}: "
        + ("no table change" if after_hand is None else f"tables change after hand {after_hand}"),
        before={"table_change_after": before},
        after={"table_change_after": after_hand},
    )
    first_half = [s for s in round_seatings([round_]) if s.half == 1]
    if not first_half:
        return None
    by_id = Player.objects.in_bulk([p.player_id for p in first_half[0].placements])
    halves = first_half
    if after_hand is not None:
        earlier = round_seatings(list(tournament.rounds.filter(number__lt=round_.number)))
        second = seat_second_half(
            seating_players(tournament, active_only=False),
            first_half[0],
            played=earlier,
            options=_options(tournament, seed, time_limit),
        )
        halves = [first_half[0], second]
    round_seat(round_=round_, **_seat_rows_of(halves, by_id))
    if after_hand is None:
        return None
    return SeatingPlan(
        seated_rounds=(round_.number,),
        report=rounds_seating_report(
            tournament, list(tournament.rounds.filter(number__lte=round_.number))
        ),
    )


def _check_halves(round_: Round, halves: dict[int, list]) -> None:
    """Refuse a second half that the round does not declare, or that seats other players."""
    if 2 in halves and round_.table_change_after is None:
        raise ValidationError(
            gettext(
                "Round %(number)s has no table change: declare one before seating its second half."
            )
            % {"number": round_.number}
        )
    if round_.table_change_after is not None and 2 not in halves:
        raise ValidationError(
            gettext(
                "Round %(number)s changes tables after hand %(after)s: give the seats after the "
                "change too."
            )
            % {"number": round_.number, "after": round_.table_change_after}
        )
    if 2 in halves:
        first = sorted(player.pk for _, _, player in halves[1])
        if first != sorted(player.pk for _, _, player in halves[2]):
            raise ValidationError(
                gettext("The seats after the table change must seat the same players as before it.")
            )


@public_write
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
            gettext(
                "Round %(number)s already has entered hands or penalties, so it cannot be reseated."
            )
            % {"number": number}
        )
    _field_or_refuse(tournament, number)
    earlier = list(tournament.rounds.filter(number__lt=number))
    players = round_players(tournament, number)
    halves = _schedule(
        players,
        1,
        history=round_seatings(earlier),
        options=_options(tournament, seed, time_limit),
        odd_players=odd_players,
        halves=_halves_of(tournament, [number]),
    )
    if round_ is None:
        round_ = Round.objects.create(tournament=tournament, number=number)
    round_.seating_published = False
    round_.save(update_fields=["seating_published"])
    by_id = Player.objects.in_bulk([p.id for p in players])
    round_seat(round_=round_, **_seat_rows_of(halves, by_id))
    return SeatingPlan(seated_rounds=(number,), report=tournament_seating_report(tournament))


def round_seat_from_roll_call(
    *,
    tournament: Tournament,
    number: int,
    seed: int = 0,
    odd_players: str = "error",
    time_limit: float = 10.0,
) -> SeatingPlan:
    """Seat round ``number`` with the players present at its roll call, then regenerate the
    rounds prepared after it, which were made for its old seating.

    The report counts the round's repeat meetings against the kept rounds before it only (not
    against prepared rounds, which are about to change). The later prepared rounds are
    regenerated (byes as needed) unless one of the later rounds is kept (published or opened):
    then none is, and the plan names them as ``stale_rounds``. The round itself is saved first,
    whatever happens to the later rounds.
    """
    seating_round_generate(
        tournament=tournament,
        number=number,
        seed=seed,
        odd_players=odd_players,
        time_limit=time_limit,
    )
    rounds = list(tournament.rounds.order_by("number"))
    this = next(r for r in rounds if r.number == number)
    report = rounds_seating_report(
        tournament, [r for r in rounds if r.number < number and _is_kept(r)] + [this]
    )
    later = [r for r in rounds if r.number > number and r.seats.exists()]
    regenerated: tuple[int, ...] = ()
    counts = {number: len(round_players(tournament, number))}
    stale = tuple(r.number for r in later if not _is_kept(r))
    if later and not any(_is_kept(r) for r in later):
        kept = [r for r in rounds if _is_kept(r)]
        try:
            schedule, later_counts, _ = _rounds_compute(
                tournament,
                tuple(range(number + 1, later[-1].number + 1)),
                history=round_seatings([r for r in rounds if r.number <= number]),
                options=_options(tournament, seed, time_limit),
                odd_players="byes",
            )
            _schedule_save(tournament=tournament, schedule=schedule, kept=kept)
        except ValidationError:
            pass  # left as they were: named as stale below
        else:
            regenerated, stale = tuple(sorted({seating.number for seating in schedule})), ()
            counts.update(later_counts)
    return SeatingPlan(
        seated_rounds=(number, *regenerated),
        report=report,
        kept_rounds=tuple(r.number for r in rounds if r.number < number and _is_kept(r)),
        players=counts,
        roll_call_rounds=(number,) if roll_call_begun(tournament, number) else (),
        stale_rounds=stale,
        regenerated_rounds=regenerated,
        against_published=True,
    )


def _reseat_from(tournament: Tournament, from_round: int) -> tuple[int, ...]:
    """Reseat every seated round from ``from_round`` on, one after another (byes when the
    count is not a multiple of 4); refuse when one of them is played."""
    rounds = list(tournament.rounds.filter(number__gte=from_round).order_by("number"))
    played = sorted(round_progress(tournament).played & {r.number for r in rounds})
    if played:
        raise ValidationError(
            gettext(
                "Round %(number)s is already played and never changes: choose round "
                "%(next)s or later."
            )
            % {"number": played[-1], "next": played[-1] + 1}
        )
    reseated = []
    for round_ in rounds:
        if round_.seats.exists():
            seating_round_generate(tournament=tournament, number=round_.number, odd_players="byes")
            reseated.append(round_.number)
    return tuple(reseated)


@public_write
def roster_withdraw(*, registration: Registration, from_round: int, user=None) -> tuple[int, ...]:
    """Withdraw a player from round ``from_round`` on and reseat the seated rounds not yet
    played from there; returns the round numbers reseated."""
    event_services.registration_withdraw(
        registration=registration, from_round=from_round, user=user
    )
    return _reseat_from(registration.tournament, from_round)


def _first_open_round(tournament: Tournament) -> int:
    return max(round_progress(tournament).played, default=0) + 1


@public_write
def roster_reinstate(*, registration: Registration, user=None) -> tuple[int, ...]:
    """Bring a withdrawn player back and reseat the rounds not yet played."""
    event_services.registration_reinstate(registration=registration, user=user)
    return _reseat_from(registration.tournament, _first_open_round(registration.tournament))


@public_write
def roster_substitute(
    *, tournament: Tournament, reseat: bool = True, user=None, **player
) -> Registration:
    """Register a substitute, present for the next round to play; with ``reseat``, the seated
    rounds not yet played are seated again with them."""
    first_open = _first_open_round(tournament)
    roll_call_started = tournament.registrations.filter(checked_in_round=first_open).exists()
    registration = event_services.registration_add(
        tournament=tournament,
        is_substitute=True,
        checked_in_round=first_open if roll_call_started else None,
        user=user,
        **player,
    )
    if reseat:
        _reseat_from(tournament, first_open)
    return registration

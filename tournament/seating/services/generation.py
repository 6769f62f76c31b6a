"""Seating the rounds of an event: every round after the last kept one (`seating_generate`).

The active players and the *kept* rounds (`bridge`: published or opened) are loaded as plain
objects, the algorithm runs for the other rounds outside any transaction, and the result is
saved in one short unit of work (`tournament.audit.public_write`: every write here moves the
tournament's last write, so the public pages show the new seating). To seat a published round
again, unpublish it on its seating page or seat it from its roll call.

Vocabulary: a round whose *roll call* has begun (someone is checked in for it) is seated with
the players *present*; rounds without a roll call with every active player. A *stage* seats only
its field (the qualifiers of the cut before it), so each stage's rounds are computed as one
schedule. Every generation seats both halves of a round with a table change. A round seated *by
the standings* (`Round.by_standings`) is never seated by a generation: it is seated on its own
once the rounds before it are final (`one_round.seating_round_generate`), so a generation seats
the rounds before it and its plan names it and the rounds after it as *waiting*.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ...audit import public_write
from ...models import Player, Round, Tournament
from ..request import RoundSeating
from ..rule_selectors import seating_constraints
from ..selectors import (
    roll_call_begun,
    round_players,
    round_seatings,
    seating_players,
    tournament_seating_report,
)
from .bridge import (
    _halves_by_round,
    _halves_of,
    _is_kept,
    _kept_rounds,
    _options,
    _schedule,
    _seat_rows_of,
)
from .cut_wait import _field_or_refuse, _refuse_waiting_rounds
from .plan import SeatingPlan, _rounds_text
from .seats import round_seat


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
    byes), or when an unkept round lies before a kept one. A round seated by the standings is
    not seated here: the rounds before it are, and the plan names it and those after it as
    ``waiting_rounds`` (refused when it is the first round to seat).

    The schedule is computed outside any transaction (it may take seconds, and on SQLite a
    transaction holds the one write lock the desk needs); the result is written in one short
    transaction that first checks no round was opened or published meanwhile.
    """
    if total_rounds < 1:
        raise ValidationError(gettext("Ask for at least one round."))
    existing, kept = _kept_rounds(tournament)
    first_free = _first_free_round(existing, kept, total_rounds)
    numbers, waiting = _split_at_standings(existing, range(first_free, total_rounds + 1))
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
        waiting_rounds=waiting,
    )


def _split_at_standings(existing: dict[int, Round], numbers) -> tuple[tuple[int, ...], tuple]:
    """``numbers`` split before the first round seated by the standings: the rounds a
    generation seats now, and those that wait (that round and every round after it). Refused
    when the first round asked for is seated by the standings: nothing could be seated."""
    numbers = tuple(numbers)
    waits = [n for n in numbers if n in existing and existing[n].by_standings]
    if not waits:
        return numbers, ()
    first = waits[0]
    if first == numbers[0]:
        raise ValidationError(
            gettext(
                "Round %(number)s is seated by the standings: seat it on its own once round "
                "%(last)s is played and reconciled, or set its method to “Random, no repeats” "
                "to seat it with the others. Nothing was seated."
            )
            % {"number": first, "last": first - 1}
        )
    return numbers[: numbers.index(first)], numbers[numbers.index(first) :]


def _first_free_round(existing: dict[int, Round], kept: list[Round], total_rounds: int) -> int:
    """The first round after the last kept one; refused when an unkept round lies before a kept
    one, or when every round asked for is kept already."""
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
    return first_free


def _rounds_compute(tournament, numbers, *, history, options, odd_players):
    """The seating of rounds ``numbers`` (consecutive) after ``history``: the first one from
    its roll call when it has begun, the others (or all) with every active player.

    Returns (schedule, players per round, the round numbers seated from a roll call)."""
    first, rest = numbers[0], numbers[1:]
    fields = {number: _field_or_refuse(tournament, number) for number in numbers}
    halves = _halves_of(tournament, numbers)
    constraints = seating_constraints(tournament)
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
            constraints=constraints,
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
            constraints=constraints,
        )
        numbers, halves = numbers[len(chunk) :], halves[len(chunk) :]
    counts = {seating.number: len(seating.placements) + len(seating.byes) for seating in schedule}
    return schedule, counts, roll_called


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

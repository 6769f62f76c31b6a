"""Seating one round alone: with the players checked in for it, or from its roll call.

Vocabulary: seating one round from its *roll call* (`round_seat_from_roll_call`) counts its
repeat meetings against the kept rounds before it only, and then regenerates the *prepared*
rounds after it (seated, not kept), which were made for the round's old seating; when one of the
later rounds is kept they cannot be, and the plan names them as *stale*. A round seated *by the
standings* is seated here only, once the rounds before it are final (`standings_wait`), from
its players best first (`bridge._round_request`); the prepared rounds after it are never
regenerated past the next such round.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ...audit import public_write
from ...models import Player, Round, Tournament
from ...play.selectors.rounds import round_is_played
from ..selectors import (
    roll_call_begun,
    round_players,
    round_seatings,
    rounds_seating_report,
    tournament_seating_report,
)
from .bridge import _halves_of, _is_kept, _options, _round_request, _schedule, _seat_rows_of
from .cut_wait import _field_or_refuse
from .generation import _rounds_compute, _schedule_save
from .plan import SeatingPlan
from .seats import round_seat
from .standings_wait import _refuse_unready


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
    the rounds before it count as history. Refused when the round is played, and, for a round
    seated by the standings, while the standings after the round before are not final."""
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is not None and round_is_played(round_):
        raise ValidationError(
            gettext(
                "Round %(number)s already has entered hands or penalties, so it cannot be reseated."
            )
            % {"number": number}
        )
    _field_or_refuse(tournament, number)
    if round_ is not None and round_.by_standings:
        _refuse_unready(tournament, round_)
    earlier = list(tournament.rounds.filter(number__lt=number))
    players = round_players(tournament, number)
    halves = _schedule(
        players,
        1,
        history=round_seatings(earlier),
        odd_players=odd_players,
        halves=_halves_of(tournament, [number]),
        **_round_request(tournament, round_, players, seed=seed, time_limit=time_limit),
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
    counts = {number: len(round_players(tournament, number))}
    regenerated, later_counts = _later_regenerate(
        tournament, rounds, number, later, seed, time_limit
    )
    counts.update(later_counts)
    stale = tuple(r.number for r in later if not _is_kept(r) and r.number not in regenerated)
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


def _later_regenerate(tournament, rounds, number, later, seed, time_limit):
    """Seat again the prepared rounds after round ``number`` (up to the last seated one, and
    before the next round seated by the standings), unless one of them is kept: returns the
    round numbers regenerated and their player counts (none when they could not be)."""
    if not later or any(_is_kept(r) for r in later):
        return (), {}
    by_standings = [r.number for r in rounds if number < r.number and r.by_standings]
    last = min([later[-1].number, *(n - 1 for n in by_standings)])
    if last <= number:
        return (), {}
    kept = [r for r in rounds if _is_kept(r)]
    try:
        schedule, later_counts, _ = _rounds_compute(
            tournament,
            tuple(range(number + 1, last + 1)),
            history=round_seatings([r for r in rounds if r.number <= number]),
            options=_options(tournament, seed, time_limit),
            odd_players="byes",
        )
        _schedule_save(tournament=tournament, schedule=schedule, kept=kept)
    except ValidationError:
        return (), {}  # left as they were: named as stale
    return tuple(sorted({seating.number for seating in schedule})), later_counts

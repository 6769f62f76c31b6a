"""The bridge between the ORM and the pure algorithm in `tournament.seating.schedule`.

Vocabulary: a *kept* round is never reseated by a generation: *opened*
(`tournament.play.selectors.round_is_opened`: opened at the desk, with entered hands or
penalties, or marked playing or finished) or *published* (players may have read it). The
*options* are the tournament's `SeatingOptions`; a round's *halves* are 2 when its players
change tables after hand N, else 1. *Seat rows* are ``(table number, wind, player)`` triples
for one round (or one half: ``second_half_rows`` of `round_seat`), made from the algorithm's
`RoundSeating` objects.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext

from ...models import Player, Round, Tournament
from ...play.selectors.rounds import round_is_opened
from ..request import RoundSeating, SeatingError, SeatingOptions
from ..schedule import generate_schedule


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


def _halves_by_round(schedule: list[RoundSeating]) -> dict[int, list[RoundSeating]]:
    by_round: dict[int, list[RoundSeating]] = {}
    for seating in sorted(schedule, key=lambda seating: seating.order):
        by_round.setdefault(seating.number, []).append(seating)
    return by_round


def _seat_rows_of(halves: list[RoundSeating], players: dict[int, Player]) -> dict:
    """`round_seat`'s keyword arguments for one round's seatings (one per half)."""
    rows = [[(p.table, p.wind, players[p.player_id]) for p in half.placements] for half in halves]
    return {"seat_rows": rows[0], "second_half_rows": rows[1] if len(rows) > 1 else ()}

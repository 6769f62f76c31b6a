"""The bridge between the ORM and the pure algorithm in `tournament.seating.schedule`.

Vocabulary: a *kept* round is never reseated by a generation: *opened*
(`tournament.play.selectors.round_is_opened`: opened at the desk, with entered hands or
penalties, or marked playing or finished) or *published* (players may have read it). The
*options* are the tournament's `SeatingOptions`; a round's *halves* are 2 when its players
change tables after hand N, else 1. *Seat rows* are ``(table number, wind, player)`` triples
for one round (or one half: ``second_half_rows`` of `round_seat`), made from the algorithm's
`RoundSeating` objects. A round's *request* (`_round_request`) is how the algorithm is asked to
seat it: the options with the round's method, the tournament's *constraints* (fixed tables,
pairs kept apart: always passed) and, for a round seated by the standings, the *ranking* (its
players best first, `ranking_selectors.round_ranking`).
"""

from dataclasses import replace

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext

from ...models import Player, Round, Tournament
from ...play.selectors.rounds import round_is_opened
from ..ranking_selectors import round_ranking
from ..request import (
    RoundSeating,
    SeatingConstraints,
    SeatingError,
    SeatingOptions,
    SeatingPlayer,
)
from ..rule_selectors import seating_constraints
from ..schedule import generate_schedule


def _is_kept(round_: Round) -> bool:
    """Never reseated by a generation: opened at the desk, or published to the players."""
    return bool(round_.seating_published) or round_is_opened(round_)


def _kept_rounds(tournament: Tournament) -> tuple[dict[int, Round], list[Round]]:
    """All rounds by number, and the kept ones (published or opened), in order."""
    existing = {round_.number: round_ for round_ in tournament.rounds.all()}
    kept = [round_ for _, round_ in sorted(existing.items()) if _is_kept(round_)]
    return existing, kept


def _options(
    tournament: Tournament, seed: int, time_limit: float, round_: Round | None = None
) -> SeatingOptions:
    """The tournament's options; with ``round_`` seated by the standings, its method too."""
    separate_by = tournament.seating_separate_by or None
    options = SeatingOptions(seed=seed, separate_by=separate_by, time_limit=time_limit)
    if round_ is None or not round_.by_standings:
        return options
    return replace(options, method=round_.seating_method, repeat_limit=round_.repeat_limit)


def _round_request(
    tournament: Tournament,
    round_: Round | None,
    players: list[SeatingPlayer],
    *,
    seed: int,
    time_limit: float,
) -> dict:
    """How to seat round ``round_`` (None: a round not made yet, seated at random) with
    ``players``: `_schedule`'s ``options``, ``constraints`` and, by standings, ``ranking``."""
    request = {
        "options": _options(tournament, seed, time_limit, round_),
        "constraints": seating_constraints(tournament),
    }
    if round_ is not None and round_.by_standings:
        ids = [player.id for player in players]
        request["ranking"] = tuple(round_ranking(tournament, round_.number, ids))
    return request


def _seated_only(constraints: SeatingConstraints, players) -> SeatingConstraints:
    """``constraints`` without the fixed tables of players not seated by this request."""
    ids = {player.id for player in players}
    return replace(
        constraints, fixed_tables=tuple(f for f in constraints.fixed_tables if f.player_id in ids)
    )


def _schedule(
    players,
    count,
    *,
    history,
    options,
    odd_players,
    halves=(),
    constraints: SeatingConstraints = SeatingConstraints(),  # noqa: B008 - frozen
    ranking=(),
) -> list[RoundSeating]:
    try:
        return generate_schedule(
            players,
            count,
            played=history,
            options=options,
            odd_players=odd_players,
            halves=halves,
            constraints=_seated_only(constraints, players),
            ranking=ranking,
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

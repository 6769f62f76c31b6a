"""Each player's place after every counted round, ranked as the standings rank them.

Vocabulary
----------
rank history    {player id: [(round number, place), ...]}: the place each player held in the
                standings counting the rounds up to that one (the tournament's ranking rules,
                tie-breaks, stages and the cuts confirmed by then), from one read of the kept
                session results: the pure ranking runs once per round, the database once.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...models import Tournament
from ...stage_selectors import confirmed_cuts, stage_plan
from ...standings.cuts import staged_standings
from ...standings.ranking.rows import Entrant
from ...standings.selectors.board import _cuts_seen  # the board's rule: which cuts a limit sees
from ...standings.selectors.inputs import (
    entrants,
    loose_penalties,
    ranking_rules,
    session_results,
)


def rank_history(
    tournament: Tournament,
    *,
    round_limit: int | None,
    hide_withdrawn: bool,
    people: Sequence[Entrant] | None = None,
) -> dict[int, list[tuple[int, int]]]:
    """See *rank history*; rounds without a kept result are skipped. ``people``: the entrants
    when the caller has read them already (`standings.selectors.inputs.entrants`)."""
    rules = ranking_rules(tournament, hide_withdrawn=hide_withdrawn)
    plan = stage_plan(tournament)
    cuts = confirmed_cuts(tournament)
    people = entrants(tournament) if people is None else people
    results = session_results(tournament, round_limit)
    loose = loose_penalties(tournament)
    history: dict[int, list[tuple[int, int]]] = {}
    for number in sorted({row.round_number for row in results}):
        staged = staged_standings(
            people,
            [row for row in results if row.round_number <= number],
            rules,
            plan=plan,
            cuts=_cuts_seen(plan, cuts, number),
            loose_penalties=loose,
        )
        for row in staged.rows:
            if row.place:
                history.setdefault(row.player_id, []).append((number, row.place))
    return history

"""What the ranking is fed, read from the database: the entrants, the kept session results,
the loose penalties and the tournament's ranking rules.

Vocabulary
----------
entrants        every registered player as the ranking sees them (`ranking.rows.Entrant`),
                named as everywhere (`names.player_names`), from one read of the registrations.
session results the kept `SessionScore` rows as `ranking.rows.SessionResult`s: players x rounds
                rows, never the payments of every hand.
loose penalties deductions recorded outside any session (RULINGS R13), per player.
counted rounds  the rounds a reader counts: every round, or those up to a round limit
                (`counted_rounds` is that filter on any field holding a round number).
"""

from __future__ import annotations

from collections import defaultdict

from ...models import Penalty, Registration, SessionScore, Tournament
from ...names import PERSON_FIELDS, Names, Person, registrations_of
from ..ranking.rows import Entrant, SessionResult
from ..ranking.rules import RankingRules


def ranking_rules(tournament: Tournament, *, hide_withdrawn: bool = False) -> RankingRules:
    """The tournament's settings as the ranking follows them (no query)."""
    return RankingRules(
        match_points=tournament.match_points_scheme if tournament.use_match_points else "none",
        placing_table=tournament.match_points_table(),
        rank_by=tournament.rank_by if tournament.use_match_points else "total",
        tie_breaks=tuple(tournament.tie_breaks()),
        hide_withdrawn=hide_withdrawn,
    )


def counted_rounds(prefix: str, limit: int | None) -> dict:
    """The filter keeping the counted rounds on ``prefix`` (a field holding a round number)."""
    return {} if limit is None else {f"{prefix}__lte": limit}


def entrants(tournament: Tournament) -> list[Entrant]:
    """Every registered player as the ranking sees them, named as everywhere (`player_names`),
    from one read of the registrations."""
    width = len(PERSON_FIELDS)
    rows = list(
        registrations_of(tournament).values_list(
            *PERSON_FIELDS, "player__club", "player__external_id", "status", "is_substitute"
        )
    )
    people = [Person(*row[:width]) for row in rows]
    names = Names(people)
    withdrawn = Registration.Status.WITHDRAWN
    return [
        Entrant(
            player_id=person.player_id,
            name=person.name,
            country=person.country,
            club=club,
            ema_number=external_id,
            withdrawn=status == withdrawn,
            substitute=is_substitute,
            # Romanised: a board is shared by every language (pages, API, exports); a page
            # shows the Chinese name beside it (`names.page_name`, the ``player_name`` filter).
            label=names.romanised(person.player_id, person.name),
            order=names.sort_key(person.player_id),
            chinese_name=person.chinese_name,
        )
        for person, (club, external_id, status, is_substitute) in zip(
            people, (row[width:] for row in rows), strict=True
        )
    ]


def session_results(tournament: Tournament, round_limit: int | None = None, **filters):
    rows = (
        SessionScore.objects.filter(
            tournament=tournament, **counted_rounds("round_number", round_limit), **filters
        )
        .order_by()
        .values_list(
            "player_id",
            "round_number",
            "table_number",
            "hand_points",
            "penalty_points",
            "hands_won",
            "largest_hand",
            "wind",
            "half",
        )
    )
    return list(map(SessionResult._make, rows))


def loose_penalties(tournament: Tournament) -> dict[int, int]:
    """Deductions recorded outside any session (RULINGS R13)."""
    points: dict[int, int] = defaultdict(int)
    for player_id, amount in (
        Penalty.objects.filter(tournament=tournament, session__isnull=True)
        .order_by()
        .values_list("player_id", "amount")
    ):
        points[player_id] -= amount
    return dict(points)

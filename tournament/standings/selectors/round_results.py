"""A round's results by table: each table's players with their session scores, placings
and match points.

Vocabulary: a *table result* (`TableResult`) is one session of the round (a table, in one half
of a round with a table change), its status and its players in starting-wind order.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ...models import Round, Session, SessionScore
from ...names import Names, player_names
from ...winds import wind_order
from ..ranking.match_points import session_match_points
from ..ranking.rows import SessionResult
from ..ranking.rules import RankingRules
from .inputs import ranking_rules


@dataclass
class TableResult:
    table_number: int
    status: str
    players: list[tuple[str, int, str, int, object, object]]  # wind, id, label, score, place, mp
    half: int = 1  # 2: the table after the round's table change


def round_results(round_: Round) -> list[TableResult]:
    """Every table of a round with its players' session scores, placings and match points."""
    tournament = round_.tournament
    rules = ranking_rules(tournament)
    names = player_names(tournament)
    statuses = {
        (half, number): status
        for half, number, status in Session.objects.filter(round=round_).values_list(
            "half", "table__number", "status"
        )
    }
    by_table = _scores_by_table(round_)
    tables = []
    for half, number in sorted(by_table):
        # Starting winds in the card's order; a row without a seat (a penalty only) comes last.
        rows = sorted(by_table[(half, number)], key=lambda r: wind_order(r["wind"] or "N"))
        status = statuses.get((half, number), "")
        tables.append(_table_result(round_.number, half, number, status, rows, rules, names))
    return tables


def _scores_by_table(round_: Round) -> dict[tuple[int, int], list[dict]]:
    """The round's kept session scores by (half, table number), one read."""
    by_table: dict[tuple[int, int], list[dict]] = defaultdict(list)
    for row in SessionScore.objects.filter(
        tournament_id=round_.tournament_id, round_number=round_.number
    ).values(
        "half",
        "table_number",
        "player_id",
        "player__name",
        "wind",
        "hand_points",
        "penalty_points",
        "hands_won",
        "largest_hand",
    ):
        by_table[(row["half"], row["table_number"])].append(row)
    return by_table


def _table_result(
    round_number: int,
    half: int,
    number: int,
    status: str,
    rows: list[dict],
    rules: RankingRules,
    names: Names,
) -> TableResult:
    """One table's result from its players' kept scores, in the order given."""
    results = [
        SessionResult(
            player_id=r["player_id"],
            round_number=round_number,
            table_number=number,
            hand_points=r["hand_points"],
            penalty_points=r["penalty_points"],
            wind=r["wind"],
            half=half,
        )
        for r in rows
    ]
    placings = session_match_points(results, rules)
    return TableResult(
        half=half,
        table_number=number,
        status=status,
        players=[
            (
                r["wind"],
                r["player_id"],
                names.label(r["player_id"], r["player__name"]),
                p.score,
                p.place,
                p.match_points,
            )
            for r, p in zip(rows, placings, strict=True)
        ],
    )

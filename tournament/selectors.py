"""Reads for the pages: tournaments, rounds with their seating, and simple standings.

Standings here are totals of hand payments and penalties (RULINGS R13, R16); writes never
happen in this module.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Sum

from .models import Payment, Penalty, Registration, Round, Seat, Tournament


def public_tournaments():
    return Tournament.objects.order_by("-start_date", "name")


def round_tables(round_: Round) -> list[dict]:
    """The round's tables in order, each with its seats sorted by starting wind."""
    tables: dict[int, dict] = {}
    order = {"E": 0, "S": 1, "W": 2, "N": 3}
    seats = Seat.objects.filter(round=round_).select_related("table", "player")
    for seat in sorted(seats, key=lambda s: (s.table.number, order[s.wind])):
        entry = tables.setdefault(seat.table.number, {"table": seat.table, "seats": []})
        entry["seats"].append(seat)
    return list(tables.values())


@dataclass
class StandingRow:
    rank: str
    player_id: int
    name: str
    country: str
    hand_points: int
    penalty_points: int

    @property
    def total(self) -> int:
        return self.hand_points + self.penalty_points


def standings(tournament: Tournament) -> list[StandingRow]:
    """Players ranked by total points; players still tied share the rank ("=3")."""
    hand_points = defaultdict(int)
    for row in (
        Payment.objects.filter(hand__session__round__tournament=tournament)
        .values("player_id")
        .annotate(total=Sum("amount"))
    ):
        hand_points[row["player_id"]] = row["total"]
    penalty_points = defaultdict(int)
    for penalty in Penalty.objects.filter(tournament=tournament):
        penalty_points[penalty.player_id] -= penalty.amount
        if penalty.mode == Penalty.Mode.ZERO_SUM:
            session_players = _session_player_ids(penalty)
            for other in session_players - {penalty.player_id}:
                penalty_points[other] += penalty.amount // 3
    rows = [
        StandingRow(
            rank="",
            player_id=reg.player_id,
            name=reg.player.name,
            country=reg.player.country,
            hand_points=hand_points[reg.player_id],
            penalty_points=penalty_points[reg.player_id],
        )
        for reg in Registration.objects.filter(tournament=tournament).select_related("player")
    ]
    rows.sort(key=lambda row: (-row.total, row.name))
    _assign_ranks(rows)
    return rows


def _session_player_ids(penalty: Penalty) -> set[int]:
    if penalty.session_id is None:
        return set()
    session = penalty.session
    return set(
        Seat.objects.filter(round_id=session.round_id, table_id=session.table_id).values_list(
            "player_id", flat=True
        )
    )


def _assign_ranks(rows: list[StandingRow]) -> None:
    totals = [row.total for row in rows]
    for row in rows:
        first = totals.index(row.total)
        shared = totals.count(row.total) > 1
        row.rank = f"={first + 1}" if shared else str(first + 1)

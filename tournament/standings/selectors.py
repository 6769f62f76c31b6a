"""Reads for the standings: load payments and penalties, hand plain rows to `ranking`.

Totals are hand payments plus penalties (RULINGS R13, R16); writes never happen here.
"""

from collections import defaultdict

from django.db.models import Sum

from ..models import Payment, Penalty, Registration, Seat, Tournament
from .ranking import StandingRow, rank_rows


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
    return rank_rows(
        StandingRow(
            player_id=reg.player_id,
            name=reg.player.name,
            country=reg.player.country,
            hand_points=hand_points[reg.player_id],
            penalty_points=penalty_points[reg.player_id],
        )
        for reg in Registration.objects.filter(tournament=tournament).select_related("player")
    )


def _session_player_ids(penalty: Penalty) -> set[int]:
    if penalty.session_id is None:
        return set()
    session = penalty.session
    return set(
        Seat.objects.filter(round_id=session.round_id, table_id=session.table_id).values_list(
            "player_id", flat=True
        )
    )

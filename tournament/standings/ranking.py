"""Ranking: plain standing rows in, ranks out. Pure Python: no Django, no models.

Vocabulary
----------
standing row    one player's line of the standings (`StandingRow`): hand points (the sum of
                their payments) and penalty points (RULINGS R13), kept apart; ``total`` is
                both together.
rank            1 for the best total; players still tied share the rank, written "=3"
                (RULINGS R16).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass
class StandingRow:
    player_id: int
    name: str
    country: str
    hand_points: int
    penalty_points: int
    rank: str = ""

    @property
    def total(self) -> int:
        return self.hand_points + self.penalty_points


def rank_rows(rows: Iterable[StandingRow]) -> list[StandingRow]:
    """The rows by total, best first (then by name), each with its shared-aware rank."""
    ranked = sorted(rows, key=lambda row: (-row.total, row.name))
    first_place: dict[int, int] = {}
    ties: dict[int, int] = {}
    for place, row in enumerate(ranked, start=1):
        first_place.setdefault(row.total, place)
        ties[row.total] = ties.get(row.total, 0) + 1
    for row in ranked:
        place = first_place[row.total]
        row.rank = f"={place}" if ties[row.total] > 1 else str(place)
    return ranked

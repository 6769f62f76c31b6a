"""The countries' table: the players of each country with their total and average.

Vocabulary: a *country row* (`CountryRow`) is one country's players, total and best rank; a
player with no country counts under "—".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .rows import Standing


@dataclass
class CountryRow:
    country: str
    players: int
    total: int
    best_rank: str

    @property
    def average(self) -> float:
        return self.total / self.players if self.players else 0.0


def countries_summarise(standings: Iterable[Standing]) -> list[CountryRow]:
    """Players per country with their total and average, best average first."""
    rows: dict[str, CountryRow] = {}
    for standing in standings:
        country = standing.entrant.country or "—"
        row = rows.get(country)
        if row is None:
            rows[country] = CountryRow(country, 1, standing.total, standing.rank)
        else:
            row.players += 1
            row.total += standing.total
    return sorted(rows.values(), key=lambda r: (-r.average, r.country))

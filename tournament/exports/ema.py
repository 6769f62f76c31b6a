"""The ranking in the columns the European Mahjong Association publishes. Pure Python.

Vocabulary
----------
EMA row     position, EMA number, last name, first name, country code, table points, score.
            *Position* is the standings' place, shared by tied players (two players tied for
            3rd both have position 3); *table points* are the match points (the session
            placings' points, rounded to whole or two-decimal numbers), *score* the total points
            (RULINGS R16). Names are split at the last space ("Ann Marie Lee" -> "Lee",
            "Ann Marie"); a single name is a last name.
country code the two-letter code of a country name we know (ISO 3166-1), or the text as given
            when it already is a code or unknown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..standings.ranking.rows import Standing, number_text

HEADER = ("Position", "EMA number", "Last name", "First name", "Country", "Table points", "Score")

COUNTRY_CODES = {
    "austria": "AT", "belgium": "BE", "china": "CN", "czech republic": "CZ", "czechia": "CZ",
    "denmark": "DK", "england": "GB", "finland": "FI", "france": "FR", "germany": "DE",
    "hong kong": "HK", "hungary": "HU", "ireland": "IE", "italy": "IT", "japan": "JP",
    "netherlands": "NL", "norway": "NO", "poland": "PL", "portugal": "PT", "russia": "RU",
    "slovakia": "SK", "spain": "ES", "sweden": "SE", "switzerland": "CH", "taiwan": "TW",
    "ukraine": "UA", "united kingdom": "GB", "united states": "US", "usa": "US",
    "canada": "CA", "australia": "AU", "singapore": "SG", "malaysia": "MY", "korea": "KR",
    "south korea": "KR", "estonia": "EE", "latvia": "LV", "lithuania": "LT", "slovenia": "SI",
    "croatia": "HR", "romania": "RO", "bulgaria": "BG", "greece": "GR", "turkey": "TR",
    "israel": "IL", "brazil": "BR", "macau": "MO", "philippines": "PH", "thailand": "TH",
    "vietnam": "VN", "india": "IN", "new zealand": "NZ", "scotland": "GB", "wales": "GB",
}  # fmt: skip


@dataclass(frozen=True)
class EmaRow:
    position: int
    ema_number: str
    last_name: str
    first_name: str
    country: str
    table_points: str
    score: int

    def cells(self) -> tuple:
        return (
            self.position,
            self.ema_number,
            self.last_name,
            self.first_name,
            self.country,
            self.table_points,
            self.score,
        )


def split_name(name: str) -> tuple[str, str]:
    """(last name, first name)."""
    parts = name.strip().rsplit(" ", 1)
    return (parts[0], "") if len(parts) == 1 else (parts[1], parts[0])


def country_code(country: str) -> str:
    country = country.strip()
    if len(country) == 2 and country.isalpha():
        return country.upper()
    return COUNTRY_CODES.get(country.casefold(), country)


def ema_rows(standings: Iterable[Standing]) -> list[EmaRow]:
    rows = []
    for standing in standings:
        last, first = split_name(standing.name)
        rows.append(
            EmaRow(
                position=standing.place,
                ema_number=standing.entrant.ema_number,
                last_name=last,
                first_name=first,
                country=country_code(standing.entrant.country),
                table_points=number_text(standing.match_points),
                score=standing.total,
            )
        )
    return rows

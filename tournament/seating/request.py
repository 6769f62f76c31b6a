"""A seating request in plain objects: the players, the rounds played, the options, and its checks.

Pure Python; the Django service turns models into these and back, and `schedule` answers a
request with new rounds.

Vocabulary:

- *player*: a :class:`SeatingPlayer`, known by ``id``, with an optional club and country.
- *round*: every active player seated once (RULINGS R15), four to a table; a
  :class:`RoundSeating` lists one :class:`Placement` per seated player and the *byes*, the
  players sitting this round out.
- *table*: numbered from 1 within a round; the same number is the same physical table in
  every round.
- *wind*: a player's starting seat, ``"E"``, ``"S"``, ``"W"`` or ``"N"``; each table has each
  wind once.
- *half*: a round whose players change tables after hand N is seated twice, ``half`` 1 and 2
  of one round number, sharing its byes.
- *odd players*: when the players do not fill tables of 4, ``"error"`` refuses and ``"byes"``
  sits the remainder out each round.
- *separation*: the soft wish to keep players of one club (or country) apart.
- *method*: how a round's tables are filled: ``"random"`` (no repeat meeting while one can be
  avoided, as for the qualifying rounds), ``"standings"`` (ranks 1-4 at one table, 5-8 at the
  next: the *top tables*) or ``"swiss"`` (near-equal ranks together, at most
  ``SeatingOptions.repeat_limit`` repeat meetings in the round). The two last take a *ranking*,
  the player ids best first, and seat one round at a time.
- *fixed table*: a :class:`FixedTable`, a player seated at one table number in the rounds where
  it is set (a wheelchair place, a streamed table).
- *kept apart*: a :class:`KeptApart` pair who must not meet (family, teammates), in every round
  or only up to a round; the search treats it like separation by club, weighted above a repeat.
- *constraints*: the fixed tables and kept-apart pairs of a request (:class:`SeatingConstraints`).
- *problem*: what is wrong with a request, as ``(English text with %(name)s placeholders,
  values)``; `.checks.check_request` raises one :class:`SeatingError` listing them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..winds import wind_order

ODD_PLAYER_CHOICES = ("error", "byes")
SEPARATE_BY_CHOICES = (None, "club", "country")
SEATING_METHODS = ("random", "standings", "swiss")


class SeatingError(ValueError):
    """The seating request cannot be met as given; the message says what to change.

    ``problems`` holds each problem as ``(English text with %(name)s placeholders, values)``,
    so that a page can show them in its reader's language; the message is the English."""

    def __init__(self, problems: list[tuple[str, dict]]):
        self.problems = problems
        texts = "; ".join(text % values for text, values in problems)
        super().__init__(f"Cannot seat: {texts}.")


@dataclass(frozen=True)
class SeatingPlayer:
    id: int
    club: str = ""
    country: str = ""


class Placement(NamedTuple):
    """A player's seat in one seating: table number and seat wind (a plain tuple: a round of
    a 400-player event has 400, the overview reads 4,000)."""

    player_id: int
    table: int
    wind: str


@dataclass(frozen=True)
class RoundSeating:
    number: int
    placements: tuple[Placement, ...]
    byes: tuple[int, ...] = ()
    half: int = 1

    @property
    def order(self) -> tuple[int, int]:
        """Where this seating comes in the event: round number, then half."""
        return (self.number, self.half)

    def tables(self) -> dict[int, tuple[Placement, ...]]:
        """Placements by table number, each table in wind order E, S, W, N."""
        by_table: dict[int, list[Placement]] = {}
        for placement in self.placements:
            by_table.setdefault(placement.table, []).append(placement)
        return {
            table: tuple(sorted(seated, key=lambda p: wind_order(p.wind)))
            for table, seated in sorted(by_table.items())
        }


@dataclass(frozen=True)
class SeatingOptions:
    """How to search. ``max_steps`` and ``stall_steps`` bound the search (reproducibly);
    ``time_limit`` (seconds) is only a safety stop and can cut a search short on a slow machine.
    """

    seed: int = 0
    separate_by: str | None = None
    time_limit: float = 20.0
    max_steps: int = 200_000
    stall_steps: int = 5_000
    method: str = "random"
    repeat_limit: int = 0  # "swiss": the most repeat meetings the round may have


@dataclass(frozen=True)
class FixedTable:
    """``player_id`` sits at table ``table`` in rounds ``first_round`` to ``last_round`` (None:
    no bound on that side)."""

    player_id: int
    table: int
    first_round: int | None = None
    last_round: int | None = None

    def applies(self, number: int) -> bool:
        """Set for round ``number``."""
        return (self.first_round is None or number >= self.first_round) and (
            self.last_round is None or number <= self.last_round
        )


@dataclass(frozen=True)
class KeptApart:
    """Players ``a`` and ``b`` must not meet in any round (``until_round`` None) or in rounds
    up to ``until_round``."""

    a: int
    b: int
    until_round: int | None = None

    def applies(self, number: int) -> bool:
        """Set for round ``number``."""
        return self.until_round is None or number <= self.until_round


@dataclass(frozen=True)
class SeatingConstraints:
    fixed_tables: tuple[FixedTable, ...] = ()
    kept_apart: tuple[KeptApart, ...] = ()

    def fixed_in(self, number: int) -> dict[int, int]:
        """Table by player id, for the fixed tables set in round ``number``."""
        return {f.player_id: f.table for f in self.fixed_tables if f.applies(number)}

    def apart_in(self, number: int) -> set[frozenset[int]]:
        """The pairs kept apart in round ``number``."""
        return {frozenset((k.a, k.b)) for k in self.kept_apart if k.applies(number)}


def repeat_lower_bound(player_count: int, rounds: int) -> int:
    """Fewest repeat meetings possible for ``player_count`` players (a multiple of 4) and
    ``rounds`` rounds: each player has ``3 * rounds`` meetings but only ``player_count - 1``
    possible partners."""
    return max(0, player_count * (3 * rounds - (player_count - 1)) // 2)


def substitutes_needed(player_count: int) -> int:
    """How many substitutes make ``player_count`` a multiple of 4."""
    return -player_count % 4

"""Measuring a seating schedule: repeat meetings, wind spread, separation, same-table repeats.

Pure Python fed the plain objects of :mod:`.schedule`; the vocabulary is that module's.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..winds import WINDS
from .request import RoundSeating, SeatingConstraints, SeatingPlayer


@dataclass(frozen=True)
class SeatingReport:
    """Quality figures for a list of rounds.

    ``repeat_pairs`` maps each pair ``(low id, high id)`` that met more than once to its number
    of meetings. ``wind_spread`` maps each seated player to their wind spread.
    ``separation_meetings`` lists ``(round, table, a, b, "club" | "country")`` for pairs sharing a
    (non-empty) club or country; ``same_table_repeats`` lists ``(round, player_id, table)`` for
    players at the table they had in the previous round. ``byes`` maps each player who sat a
    round out to the number of rounds they sat out.
    """

    repeat_pairs: dict[tuple[int, int], int]
    wind_spread: dict[int, int]
    separation_meetings: tuple[tuple[int, int, int, int, str], ...]
    same_table_repeats: tuple[tuple[int, int, int], ...]
    byes: dict[int, int] = field(default_factory=dict)
    # (round, table, a, b) for each kept-apart pair that met where it was set
    kept_apart_meetings: tuple[tuple[int, int, int, int], ...] = ()
    # (round, player_id, table set, table given; 0 when the player was not seated)
    fixed_table_misses: tuple[tuple[int, int, int, int], ...] = ()
    fixed_tables_honoured: int = 0  # (round, player) places where a fixed table was kept

    @property
    def repeat_meetings(self) -> int:
        return sum(count - 1 for count in self.repeat_pairs.values())

    @property
    def max_wind_spread(self) -> int:
        return max(self.wind_spread.values(), default=0)

    @property
    def total_byes(self) -> int:
        return sum(self.byes.values())

    @property
    def same_club_meetings(self) -> int:
        return sum(1 for meeting in self.separation_meetings if meeting[4] == "club")

    @property
    def same_country_meetings(self) -> int:
        return sum(1 for meeting in self.separation_meetings if meeting[4] == "country")


def quality_report(
    players: Iterable[SeatingPlayer],
    seatings: Sequence[RoundSeating],
    constraints: SeatingConstraints = SeatingConstraints(),  # noqa: B008 - frozen
) -> SeatingReport:
    """Measure ``seatings`` (in any order; consecutive means consecutive round numbers), and
    how they keep the ``constraints`` of the ``players`` measured."""
    players = list(players)
    shared_by = {p.id: (p.club, p.country) for p in players}  # what a pair may share
    meetings: Counter[tuple[int, int]] = Counter()
    winds: dict[int, Counter[str]] = defaultdict(Counter)
    separated: list[tuple[int, int, int, int, str]] = []
    same_table: list[tuple[int, int, int]] = []
    previous_number, previous_table = None, {}
    byes: Counter[int] = Counter()
    in_order = [(s, _ids_by_table(s)) for s in sorted(seatings, key=lambda s: s.order)]
    for seating, tables in in_order:
        number = seating.number
        if seating.half == 1:  # a round's halves sit out the same players once
            byes.update(seating.byes)
        for table, ids in tables.items():
            pairs = list(itertools.combinations(ids, 2))
            meetings.update(pairs)
            for a, b in pairs:
                club_a, country_a = shared_by.get(a, _NOTHING_SHARED)
                club_b, country_b = shared_by.get(b, _NOTHING_SHARED)
                if club_a and club_a == club_b:
                    separated.append((number, table, a, b, "club"))
                if country_a and country_a == country_b:
                    separated.append((number, table, a, b, "country"))
        follows = previous_number == number - 1
        for placement in seating.placements:
            winds[placement.player_id][placement.wind] += 1
            if follows and previous_table.get(placement.player_id) == placement.table:
                same_table.append((number, placement.player_id, placement.table))
        previous_number = number
        previous_table = {p.player_id: p.table for p in seating.placements}
    return SeatingReport(
        repeat_pairs=dict(sorted((pair, n) for pair, n in meetings.items() if n > 1)),
        wind_spread={
            player_id: max(counts[w] for w in WINDS) - min(counts[w] for w in WINDS)
            for player_id, counts in sorted(winds.items())
        },
        separation_meetings=tuple(separated),
        same_table_repeats=tuple(same_table),
        byes=dict(sorted(byes.items())),
        **_constraints_kept(players, in_order, constraints),
    )


_NOTHING_SHARED = ("", "")  # the club and country of a player the report was not given


def _ids_by_table(seating: RoundSeating) -> dict[int, list[int]]:
    """The player ids at each table, lowest first, by table number (no wind order: the
    figures here never look at it)."""
    by_table: dict[int, list[int]] = defaultdict(list)
    for placement in seating.placements:
        by_table[placement.table].append(placement.player_id)
    return {table: sorted(by_table[table]) for table in sorted(by_table)}


def _constraints_kept(players, in_order, constraints: SeatingConstraints) -> dict:
    """The kept-apart pairs that met, the fixed tables missed and how many were honoured
    (``in_order``: each seating, in order, with its player ids by table)."""
    known = {player.id for player in players}
    met_apart: list[tuple[int, int, int, int]] = []
    missed: list[tuple[int, int, int, int]] = []
    honoured = 0
    for seating, tables in in_order:
        apart = constraints.apart_in(seating.number)
        fixed = constraints.fixed_in(seating.number)
        if not apart and not fixed:  # most rounds of most events: nothing to look at
            continue
        for table, ids in tables.items() if apart else ():
            for a, b in itertools.combinations(ids, 2):
                if frozenset((a, b)) in apart:
                    met_apart.append((seating.number, table, a, b))
        table_of = {p.player_id: p.table for p in seating.placements}
        for player, table in sorted(fixed.items()):
            if player not in known or (player not in table_of and player not in seating.byes):
                continue  # not in this round's draw
            if table_of.get(player) == table:
                honoured += 1
            else:
                missed.append((seating.number, player, table, table_of.get(player, 0)))
    return {
        "kept_apart_meetings": tuple(met_apart),
        "fixed_table_misses": tuple(missed),
        "fixed_tables_honoured": honoured,
    }


def ranks_by_table(seating: RoundSeating, ranking: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """Each table's players' ranks (1 = best in ``ranking``), in wind order; 0 for unranked."""
    rank_of = {player: position + 1 for position, player in enumerate(ranking)}
    return {
        table: tuple(rank_of.get(p.player_id, 0) for p in group)
        for table, group in seating.tables().items()
    }

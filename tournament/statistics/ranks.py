"""Each player's place after every counted round, from the standings' rows (no Django).

Vocabulary
----------
rank history    {player id: [(round number, place), ...]}: after the last counted round, the
                place the standings give (`ranking.rows.Standing.place`: the tournament's rules,
                tie-breaks, stages and cuts); after each earlier round, the place by the
                standings' order counting the rounds up to it: match points then total points
                when the tournament ranks by match points, else total points (the sessions'
                scores, the penalties outside any session counted from the start). Players
                level on those share the place (a tie-break settles only the standings
                themselves). In a tournament played in stages, an earlier round's place ranks
                every player on the points of every round so far.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..standings.ranking.rows import Standing


def rank_history(
    rows: Sequence[Standing], *, by_match_points: bool, outside: Mapping[int, int]
) -> dict[int, list[tuple[int, int]]]:
    """See *rank history*; from the standings' rows as a viewer may see them, with each
    player's penalties outside any session (``outside``: points, negative)."""
    rounds = sorted({placing.round_number for row in rows for placing in row.sessions})
    history: dict[int, list[tuple[int, int]]] = {row.player_id: [] for row in rows if row.place}
    if not rounds:
        return {}
    for number in rounds[:-1]:
        keys = {
            row.player_id: _key(row, number, by_match_points, outside.get(row.player_id, 0))
            for row in rows
            if row.place
        }
        ordered = sorted(keys.values(), reverse=True)
        first_at: dict[tuple, int] = {}
        for index, key in enumerate(ordered, start=1):
            first_at.setdefault(key, index)
        for player_id, key in keys.items():
            history[player_id].append((number, first_at[key]))
    for row in rows:
        if row.place:
            history[row.player_id].append((rounds[-1], row.place))
    return history


def _key(row: Standing, number: int, by_match_points: bool, outside: int) -> tuple:
    """The player's standing after round ``number``: (match points, total) or (total,)."""
    played = [placing for placing in row.sessions if placing.round_number <= number]
    total = outside + sum(placing.score for placing in played)
    if not by_match_points:
        return (total,)
    return (
        sum(Fraction(placing.match_points).limit_denominator(1000) for placing in played),
        total,
    )

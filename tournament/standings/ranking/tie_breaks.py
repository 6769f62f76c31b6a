"""Tie-breaks: a registry of small measures, one per tournament setting.

Vocabulary
----------
tie-break       one object of `TIE_BREAKS` (a registry keyed by the strings of the tournament
                setting ``tie_break_order``): a name and one method, ``measure(group, ledger)``,
                giving each player of a tied group a number where higher is better.
group           the standings still tied when a tie-break is applied.
ledger          what a tie-break may look at besides the tied rows (`Ledger`): every session
                result, by player (grouped the first time a tie-break asks: most groups are
                broken by the rows' own figures).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import cached_property

from .rows import SessionResult, Standing


class Ledger:
    """What a tie-break may look at besides the tied rows: every session result, by player."""

    def __init__(self, every: Iterable[SessionResult]):
        self._every = every

    @cached_property
    def results(self) -> dict[int, list[SessionResult]]:
        by_player: dict[int, list[SessionResult]] = defaultdict(list)
        for result in self._every:
            by_player[result.player_id].append(result)
        return by_player


class TieBreak:
    key = ""
    name = ""

    def measure(self, group: Sequence[Standing], ledger: Ledger) -> dict[int, object]:
        """Each player of ``group`` to a comparable value; higher is better."""
        raise NotImplementedError


class RowFigure(TieBreak):
    """A figure the standing row holds itself (its total, match points, hands won)."""

    def __init__(self, key: str, name: str, figure: str):
        self.key, self.name, self.figure = key, name, figure

    def measure(self, group, ledger):
        return {row.player_id: getattr(row, self.figure) for row in group}


class BestSession(TieBreak):
    key, name = "best_session", "Best session score"

    def measure(self, group, ledger):
        floor = -(10**9)
        return {
            row.player_id: row.best_session if row.best_session is not None else floor
            for row in group
        }


class HeadToHead(TieBreak):
    """Points each tied player scored in the sessions where they sat with another of the group."""

    key, name = "head_to_head", "Head-to-head points"

    def measure(self, group, ledger):
        ids = {row.player_id for row in group}
        tables: dict[tuple[int, int, int], set[int]] = defaultdict(set)
        for pid in ids:
            for result in ledger.results.get(pid, ()):
                tables[result.card].add(pid)
        values = {}
        for pid in ids:
            values[pid] = sum(
                result.score
                for result in ledger.results.get(pid, ())
                if len(tables[result.card]) > 1
            )
        return values


TIE_BREAKS: dict[str, TieBreak] = {
    tie_break.key: tie_break
    for tie_break in (
        RowFigure("points", "Total points", "total"),
        RowFigure("match_points", "Match points", "match_points"),
        RowFigure("hands_won", "Hands won", "hands_won"),
        BestSession(),
        HeadToHead(),
    )
}

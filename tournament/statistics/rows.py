"""The rows the statistics' selectors read from the database and hand to the pure part
(`statistics.figures`): plain tuples, grouped in the database already.

Vocabulary: see `statistics.figures` (released hand, win, deal-in, false win, draw, big hand).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple


class OutcomeRow(NamedTuple):
    """Hands of one round with one outcome and win type (grouped in the database)."""

    round_number: int
    outcome: str
    win_type: str
    count: int


class WinnerRow(NamedTuple):
    """One player's wins (or false wins) of one win type: count, points, largest."""

    player_id: int
    outcome: str
    win_type: str
    count: int
    points: int
    largest: int


class DealInRow(NamedTuple):
    player_id: int
    count: int
    cost: int  # what they paid on those hands, positive


class PatternRow(NamedTuple):
    """Won hands of one player that counted the same patterns (``patterns``: [[name, points]],
    or that list as JSON text)."""

    player_id: int
    patterns: list | str
    count: int


class SessionRow(NamedTuple):
    """A session's released hands and draws."""

    session_id: int
    hands: int
    draws: int


class SeatRow(NamedTuple):
    session_id: int
    player_id: int


class ValueRow(NamedTuple):
    value: int
    count: int


class BigHandRow(NamedTuple):
    round_number: int
    table_number: int
    number: int
    player_id: int
    value: int
    patterns: list
    concealed: str
    melds: str
    winning_tile: str
    win_type: str


class HandGroup(NamedTuple):
    """The hands of one session with one outcome and win type: one grouped read gives both
    the sessions' counts (`SessionRow`) and the rounds' (`OutcomeRow`), see `hand_groups_split`."""

    session_id: int
    round_number: int
    outcome: str
    win_type: str
    count: int


def hand_groups_split(
    groups: Iterable[HandGroup], draw: str
) -> tuple[list[SessionRow], list[OutcomeRow]]:
    """Each session's hands and draws, and each round's hands by outcome and win type."""
    sessions: dict[int, list[int]] = {}
    rounds: dict[tuple[int, str, str], int] = {}
    for session_id, number, outcome, win_type, count in groups:
        counts = sessions.setdefault(session_id, [0, 0])
        counts[0] += count
        if outcome == draw:
            counts[1] += count
        key = (number, outcome, win_type)
        rounds[key] = rounds.get(key, 0) + count
    return (
        [SessionRow(pk, hands, draws) for pk, (hands, draws) in sessions.items()],
        [OutcomeRow(*key, count) for key, count in rounds.items()],
    )


@dataclass(frozen=True)
class RoundsRows:
    """Every grouped read of the released hands of some rounds (all of them, or a few): what
    the event's figures are added up from. Rows of two sets of rounds simply add up (the pure
    part sums rows with the same key; each set's big hands are its largest)."""

    groups: list[HandGroup]
    winners: list[WinnerRow]
    deal_ins: list[DealInRow]
    patterns: list[PatternRow]
    values: list[ValueRow]
    big_hands: list[BigHandRow]

"""Reads that join the domain packages for the public pages: one table's score as it stands,
for the streamers' overlay.

Vocabulary
----------
table in play   the card the desk opens for "table N" of a round (`play.selectors.
                table_session_in_play`): the first half's until the second half starts at a
                round with a table change, one session otherwise.
live score      each seated player's score in that session so far: hand points plus
                penalties, from the kept session scores (`SessionScore`), so a hand awaiting
                its blind second entry is not counted yet (as in the standings).
hands played    the session's confirmed hands, against the hands of the card (``hands``).

Nothing here judges what is public: the page asks `tournament.release` first.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Hand, Round, Seat, SessionScore
from ..names import player_names
from ..play.selectors.sessions import table_session_in_play
from ..winds import WIND_NAMES, wind_order


@dataclass(frozen=True)
class LiveSeat:
    wind: str
    player_id: int
    label: str
    score: int

    @property
    def wind_name(self) -> str:
        return WIND_NAMES.get(self.wind, "")


@dataclass(frozen=True)
class LiveTable:
    round_number: int
    table_number: int
    table_label: str
    half: int
    status: str
    hands: range  # the card's hand numbers (9-16 on a second half)
    hand_range: str  # "hands 9-16" after a table change, "" without one
    hands_played: int
    seats: list[LiveSeat]


def table_live(round_: Round, table_number: int) -> LiveTable | None:
    """The table in play at ``table_number`` of the round with each seat's live score (see the
    vocabulary), or None when the round has no such table: a few queries, whatever the size."""
    session = table_session_in_play(round_, table_number)
    if session is None:
        return None
    names = player_names(round_.tournament_id)
    scores = {
        player_id: hand_points + penalty_points
        for player_id, hand_points, penalty_points in SessionScore.objects.filter(
            session=session
        ).values_list("player_id", "hand_points", "penalty_points")
    }
    seats = sorted(
        (
            LiveSeat(wind, player_id, names.short_label(player_id, name), scores.get(player_id, 0))
            for wind, player_id, name in Seat.objects.filter(
                round_id=round_.pk, table_id=session.table_id, half=session.half
            ).values_list("wind", "player_id", "player__name")
        ),
        key=lambda seat: wind_order(seat.wind),
    )
    return LiveTable(
        round_number=round_.number,
        table_number=session.table.number,
        table_label=session.table.label,
        half=session.half,
        status=session.status,
        hands=session.hand_numbers(),
        hand_range=session.hand_range,
        hands_played=Hand.objects.filter(session=session, confirmed=True).count(),
        seats=seats,
    )

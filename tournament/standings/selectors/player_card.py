"""A player's page: their standing, their sessions, the hands they won or paid on, their
penalties and, as a viewer may see them, their seats.

Vocabulary
----------
player card     `PlayerCard`: one player's page: every session (table, wind, score, placing,
                match points, from their `ranking.rows.Standing`), every hand they won or paid
                on, their penalties, the cumulative score by round; `player_card_seen` adds
                their seats and applies what a viewer may see (the page and the API read it
                alike).
hand line       `HandLine`: one hand of the player's: where it was played, its outcome, whether
                they won it, its value and what they were paid (or paid).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ... import release
from ...event.selectors.seats import player_places
from ...models import Hand, Payment, Penalty, Session, Tournament
from ...play.selectors.hidden import hidden_hands_filter
from ...roles import is_official
from ..ranking.rows import Standing
from .board import Board, board
from .inputs import counted_rounds


@dataclass
class HandLine:
    round_number: int
    table_number: int
    number: int
    outcome: str
    won: bool
    value: int | None
    amount: int
    confirmed: bool


@dataclass
class PlayerCard:
    standing: Standing
    board: Board
    hands: list[HandLine]
    penalties: list[Penalty]
    places: list = field(default_factory=list)  # `event.selectors.Place`: see player_card_seen


def player_card(
    tournament: Tournament,
    player_id: int,
    *,
    round_limit: int | None = None,
    viewer=None,
    last_write: dt.datetime | None = None,
) -> PlayerCard | None:
    """One player's page, or None if they are not registered in the tournament. The hands
    awaiting a blind second entry that ``viewer`` may not see are left out of its hand lines
    (`play.selectors.hidden_hands_filter`: only their entrant and head judges see them).
    ``last_write``: see `board`."""
    board_ = board(tournament, last_write=last_write, round_limit=round_limit)
    standing = next((row for row in board_.rows if row.player_id == player_id), None)
    if standing is None:
        return None
    return PlayerCard(
        standing=standing,
        board=board_,
        hands=_hand_lines(tournament, player_id, round_limit, viewer),
        penalties=_penalties(tournament, player_id, round_limit),
    )


def _hand_lines(
    tournament: Tournament, player_id: int, round_limit: int | None, viewer
) -> list[HandLine]:
    """The hands the player won or paid on in the counted rounds, as ``viewer`` may see them,
    by round and hand number.

    Three index-backed reads, flat in the size of the hand table: the player's payments (by
    player), those hands by primary key, then their sessions by primary key (where the
    tournament and the round limit are checked). A join from payments planned a hand table
    scan; a join from the hands to the tournament, on SQLite, a search of every session."""
    paid = dict(
        Payment.objects.filter(player_id=player_id)
        .exclude(amount=0)
        .order_by()
        .values_list("hand_id", "amount")
    )
    found = (
        list(
            Hand.objects.filter(pk__in=list(paid))
            .exclude(hidden_hands_filter(viewer, "", tournament))
            .order_by()
            .values_list("pk", "session_id", "number", "outcome", "winner_id", "value", "confirmed")
        )
        if paid
        else []
    )
    places = (
        {
            pk: (round_number, table_number)
            for pk, round_number, table_number in Session.objects.filter(
                pk__in={row[1] for row in found},
                round__tournament=tournament,
                **counted_rounds("round__number", round_limit),
            ).values_list("pk", "round__number", "table__number")
        }
        if found
        else {}
    )
    return sorted(
        (
            HandLine(
                round_number=places[session_id][0],
                table_number=places[session_id][1],
                number=number,
                outcome=outcome,
                won=winner_id == player_id and paid[pk] > 0,
                value=value,
                amount=paid[pk],
                confirmed=confirmed,
            )
            for pk, session_id, number, outcome, winner_id, value, confirmed in found
            if session_id in places
        ),
        key=lambda line: (line.round_number, line.number),
    )


def _penalties(tournament: Tournament, player_id: int, round_limit: int | None) -> list[Penalty]:
    """The player's penalties in the counted rounds, then those outside any session."""
    penalties = list(
        Penalty.objects.filter(
            tournament=tournament,
            player_id=player_id,
            **counted_rounds("session__round__number", round_limit),
        ).select_related("session__round", "session__table")
    )
    if round_limit is not None:  # loose penalties have no round: they always count
        penalties += list(
            Penalty.objects.filter(tournament=tournament, player_id=player_id, session__isnull=True)
        )
    return penalties


def player_card_seen(user, tournament: Tournament, player_id: int) -> PlayerCard | None:
    """A player's page as ``user`` may see it (`tournament.release`), for the page and the
    API alike: the rounds the viewer may count (silent rounds), the hands they may see (a blind
    second entry) and, in ``places``, the player's seat in each round whose seating they may
    see. None when the player is not registered in the tournament. ``tournament`` is the
    page's, loaded by its loader in this request: its last write keys the kept board."""
    limit = release.counted_round_limit(user, tournament)
    card = player_card(
        tournament, player_id, round_limit=limit, viewer=user, last_write=tournament.last_write
    )
    if card is not None:
        official = is_official(user, tournament)
        card.places = player_places(
            tournament,
            player_id,
            rounds=[
                r for r in tournament.rounds.all() if release.seating_seen(r, official=official)
            ],
        )
    return card

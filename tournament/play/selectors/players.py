"""Reads of play for a player's own page: their sessions, hands, rounds done and penalties.

Vocabulary
----------
session         a card the player sat at: their table in each half of a round
                (`TableSession`, with its appeal window).
table hand      one confirmed hand of that table as the player's page shows it (`TableHand`):
                the winner, the discarder, the patterns and what the player gained or paid.
round done      a round in which every session of the player is reconciled.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q

from ...models import Hand, Payment, Penalty, Seat, Session
from ...names import player_names
from ..appeals import AppealWindow
from .queries import session_appeal_window


@dataclass
class TableHand:
    """One confirmed hand of a player's table as the player's own page shows it."""

    hand: Hand
    winner: str  # the winner's label ("" for a draw)
    discarder: str
    patterns: list[tuple[str, int]]
    amount: int  # what the player gained (+) or paid (-)
    queried: bool = False  # the player has already queried it


@dataclass
class TableSession:
    """A player's session: its round, table, appeal window and confirmed hands."""

    session: Session
    window: AppealWindow
    hands: list[TableHand]


def _player_sessions(registration):
    """The cards the registration's player sat at: their table in each half of a round."""
    return Session.objects.filter(
        Exists(
            Seat.objects.filter(
                round_id=OuterRef("round_id"),
                table_id=OuterRef("table_id"),
                half=OuterRef("half"),
                player_id=registration.player_id,
            )
        ),
        round__tournament_id=registration.tournament_id,
    )


def player_rounds_done(registration) -> set[int]:
    """The round numbers in which every session of the player (both halves after a table
    change) is reconciled: one query."""
    done, playing = set(), set()
    for number, status in _player_sessions(registration).values_list("round__number", "status"):
        (done if status == Session.Status.RECONCILED else playing).add(number)
    return done - playing


def player_table_sessions(
    registration, *, round_limit: int | None, reconciled_only: bool, queried=frozenset()
) -> list[TableSession]:
    """The sessions the registration's player sat in, in rounds whose seating is published (up
    to ``round_limit``; only reconciled ones when ``reconciled_only``), each with every
    confirmed hand of that table: four queries whatever the number of rounds and hands (a hand
    awaiting its second entry is left out: the public never sees one). ``queried``: the
    (session id, hand number) the player queried."""
    tournament = registration.tournament
    player_id = registration.player_id
    sessions = _player_sessions(registration).filter(round__seating_published=True)
    sessions = sessions.select_related("round", "table")
    if round_limit is not None:
        sessions = sessions.filter(round__number__lte=round_limit)
    if reconciled_only:
        sessions = sessions.filter(status=Session.Status.RECONCILED)
    sessions = list(sessions.order_by("round__number"))
    if not sessions:
        return []
    names = player_names(tournament)
    hands = Hand.objects.filter(session__in=sessions, confirmed=True).select_related(
        "winner", "discarder"
    )
    amounts = dict(
        Payment.objects.filter(hand__session__in=sessions, player_id=player_id).values_list(
            "hand_id", "amount"
        )
    )
    by_session: dict[int, list[TableHand]] = defaultdict(list)
    for hand in hands.order_by("number"):
        by_session[hand.session_id].append(
            TableHand(
                hand=hand,
                winner=names.label(hand.winner_id, hand.winner.name) if hand.winner else "",
                discarder=names.label(hand.discarder_id, hand.discarder.name)
                if hand.discarder
                else "",
                patterns=[(str(name), int(points)) for name, points in hand.patterns or []],
                amount=amounts.get(hand.pk, 0),
                queried=(hand.session_id, hand.number) in queried,
            )
        )
    found = []
    for session in sessions:
        session.round.tournament = tournament
        found.append(TableSession(session, session_appeal_window(session), by_session[session.pk]))
    return found


def player_penalties(registration, *, round_limit: int | None) -> list[Penalty]:
    """The penalties against the registration's player (up to ``round_limit``; those outside a
    session always count), with their session's round and table: one query."""
    penalties = Penalty.objects.filter(
        tournament_id=registration.tournament_id, player_id=registration.player_id
    ).select_related("session__round", "session__table")
    if round_limit is not None:
        penalties = penalties.filter(
            Q(session__isnull=True) | Q(session__round__number__lte=round_limit)
        )
    return list(penalties.order_by("created_at", "pk"))

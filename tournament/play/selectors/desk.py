"""Reads of play for the round desk: one card per session, and the table signals it shows.

Vocabulary
----------
session card    one table on the round desk (`SessionCard`): its players with their totals,
                hands entered, unconfirmed and mismatched hands, and its waiting signals.
desk signals    of a session's table signals (`selectors.table`), those the desk shows: the
                waiting ones and a count of the confirmed ones, once the table has used the
                table page (`desk_signals`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Q, Sum

from ...models import Payment, Round, Seat, Session
from ...names import player_names
from ...winds import wind_order
from .hidden import hidden_hands_filter
from .table import TableSignal, table_signals


@dataclass
class SessionCard:
    """One table on the round desk: players, hands entered, totals, status and, once the table
    has used the table page, its hands that still need someone (`desk_signals`)."""

    session: Session
    players: list[tuple[str, str, int]]  # (starting wind, name, total)
    hands: int
    unconfirmed: int
    mismatches: int
    signals: list[TableSignal] = field(default_factory=list)
    confirmed_at_table: int = 0  # hands the table entered and the desk confirmed


def round_desk(round_: Round, *, viewer) -> list[SessionCard]:
    """The round's tables; the totals shown to ``viewer`` leave out the hands hidden from them.
    A fixed number of queries; no model is made per seat (the names come from `player_names`)."""
    sessions = (
        Session.objects.filter(round=round_)
        .select_related("table")
        .annotate(
            hand_count=Count("hands", distinct=True),
            unconfirmed=Count("hands", filter=Q(hands__confirmed=False), distinct=True),
            mismatches=Count("hands__second_entries", distinct=True),
        )
        .order_by("half", "table__number")
    )
    seats = defaultdict(list)
    names = player_names(round_.tournament_id)
    for half, table_id, wind, player_id in Seat.objects.filter(round=round_).values_list(
        "half", "table_id", "wind", "player_id"
    ):
        seats[(half, table_id)].append((wind, player_id))
    totals = defaultdict(int)
    for row in (
        Payment.objects.filter(hand__session__round=round_)
        .exclude(hidden_hands_filter(viewer, "hand__", round_.tournament))
        .values("hand__session_id", "player_id")
        .annotate(total=Sum("amount"))
    ):
        totals[(row["hand__session_id"], row["player_id"])] = row["total"]
    signals = table_signals(sessions)
    cards = []
    for session in sessions:
        session.round = round_  # its addresses and hand numbers read no more
        ordered = sorted(seats[(session.half, session.table_id)], key=lambda s: wind_order(s[0]))
        shown, confirmed = desk_signals(signals[session.pk])
        cards.append(
            SessionCard(
                session=session,
                players=[
                    (wind, names.label(pid), totals[(session.pk, pid)]) for wind, pid in ordered
                ],
                hands=session.hand_count,
                unconfirmed=session.unconfirmed,
                mismatches=session.mismatches,
                signals=shown,
                confirmed_at_table=confirmed,
            )
        )
    return cards


def desk_signals(signals: list[TableSignal]) -> tuple[list[TableSignal], int]:
    """What the round desk shows of a session's signals: the hands that still wait for someone
    (the desk, the table or the head judge), and how many are confirmed by the table. Nothing
    while the table has not used the table page (every hand ``awaiting_table``): a chip on every
    hand of such tables would bury the ones that say something. The table page lists them all."""
    if all(signal.state == "awaiting_table" for signal in signals):
        return [], 0
    waiting = [signal for signal in signals if signal.state != "confirmed"]
    return waiting, len(signals) - len(waiting)

"""Reads of play: appeal windows and the hand queries players raise in them.

Vocabulary
----------
appeal window   `play.appeals`: when players may still query a session's hands, from its
                reconciliation for the tournament's minutes or until an official closes it.
hand query      `HandQuery`: a player's question about a hand, which it names by session and
                number, like the audit log; the head judge answers it.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Q

from ...models import Hand, HandQuery, Session
from ..appeals import AppealWindow, appeal_window


def session_appeal_window(session: Session) -> AppealWindow:
    """The session's appeal window (`play.appeals`); its round carries the tournament."""
    return appeal_window(
        minutes=session.round.tournament.appeal_window_minutes,
        reconciled_at=session.reconciled_at
        if session.status == Session.Status.RECONCILED
        else None,
        closed_at=session.appeal_closed_at,
    )


def open_appeal_windows(tournament, now) -> list[tuple[Session, AppealWindow]]:
    """The sessions of ``tournament`` whose appeal window is open at ``now``, with it, in round
    and table order: one query."""
    if not tournament.appeal_window_minutes:
        return []
    since = now - dt.timedelta(minutes=tournament.appeal_window_minutes)
    found = []
    for session in Session.objects.select_related("round__tournament", "table").filter(
        round__tournament=tournament, status=Session.Status.RECONCILED, reconciled_at__gt=since
    ):
        session.round.tournament = tournament
        window = session_appeal_window(session)
        if window.is_open(now):
            found.append((session, window))
    return found


def hand_queries(tournament=None, *, registration=None) -> list[HandQuery]:
    """The hand queries of a tournament (the head judge's queue: open ones first, then the
    answered, newest first), or those one player raised (in the order raised): one query."""
    queries = HandQuery.objects.select_related(
        "session__round__tournament", "session__table", "registration__player", "answered_by"
    )
    if registration is not None:
        return list(queries.filter(registration=registration).order_by("raised_at", "pk"))
    return sorted(
        queries.filter(session__round__tournament=tournament),
        key=lambda q: (q.status != HandQuery.Status.OPEN, -q.raised_at.timestamp(), -q.pk),
    )


def hand_query_hands(queries: list[HandQuery]) -> dict[int, Hand]:
    """The hand each query names (when it still exists), by query id: one query."""
    wanted = Q(pk__in=[])
    for query in queries:
        wanted |= Q(session_id=query.session_id, number=query.hand_number)
    hands = {
        (hand.session_id, hand.number): hand
        for hand in Hand.objects.filter(wanted).select_related("winner", "discarder")
    }
    return {
        query.pk: hands[(query.session_id, query.hand_number)]
        for query in queries
        if (query.session_id, query.hand_number) in hands
    }

"""Reads of play for the table page: what a table entered, and what the desk sees of it.

Vocabulary
----------
table's next    the lowest hand number of a session the table has not entered on the table
                page (`TableEntry`), or None when the table has entered them all.
open session    the session in play at a player's table (`player_open_session`): the one
                whose hands are not all in yet.
proposal        a hand a player entered from their link, waiting for another player's
                (`TableProposal`).
table signal    (hand number, state) for each saved hand of a session, what the desk sees of
                the table's work - never the content of an entry: ``confirmed`` (the table
                entered it and it is confirmed), ``awaiting_desk`` (the table entered it first;
                the desk's entry is awaited), ``mismatch`` (two entries differ: the head judge
                decides), ``awaiting_table`` (the desk has it; the table has not entered it).
                The round desk shows some of them (`selectors.desk.desk_signals`); the table
                page itself lists them all.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from django.db.models import Count, Exists, F, OuterRef, Q
from django.utils.translation import gettext_lazy

from ...models import Hand, HandEntry, Session, TableEntry, TableProposal
from .sessions import session_next_number


def table_next_number(session: Session) -> int | None:
    """The first hand of the session (9-16 in a second half) the table has not entered yet."""
    taken = set(
        TableEntry.objects.filter(hand__session=session).values_list("hand__number", flat=True)
    )
    return session_next_number(session, taken)


def player_open_session(registration) -> Session | None:
    """The session in play at the registration's player's table (their table in that half),
    with its tournament loaded: the earliest open session of a published round where they sit
    whose hands are not all in yet: neither all entered by the table nor all recorded and
    confirmed at the desk (a hand awaiting its blind second entry may still get it here).
    Rounds published ahead of play wait their turn; a finished table that the desk has not
    reconciled yet gives way to the player's next table. Two queries."""
    sessions = list(
        Session.objects.filter(
            round__tournament_id=registration.tournament_id,
            round__seating_published=True,
            status=Session.Status.OPEN,
            round__seats__player_id=registration.player_id,
            round__seats__table_id=F("table_id"),
            round__seats__half=F("half"),
        )
        .select_related("round", "table")
        .order_by("round__number", "half")
    )
    counts = {
        row["session_id"]: row
        for row in Hand.objects.filter(session__in=sessions)
        .values("session_id")
        .annotate(recorded=Count("pk", filter=Q(confirmed=True)), at_table=Count("table_entry"))
    }
    for session in sessions:
        session.round.tournament = registration.tournament
        count = counts.get(session.pk, {"recorded": 0, "at_table": 0})
        if max(count["recorded"], count["at_table"]) < len(session.hand_numbers()):
            return session
    return None


def table_proposal_waiting(session: Session, registration, number: int | None) -> bool:
    """Whether the player entered hand ``number`` from their link and waits for another."""
    return TableProposal.objects.filter(
        session=session, number=number, registration=registration
    ).exists()


TABLE_SIGNAL_LABELS = {
    "confirmed": gettext_lazy("confirmed by the table"),
    "awaiting_desk": gettext_lazy("entered at the table, awaiting the desk"),
    "mismatch": gettext_lazy("entries differ: head judge"),
    "awaiting_table": gettext_lazy("waiting for the table"),
}


class TableSignal(NamedTuple):
    number: int
    state: str  # a key of TABLE_SIGNAL_LABELS

    @property
    def label(self) -> str:
        return TABLE_SIGNAL_LABELS[self.state]


def table_signals(sessions) -> dict[int, list[TableSignal]]:
    """Session id -> its hands' table signals in hand order, for a queryset of sessions, in
    one query (see the vocabulary; nothing of any entry's content)."""
    rows = (
        Hand.objects.filter(session__in=sessions)
        .annotate(
            at_table=Exists(TableEntry.objects.filter(hand=OuterRef("pk"))),
            differs=Exists(HandEntry.objects.filter(hand=OuterRef("pk"))),
        )
        .order_by("session_id", "number")
        .values_list("session_id", "number", "confirmed", "at_table", "differs")
    )
    signals = defaultdict(list)
    for session_id, number, confirmed, at_table, differs in rows:
        if differs:
            state = "mismatch"
        elif not at_table:
            state = "awaiting_table"
        else:
            state = "confirmed" if confirmed else "awaiting_desk"
        signals[session_id].append(TableSignal(number, state))
    return signals

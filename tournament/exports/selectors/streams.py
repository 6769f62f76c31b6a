"""The archive's two long parts, read while they are written: the sessions with their hands, and
the audit log.

Vocabulary
----------
written as read  the sessions come `SESSIONS_PER_READ` at a time, each read with its hands,
            payments, second entries, table entries and players' table entries (one round of
            queries per read); the audit log through a cursor, `AUDIT_LINES_PER_READ` lines at a
            time. Each is a generator the archive wraps as a `..archive.text.Stream`.
names       `..kinds.Names`: player ids to registration numbers, user ids to user names.
place       a session as the archive names it: round number, table number, half.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...models import Payment, Session, TableEntry
from ..archive.format import HAND_FLAGS, entry_numbers, snapshot_numbers
from ..kinds import (
    AUDIT,
    HANDS,
    SECOND_ENTRIES,
    SESSIONS,
    TABLE_ENTRIES,
    TABLE_PROPOSALS,
    Names,
    record_of,
)

#: Sessions read per round of queries while an archive is written (a world championship's 1,000
#: sessions in 10 reads: each read holds 100 sessions' hands, payments and entries).
SESSIONS_PER_READ = 100
AUDIT_LINES_PER_READ = 2000


def sessions_read(tournament, names: Names) -> Iterator[dict]:
    """The sessions in order, each with its hands and players' entries, read
    `SESSIONS_PER_READ` sessions at a time."""
    sessions = list(SESSIONS.rows("id", "card_totals", tournament=tournament))
    number_of = names.number_of
    for start in range(0, len(sessions), SESSIONS_PER_READ):
        batch = sessions[start : start + SESSIONS_PER_READ]
        ids = [session["id"] for session in batch]
        hands = _hands(ids, names)
        proposals: dict[int, list] = {}
        for row in TABLE_PROPOSALS.rows("session_id", "data", session_id__in=ids):
            proposals.setdefault(row["session_id"], []).append(
                record_of(TABLE_PROPOSALS, row, names)
                | {"data": entry_numbers(row["data"], number_of)}
            )
        for session in batch:
            totals = session["card_totals"]
            yield record_of(SESSIONS, session, names) | {
                "card_totals": (
                    {str(number_of.get(int(pid), pid)): total for pid, total in totals.items()}
                    if totals is not None
                    else None
                ),
                "hands": hands.get(session["id"], []),
                "table_proposals": proposals.get(session["id"], []),
            }


def _hands(session_ids: list[int], names: Names) -> dict[int, list]:
    """The hands of the sessions ``session_ids`` by session, in order, with their payments,
    second entries and table entries."""
    scope = {"hand__session_id__in": session_ids}
    payments: dict[int, dict[str, int]] = {}
    for hand_id, player_id, amount in (
        Payment.objects.filter(**scope).order_by().values_list("hand_id", "player_id", "amount")
    ):
        payments.setdefault(hand_id, {})[str(names.number_of[player_id])] = amount
    seconds: dict[int, list] = {}
    for row in SECOND_ENTRIES.rows("hand_id", "data", **scope):
        seconds.setdefault(row["hand_id"], []).append(
            record_of(SECOND_ENTRIES, row, names)
            | {"data": entry_numbers(row["data"], names.number_of)}
        )
    agreed: dict[int, list[int]] = {}
    for entry_id, player_id in (
        TableEntry.agreed_by.through.objects.filter(tableentry__hand__session_id__in=session_ids)
        .order_by()
        .values_list("tableentry_id", "registration__player_id")
    ):
        agreed.setdefault(entry_id, []).append(names.number_of[player_id])
    at_table = {
        row["hand_id"]: record_of(TABLE_ENTRIES, row, names)
        | {"players": sorted(agreed.get(row["id"], []))}
        for row in TABLE_ENTRIES.rows("id", "hand_id", **scope)
    }
    hands: dict[int, list] = {}
    for hand in HANDS.rows("id", "session_id", *HAND_FLAGS, session_id__in=session_ids):
        pk = hand["id"]
        hands.setdefault(hand["session_id"], []).append(
            record_of(HANDS, hand, names)
            | {
                "flags": [flag for flag in HAND_FLAGS if hand[flag]],
                "payments": payments.get(pk, {}),
                "second_entries": seconds.get(pk, []),
                "table_entry": at_table.get(pk),
            }
        )
    return hands


def audit_read(tournament, names: Names) -> Iterator[dict]:
    """The audit log in order, read through a cursor (`AUDIT_LINES_PER_READ` at a time)."""
    places = {
        pk: (round_number, table_number, half)
        for pk, round_number, table_number, half in Session.objects.filter(
            round__tournament=tournament
        ).values_list("pk", "round__number", "table__number", "half")
    }
    lines = AUDIT.rows("session_id", "before", "after", tournament=tournament)
    for line in lines.iterator(chunk_size=AUDIT_LINES_PER_READ):
        session_id = line["session_id"]
        if session_id is not None and session_id not in places:  # not one of this tournament's
            places[session_id] = (
                Session.objects.filter(pk=session_id)
                .values_list("round__number", "table__number", "half")
                .get()
            )
        round_number, table_number, half = places.get(session_id, (None, None, None))
        yield record_of(AUDIT, line, names) | {
            "round": round_number,
            "table": table_number,
            "half": half,
            "before": snapshot_numbers(line["before"], names.number_of),
            "after": snapshot_numbers(line["after"], names.number_of),
        }

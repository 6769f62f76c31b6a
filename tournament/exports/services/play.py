"""The archive's record of play written back: the sessions with their hands (payments, second
entries, table entries), the players' table entries, the penalties and the audit log.

Vocabulary: see `..kinds` (row kind, record, refs). `Written` holds the rows written so far,
by the names the archive gives them, for the rows written after them to refer to: tables and
rounds by number, sessions by place (round, table, half), hands by (session id, number), penalty
presets by name. Hands go `BATCH` at a time with their payments and entries.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...models import Payment, Tournament
from ..archive.format import HAND_FLAGS, entry_numbers, half_of, snapshot_numbers
from ..kinds import (
    AUDIT,
    HANDS,
    PENALTIES,
    SECOND_ENTRIES,
    SESSIONS,
    TABLE_ENTRIES,
    TABLE_PROPOSALS,
    Refs,
    row_of,
)
from ..rows import rows_insert

#: Hands written at once (with their payments and entries): the import's memory, not its
#: statements (`rows_insert` writes each kind of row in as few as it can).
BATCH = 1000


@dataclass
class Written:
    """The rows written so far, by their archive names (see the vocabulary)."""

    tournament: Tournament
    tables: dict = field(default_factory=dict)
    rounds: dict = field(default_factory=dict)
    sessions: dict = field(default_factory=dict)
    hands: dict = field(default_factory=dict)
    presets: dict = field(default_factory=dict)

    def session_at(self, record: dict):
        """The session a penalty, audit line or hand query names (None: outside any)."""
        return self.sessions.get((record["round"], record["table"], half_of(record) or 1))


def sessions_write(records: list[dict], refs: Refs, written: Written) -> None:
    """The sessions, their hands (`BATCH` at a time) and the players' table entries."""
    played = []
    for record in records:
        where = SESSIONS.where.format(**record)
        totals = record["card_totals"]
        session = row_of(
            SESSIONS,
            record,
            refs,
            round=written.rounds[record["round"]],
            table=written.tables[record["table"]],
            card_totals=(
                {str(refs.id_of[int(n)]): total for n, total in totals.items()}
                if totals is not None
                else None
            ),
        )
        written.sessions[(record["round"], record["table"], half_of(record))] = session
        played += [(session, hand, f"{where}, hand {hand['number']}") for hand in record["hands"]]
    rows_insert(SESSIONS.model, written.sessions.values())
    for start in range(0, len(played), BATCH):
        written.hands.update(_hands_write(played[start : start + BATCH], refs))
    rows_insert(
        TABLE_PROPOSALS.model,
        (
            row_of(
                TABLE_PROPOSALS,
                proposal,
                refs,
                session=written.sessions[(record["round"], record["table"], half_of(record))],
                data=entry_numbers(proposal["data"], refs.id_of),
            )  # fmt: skip
            for record in records
            # absent from files written before table entries
            for proposal in record.get("table_proposals") or []
        ),
    )


def _hands_write(played, refs: Refs) -> dict:
    """The hands ``played`` ((session, hand record, name) each, the sessions saved) with their
    payments, second entries and table entries; returns them by (session id, number)."""
    hands = [
        row_of(
            HANDS,
            record,
            refs,
            where=name,
            session_id=session.pk,
            **{flag: flag in record["flags"] for flag in HAND_FLAGS},
        )  # fmt: skip
        for session, record, name in played
    ]
    rows_insert(HANDS.model, hands)
    records = [record for _, record, _ in played]
    rows_insert(
        Payment,
        (
            Payment(hand_id=hand.pk, player_id=refs.id_of[int(number)], amount=amount)
            for hand, record in zip(hands, records, strict=True)
            for number, amount in sorted(record["payments"].items(), key=lambda i: int(i[0]))
        ),
    )
    rows_insert(
        SECOND_ENTRIES.model,
        (
            row_of(
                SECOND_ENTRIES,
                second,
                refs,
                hand_id=hand.pk,
                data=entry_numbers(second["data"], refs.id_of),
            )  # fmt: skip
            for hand, record in zip(hands, records, strict=True)
            for second in record["second_entries"]
        ),
    )
    at_table = [
        (
            row_of(TABLE_ENTRIES, record["table_entry"], refs, hand=hand),
            record["table_entry"].get("players") or [],
        )
        for hand, record in zip(hands, records, strict=True)
        # absent from files written before table entries
        if record.get("table_entry") is not None
    ]
    rows_insert(TABLE_ENTRIES.model, (entry for entry, _ in at_table))
    agreed = TABLE_ENTRIES.model.agreed_by.through
    rows_insert(
        agreed,
        (
            agreed(tableentry_id=entry.pk, registration_id=refs.registration_of[number].pk)
            for entry, players in at_table
            for number in players
        ),
    )
    return {(hand.session_id, hand.number): hand for hand in hands}


def penalties_write(records: list[dict], refs: Refs, written: Written) -> None:
    """The penalties (and warnings), each with its session, hand and preset when it has one."""
    penalties = []
    for record in records:
        session = written.session_at(record)
        hand = None
        if session is not None and record["hand"] is not None:
            hand = written.hands.get((session.pk, record["hand"]))
        penalties.append(
            row_of(
                PENALTIES,
                record,
                refs,
                tournament=written.tournament,
                session=session,
                hand=hand,
                preset=written.presets.get(record["preset"]),
            )  # fmt: skip
        )
    rows_insert(PENALTIES.model, penalties)


def audit_write(lines: list[dict], refs: Refs, written: Written) -> None:
    """The audit log, its snapshots' players by id again."""
    rows_insert(
        AUDIT.model,
        (
            row_of(
                AUDIT,
                line,
                refs,
                tournament_id=written.tournament.pk,
                session=written.session_at(line),
                before=snapshot_numbers(line.get("before"), refs.id_of),
                after=snapshot_numbers(line.get("after"), refs.id_of),
            )  # fmt: skip
            for line in lines
        ),
    )

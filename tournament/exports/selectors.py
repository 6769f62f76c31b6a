"""Reads for the archive: a tournament from the database as an archive dict (`.archive`).

Every list is in a fixed order (numbers, then time and row order for the audit log), and players
are named by registration number, so the same tournament always gives the same archive.

Vocabulary
----------
snapshot    `archive_snapshot`: a read-only transaction in which every query sees the database as
            it was at one instant, while judges keep saving. On PostgreSQL a ``REPEATABLE READ,
            READ ONLY`` transaction; on SQLite one deferred read transaction (WAL gives it its
            own snapshot and takes no write lock, so the desk is never blocked). An archive's
            tables are read in many queries: outside one snapshot a hand saved between the
            payments query and the hands query came out without payments, and the import
            refused the file. Inside a caller's transaction the caller's isolation applies.
written as read  `tournament_archive_chunks`: the archive's parts with the sessions and the
            audit log as streams (`.archive.Stream`), each read when its text is written:
            `SESSIONS_PER_READ` sessions with their hands, payments and entries per round of
            queries, the audit log through a cursor. The officials are read first (one query
            over every table that names a user): their key comes before the sessions'.
            `tournament_archive` holds the same parts whole (tests, small uses);
            `tournament_archive_write` is the file writer of the command and the backups.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from operator import itemgetter
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connections, transaction

from ..models import (
    AuditEntry,
    Hand,
    HandEntry,
    HandQuery,
    Payment,
    Penalty,
    PlayerLink,
    Round,
    Seat,
    Session,
    Stage,
    StageCut,
    StageCutEntry,
    TableEntry,
    TableProposal,
    Tournament,
)
from ..roles import roles_of
from .archive import (
    FORMAT,
    HAND_FLAGS,
    TOURNAMENT_FIELDS,
    VERSION,
    Stream,
    archive_chunks,
    entry_numbers,
    snapshot_numbers,
)

#: Sessions read per round of queries while an archive is written (a world championship's 1,000
#: sessions in 10 reads: each read holds 100 sessions' hands, payments and entries).
SESSIONS_PER_READ = 100
AUDIT_LINES_PER_READ = 2000


def _when(value) -> str | None:
    return value.isoformat() if value is not None else None


def _name(user) -> str | None:
    return user.username if user is not None else None


def _role(user, tournament: Tournament) -> str:
    """The official's role in ``tournament`` (a role held in another tournament is not one
    here; a global group's role holds in every tournament)."""
    roles = roles_of(user, tournament)
    if roles.organiser:
        return "organiser"
    if roles.head_judge:
        return "head judge"
    return "judge" if roles.judge else "none"


@contextmanager
def archive_snapshot(using: str = DEFAULT_DB_ALIAS) -> Iterator:
    """Run the block's reads in one consistent, read-only snapshot; yields the connection."""
    connection = connections[using]
    connection.ensure_connection()
    if connection.in_atomic_block:
        yield connection
        return
    if connection.vendor == "postgresql":
        with transaction.atomic(using=using):
            with connection.cursor() as cursor:
                # Must be the transaction's first statement; the snapshot is taken at the next.
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                cursor.execute("SELECT 1")
            yield connection
        return
    if connection.vendor != "sqlite":
        raise NotImplementedError(f"No consistent snapshot for {connection.vendor}.")
    # The site's SQLite transactions BEGIN IMMEDIATE (they take the write lock at once, see
    # settings); a reader must not, so this one transaction begins DEFERRED.
    mode, connection.transaction_mode = connection.transaction_mode, None
    try:
        with transaction.atomic(using=using):
            connection.transaction_mode = mode
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA query_only = ON")
                cursor.execute("SELECT count(*) FROM sqlite_master")  # the snapshot starts here
            try:
                yield connection
            finally:
                with connection.cursor() as cursor:
                    cursor.execute("PRAGMA query_only = OFF")
    finally:
        connection.transaction_mode = mode


def tournament_archive(tournament: Tournament) -> dict:
    """Everything about ``tournament`` as an archive dict (see ``docs/archive.md``), every
    table read in one snapshot (`archive_snapshot`). Holds the whole archive: to write it,
    use `tournament_archive_chunks`."""
    with archive_snapshot():
        parts = _archive(Tournament.objects.get(pk=tournament.pk))
        return {key: list(v) if isinstance(v, Stream) else v for key, v in parts.items()}


def tournament_archive_chunks(tournament: Tournament) -> Iterator[str]:
    """The archive's canonical text (`archive_dumps`) piece by piece (`archive_chunks`), read as
    it is written: the sessions a few at a time, the audit log through a cursor, all in one
    snapshot that stays open until the last piece (or until the caller stops reading)."""
    with archive_snapshot():
        yield from archive_chunks(_archive(Tournament.objects.get(pk=tournament.pk)))


def tournament_archive_write(tournament: Tournament, path) -> int:
    """Write the archive to the file ``path`` as it is read (`tournament_archive_chunks`);
    returns its size in bytes."""
    path = Path(path)
    with path.open("w", encoding="utf-8") as stream:
        stream.writelines(tournament_archive_chunks(tournament))
    return path.stat().st_size


def _archive(tournament: Tournament) -> dict:
    """The archive's parts; the sessions and the audit log as `Stream`s, read when written."""
    registrations = list(tournament.registrations.select_related("player").order_by("number"))
    number_of = {reg.player_id: reg.number for reg in registrations}
    officials = _officials(tournament)
    usernames = {pk: user.username for pk, user in officials.items()}
    places = {
        pk: (round_number, table_number, half)
        for pk, round_number, table_number, half in Session.objects.filter(
            round__tournament=tournament
        ).values_list("pk", "round__number", "table__number", "half")
    }

    settings = {name: getattr(tournament, name) for name in TOURNAMENT_FIELDS}
    settings["start_date"] = tournament.start_date.isoformat()
    settings["end_date"] = tournament.end_date.isoformat()
    settings["appeal_window_minutes"] = tournament.appeal_window_minutes
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    seats = Seat.objects.filter(round__tournament=tournament).select_related("table", "round")
    seats_by_round: dict[int, list] = {}
    for seat in seats.order_by("round__number", "half", "table__number", "wind"):
        seats_by_round.setdefault(seat.round_id, []).append(
            {
                "table": seat.table.number,
                "half": seat.half,
                "wind": seat.wind,
                "player": number_of[seat.player_id],
            }
        )
    penalties = (
        Penalty.objects.filter(tournament=tournament)
        .select_related("session__round", "session__table", "hand", "created_by", "preset")
        .order_by("created_at", "pk")
    )
    archive = {
        "format": FORMAT,
        "version": VERSION,
        "tournament": settings,
        "players": [
            {
                "number": reg.number,
                "name": reg.player.name,
                "given_name": reg.player.given_name,
                "family_name": reg.player.family_name,
                "chinese_name": reg.player.chinese_name,
                "country": reg.player.country.code or "",
                "club": reg.player.club,
                "external_id": reg.player.external_id,
                "status": reg.status,
                "is_substitute": reg.is_substitute,
            }
            for reg in registrations
        ],
        "tables": [
            {"number": table.number, "label": table.label}
            for table in tournament.tables.order_by("number")
        ],
        "rounds": [
            {
                "number": round_.number,
                "status": round_.status,
                "seating_published": round_.seating_published,
                "table_change_after": round_.table_change_after,
                "seats": seats_by_round.get(round_.pk, []),
            }
            for round_ in rounds
        ],
        "sessions": Stream(_sessions(tournament, number_of, usernames)),
        "penalties": [
            {
                "player": number_of[penalty.player_id],
                "round": penalty.session.round.number if penalty.session else None,
                "table": penalty.session.table.number if penalty.session else None,
                "half": penalty.session.half if penalty.session else None,
                "hand": penalty.hand.number if penalty.hand else None,
                "amount": penalty.amount,
                "mode": penalty.mode,
                "reason": penalty.reason,
                "created_by": _name(penalty.created_by),
                "created_at": _when(penalty.created_at),
                "preset": penalty.preset.name if penalty.preset else None,
                "warning": penalty.warning,
            }
            for penalty in penalties
        ],
        "penalty_presets": [
            {
                "name": preset.name,
                "points": preset.points,
                "per": preset.per,
                "mode": preset.mode,
                "warning_first": preset.warning_first,
                "position": preset.position,
            }
            for preset in tournament.penalty_presets.order_by("position", "name")
        ],
        "audit": Stream(_audit(tournament, number_of, usernames, places)),
    }
    # Links in force travel with their tokens, so that a restored tournament keeps every
    # printed and mailed link working (docs/archive.md); revoked ones stay behind.
    archive["links"] = [
        {"player": number_of[reg_player], "token": token, "issued_at": _when(issued_at)}
        for reg_player, token, issued_at in PlayerLink.objects.filter(
            registration__tournament=tournament, revoked_at__isnull=True
        )
        .order_by("registration__number")
        .values_list("registration__player_id", "token", "issued_at")
    ]
    archive["queries"] = [
        {
            "round": query.session.round.number,
            "table": query.session.table.number,
            "half": query.session.half,
            "hand_number": query.hand_number,
            "player": query.registration.number,
            "text": query.text,
            "raised_at": _when(query.raised_at),
            "status": query.status,
            "answer": query.answer,
            "answered_by": _name(query.answered_by),
            "answered_at": _when(query.answered_at),
        }
        for query in HandQuery.objects.filter(session__round__tournament=tournament)
        .select_related("session__round", "session__table", "registration", "answered_by")
        .order_by("raised_at", "pk")
    ]
    archive["stages"] = _stages(tournament, number_of)
    archive["officials"] = sorted(
        ({"username": u.username, "role": _role(u, tournament)} for u in officials.values()),
        key=itemgetter("username"),
    )
    return archive


def _officials(tournament: Tournament) -> dict[int, object]:
    """Every user the archive names (who entered, confirmed, reconciled, recorded, answered or
    confirmed a cut, and the audit log's users), by id: read before the parts that name them,
    since the officials are written before the sessions (keys are sorted)."""
    in_hands = Hand.objects.filter(session__round__tournament=tournament)
    in_sessions = {"session__round__tournament": tournament}
    named = [
        in_hands.values_list("entered_by_id"),
        in_hands.values_list("confirmed_by_id"),
        HandEntry.objects.filter(hand__session__round__tournament=tournament).values_list(
            "entered_by_id"
        ),
        TableEntry.objects.filter(hand__session__round__tournament=tournament).values_list(
            "entered_by_id"
        ),
        Session.objects.filter(round__tournament=tournament).values_list("reconciled_by_id"),
        Penalty.objects.filter(tournament=tournament).values_list("created_by_id"),
        AuditEntry.objects.filter(tournament=tournament).values_list("user_id"),
        HandQuery.objects.filter(**in_sessions).values_list("answered_by_id"),
        StageCut.objects.filter(stage__tournament=tournament).values_list("confirmed_by_id"),
    ]
    first, *rest = (query.order_by() for query in named)
    ids = {pk for (pk,) in first.union(*rest) if pk is not None}
    return {user.pk: user for user in get_user_model().objects.filter(pk__in=ids)} if ids else {}


def _sessions(tournament: Tournament, number_of: dict[int, int], usernames) -> Iterator[dict]:
    """The sessions in order, each with its hands and players' entries, read
    `SESSIONS_PER_READ` sessions at a time."""
    sessions = list(
        Session.objects.filter(round__tournament=tournament)
        .select_related("round", "table")
        .order_by("round__number", "half", "table__number")
    )
    for start in range(0, len(sessions), SESSIONS_PER_READ):
        batch = sessions[start : start + SESSIONS_PER_READ]
        ids = [session.pk for session in batch]
        hands = _hands(ids, number_of, usernames)
        proposals: dict[int, list] = {}
        for session_id, number, player_id, data, entered_at in (
            TableProposal.objects.filter(session_id__in=ids)
            .order_by("number", "entered_at", "pk")
            .values_list("session_id", "number", "registration__player_id", "data", "entered_at")
        ):
            proposals.setdefault(session_id, []).append(
                {
                    "number": number,
                    "player": number_of[player_id],
                    "data": entry_numbers(data, number_of),
                    "entered_at": _when(entered_at),
                }
            )
        for session in batch:
            yield {
                "round": session.round.number,
                "table": session.table.number,
                "half": session.half,
                "status": session.status,
                "card_totals": (
                    {
                        str(number_of.get(int(pid), pid)): total
                        for pid, total in session.card_totals.items()
                    }
                    if session.card_totals is not None
                    else None
                ),
                "reconciled_by": usernames.get(session.reconciled_by_id),
                "reconciled_at": _when(session.reconciled_at),
                "opened_at": _when(session.opened_at),
                "appeal_closed_at": _when(session.appeal_closed_at),
                "hands": hands.get(session.pk, []),
                "table_proposals": proposals.get(session.pk, []),
            }


def _hands(session_ids: list[int], number_of: dict[int, int], usernames) -> dict[int, list]:
    """The hands of the sessions ``session_ids`` by session, in order, with their payments,
    second entries and table entries."""
    scope = {"hand__session_id__in": session_ids}
    payments: dict[int, dict[str, int]] = {}
    for hand_id, player_id, amount in (
        Payment.objects.filter(**scope).order_by().values_list("hand_id", "player_id", "amount")
    ):
        payments.setdefault(hand_id, {})[str(number_of[player_id])] = amount
    seconds: dict[int, list] = {}
    for hand_id, data, entered_by, entered_at, hand_version in (
        HandEntry.objects.filter(**scope)
        .order_by("entered_at", "pk")
        .values_list("hand_id", "data", "entered_by_id", "entered_at", "hand_version")
    ):
        seconds.setdefault(hand_id, []).append(
            {
                "data": entry_numbers(data, number_of),
                "entered_by": usernames.get(entered_by),
                "entered_at": _when(entered_at),
                "hand_version": hand_version,
            }
        )
    agreed: dict[int, list[int]] = {}
    for entry_id, player_id in (
        TableEntry.agreed_by.through.objects.filter(tableentry__hand__session_id__in=session_ids)
        .order_by()
        .values_list("tableentry_id", "registration__player_id")
    ):
        agreed.setdefault(entry_id, []).append(number_of[player_id])
    at_table = {
        hand_id: {
            "entered_by": usernames.get(entered_by),
            "entered_at": _when(entered_at),
            "first": first,
            "players": sorted(agreed.get(pk, [])),
        }
        for pk, hand_id, entered_by, entered_at, first in TableEntry.objects.filter(**scope)
        .order_by()
        .values_list("pk", "hand_id", "entered_by_id", "entered_at", "first")
    }
    hands: dict[int, list] = {}
    for hand in (
        Hand.objects.filter(session_id__in=session_ids).order_by("session_id", "number").values()
    ):
        pk = hand["id"]
        hands.setdefault(hand["session_id"], []).append(
            {
                "number": hand["number"],
                "outcome": hand["outcome"],
                "winner": number_of.get(hand["winner_id"]),
                "win_type": hand["win_type"],
                "discarder": number_of.get(hand["discarder_id"]),
                "immunity": hand["immunity"],
                "responsible": number_of.get(hand["responsible_id"]),
                "concealed": hand["concealed"],
                "melds": hand["melds"],
                "winning_tile": hand["winning_tile"],
                "penalty_tiles": hand["penalty_tiles"],
                "flags": [flag for flag in HAND_FLAGS if hand[flag]],
                "value": hand["value"],
                "patterns": hand["patterns"],
                "payments": payments.get(pk, {}),
                "entered_by": usernames.get(hand["entered_by_id"]),
                "entered_at": _when(hand["entered_at"]),
                "updated_at": _when(hand["updated_at"]),
                "version": hand["version"],
                "confirmed": hand["confirmed"],
                "confirmed_by": usernames.get(hand["confirmed_by_id"]),
                "second_entries": seconds.get(pk, []),
                "table_entry": at_table.get(pk),
            }
        )
    return hands


def _audit(tournament: Tournament, number_of, usernames, places) -> Iterator[dict]:
    """The audit log in order, read through a cursor (`AUDIT_LINES_PER_READ` at a time)."""
    lines = AuditEntry.objects.filter(tournament=tournament).order_by("created_at", "pk")
    for line in lines.values().iterator(chunk_size=AUDIT_LINES_PER_READ):
        session_id = line["session_id"]
        if session_id is not None and session_id not in places:  # not one of this tournament's
            places[session_id] = (
                Session.objects.filter(pk=session_id)
                .values_list("round__number", "table__number", "half")
                .get()
            )
        round_number, table_number, half = places.get(session_id, (None, None, None))
        yield {
            "created_at": _when(line["created_at"]),
            "round": round_number,
            "table": table_number,
            "half": half,
            "hand_number": line["hand_number"],
            "action": line["action"],
            "user": usernames.get(line["user_id"]),
            "reason": line["reason"],
            "before": snapshot_numbers(line["before"], number_of),
            "after": snapshot_numbers(line["after"], number_of),
        }


def _stages(tournament: Tournament, number_of: dict[int, int]) -> list[dict]:
    """The stages with their confirmed cuts, players by number (``docs/archive.md``)."""
    entries: dict[int, list[dict]] = {}
    for entry in StageCutEntry.objects.filter(cut__stage__tournament=tournament).order_by(
        "cut_id", "position"
    ):
        entries.setdefault(entry.cut_id, []).append(
            {
                "player": number_of[entry.player_id],
                "position": entry.position,
                "rank": entry.rank,
                "score": entry.score,
                "carried": entry.carried,
                "qualified": entry.qualified,
                "lot": entry.lot,
            }
        )
    stages = []
    for stage in (
        Stage.objects.filter(tournament=tournament)
        .select_related("cut__confirmed_by")
        .order_by("number")
    ):
        cut = getattr(stage, "cut", None)
        stages.append(
            {
                "number": stage.number,
                "last_round": stage.last_round,
                "cut_size": stage.cut_size,
                "carry": [stage.carry_numerator, stage.carry_denominator],
                "cut": None
                if cut is None
                else {
                    "seed": cut.seed,
                    "tie_breaks": cut.tie_breaks,
                    "confirmed_by": _name(cut.confirmed_by),
                    "confirmed_at": _when(cut.confirmed_at),
                    "entries": entries.get(cut.pk, []),
                },
            }
        )
    # A tournament without stage rows (made before stages, or by the admin) is one stage.
    return stages or [
        {"number": 1, "last_round": None, "cut_size": None, "carry": [0, 1], "cut": None}
    ]

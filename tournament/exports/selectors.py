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
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

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
    StageCutEntry,
    TableEntry,
    TableProposal,
    Tournament,
)
from ..roles import roles_of
from .archive import FORMAT, HAND_FLAGS, TOURNAMENT_FIELDS, VERSION, entry_numbers, snapshot_numbers


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
    table read in one snapshot (`archive_snapshot`)."""
    with archive_snapshot():
        return _archive(Tournament.objects.get(pk=tournament.pk))


def _archive(tournament: Tournament) -> dict:
    registrations = list(tournament.registrations.select_related("player").order_by("number"))
    number_of = {reg.player_id: reg.number for reg in registrations}
    users = {}

    def user(u):
        if u is not None:
            users[u.username] = u
        return _name(u)

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
    payments: dict[int, dict[str, int]] = {}
    for payment in Payment.objects.filter(hand__session__round__tournament=tournament):
        payments.setdefault(payment.hand_id, {})[str(number_of[payment.player_id])] = payment.amount
    seconds: dict[int, list] = {}
    for second in (
        HandEntry.objects.filter(hand__session__round__tournament=tournament)
        .select_related("entered_by")
        .order_by("entered_at", "pk")
    ):
        seconds.setdefault(second.hand_id, []).append(
            {
                "data": entry_numbers(second.data, number_of),
                "entered_by": user(second.entered_by),
                "entered_at": _when(second.entered_at),
                "hand_version": second.hand_version,
            }
        )
    at_table = {
        entry.hand_id: {
            "entered_by": user(entry.entered_by),
            "entered_at": _when(entry.entered_at),
            "first": entry.first,
            "players": sorted(number_of[reg.player_id] for reg in entry.agreed_by.all()),
        }
        for entry in TableEntry.objects.filter(hand__session__round__tournament=tournament)
        .select_related("entered_by")
        .prefetch_related("agreed_by")
    }
    proposals: dict[int, list] = {}
    for proposal in (
        TableProposal.objects.filter(session__round__tournament=tournament)
        .select_related("registration")
        .order_by("number", "entered_at", "pk")
    ):
        proposals.setdefault(proposal.session_id, []).append(
            {
                "number": proposal.number,
                "player": number_of[proposal.registration.player_id],
                "data": entry_numbers(proposal.data, number_of),
                "entered_at": _when(proposal.entered_at),
            }
        )
    hands_by_session: dict[int, list] = {}
    for hand in (
        Hand.objects.filter(session__round__tournament=tournament)
        .select_related("entered_by", "confirmed_by")
        .order_by("session_id", "number")
    ):
        hands_by_session.setdefault(hand.session_id, []).append(
            {
                "number": hand.number,
                "outcome": hand.outcome,
                "winner": number_of.get(hand.winner_id),
                "win_type": hand.win_type,
                "discarder": number_of.get(hand.discarder_id),
                "immunity": hand.immunity,
                "responsible": number_of.get(hand.responsible_id),
                "concealed": hand.concealed,
                "melds": hand.melds,
                "winning_tile": hand.winning_tile,
                "penalty_tiles": hand.penalty_tiles,
                "flags": [flag for flag in HAND_FLAGS if getattr(hand, flag)],
                "value": hand.value,
                "patterns": hand.patterns,
                "payments": payments.get(hand.pk, {}),
                "entered_by": user(hand.entered_by),
                "entered_at": _when(hand.entered_at),
                "updated_at": _when(hand.updated_at),
                "version": hand.version,
                "confirmed": hand.confirmed,
                "confirmed_by": user(hand.confirmed_by),
                "second_entries": seconds.get(hand.pk, []),
                "table_entry": at_table.get(hand.pk),
            }
        )
    sessions = (
        Session.objects.filter(round__tournament=tournament)
        .select_related("round", "table", "reconciled_by")
        .order_by("round__number", "half", "table__number")
    )
    penalties = (
        Penalty.objects.filter(tournament=tournament)
        .select_related("session__round", "session__table", "hand", "created_by", "preset")
        .order_by("created_at", "pk")
    )
    audit = (
        AuditEntry.objects.filter(tournament=tournament)
        .select_related("session__round", "session__table", "user")
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
        "sessions": [
            {
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
                "reconciled_by": user(session.reconciled_by),
                "reconciled_at": _when(session.reconciled_at),
                "opened_at": _when(session.opened_at),
                "appeal_closed_at": _when(session.appeal_closed_at),
                "hands": hands_by_session.get(session.pk, []),
                "table_proposals": proposals.get(session.pk, []),
            }
            for session in sessions
        ],
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
                "created_by": user(penalty.created_by),
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
        "audit": [
            {
                "created_at": _when(line.created_at),
                "round": line.session.round.number if line.session else None,
                "table": line.session.table.number if line.session else None,
                "half": line.session.half if line.session else None,
                "hand_number": line.hand_number,
                "action": line.action,
                "user": user(line.user),
                "reason": line.reason,
                "before": snapshot_numbers(line.before, number_of),
                "after": snapshot_numbers(line.after, number_of),
            }
            for line in audit
        ],
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
            "answered_by": user(query.answered_by),
            "answered_at": _when(query.answered_at),
        }
        for query in HandQuery.objects.filter(session__round__tournament=tournament)
        .select_related("session__round", "session__table", "registration", "answered_by")
        .order_by("raised_at", "pk")
    ]
    archive["stages"] = _stages(tournament, number_of, user)
    archive["officials"] = [
        {"username": name, "role": _role(users[name], tournament)} for name in sorted(users)
    ]
    return archive


def _stages(tournament: Tournament, number_of: dict[int, int], user) -> list[dict]:
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
                    "confirmed_by": user(cut.confirmed_by),
                    "confirmed_at": _when(cut.confirmed_at),
                    "entries": entries.get(cut.pk, []),
                },
            }
        )
    # A tournament without stage rows (made before stages, or by the admin) is one stage.
    return stages or [
        {"number": 1, "last_round": None, "cut_size": None, "carry": [0, 1], "cut": None}
    ]

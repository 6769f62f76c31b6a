"""The audit log: every change to hands, penalties, sessions and settings, with who, when, why.

Vocabulary
----------
entry       an `AuditEntry` row: tournament, session, hand number, action, user, time, reason,
            ``before`` and ``after`` snapshots (either may be None).
snapshot    a JSON-ready dict describing what changed as it stood; for a hand, see
            `tournament.play.selectors.hand_snapshot` (it carries a one-line ``summary``).

text        what a person reads for a snapshot (`audit_text`): its ``summary`` when it has one
            (every writer gives one), else "Label: value" pairs - never a Python dict or an
            internal field name.
last write  `Tournament.last_write`: when anything public of the tournament last changed. Every
            `audit_record` moves it on, and services that change what the public sees without
            an audit line (seating, the round clock) call `tournament_touch`; public pages
            derive their ETag and Last-Modified from it (see `tournament.release`).

Only services call `audit_record`, inside their own transaction, so a change and its log line
are saved together or not at all. Pages read the log through `audit_entries` and `audit_text`.
"""

from __future__ import annotations

from django.utils import timezone

from .models import AuditEntry, Session, Tournament


def tournament_touch(tournament_id: int) -> None:
    """Move the tournament's last write on (in the caller's transaction)."""
    Tournament.objects.filter(pk=tournament_id).update(last_write=timezone.now())


def audit_record(
    *,
    session: Session | None,
    action: str,
    user,
    hand_number: int | None = None,
    reason: str = "",
    before: dict | None = None,
    after: dict | None = None,
    tournament=None,
) -> AuditEntry:
    """Log one change; give ``tournament`` when there is no session (settings changes)."""
    tournament_id = tournament.pk if tournament is not None else session.round.tournament_id
    tournament_touch(tournament_id)
    return AuditEntry.objects.create(
        tournament_id=tournament_id,
        session=session,
        hand_number=hand_number,
        action=action,
        user=user if user is not None and user.is_authenticated else None,
        reason=reason,
        before=before,
        after=after,
    )


def audit_entries(*, tournament=None, session: Session | None = None):
    """The log of one session, or of a whole tournament, newest first."""
    entries = AuditEntry.objects.select_related("user", "session__table", "session__round")
    if session is not None:
        return entries.filter(session=session)
    return entries.filter(tournament=tournament)


def _label(key: str) -> str:
    return str(key).replace("_", " ").capitalize()


def _value_text(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{_label(k).lower()} {_value_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_value_text(v) for v in value) or "none"
    return "—" if value is None or value == "" else str(value)


def audit_text(value: dict | None) -> str:
    """A snapshot as a person reads it: its summary, with the payments when it has them."""
    if not value:
        return ""
    if not isinstance(value, dict):
        return _value_text(value)
    if value.get("summary"):
        payments = value.get("payments")
        if isinstance(payments, dict) and payments:
            paid = ", ".join(f"{name} {amount:+d}" for name, amount in payments.items())
            return f"{value['summary']}. Payments: {paid}"
        return str(value["summary"])
    shown = {k: v for k, v in value.items() if k not in ("entry", "version")}
    return "; ".join(f"{_label(k)}: {_value_text(v)}" for k, v in shown.items())

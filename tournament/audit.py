"""The audit log: every change to hands, penalties, sessions and settings, with who, when, why.

Vocabulary
----------
entry       an `AuditEntry` row: tournament, session, hand number, action, user, time, reason,
            ``before`` and ``after`` snapshots (either may be None).
snapshot    a JSON-ready dict describing what changed as it stood; for a hand, see
            `tournament.play.selectors.hand_snapshot` (it carries a one-line ``summary``).

text        what a person reads for a snapshot (`audit_text`): its ``summary`` when it has one
            (every writer gives one), else "Label: value" pairs - never a Python dict or an
            internal field name. The stored summary stays as written (English) and, on a
            page in another language, is declared English (``lang="en"``); the words around
            it are in the reader's language.
last write  `Tournament.last_write`: when anything public of the tournament last changed.
            Public pages derive their ETag and Last-Modified from it (`tournament.release`) and
            the standings keep their built boards under it (`standings.selectors.board.board`), so a
            write that does not move it is answered ``304`` with the old page, and the old board.
unit of work  `unit_of_work`: one public write. It is atomic, and when the outermost unit ends
            the last write of every tournament it touched moves on once, in the same
            transaction, so the change and the new validators are committed together. Units
            nest (a service calling another is one unit); `tournament_touch` and
            `audit_record` inside a unit only name the tournament to the unit. Once the
            move is committed, this process's live updates are woken (`tournament.web.live`).
public write  a service wrapped in `public_write`: the whole call is one unit of work for the
            tournament of its arguments (``tournament``, ``round_``, ``registration``,
            ``session``, ``hand``, ``penalty``) or, for a service that creates one, of the
            tournament it returns. Every write of `event`, `seating`, `play` and `exports`
            that changes what anyone sees is one (tests/tournament/test_last_write.py walks
            them all); a service that computes outside its transaction (seating) opens a
            unit around the part that writes.

Only services call `audit_record`, inside their own unit, so a change and its log line are
saved together or not at all. Pages read the log through `audit_entries` and `audit_text`.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from contextlib import contextmanager
from functools import wraps

from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, pgettext

from .models import AuditEntry, Session, Tournament
from .web import live

# The smallest step of the validators (`release` writes microseconds into the ETag): a write in
# the same microsecond as the last one, or on a server whose clock is behind, still moves on.
_TICK = dt.timedelta(microseconds=1)
_open = threading.local()  # the unit of work open in this thread: the tournaments it touched


class UnitOfWork:
    """The tournaments one public write touched; their last write moves when it ends."""

    def __init__(self):
        self.tournament_ids: set[int] = set()

    def touch(self, tournament) -> None:
        """Name a tournament (or its id) whose public pages this write changes."""
        if tournament is not None:
            self.tournament_ids.add(getattr(tournament, "pk", tournament))


def _last_write_move(tournament_ids) -> None:
    Tournament.objects.filter(pk__in=list(tournament_ids)).update(
        last_write=Greatest(F("last_write") + _TICK, timezone.now())
    )
    transaction.on_commit(live.last_write_moved)  # the live stream hears it at once


@contextmanager
def unit_of_work(tournament=None):
    """One public write (see the vocabulary): atomic; the last write of ``tournament`` and of
    every tournament touched inside moves on once, at the end of the outermost unit, in the
    same transaction. Yields the `UnitOfWork`, to name a tournament created inside."""
    outer = getattr(_open, "unit", None)
    unit = outer or UnitOfWork()
    unit.touch(tournament)
    with transaction.atomic():
        if outer is not None:
            yield unit
            return
        _open.unit = unit
        try:
            yield unit
        finally:
            _open.unit = None
        if unit.tournament_ids:
            _last_write_move(unit.tournament_ids)


# How a public write finds its tournament: the first of these keyword arguments it is given.
_TOURNAMENT_OF: tuple[tuple[str, Callable], ...] = (
    ("tournament", lambda tournament: tournament.pk),
    ("round_", lambda round_: round_.tournament_id),
    ("registration", lambda registration: registration.tournament_id),
    ("penalty", lambda penalty: penalty.tournament_id),
    ("session", lambda session: session.round.tournament_id),
    ("hand", lambda hand: hand.session.round.tournament_id),
)


def public_write(service):
    """Run ``service`` as one unit of work for the tournament its keyword arguments name (or,
    when it creates one, the tournament it returns): atomic, and its last write moves on."""

    @wraps(service)
    def wrapped(*args, **kwargs):
        found = next((of(kwargs[name]) for name, of in _TOURNAMENT_OF if name in kwargs), None)
        with unit_of_work(found) as unit:
            result = service(*args, **kwargs)
            if isinstance(result, Tournament):
                unit.touch(result)
            return result

    wrapped.public_write = True
    return wrapped


def tournament_touch(tournament_id: int) -> None:
    """Move the tournament's last write on: when the open unit of work ends, or now (in the
    caller's transaction) outside one (the admin's repairs, the log-in locks)."""
    unit = getattr(_open, "unit", None)
    if unit is not None:
        unit.touch(tournament_id)
    else:
        _last_write_move([tournament_id])


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
    """Log one change; give ``tournament`` (or its id) when there is no session (settings and
    roster changes)."""
    if tournament is not None:
        tournament_id = getattr(tournament, "pk", tournament)
    else:
        tournament_id = session.round.tournament_id
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
        return pgettext("audit value", "yes") if value else pgettext("audit value", "no")
    if isinstance(value, dict):
        return ", ".join(f"{_label(k).lower()} {_value_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_value_text(v) for v in value) or pgettext("audit value", "none")
    return "—" if value is None or value == "" else str(value)


def _declared_english(text: str) -> str:
    """Stored English shown as it is: on a page in another language, inside an element that
    says so (``lang="en"``), for the reader's screen reader and the language walk."""
    if (get_language() or "en").split("-")[0] == "en":
        return conditional_escape(text)
    return format_html('<span lang="en">{}</span>', text)


def audit_text(value: dict | None) -> str:
    """A snapshot as a person reads it (HTML, escaped): its summary, with the payments when it
    has them. The stored summary (or stored plain text) is declared English on a page in
    another language; the words around it are in the reader's language."""
    if not value:
        return ""
    if isinstance(value, str):
        return _declared_english(value)
    if not isinstance(value, dict):
        return conditional_escape(_value_text(value))
    if value.get("summary"):
        summary = _declared_english(str(value["summary"]))
        payments = value.get("payments")
        if isinstance(payments, dict) and payments:
            paid = ", ".join(f"{name} {amount:+d}" for name, amount in payments.items())
            return mark_safe(  # noqa: S308 - the catalogue's own text, every value escaped
                conditional_escape(gettext("%(summary)s. Payments: %(paid)s"))
                % {"summary": summary, "paid": conditional_escape(paid)}
            )
        return summary
    shown = {k: v for k, v in value.items() if k not in ("entry", "version")}
    return conditional_escape("; ".join(f"{_label(k)}: {_value_text(v)}" for k, v in shown.items()))

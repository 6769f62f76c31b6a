"""The round clock's controls for head judges: start, pause, resume, extend, stop; audited.

Vocabulary: see `tournament.play.clock`. Extending with a table number extends that table
alone (its session's ``clock_extra``); without one, the whole round. Every change moves the
tournament's last write on, so the public pages show it on their next refresh.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from ...audit import audit_record, public_write
from ...models import AuditEntry, Round, Session

ACTIONS = ("start", "pause", "resume", "extend", "stop")
MAX_MINUTES = 600


@public_write
def round_clock_control(
    *, round_: Round, action: str, user, minutes: int = 0, table_number: int | None = None
) -> Round:
    if action not in ACTIONS:
        raise ValidationError(_("Unknown clock action %(action)s.") % {"action": repr(action)})
    if action in ("start", "extend") and not 1 <= minutes <= MAX_MINUTES:
        raise ValidationError(_("Give the minutes, from 1 to %(most)s.") % {"most": MAX_MINUTES})
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    now = timezone.now()
    before = {"ends_at": _iso(round_.clock_ends_at), "paused_left": round_.clock_paused_left}
    session = None
    if action == "start":
        round_.clock_ends_at = now + dt.timedelta(minutes=minutes)
        round_.clock_paused_left = None
        Session.objects.filter(round=round_).update(clock_extra=0)
    elif action == "pause":
        if round_.clock_ends_at is None or round_.clock_paused_left is not None:
            raise ValidationError(_("The clock is not running."))
        round_.clock_paused_left = max(0, int((round_.clock_ends_at - now).total_seconds()))
    elif action == "resume":
        if round_.clock_paused_left is None:
            raise ValidationError(_("The clock is not paused."))
        round_.clock_ends_at = now + dt.timedelta(seconds=round_.clock_paused_left)
        round_.clock_paused_left = None
    elif action == "extend":
        if round_.clock_ends_at is None:
            raise ValidationError(_("Start the clock before extending it."))
        if table_number:
            session = Session.objects.filter(round=round_, table__number=table_number).first()
            if session is None:
                raise ValidationError(
                    _("Round %(round)s has no table %(table)s.")
                    % {"round": round_.number, "table": table_number}
                )
            session.clock_extra += minutes * 60
            session.save(update_fields=["clock_extra"])
        elif round_.clock_paused_left is not None:
            round_.clock_paused_left += minutes * 60
        else:
            round_.clock_ends_at += dt.timedelta(minutes=minutes)
    else:  # stop
        round_.clock_ends_at, round_.clock_paused_left = None, None
        Session.objects.filter(round=round_).update(clock_extra=0)
    round_.save(update_fields=["clock_ends_at", "clock_paused_left"])
    where = f" for table {table_number}" if table_number else ""
    audit_record(
        session=session,
        tournament=round_.tournament,
        action=AuditEntry.Action.SETTINGS,
        user=user,
        reason=f"Round {round_.number} clock: {action}{where}"
        + (f" {minutes} min" if action in ("start", "extend") else ""),
        before=before,
        after={"ends_at": _iso(round_.clock_ends_at), "paused_left": round_.clock_paused_left},
    )
    return round_


def _iso(value):
    return value.isoformat() if value else None

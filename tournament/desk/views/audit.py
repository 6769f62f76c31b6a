"""The audit log at the desk: one session's, or the whole tournament's, newest first."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render

from ...audit import audit_entries, audit_text
from ...play.selectors.hidden import hidden_hand_numbers
from .common import desk_page, session_context, session_page


def _readable(request, entries, tournament):
    """Each entry with ``before_text`` / ``after_text``; the snapshots of a hand hidden from
    this official (blind double entry, `tournament.roles`) are withheld until it is confirmed."""
    hidden = hidden_hand_numbers(request.user, tournament)
    for entry in entries:
        entry.hidden = (entry.session_id, entry.hand_number) in hidden
        entry.before_text = "" if entry.hidden else audit_text(entry.before)
        entry.after_text = "" if entry.hidden else audit_text(entry.after)
    return entries


@session_page()
def session_audit(request, session):
    entries = _readable(
        request, list(audit_entries(session=session)[:500]), session.round.tournament
    )
    return render(request, "tournament/desk/audit.html", session_context(session, entries=entries))


@desk_page()
def tournament_audit(request, tournament):
    page = Paginator(audit_entries(tournament=tournament), 100).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    _readable(request, page.object_list, tournament)
    context = {"tournament": tournament, "entries": page, "page": page}
    return render(request, "tournament/desk/audit.html", context)

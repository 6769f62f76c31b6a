"""The audit log at the desk: one session's, or the whole tournament's, newest first."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from ...audit import audit_entries
from ...models import Tournament
from ...roles import judge_required
from .common import session_context, session_page


@session_page()
def session_audit(request, session):
    context = session_context(session, entries=audit_entries(session=session)[:500])
    return render(request, "tournament/desk/audit.html", context)


@judge_required
def tournament_audit(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    page = Paginator(audit_entries(tournament=tournament), 100).get_page(request.GET.get("page"))
    context = {"tournament": tournament, "entries": page, "page": page}
    return render(request, "tournament/desk/audit.html", context)

"""The health page for officials: every problem in the tournament's play, each with its fix."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ...play.health import KINDS, health_report
from ...play.services import scores as scores_services
from ...roles import HEAD_JUDGE
from .common import desk_page


@desk_page()
def tournament_health(request, tournament):
    report = health_report(tournament)
    sections = [(kind, KINDS[kind], report[kind]) for kind in KINDS]
    context = {
        "tournament": tournament,
        "sections": sections,
        "problem_count": sum(len(found) for found in report.values()),
    }
    return render(request, "tournament/desk/health.html", context)


@desk_page(HEAD_JUDGE)
@require_POST
def session_scores_rebuild(request, tournament):
    fixed = scores_services.session_scores_rebuild(tournament=tournament)
    messages.success(request, f"Recomputed the kept totals of {fixed} session(s).")
    return redirect("desk:tournament_health", slug=tournament.slug)

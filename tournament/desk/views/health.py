"""The health page for officials: every problem in the tournament's play, each with its fix."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ...models import Tournament
from ...play.health import KINDS, health_report
from ...play.services import scores as scores_services
from ...roles import head_judge_required, judge_required


@judge_required
def tournament_health(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    report = health_report(tournament)
    sections = [(kind, KINDS[kind], report[kind]) for kind in KINDS]
    context = {
        "tournament": tournament,
        "sections": sections,
        "problem_count": sum(len(found) for found in report.values()),
    }
    return render(request, "tournament/desk/health.html", context)


@head_judge_required
@require_POST
def session_scores_rebuild(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    fixed = scores_services.session_scores_rebuild(tournament=tournament)
    messages.success(request, f"Recomputed the kept totals of {fixed} session(s).")
    return redirect("desk:tournament_health", slug=slug)

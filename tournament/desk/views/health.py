"""The health page for officials: every problem in the tournament's play, each with its fix."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ...play.health.offline import TITLE as OFFLINE_TITLE
from ...play.health.offline import offline_refusals
from ...play.health.report import KINDS, health_report
from ...play.services import scores as scores_services
from ...play.services.totals import totals_checks
from ...roles import HEAD_JUDGE
from ...standings.selectors.cut_review import cuts_changed
from .common import desk_page

CUT, CUT_TITLE = "cut", gettext_lazy("Confirmed cuts whose scores changed since")
OFFLINE = "offline"  # hands typed offline that the server refused (play.health.offline)


@desk_page()
def tournament_health(request, tournament):
    # The full check of the kept totals runs in the background; the page asks for one when due
    # and builds on the last one done.
    checks = totals_checks(tournament)
    report = health_report(tournament, checks)
    # The standings' check joins the play's here (play cannot import standings): each has a
    # ``text`` and its ``stage``.
    report[CUT] = cuts_changed(tournament)
    report[OFFLINE] = offline_refusals(tournament)
    sections = [(kind, KINDS[kind], report[kind]) for kind in KINDS]
    sections.append((OFFLINE, OFFLINE_TITLE, report[OFFLINE]))
    sections.append((CUT, CUT_TITLE, report[CUT]))
    context = {
        "tournament": tournament,
        "sections": sections,
        "problem_count": sum(len(found) for found in report.values()),
        "checks": checks,
    }
    return render(request, "tournament/desk/health.html", context)


@desk_page(HEAD_JUDGE)
@require_POST
def session_scores_rebuild(request, tournament):
    fixed = scores_services.session_scores_rebuild(tournament=tournament)
    messages.success(
        request, _("Recomputed the kept totals of %(count)s session(s).") % {"count": fixed}
    )
    return redirect("desk:tournament_health", slug=tournament.slug)

"""The public hand calculator: the desk's preview for everyone, no log-in, nothing saved.

Vocabulary: the *players* of the calculator are the four seats (1 = East ... 4 = North, hand 1,
see `tournament.play.forms.calculator_seating`); the *shareable URL* is the page's query
string, which holds every field of the hand (htmx pushes it into the address bar as the player
types); ``?rules=<slug>``, the menu's link from a tournament's pages, starts the form from that
tournament's winning minimum, cap and scheme.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from scoring.engine import Rules, Scheme

from ...play.entry.evaluation import evaluate
from ...play.forms import CalculatorForm, calculator_seating
from ...play.preview import preview_context
from ...release import Rule, public_page, viewed_tournament


def _rules_of(request, slug: str):
    """The tournament whose rules ``?rules=`` names, when the viewer may see it (a hidden one
    only to its officials: its name is on the page); None without one (no query)."""
    if not slug:
        return None
    try:
        return viewed_tournament(request.user, slug)[0]
    except Http404:
        return None


@public_page(Rule.ALWAYS)
def calculator(request):
    data = request.GET.copy()
    form = CalculatorForm(data or None, tournament=_rules_of(request, data.pop("rules", [""])[0]))
    evaluation = None
    if form.is_bound and form.is_valid():
        rules = Rules(
            minimum=form.cleaned_data["minimum"],
            cap=form.cleaned_data.get("cap"),
            scheme=Scheme(form.cleaned_data.get("scheme") or Scheme.FORMAL),
        )
        evaluation = evaluate(form.entry(), seating=calculator_seating(), rules=rules)
    context = {
        **preview_context(form, evaluation, calculator_seating(), for_players=True),
        "calculator": True,
        "rules_of": form.tournament,
    }
    if request.htmx:
        return render(request, "tournament/play/_preview.html", context)
    return render(request, "tournament/public/calculator.html", context)

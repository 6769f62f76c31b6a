"""The public hand calculator: the desk's preview for everyone, no log-in, nothing saved.

Vocabulary: the *players* of the calculator are the four seats (1 = East ... 4 = North, hand 1,
see `tournament.play.forms.calculator_seating`); the *shareable URL* is the page's query
string, which holds every field of the hand (htmx pushes it into the address bar as the player
types).
"""

from __future__ import annotations

from django.shortcuts import render

from scoring.engine import Rules, Scheme

from ...play.entry import evaluate
from ...play.forms import CalculatorForm, calculator_seating
from ...play.preview import preview_context
from ...release import Rule, public_page


@public_page(Rule.ALWAYS)
def calculator(request):
    form = CalculatorForm(request.GET or None)
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
    }
    if request.htmx:
        return render(request, "tournament/play/_preview.html", context)
    return render(request, "tournament/public/calculator.html", context)

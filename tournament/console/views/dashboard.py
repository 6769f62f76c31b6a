"""The dashboard: the event's next step, its counts, its rounds and officials. The facts come
from `console.selectors.event_facts` in a fixed number of queries; the step's words
(`event.steps`, pure) are translated here."""

from __future__ import annotations

from django.shortcuts import render

from scoring.translation import translate_message

from ...event.selectors.tournaments import officials
from ...event.steps import STEP_LABELS, next_step
from .. import selectors
from .common import console_page


@console_page()
def dashboard(request, tournament):
    facts, rounds = selectors.event_facts(tournament)
    step = next_step(facts)
    context = {
        "tournament": tournament,
        "facts": facts,
        "step": step,
        "step_title": translate_message(step.title),
        "step_detail": translate_message(step.detail),
        "steps": [
            (translate_message(label), key == step.key) for key, label in STEP_LABELS.items()
        ],
        "rounds": rounds,
        "withdrawn": selectors.withdrawn_count(tournament),
        "officials": officials(tournament),
    }
    return render(request, "tournament/console/dashboard.html", context)

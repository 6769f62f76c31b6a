"""The organisers' printouts page: every document with its audience, the seated rounds to print
from, and the font warnings. The PDFs themselves are `tournament.printing.views`
(``printing:printout_download``); this page joins the ``printing`` namespace."""

from __future__ import annotations

from django.shortcuts import render

from ...printing.documents import DOCUMENTS, font_warnings
from ...printing.selectors import seated_rounds
from .common import console_page


@console_page()
def printouts(request, tournament):
    seated = {round_.pk for round_ in seated_rounds(tournament)}
    rounds = [(round_, round_.pk in seated) for round_ in tournament.rounds.all()]
    context = {
        "tournament": tournament,
        "documents": list(DOCUMENTS.values()),
        "rounds": rounds,
        "seated_rounds": [round_ for round_, is_seated in rounds if is_seated],
        "warnings": font_warnings(),
        "player_count": tournament.registrations.count(),
    }
    return render(request, "tournament/printing/printouts.html", context)

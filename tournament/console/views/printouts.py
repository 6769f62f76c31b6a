"""The organisers' printouts page: every document with its audience, the seated rounds to print
from, the font warnings, the tournament archive, and the files made lately in the background
(`tournament.jobs`) with their state. The PDFs themselves are `tournament.printing.views`
(``printing:printout_download``); this page sits beside them at ``/t/<slug>/print/``."""

from __future__ import annotations

from django.shortcuts import render
from django.urls import reverse
from django.utils import translation

from ...jobs.selectors import jobs_recent
from ...models import Job
from ...play.selectors.hidden import hidden_hand_numbers
from ...printing.background import printout_viewer_matches
from ...printing.documents.base import BILINGUAL, LANGUAGES, font_warnings
from ...printing.documents.registry import DOCUMENTS
from ...printing.selectors.common import seated_rounds
from .common import console_page


def _recent_files(request, tournament) -> list[tuple[Job, str]]:
    """The tournament's latest jobs this organiser may open, each with its page's address."""
    withheld = hidden_hand_numbers(request.user, tournament)
    files = []
    for job in jobs_recent(tournament):
        if job.kind == Job.Kind.ARCHIVE:
            files.append((job, reverse("console:archive_job", args=[tournament.slug, job.pk])))
        elif printout_viewer_matches(job, official=True, withheld=withheld):
            files.append((job, reverse("printing:printout_job", args=[tournament.slug, job.pk])))
    return files[:10]


@console_page()
def printouts(request, tournament):
    # The language of the printouts: the organiser's own unless they chose another (then each
    # download carries it as ``?language=``).
    choices = {**LANGUAGES, **BILINGUAL}
    current = translation.get_language()
    asked = request.GET.get("language")
    asked = asked if asked in choices and asked != current else ""
    seated = {round_.pk for round_ in seated_rounds(tournament)}
    rounds = [(round_, round_.pk in seated) for round_ in tournament.rounds.all()]
    context = {
        "tournament": tournament,
        "documents": list(DOCUMENTS.values()),
        "rounds": rounds,
        "seated_rounds": [round_ for round_, is_seated in rounds if is_seated],
        "warnings": font_warnings(),
        "player_count": tournament.registrations.count(),
        "recent_files": _recent_files(request, tournament),
        "print_languages": choices,
        "print_language": asked or current,
        "language_asked": asked,
    }
    return render(request, "tournament/console/printouts.html", context)

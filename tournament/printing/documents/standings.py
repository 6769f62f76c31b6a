"""The standings printout: the current ranking as the asker may see it, laid out for paper
(`selectors.standings.StandingsSheet`), on A4 landscape when it has many round columns.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

from ...release import Rule
from ..selectors.standings import standings_sheet
from ..wording import is_chinese
from .base import Document, printout_filename


class Standings(Document):
    identifier = "standings"
    name = gettext_noop("Standings")
    description = gettext_noop(
        "The current ranking with per-round points, match points, penalties and totals; "
        "header repeated on every page, page numbers, time of printing; provisional while it is."
    )
    audience = Rule.STANDINGS
    template = "tournament/printing/standings.html"
    page_class = "standings"

    def items(self, request):
        sheet = standings_sheet(
            request.tournament, official=request.official, chinese=is_chinese(request.language)
        )
        return [sheet]

    def body_class(self, request, items):
        sheet = items[0]
        return "standings" + (" wide" if sheet.wide else "") + (" small" if sheet.small else "")

    def filename(self, request):
        return printout_filename(request, "standings")

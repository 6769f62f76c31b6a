"""The scoring aid card: the 44 patterns with their numbers, names in both languages, points
and an example hand, the limit rules and the payoff scheme (`aid`); for everyone.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.engine import PATTERNS

from ...play.entry.evaluation import rules_for
from ...release import Rule
from ..aid import ON_A_DISCARD, aid_rows, payoff_lines
from ..wording import is_chinese
from .base import Document, printout_filename


class AidCard(Document):
    identifier = "aid-card"
    name = gettext_noop("Scoring aid card")
    description = gettext_noop(
        "The 44 patterns with their numbers, English and Chinese names, points and an example "
        "hand; the limit rules and the payoff scheme. One double-sided A4 sheet."
    )
    audience = Rule.ALWAYS
    template = "tournament/printing/aid_card.html"
    page_class = "aid"

    def items(self, request):
        chinese = is_chinese(request.language)
        separator = "、" if chinese else ", "
        rows = [
            {
                "row": row,
                "name": _(row.name),
                # The other language's name: the rules' Chinese on an English card, the
                # English on a Chinese one (for a table of mixed players).
                "other": row.name if chinese else row.chinese,
                "note": separator.join(_(note) for note in row.notes),
                "discard": row.notes == (ON_A_DISCARD,),
                "points": _("%(points)s each") % {"points": row.points.split()[0]}
                if row.number == "3.1"
                else row.points,
            }
            for row in aid_rows(PATTERNS)
        ]
        return [
            [row for row in rows if row["row"].category <= 4],
            [row for row in rows if row["row"].category > 4],
        ]

    def context(self, request):
        return {
            "payoff_lines": payoff_lines(rules_for(request.tournament)),
            "chinese": is_chinese(request.language),
        }

    def filename(self, request):
        return printout_filename(request, "scoring-aid-card")

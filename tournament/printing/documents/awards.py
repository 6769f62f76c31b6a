"""The award certificates: one A4 landscape page per winner of each award, in the organiser's
language or bilingual (English with the Chinese beside it), with the figure behind the award
and, for the best hand, its tiles. For officials: the organiser prints them before the
prize-giving, published or not.

Vocabulary
----------
certificate     one page: the tournament, the award's title (as the organiser typed it), the
                winner's name, the figure that won it (`statistics.awards.Candidate`) and, for
                a big best hand, its tiles (`play.selectors.sheet.hand_pictures`).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import gettext_noop

from ...names import page_name
from ...play.selectors.sheet import hand_pictures
from ...release import Rule
from ...statistics.selectors.awards import award_lines
from ..wording import Wording
from .base import Document, printout_filename

CERTIFICATE = gettext_noop("Certificate")
AWARDED_TO = gettext_noop("awarded to")
NO_AWARDS = gettext_noop("No award has a winner yet: define the awards on the awards page.")
FIGURE_TEMPLATE = "tournament/statistics/_award_figure.html"


class AwardCertificates(Document):
    identifier = "awards"
    name = gettext_noop("Award certificates")
    description = gettext_noop(
        "One certificate per winner of each award: the award, the winner and the figure that "
        "won it, with the hand's tiles for the best hand. For the prize-giving."
    )
    audience = Rule.OFFICIALS
    bilingual = True
    template = "tournament/printing/awards.html"
    page_class = "certificate"

    def items(self, request):
        wording = Wording(request.language)
        certificates = []
        for line in award_lines(request.tournament, published_only=False):
            for candidate in line.result.winners:
                hand = candidate.hand
                certificates.append(
                    {
                        "award": line.award,
                        "name": page_name(
                            candidate.name,
                            candidate.chinese_name,
                            wording.second or wording.first,
                        ),
                        "figure": wording.made(
                            lambda first, c=candidate, kind=line.award.kind: render_to_string(
                                FIGURE_TEMPLATE, {"c": c, "kind": kind}
                            ).strip()
                        ),
                        "pictures": hand_pictures(hand.concealed, hand.melds, hand.winning_tile)
                        if hand
                        else [],
                    }
                )
        return certificates

    def context(self, request):
        wording = Wording(request.language)
        return {
            "words": {
                "certificate": wording.html(CERTIFICATE),
                "awarded_to": wording.html(AWARDED_TO),
                "name": wording.html(self.name),
                "none": wording.html(NO_AWARDS),
            }
        }

    def filename(self, request):
        return printout_filename(request, "awards")

"""The score record cards, blank (for the players to fill in) and filled (every entered hand,
for officials): one A4 card per table, its hand grid (`grid`) and the card's words said in
the printout's language, or in both halves of a bilingual one (`wording.Wording`).

Vocabulary
----------
card words      the card's words beside the grid's (`CARD_WORDS`), said by `Wording`; the
                short ones (`CARD_LABELS`) as labels, their Chinese words kept together.
title           the card's title: round and table, the table's label, a half's hands.
"""

from __future__ import annotations

from typing import ClassVar

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from ...release import Rule
from .. import cards as cards_module
from ..cards import card_layout
from ..grid import card_grid
from ..selectors.score_cards import round_card_sessions
from ..wording import WindKey, Wording, in_language, language_halves, unbroken
from .base import Document, printout_filename, qr_data_uri

# The card's words beside the grid's (`grid`), said by `Wording` (`CARD_LABELS`: as labels).
CARD_WORDS = {
    "desk": gettext_noop("Judges' desk"),
    "at_table": gettext_noop("Judge at the table"),
    "qr": gettext_noop("QR code"),
    "filled": gettext_noop("Entered hands as recorded at the judges' desk"),
    "provisional": gettext_noop("PROVISIONAL: hands await confirmation"),
    "blank": gettext_noop(
        "Record every hand, sign at the end and hand the card to the judges' desk."
    ),
    "table_change": gettext_noop("Table change"),
    "penalties": gettext_noop("Penalties, apart from hand scores"),
    "warning": gettext_noop("warning"),
    "zero_sum": gettext_noop("paid to the other three"),
    "deducted": gettext_noop("deducted"),
    "legend": gettext_noop(
        "Players are named by their starting wind. The dealer of each hand is printed and "
        "shaded. How: Self = self-draw, Disc. = discard, Rob kong = robbing a kong. Each "
        "hand's gains and losses sum to zero."
    ),
    "judge": gettext_noop("Judge"),
}
CARD_LABELS = ("desk", "at_table", "judge")  # short: their Chinese words kept together
CARD_TITLE = gettext_noop("Score record card · Round %(round)s · Table %(table)s")
CARD_SIGNATURE = gettext_noop("%(wind)s · signature")
CARD_PENALTY_HAND = gettext_noop("(hand %(number)s)")


def _card_title(session, first: bool = True) -> SafeString:
    """The card's title in the active language, the table's label after it (``first``: not
    again in a bilingual card's second language); a half's card adds its hands, kept together
    ("hands 9-16" never breaks before the numbers)."""
    title = _(CARD_TITLE) % {"round": session.round_number, "table": session.table_number}
    if first and session.table_label:
        title = format_html('{} <span class="label">({})</span>', title, session.table_label)
    hands = session.hand_range_in(_(cards_module.HAND_RANGE))
    return format_html("{} · {}", title, unbroken(hands)) if hands else format_html("{}", title)


class _Cards(Document):
    needs_round = True
    bilingual = True
    template = "tournament/printing/scorecards.html"
    page_class = "cards"
    part_size = 8
    filled: ClassVar[bool]

    def items(self, request):
        sessions = round_card_sessions(
            request.round,
            base_url=request.base_url,
            filled=self.filled,
            table_number=request.table,
            half=request.half,
            withheld=request.withheld,
        )
        wording = Wording(request.language)
        winds = wording.winds()
        cards = [card_layout(session, filled=self.filled) for session in sessions]
        return [
            {
                "card": card,
                "grid": card_grid(card, wording.text, winds),
                "title": wording.made(lambda first, card=card: _card_title(card.session, first)),
                "signatures": [
                    wording.label(CARD_SIGNATURE, wind=winds.get(p.wind) or WindKey(p.wind))
                    for p in card.players
                ],
                "penalties": [
                    {
                        "penalty": penalty,
                        "wind": winds.get(penalty.wind, penalty.wind),
                        "hand": wording.text(CARD_PENALTY_HAND, number=penalty.hand_number)
                        if penalty.hand_number
                        else "",
                    }
                    for penalty in card.penalties
                ],
                "qr": qr_data_uri(in_language(card.session.address, request.language)),
                "table_qr": qr_data_uri(in_language(card.session.table_address, request.language)),
            }
            for card in cards
        ]

    def body_class(self, request, items):
        return "cards bilingual" if language_halves(request.language)[1] else "cards"

    def context(self, request):
        wording = Wording(request.language)
        say = {key: wording.label if key in CARD_LABELS else wording.html for key in CARD_WORDS}
        return {"words": {key: say[key](msgid) for key, msgid in CARD_WORDS.items()}}

    def filename(self, request):
        table = f"-table-{request.table}" if request.table else ""
        if request.half and request.round.table_change_after is not None:
            table += f"-half-{request.half}"
        return printout_filename(request, f"round-{request.round.number}{table}-{self.identifier}")


class BlankScoreCards(_Cards):
    identifier = "blank-scorecards"
    name = gettext_noop("Blank score cards")
    description = gettext_noop(
        "One A4 card per table for the players to fill in: players and winds, the dealer of "
        "every hand, running totals every four hands, signature boxes, a QR code to the desk "
        "and one to the table page."
    )
    audience = Rule.SEATING
    filled = False


class ScoreCards(_Cards):
    identifier = "scorecards"
    name = gettext_noop("Filled score cards")
    description = gettext_noop(
        "The same cards with every entered hand, its payments and the totals; penalties "
        "apart; marked provisional while hands await confirmation."
    )
    audience = Rule.OFFICIALS
    filled = True

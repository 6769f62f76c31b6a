"""The printouts, one small object each, in one registry that serves the printouts page, the
``print`` command and the tests alike.

Vocabulary
----------
document        a kind of printout (`Document`): an ``identifier`` used in addresses and on the
                command line (``scorecards``, ``seating``...), a ``name`` for people, who may
                have it (``audience``), whether it needs a round, and ``render``.
print request   what one printout is asked for with (`PrintRequest`): the tournament, the round
                and table where they matter, the site's address for QR codes, whether the asker
                sees what is not yet released (an official, or the console), a progress callback,
                and the hands withheld from the asker (blind double entry; the console sees all).
printout        what ``render`` returns (`Printout`): file name, content type and bytes.
audience        the document's release rule (`tournament.release.Rule`): ``OFFICIALS`` (filled
                cards), ``SEATING`` (public once the round's seating is published: blank
                cards, seating lists, slips), ``STANDINGS`` (public while the standings are,
                counting the rounds the public may count) or ``ALWAYS`` (the scoring aid
                card). `refusal` says why someone may not have a printout, in words for the
                page; the rules themselves are `release.rule_refusal`.
part            the HTML of a few pages rendered on its own (see `pdf`); long runs are cut
                into parts of ``part_size`` items so that layout time stays linear.
language        what a printout is written in (`PrintRequest.language`): ``en``, ``zh-hant`` or
                ``zh-hans`` (`LANGUAGES`), rendered under `translation.override`, its
                ``<html lang>`` following; the score cards also take a *bilingual* language,
                ``en+zh-hant`` or ``en+zh-hans`` (`BILINGUAL`): every label in English with the
                Chinese beside it, for a table of mixed players.
wording         `wording.Wording`: says an English msgid in the printout's language (both
                halves for a bilingual card); see `tournament.printing.wording`.

Every printout is made from the data at the moment it is asked for; nothing is cached.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import segno
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.engine import PATTERNS

from ..event.selectors.links import link_tokens
from ..languages import html_lang
from ..models import Round, Tournament
from ..play.entry import rules_for
from ..release import Rule, rule_refusal, seating_seen, seating_visible
from . import cards as cards_module
from . import selectors
from .aid import ON_A_DISCARD, aid_rows, payoff_lines
from .cards import card_layout
from .errors import NothingToPrint
from .fonts import CJK_MISSING, cjk_font_available, font_face_css
from .grid import card_grid
from .pdf import Progress, html_to_pdf
from .wording import (
    WindKey,
    Wording,
    in_language,
    is_chinese,
    language_halves,
    page_numbers_css,
    unbroken,
)

logger = logging.getLogger(__name__)

PDF = "application/pdf"
STYLESHEET = "tournament/printing.css"

#: The languages a printout is written in, each named in itself (the choice is the organiser's).
LANGUAGES = {"en": "English", "zh-hant": "繁體中文", "zh-hans": "简体中文"}
#: The bilingual score cards: English labels with the Chinese beside them.
BILINGUAL = {"en+zh-hant": "English + 繁體中文", "en+zh-hans": "English + 简体中文"}


@dataclass(frozen=True)
class PrintRequest:
    tournament: Tournament
    round: Round | None = None
    table: int | None = None
    half: int | None = None  # with a table change: the cards of this half only (None: both)
    base_url: str = "http://127.0.0.1:8000"
    official: bool = False
    language: str = "en"  # `LANGUAGES` (`BILINGUAL` too for the score cards)
    progress: Progress | None = None
    # (session id, hand number) of hands awaiting a blind second entry that the asker may not
    # see (`play.selectors.hidden_hand_numbers`): the filled cards print their number only.
    withheld: frozenset[tuple[int, int]] = frozenset()


@dataclass(frozen=True)
class Printout:
    filename: str
    content_type: str
    content: bytes


def qr_data_uri(address: str) -> str:
    """A QR code of ``address`` as a PNG data URI, one pixel a module.

    A picture rather than SVG: WeasyPrint draws an image as one object, but reads an SVG path
    command by command, and a QR code is hundreds of them (400 player slips took 2 s to draw).
    The style sheet turns off smoothing (``image-rendering: pixelated``), so that the modules
    print as sharp squares at any size."""
    return segno.make(address, error="m").png_data_uri(scale=1, border=2)


def _static_dir() -> Path:
    found = finders.find(STYLESHEET)
    if not found:
        raise LookupError(f"Static file {STYLESHEET} not found.")
    return Path(found).resolve().parent.parent


def _chunks(items: list, size: int) -> list[list]:
    if size <= 0:
        return [items]
    return [items[start : start + size] for start in range(0, len(items), size)] or [[]]


class Document:
    identifier: ClassVar[str]
    name: ClassVar[str]  # English, marked for the catalogues: shown as ``_(name)``
    description: ClassVar[str]
    audience: ClassVar[Rule]
    needs_round: ClassVar[bool] = False
    bilingual: ClassVar[bool] = False  # also printed with English and Chinese side by side
    template: ClassVar[str]
    page_class: ClassVar[str]  # the body's class, naming the printing sheet's @page
    part_size: ClassVar[int] = 0  # items per HTML part; 0: the whole document in one part

    def refusal(self, user, tournament: Tournament, round_: Round | None) -> str | None:
        """Why ``user`` may not have this printout, or None when they may."""
        refusal = rule_refusal(self.audience, user, tournament, round_)
        if refusal and self.audience == Rule.OFFICIALS:
            return _("Only officials may print the %(printout)s.") % {
                "printout": _(self.name).lower()
            }
        return refusal

    def languages(self) -> dict[str, str]:
        """The languages this printout can be written in, by code, each named in itself."""
        return {**LANGUAGES, **BILINGUAL} if self.bilingual else dict(LANGUAGES)

    # -- what a subclass provides -----------------------------------------------------------

    def items(self, request: PrintRequest) -> list:
        """The things printed, cut into parts (cards, slips); one item for a single sheet."""
        raise NotImplementedError

    def filename(self, request: PrintRequest) -> str:
        raise NotImplementedError

    def context(self, request: PrintRequest) -> dict:
        return {}

    def body_class(self, request: PrintRequest, items: list) -> str:
        return self.page_class

    # -- shared ------------------------------------------------------------------------------

    def render(self, request: PrintRequest) -> Printout:
        if request.language not in self.languages():
            raise NothingToPrint(
                _("The %(printout)s are not printed in %(language)s.")
                % {"printout": _(self.name).lower(), "language": request.language}
            )
        first, second = language_halves(request.language)
        with translation.override(first):
            if self.needs_round and request.round is None:
                raise NothingToPrint(
                    _("Say which round: the %(printout)s are per round.")
                    % {"printout": _(self.name).lower()}
                )
            items = self.items(request)
            cjk = cjk_font_available()
            common = {
                "tournament": request.tournament,
                "round": request.round,
                "cjk": cjk,
                "chinese_first": cjk and first.startswith("zh"),
                "second_language": html_lang(second) if second else "",
                "printed_at": timezone.localtime(),
                "document": self,
                "body_class": self.body_class(request, items),
                **self.context(request),
            }
            parts = [
                render_to_string(self.template, {**common, "items": part})
                for part in _chunks(items, self.part_size)
            ]
            filename = self.filename(request)
            numbers = page_numbers_css() if first != "en" else ""
        static_dir = _static_dir()
        stylesheet = (static_dir / STYLESHEET).read_text(encoding="utf-8")
        content = html_to_pdf(
            parts,
            base_url=static_dir.as_uri() + "/",
            stylesheets=[font_face_css() + stylesheet + numbers],
            progress=request.progress,
        )
        return Printout(filename, PDF, content)


DOCUMENTS: dict[str, Document] = {}


def register(cls: type[Document]) -> type[Document]:
    DOCUMENTS[cls.identifier] = cls()
    return cls


def document_get(identifier: str) -> Document:
    """The registered document; KeyError with the known identifiers otherwise."""
    try:
        return DOCUMENTS[identifier]
    except KeyError:
        raise KeyError(
            _("No printout called %(identifier)s; known: %(known)s.")
            % {"identifier": repr(identifier), "known": ", ".join(DOCUMENTS)}
        ) from None


def font_warnings() -> list[str]:
    """What the organiser should know about the fonts before printing."""
    return [] if cjk_font_available() else [str(CJK_MISSING)]


def _slug(request: PrintRequest) -> str:
    return request.tournament.slug


def _language_suffix(request: PrintRequest) -> str:
    """The file name's mark of a printout not in English ("-zh-hant", "-en+zh-hans")."""
    return "" if request.language == "en" else f"-{request.language}"


# --- score record cards -------------------------------------------------------------------

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
        sessions = selectors.round_card_sessions(
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
        return (
            f"{_slug(request)}-round-{request.round.number}{table}-{self.identifier}"
            f"{_language_suffix(request)}.pdf"
        )


@register
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


@register
class ScoreCards(_Cards):
    identifier = "scorecards"
    name = gettext_noop("Filled score cards")
    description = gettext_noop(
        "The same cards with every entered hand, its payments and the totals; penalties "
        "apart; marked provisional while hands await confirmation."
    )
    audience = Rule.OFFICIALS
    filled = True


# --- seating lists and slips ----------------------------------------------------------------


@register
class SeatingLists(Document):
    identifier = "seating"
    name = gettext_noop("Seating lists")
    description = gettext_noop(
        "For the notice board, in large type: the round by table with winds, then "
        "alphabetical by player with table and wind; byes listed."
    )
    audience = Rule.SEATING
    needs_round = True
    template = "tournament/printing/seating.html"
    page_class = "seating"

    def items(self, request):
        return [selectors.round_seating(request.round)]

    def filename(self, request):
        return (
            f"{_slug(request)}-round-{request.round.number}-seating{_language_suffix(request)}.pdf"
        )


@register
class PlayerSlips(Document):
    identifier = "slips"
    name = gettext_noop("Player slips")
    description = gettext_noop(
        "One slip per player with their table and wind in every seated round and a QR code "
        "to their page (printed by an official: their private link, written out beside it); "
        "eight to an A4 sheet with cut lines."
    )
    audience = Rule.SEATING
    template = "tournament/printing/slips.html"
    page_class = "slips"
    part_size = 8 * 4  # four sheets per part

    def refusal(self, user, tournament, round_):
        rounds = selectors.seated_rounds(tournament)
        if rounds and not any(seating_visible(user, r) for r in rounds):
            return _("No round's seating is published yet.")
        return super().refusal(user, tournament, round_)

    def items(self, request):
        rounds = [
            r
            for r in selectors.seated_rounds(request.tournament)
            if seating_seen(r, official=request.official)
        ]
        # Officials print the players' private links; the public gets the public pages.
        links = link_tokens(request.tournament) if request.official else {}
        slips = selectors.player_slips(
            request.tournament,
            rounds,
            base_url=request.base_url,
            links=links,
            language=language_halves(request.language)[0],
        )
        return [{"slip": slip, "qr": qr_data_uri(slip.address)} for slip in slips]

    def context(self, request):
        return {"slips_per_sheet": 8, "slip_heading": _(selectors.SLIP_HEADING)}

    def filename(self, request):
        return f"{_slug(request)}-player-slips{_language_suffix(request)}.pdf"


# --- standings and the aid card -------------------------------------------------------------


@register
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
        sheet = selectors.standings_sheet(
            request.tournament, official=request.official, chinese=is_chinese(request.language)
        )
        return [sheet]

    def body_class(self, request, items):
        sheet = items[0]
        return "standings" + (" wide" if sheet.wide else "") + (" small" if sheet.small else "")

    def filename(self, request):
        return f"{_slug(request)}-standings{_language_suffix(request)}.pdf"


@register
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
        return f"{_slug(request)}-scoring-aid-card{_language_suffix(request)}.pdf"


__all__ = [
    "BILINGUAL",
    "DOCUMENTS",
    "LANGUAGES",
    "NothingToPrint",
    "PrintRequest",
    "Printout",
    "document_get",
    "font_warnings",
]

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
from django.utils import timezone

from scoring.engine import PATTERNS

from ..event import selectors as event_selectors
from ..models import Round, Tournament
from ..play.entry import rules_for
from ..release import Rule, rule_refusal, seating_seen, seating_visible
from . import selectors
from .aid import aid_rows, payoff_lines
from .cards import card_layout
from .errors import NothingToPrint
from .fonts import CJK_MISSING, cjk_font_available
from .grid import card_grid
from .pdf import Progress, html_to_pdf

logger = logging.getLogger(__name__)

PDF = "application/pdf"
STYLESHEET = "tournament/printing.css"


@dataclass(frozen=True)
class PrintRequest:
    tournament: Tournament
    round: Round | None = None
    table: int | None = None
    half: int | None = None  # with a table change: the cards of this half only (None: both)
    base_url: str = "http://127.0.0.1:8000"
    official: bool = False
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
    name: ClassVar[str]
    description: ClassVar[str]
    audience: ClassVar[Rule]
    needs_round: ClassVar[bool] = False
    template: ClassVar[str]
    part_size: ClassVar[int] = 0  # items per HTML part; 0: the whole document in one part

    def refusal(self, user, tournament: Tournament, round_: Round | None) -> str | None:
        """Why ``user`` may not have this printout, or None when they may."""
        refusal = rule_refusal(self.audience, user, tournament, round_)
        if refusal and self.audience == Rule.OFFICIALS:
            return f"Only officials may print the {self.name.lower()}."
        return refusal

    # -- what a subclass provides -----------------------------------------------------------

    def items(self, request: PrintRequest) -> list:
        """The things printed, cut into parts (cards, slips); one item for a single sheet."""
        raise NotImplementedError

    def filename(self, request: PrintRequest) -> str:
        raise NotImplementedError

    def context(self, request: PrintRequest) -> dict:
        return {}

    # -- shared ------------------------------------------------------------------------------

    def render(self, request: PrintRequest) -> Printout:
        if self.needs_round and request.round is None:
            raise NothingToPrint(f"Say which round: the {self.name.lower()} are per round.")
        items = self.items(request)
        cjk = cjk_font_available()
        common = {
            "tournament": request.tournament,
            "round": request.round,
            "cjk": cjk,
            "printed_at": timezone.localtime(),
            "document": self,
            **self.context(request),
        }
        parts = [
            render_to_string(self.template, {**common, "items": part})
            for part in _chunks(items, self.part_size)
        ]
        static_dir = _static_dir()
        stylesheet = (static_dir / STYLESHEET).read_text(encoding="utf-8")
        content = html_to_pdf(
            parts,
            base_url=static_dir.as_uri() + "/",
            stylesheets=[stylesheet],
            progress=request.progress,
        )
        return Printout(self.filename(request), PDF, content)


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
            f"No printout called {identifier!r}; known: {', '.join(DOCUMENTS)}."
        ) from None


def font_warnings() -> list[str]:
    """What the organiser should know about the fonts before printing."""
    return [] if cjk_font_available() else [CJK_MISSING]


def _slug(request: PrintRequest) -> str:
    return request.tournament.slug


# --- score record cards -------------------------------------------------------------------


class _Cards(Document):
    needs_round = True
    template = "tournament/printing/scorecards.html"
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
        cards = [card_layout(session, filled=self.filled) for session in sessions]
        return [
            {
                "card": card,
                "grid": card_grid(card),
                "qr": qr_data_uri(card.session.address),
                "table_qr": qr_data_uri(card.session.table_address),
            }
            for card in cards
        ]

    def filename(self, request):
        table = f"-table-{request.table}" if request.table else ""
        if request.half and request.round.table_change_after is not None:
            table += f"-half-{request.half}"
        return f"{_slug(request)}-round-{request.round.number}{table}-{self.identifier}.pdf"


@register
class BlankScoreCards(_Cards):
    identifier = "blank-scorecards"
    name = "Blank score cards"
    description = (
        "One A4 card per table for the players to fill in: players and winds, the dealer of "
        "every hand, running totals every four hands, signature boxes, a QR code to the desk "
        "and one to the table page."
    )
    audience = Rule.SEATING
    filled = False


@register
class ScoreCards(_Cards):
    identifier = "scorecards"
    name = "Filled score cards"
    description = (
        "The same cards with every entered hand, its payments and the totals; penalties "
        "apart; marked provisional while hands await confirmation."
    )
    audience = Rule.OFFICIALS
    filled = True


# --- seating lists and slips ----------------------------------------------------------------


@register
class SeatingLists(Document):
    identifier = "seating"
    name = "Seating lists"
    description = (
        "For the notice board, in large type: the round by table with winds, then "
        "alphabetical by player with table and wind; byes listed."
    )
    audience = Rule.SEATING
    needs_round = True
    template = "tournament/printing/seating.html"

    def items(self, request):
        return [selectors.round_seating(request.round)]

    def filename(self, request):
        return f"{_slug(request)}-round-{request.round.number}-seating.pdf"


@register
class PlayerSlips(Document):
    identifier = "slips"
    name = "Player slips"
    description = (
        "One slip per player with their table and wind in every seated round and a QR code "
        "to their page (printed by an official: their private link, written out beside it); "
        "eight to an A4 sheet with cut lines."
    )
    audience = Rule.SEATING
    template = "tournament/printing/slips.html"
    part_size = 8 * 4  # four sheets per part

    def refusal(self, user, tournament, round_):
        rounds = selectors.seated_rounds(tournament)
        if rounds and not any(seating_visible(user, r) for r in rounds):
            return "No round's seating is published yet."
        return super().refusal(user, tournament, round_)

    def items(self, request):
        rounds = [
            r
            for r in selectors.seated_rounds(request.tournament)
            if seating_seen(r, official=request.official)
        ]
        # Officials print the players' private links; the public gets the public pages.
        links = event_selectors.link_tokens(request.tournament) if request.official else {}
        slips = selectors.player_slips(
            request.tournament, rounds, base_url=request.base_url, links=links
        )
        return [{"slip": slip, "qr": qr_data_uri(slip.address)} for slip in slips]

    def context(self, request):
        return {"slips_per_sheet": 8, "slip_heading": selectors.SLIP_HEADING}

    def filename(self, request):
        return f"{_slug(request)}-player-slips.pdf"


# --- standings and the aid card -------------------------------------------------------------


@register
class Standings(Document):
    identifier = "standings"
    name = "Standings"
    description = (
        "The current ranking with per-round points, match points, penalties and totals; "
        "header repeated on every page, page numbers, time of printing; provisional while it is."
    )
    audience = Rule.STANDINGS
    template = "tournament/printing/standings.html"

    def items(self, request):
        return [selectors.standings_sheet(request.tournament, official=request.official)]

    def filename(self, request):
        return f"{_slug(request)}-standings.pdf"


@register
class AidCard(Document):
    identifier = "aid-card"
    name = "Scoring aid card"
    description = (
        "The 44 patterns with their numbers, English and Chinese names, points and an example "
        "hand; the limit rules and the payoff scheme. One double-sided A4 sheet."
    )
    audience = Rule.ALWAYS
    template = "tournament/printing/aid_card.html"

    def items(self, request):
        rows = aid_rows(PATTERNS)
        return [
            [row for row in rows if row.category <= 4],
            [row for row in rows if row.category > 4],
        ]

    def context(self, request):
        return {"payoff_lines": payoff_lines(rules_for(request.tournament))}

    def filename(self, request):
        return f"{_slug(request)}-scoring-aid-card.pdf"


__all__ = [
    "DOCUMENTS",
    "NothingToPrint",
    "PrintRequest",
    "Printout",
    "document_get",
    "font_warnings",
]

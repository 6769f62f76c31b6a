"""What every printout shares: the request it is asked for with, the printout it gives, and
the `Document` that renders it (its audience, its languages, its parts), which each kind of
printout (`score_cards`, `seating`, `standings`, `aid_card`) fills in.

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

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import segno
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from ...models import Round, Tournament
from ...release import Rule, rule_refusal
from ...web.languages import html_lang
from ..errors import NothingToPrint
from ..fonts import CJK_MISSING, cjk_font_available, font_face_css
from ..pdf import Progress, html_to_pdf
from ..wording import language_halves, page_numbers_css

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


def font_warnings() -> list[str]:
    """What the organiser should know about the fonts before printing."""
    return [] if cjk_font_available() else [str(CJK_MISSING)]


def printout_filename(request: PrintRequest, stem: str) -> str:
    """The file name of a printout: the tournament's slug, ``stem``, and the mark of a
    printout not in English ("-zh-hant", "-en+zh-hans")."""
    language = "" if request.language == "en" else f"-{request.language}"
    return f"{request.tournament.slug}-{stem}{language}.pdf"

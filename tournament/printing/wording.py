"""The words of the printouts in their languages: which language a printout is rendered in, the
second language of a bilingual score card, the winds as a printout names them, and a language
named in words for people.

Vocabulary
----------
language        what a printout is written in: ``en``, ``zh-hant`` or ``zh-hans``, or a
                *bilingual* language, ``en+zh-hant`` or ``en+zh-hans`` (the score cards):
                English with the Chinese beside it. Its *halves* are the language it is rendered
                in and the second language ("" when there is none).
wording         `Wording`: says an English msgid in the printout's language (both halves for a
                bilingual card), as text (the grid's monospaced lines) or as HTML.
kept together   words that must not break across lines (a Chinese header word such as 出銃者,
                a hand range such as "hands 9-16"): HTML in a ``<span class="unbroken">``
                (``white-space: nowrap`` in the printing style sheet; WeasyPrint has no
                ``word-break: keep-all``).
language name   a language's name for people, in the reader's language (`language_name`:
                "Traditional Chinese", 「繁體中文」; a bilingual one "English + Traditional
                Chinese"), from Django's names of the languages; never the code.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from ..web.languages import LANGUAGE_PARAMETER, html_lang
from ..winds import WINDS
from . import monospace

# The winds as the printouts name them (the glossary's words).
WIND_WORDS = {
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
    "N": gettext_lazy("North"),
}


def language_halves(language: str) -> tuple[str, str]:
    """(the language rendered in, the second language of a bilingual card or "")."""
    first, _plus, second = language.partition("+")
    return first, second


def is_chinese(language: str) -> bool:
    return language_halves(language)[0].startswith("zh")


def in_language(address: str, language: str) -> str:
    """``address`` opening in the printout's language: a Chinese printout's QR codes carry
    ``?lang=`` (`languages.LanguageMiddleware`), an English one's stay as they were."""
    first = language_halves(language)[0]
    if not first.startswith("zh"):
        return address
    joiner = "&" if "?" in address else "?"
    return f"{address}{joiner}{LANGUAGE_PARAMETER}={first}"


PAGE_NUMBERS = gettext_noop("Page %(page)s of %(pages)s")
PAGES_NUMBERED = ("seating", "standings", "standings-wide")  # the printing sheet's @page names


def page_numbers_css() -> str:
    """The pages' "Page 1 of 3" in the active language, as CSS overriding the printing sheet's
    English (the numbers are the page counters)."""
    tokens = []
    for part in re.split(r"(%\((?:page|pages)\)s)", _(PAGE_NUMBERS)):
        if part in ("%(page)s", "%(pages)s"):
            tokens.append(f"counter({part[2:-2]})")
        elif part:
            tokens.append('"' + part.replace("\\", "\\\\").replace('"', '\\"') + '"')
    content = " ".join(tokens)
    return "".join(
        f"@page {name} {{ @bottom-right {{ content: {content}; }} }}\n" for name in PAGES_NUMBERED
    )


class WindKey(str):
    """A starting wind's key on a bilingual card: the letter in English, the wind's name in
    the Chinese half (`Wording._second` asks each value for its text in that language)."""

    def __str__(self) -> str:
        language = translation.get_language() or ""
        return str(WIND_WORDS[self[:]]) if language.startswith("zh") else self[:]


class Wording:
    """Says the printouts' English msgids in a printout's language; on a bilingual card, the
    English with the Chinese of the second language beside it. Used inside the printout's
    `translation.override`."""

    def __init__(self, language: str):
        self.first, self.second = language_halves(language)

    def _second(self, msgid: str, values: dict) -> str:
        with translation.override(self.second):
            values = {name: str(value) for name, value in values.items()}  # lazy words too
            return _(msgid) % values if values else _(msgid)

    def text(self, msgid: str, **values) -> str:
        """Plain text: the translation; bilingual, "English 中文"."""
        said = _(msgid) % values if values else _(msgid)
        if self.second:
            return f"{said} {self._second(msgid, values)}"
        return said

    def html(self, msgid: str, **values) -> SafeString:
        """HTML: the translation; bilingual, the English then the Chinese in its own span."""
        said = _(msgid) % values if values else _(msgid)
        if self.second:
            return format_html(
                '{} <span class="zh second" lang="{}">{}</span>',
                said,
                html_lang(self.second),
                self._second(msgid, values),
            )
        return format_html("{}", said)

    def label(self, msgid: str, **values) -> SafeString:
        """HTML of a short label (a QR code's caption, a signature box): as `html`, its Chinese
        words kept together (`kept_words`)."""
        said = kept_words(_(msgid) % values if values else _(msgid))
        if self.second:
            return format_html(
                '{} <span class="zh second" lang="{}">{}</span>',
                said,
                html_lang(self.second),
                kept_words(self._second(msgid, values)),
            )
        return said

    def made(self, make: Callable[[bool], str]) -> SafeString:
        """HTML that ``make(first)`` makes in the active language (``first``: True); bilingual,
        made again in the second language (``first``: False), in its own span (a title built
        of several msgids)."""
        said = make(True)
        if self.second:
            with translation.override(self.second):
                other = make(False)
            return format_html(
                '{} <span class="zh second" lang="{}">{}</span>',
                said,
                html_lang(self.second),
                other,
            )
        return format_html("{}", said)

    def winds(self) -> dict[str, str]:
        """The key printed for each starting wind: the letter in English, the wind's name
        (one character) in Chinese."""
        if self.first.startswith("zh"):
            return {wind: str(WIND_WORDS[wind]) for wind in WINDS}
        return {}


def unbroken(text) -> SafeString:
    """``text`` as HTML kept together on one line (see *kept together*)."""
    return format_html('<span class="unbroken">{}</span>', text)


def kept_words(text) -> SafeString:
    """``text`` as HTML, each run of Chinese characters kept together (a header word such as
    出銃者 breaks before or after, never inside); the rest breaks as it would."""
    return mark_safe(
        "".join(
            unbroken(run) if wide else conditional_escape(run)
            for run, wide in monospace.runs(str(text))
        )
    )


def language_name(language: str) -> str:
    """The printout language ``language`` named in the reader's language (the active one):
    "Traditional Chinese", 「繁體中文」, "English + Simplified Chinese"; an unknown code as
    it is."""
    names = []
    for code in language.split("+"):
        try:
            names.append(str(translation.get_language_info(code)["name_translated"]))
        except KeyError:
            names.append(code)
    return " + ".join(names)

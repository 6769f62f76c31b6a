"""Find English a reader would see in a template outside a translation tag.

What counts as *visible text*: the text between tags, and the attributes a reader meets
(``title``, ``placeholder``, ``aria-label``, ``alt``, ``label``, the ``value`` of a button or a
submit input, the ``content`` of a description). What is removed before looking: comments,
``{% translate %}``/``{% trans %}`` tags, ``{% blocktranslate %}`` blocks, every other template
tag and variable, ``<script>`` and ``<style>``. What remains must hold no word of two Latin
letters or more, except those of `ALLOWED` (names, codes and units read the same in Chinese).

    python -m tests.i18n.template_text [PATH ...]   # lists the findings, exit 1 when any
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = [ROOT / "templates", ROOT / "tournament", ROOT / "scoring"]

# Words that stay as they are on a Chinese page: the product and rule codes, units, formats,
# tile notation, and the words of the language switch (each language's own name).
ALLOWED = {
    "ZJ",
    "PDF",
    "CSV",
    "XLSX",
    "JSON",
    "EMA",
    "QR",
    "API",
    "OpenAPI",
    "URL",
    "HTTP",
    "ID",
    "WSoM",
    "MCR",
    "UTC",
    "SSE",
    "htmx",
    "English",
    "Language",
    "OK",
    "px",
    "mm",
    "pt",
    "kB",
    "KB",
    "MB",
    "v3",
    "Zung",
    "Jung",
}
ATTRIBUTES = {"title", "placeholder", "aria-label", "alt", "label", "aria-description"}
WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")

_BLOCK_TRANSLATE = re.compile(
    r"{%-?\s*blocktrans(?:late)?\b.*?{%-?\s*endblocktrans(?:late)?\s*-?%}", re.S
)
_COMMENT_BLOCK = re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.S)
_TAG = re.compile(r"{%.*?%}|{{.*?}}|{#.*?#}", re.S)


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        attributes = dict(attrs)
        for name, value in attrs:
            shown = name in ATTRIBUTES or (
                name == "value"
                and (tag == "button" or attributes.get("type") in ("submit", "button", "reset"))
            )
            if tag == "meta" and name == "content" and attributes.get("name") == "description":
                shown = True
            if shown and value:
                self._note(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self._note(data)

    def _note(self, text: str) -> None:
        words = [word for word in WORD.findall(text) if word not in ALLOWED]
        if words:
            self.found.append((self.getpos()[0], " ".join(text.split())[:80]))


def visible_english(source: str) -> list[tuple[int, str]]:
    """(line, text) of each piece of visible English left in a template's ``source``."""

    def blank(match: re.Match) -> str:  # keep the line numbers
        return "\n" * match.group(0).count("\n") + " "

    text = _COMMENT_BLOCK.sub(blank, source)
    text = _BLOCK_TRANSLATE.sub(blank, text)
    text = _TAG.sub(blank, text)
    parser = _Visible()
    parser.feed(text)
    parser.close()
    return parser.found


def templates(paths: list[Path] | None = None) -> list[Path]:
    found = []
    for base in paths or TEMPLATES:
        base = base.resolve()
        if base.is_file():
            found.append(base)
        else:
            found.extend(
                path
                for path in sorted(base.rglob("*.html"))
                if ".venv" not in path.parts and "node_modules" not in path.parts
            )
    return found


def findings(paths: list[Path] | None = None) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in templates(paths)
        for line, text in visible_english(path.read_text(encoding="utf-8"))
    ]


if __name__ == "__main__":
    lines = findings([Path(arg) for arg in sys.argv[1:]] or None)
    print("\n".join(lines) or "No English outside translation tags.")
    sys.exit(1 if lines else 0)

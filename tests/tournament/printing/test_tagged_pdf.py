"""Every printout is a tagged PDF/UA-1 document (issue 40, point 4): its language is the page's
(``<html lang>``), its structure has headings, tables and figures whose text alternative is the
tile's name in that language, and its text copies out in reading order.

Vocabulary: *objects* are the PDF's dictionaries with their compressed streams inflated, so that
the catalogue's ``/Lang`` and the structure tree can be read without a PDF library.
"""

from __future__ import annotations

import re
import zlib

import pytest
from django.template import Context, Template
from django.utils import translation

from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.printing.pdf import html_to_pdf

HTML = """{% load tiles %}<!doctype html><html lang="LANG"><head><meta charset="utf-8">
<title>TITLE</title></head><body><h1>HEADING</h1>
<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>first</td><td>second</td></tr>
</tbody></table><p>{% tiles "5s E" size="sm" pdf=True %}</p><p>last words</p></body></html>"""


def objects(data: bytes) -> bytes:
    inflated = [data]
    for stream in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            inflated.append(zlib.decompress(stream.group(1)))
        except zlib.error:
            continue
    return b"\n".join(inflated)


def alternatives(found: bytes) -> list[str]:
    hexed = re.findall(rb"/Alt\s*<([0-9A-Fa-f]+)>", found)
    return [bytes.fromhex(value.decode()).decode("utf-16") for value in hexed] + [
        value.decode("latin-1") for value in re.findall(rb"/Alt\s*\(([^)]*)\)", found)
    ]


@needs_poppler
@pytest.mark.parametrize(
    ("language", "lang", "names"),
    [("en", "en", ["5 bamboo", "East wind"]), ("zh-hant", "zh-Hant", ["五索", "東風"])],
)
def test_a_printout_is_tagged_with_its_language_and_reads_in_order(language, lang, names):
    with translation.override(language):
        html = Template(HTML.replace("LANG", lang)).render(Context({}))
    data = html_to_pdf(html.replace("TITLE", "Card").replace("HEADING", "Card"), base_url="/")
    found = objects(data)
    assert f"/Lang ({lang})".encode() in found
    assert b"/StructTreeRoot" in found and b"/Marked true" in found
    for tag in (b"/H1", b"/Table", b"/TH", b"/TD", b"/Figure", b"/P"):
        assert re.search(rb"/S\s*" + re.escape(tag) + rb"\b", found), tag
    assert alternatives(found) == names
    words = text(data).split()
    assert words.index("Card") < words.index("first") < words.index("second") < words.index("last")

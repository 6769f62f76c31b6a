"""HTML -> PDF with WeasyPrint, and nothing else.

Vocabulary
----------
part        one HTML document (a string) rendered on its own: a long print run (a round's score
            cards, 400 player slips) is handed over as many parts of a few pages each, so that
            WeasyPrint lays out short documents (its layout time grows faster than the page
            count) and a progress bar can move; the pages are then written as one PDF.
base URL    where relative addresses in the HTML are resolved (``static/`` on disk, so that
            tile pictures and style sheets are read from files, never fetched over HTTP).
progress    an optional callable told ``(parts done, parts in all)`` before the first part
            (0 done: the data is read, the layout begins) and after each part.
tagged      every PDF is written as PDF/UA-1 (``PDF_VARIANT``): a tagged structure (headings,
            tables, paragraphs, figures with their text alternatives: a tile's name), the
            document's language (the ``lang`` of its ``<html>``) and its title, so that a screen
            reader reads it and its text copies out in reading order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import weasyprint
from weasyprint.text.fonts import FontConfiguration

Progress = Callable[[int, int], None]
PDF_VARIANT = "pdf/ua-1"


def html_to_pdf(
    parts: Sequence[str] | str,
    *,
    base_url: str,
    stylesheets: Sequence[str] = (),
    progress: Progress | None = None,
) -> bytes:
    """Render each HTML part with the same fonts, style sheets and image cache; one PDF out."""
    if isinstance(parts, str):
        parts = [parts]
    if not parts:
        raise ValueError("Nothing to print: no HTML was given.")
    font_config = FontConfiguration()
    css = [weasyprint.CSS(string=sheet, font_config=font_config) for sheet in stylesheets]
    images: dict = {}
    documents = []
    if progress is not None:
        progress(0, len(parts))
    for done, part in enumerate(parts, start=1):
        html = weasyprint.HTML(string=part, base_url=base_url)
        documents.append(html.render(font_config=font_config, stylesheets=css, cache=images))
        if progress is not None:
            progress(done, len(parts))
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf(pdf_variant=PDF_VARIANT)

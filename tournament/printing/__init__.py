"""Printouts as PDFs: score record cards, seating lists, player slips, standings and the scoring
aid card, made by WeasyPrint from Django templates with print CSS.

Vocabulary
----------
document    a kind of printout in the registry (`documents.registry.DOCUMENTS`), served alike by the
            printouts page, the ``print`` command and the tests.
printout    one rendered PDF: file name, content type, bytes (`documents.base.Printout`).
card        a score record card, blank or filled (`cards`); its hand grid is lines of monospaced
            type over an SVG ruling (`grid`).
aid card    the scoring aid card (`aid`).
standings   the ranking, a row's figures as one line of monospaced type (`figures`), Chinese
            counted two columns a character (`monospace`).
language    each printout in English, Traditional or Simplified Chinese, the score cards also
            bilingual (`documents.base.LANGUAGES`, `documents.base.BILINGUAL`); the pure layouts'
            English words are marked (`words`) and translated at the boundary (`documents`).

Layers: urls -> views -> background -> documents (the registry -> each kind of printout -> the
shared `documents.base`) -> selectors (one module per printout's reads) -> the pure layouts
(`cards`, `grid`, `figures`, `aid`), the PDF writer (`pdf`) and the fonts (`fonts`: the shipped
Noto Sans CJK, embedded).
"""

"""Columns of figures as lines of monospaced type, for the standings PDF. Pure Python.

Why: WeasyPrint's time grows with the number of table cells, each one its own styled box, its
own text layout and, in an automatic table, measured twice more for the column widths. The
standings of 400 players after 10 rounds were 6,800 cells, and the PDF took 4-6x a plain
document of the same pages. So a row's figures are one cell holding one line of monospaced
type, its columns padded with spaces, under a heading line padded alike: the type lines them
up, and WeasyPrint lays out a row's figures as one line (the score card's grid does the same,
`grid`).

Vocabulary
----------
column      a heading and one entry per row (`Column`): figures aligned right, words (a country
            code) aligned left.
character   the advance of the monospaced type, `MONO_ADVANCE_EM` of its size: every letter,
            digit, sign and space of DejaVu Sans Mono.
block       columns set side by side (`Block`): a heading line and one line per row, all as
            long; each column as wide as its heading or its longest entry, `GAP` spaces before
            it. The table column holding a block is `MARGIN` characters wider than its lines
            (``col_style``): the room the cell's padding gave before.
band        the last column (the standings' Total) stands out on a grey band, the background of
            the block's table column: set in bold it would need a cell of its own, and one more
            cell a row costs WeasyPrint a sixth of the sheet's time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import monospace

# DejaVu Sans Mono's advance is 1233/2048 em, bold alike; Liberation Mono, the fallback, is
# 0.3 % narrower.
MONO_ADVANCE_EM = 1233 / 2048
GAP = 2  # spaces before every column
MARGIN = 1  # characters to spare at the end of a block's cell
BAND = "#e6e6e6"


@dataclass(frozen=True)
class Column:
    heading: str
    entries: Sequence[str]
    left: bool = False  # a word, aligned left; figures align right

    @property
    def chars(self) -> int:
        return max(
            monospace.columns(self.heading),
            *(monospace.columns(entry) for entry in self.entries),
            0,
        )


@dataclass(frozen=True)
class Block:
    heading: str
    lines: tuple[str, ...]
    chars: int
    last_chars: int = 0  # the last column's width in characters, its gap left out

    @property
    def col_style(self) -> str:
        """The CSS of the table column holding the block: its width in ems of its type, and the
        band behind the last column (a character to spare on either side of it)."""
        width = (self.chars + MARGIN) * MONO_ADVANCE_EM
        band = (self.last_chars + MARGIN + 1) * MONO_ADVANCE_EM
        return (
            f"width: {width:.3f}em; background-image: "
            f"linear-gradient(to left, {BAND} {band:.3f}em, transparent {band:.3f}em)"
        )


def figures_block(columns: Sequence[Column]) -> Block:
    """The columns side by side; every column has one entry per row."""
    rows = len(columns[0].entries) if columns else 0
    if any(len(column.entries) != rows for column in columns):
        raise ValueError("Every column needs one entry per row.")
    widths = [column.chars for column in columns]

    def line(texts: Iterable[str]) -> str:
        return "".join(
            " " * GAP
            + (monospace.ljust(text, width) if column.left else monospace.rjust(text, width))
            for column, width, text in zip(columns, widths, texts, strict=True)
        )

    heading = line(column.heading for column in columns)
    lines = tuple(line(row) for row in zip(*(column.entries for column in columns), strict=True))
    return Block(heading, lines, monospace.columns(heading), widths[-1] if widths else 0)

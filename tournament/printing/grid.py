"""The score card's hand grid, from a `cards.Card`. Pure Python.

How it is drawn, and why: a card's grid has some 250 cells. Laid out as an HTML table it costs
WeasyPrint four times a plain page, and SVG text is no cheaper, since WeasyPrint lays out and
draws an SVG text letter by letter. So the grid is one block in three parts:

- the *ruling*, one SVG picture without text, the block's background: the rules and the
  shading, merged into one path per style;
- the *heading*, a one-row table (`HeadingCell`): the column names, and each player's starting
  wind, number, name (wrapped) and Chinese name, which need proportional type and the CJK
  fallback;
- the *lines*, the block's own text: one line of monospaced type per row below the heading,
  its columns padded with spaces, so that WeasyPrint lays out a row as one line.

Vocabulary
----------
grid            the hand table: a heading, one row per hand, a block row (running totals)
                after every four hands, and three final rows (hand totals, penalties, total).
character       the advance of the monospaced type (`MONO_ADVANCE_EM` of its size). The grid
                is `WIDTH_MM` wide and a whole number of characters: the type is sized to make
                it so, never larger than the card's density allows.
column          `COLUMNS` (hand, dealer, winner, how, discarder, value) then one per player
                sharing the rest; every column a whole number of characters, at least as wide
                as its heading needs (millimetres) and its longest entry (characters).
line            a row's text (`GridLine`) and its style: ``plain``, ``total`` (bold: block and
                final rows) or ``awaiting`` (a hand awaiting confirmation: red italic).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import quote

from scoring.engine.messages import gettext_noop

from . import monospace
from .cards import HOW_LABELS, Card, Row

WIDTH_MM = 190.0
HEAD_MM = 16.0  # the heading: column names; the players' winds, numbers and names
# (heading, least width in mm for the heading's label, longest entry in characters)
COLUMNS = (
    (gettext_noop("Hand"), 10.0, 2),
    (gettext_noop("Dealer"), 12.0, 2),  # a wind: "E", or a wide "東"
    (gettext_noop("Winner"), 13.0, 2),
    (gettext_noop("How"), 14.0, 9),  # "False win"; in other words, their widest (`_how_chars`)
    (gettext_noop("Discarder"), 15.5, 2),
    (gettext_noop("Value"), 12.0, 3),
)
HOW = 3  # the index of the How column
RUNNING_TOTAL = gettext_noop("Running total after %(number)s")
HAND_TOTALS = gettext_noop("Hand totals")
PENALTIES = gettext_noop("Penalties")
FINAL_TOTAL = gettext_noop("Final total")
Say = Callable[[str], str]
PAD = 1  # characters between an entry and the rule it is aligned to
# DejaVu Sans Mono's advance is 1233/2048 em; Liberation Mono, the fallback, is 0.3 % narrower,
# which over a row is less than half a character.
MONO_ADVANCE_EM = 1233 / 2048
PT_TO_MM = 0.3528
INK, RULE, SHADE, BLOCK, HEAD = "#111", "#444", "#e4e4e4", "#f6f1dc", "#e8e8e8"
NAME_CHARS = 60  # longer names are cut short (the heading wraps them in up to three lines)


@dataclass(frozen=True)
class GridLine:
    text: str
    style: str = "plain"  # "plain", "total" or "awaiting"


@dataclass(frozen=True)
class HeadingCell:
    width_mm: float
    label: str  # a column's name, or a player's starting wind and number
    name: str = ""  # a player's name, shortened to `NAME_CHARS`; "" for the fixed columns
    chinese_name: str = ""


@dataclass(frozen=True)
class Grid:
    ruling: str  # the SVG document behind the heading and the lines
    heading: tuple[HeadingCell, ...]
    lines: tuple[GridLine, ...]
    font_mm: float
    row_mm: float
    height_mm: float

    @property
    def ruling_uri(self) -> str:
        return "data:image/svg+xml," + quote(self.ruling)

    @property
    def block_style(self) -> str:
        """The CSS of the block that holds the heading and the lines over the ruling."""
        return f"background-image: url('{self.ruling_uri}'); height: {_n(self.height_mm)}mm"

    @property
    def lines_style(self) -> str:
        return f"font-size: {self.font_mm:.3f}mm; line-height: {_n(self.row_mm)}mm"


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _short(name: str, limit: int = NAME_CHARS) -> str:
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def grid_height_mm(card: Card) -> float:
    return HEAD_MM + (len(card.rows) + 3) * card.row_height_mm


def _same(text: str) -> str:
    return text


def _how_chars(say: Say) -> int:
    """The How column's widest entry, in characters (columns), in the card's words."""
    return max(monospace.columns(say(label)) for label in HOW_LABELS)


def column_widths(card: Card, say: Say = _same) -> tuple[float, list[int]]:
    """The character's width in mm and every column's width in characters."""
    widest = min(card.font_size_pt * PT_TO_MM, card.row_height_mm * 0.6) * MONO_ADVANCE_EM
    total = math.ceil(WIDTH_MM / widest)
    char_mm = WIDTH_MM / total
    entries = [chars for _, _, chars in COLUMNS]
    entries[HOW] = max(entries[HOW], _how_chars(say))
    fixed = [
        max(math.ceil(mm / char_mm), chars + 2 * PAD)
        for (_, mm, _), chars in zip(COLUMNS, entries, strict=True)
    ]
    players = max(1, len(card.players))
    share, extra = divmod(total - sum(fixed), players)
    return char_mm, fixed + [share + (j < extra) for j in range(players)]


class _Pen:
    """Collects the ruling: rules and fills merged into one path per style (WeasyPrint draws
    a path far faster than a hundred lines)."""

    def __init__(self):
        self.fills: dict[str, list[str]] = {}
        self.strokes: dict[tuple[str, str], list[str]] = {}

    def rect(self, x, y, w, h, fill):
        self.fills.setdefault(fill, []).append(f"M{_n(x)} {_n(y)}h{_n(w)}v{_n(h)}h{_n(-w)}z")

    def line(self, x1, y1, x2, y2, width=0.25, colour=RULE):
        key = (_n(width), colour)
        self.strokes.setdefault(key, []).append(f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}")

    def drawing(self) -> str:
        fills = "".join(f'<path d="{"".join(d)}" fill="{fill}"/>' for fill, d in self.fills.items())
        strokes = "".join(
            f'<path d="{"".join(d)}" fill="none" stroke="{colour}" stroke-width="{width}"/>'
            for (width, colour), d in self.strokes.items()
        )
        return fills + strokes


def _ruling(card: Card, xs: list[float], height: float) -> str:
    rh = card.row_height_mm
    pen = _Pen()
    first_player = len(COLUMNS)
    pen.rect(0, 0, WIDTH_MM, HEAD_MM, HEAD)
    # shading: the dealer's cell of every hand, the block rows, the final rows' labels
    top = HEAD_MM
    spans = []  # (top, bottom) of rows whose first six columns are one cell
    for row in card.rows:
        if row.kind == "block":
            pen.rect(0, top, WIDTH_MM, rh, BLOCK)
            spans.append((top, top + rh))
        for j, cell in enumerate(row.cells):
            if cell.dealer:
                pen.rect(
                    xs[first_player + j],
                    top,
                    xs[first_player + j + 1] - xs[first_player + j],
                    rh,
                    SHADE,
                )
        top += rh
    pen.rect(0, top, xs[first_player], 3 * rh, HEAD)
    spans.append((top, height))
    # rules: horizontal, then vertical (the block and final labels span the first six columns)
    pen.line(0, 0, WIDTH_MM, 0, 0.35)
    y = HEAD_MM
    pen.line(0, y, WIDTH_MM, y, 0.35)
    for _row in card.rows:
        y += rh
        pen.line(0, y, WIDTH_MM, y)
    for k in range(3):
        y += rh
        pen.line(0, y, WIDTH_MM, y, 0.35 if k < 2 else 0.5)
    pen.line(0, height - 3 * rh, WIDTH_MM, height - 3 * rh, 0.35)
    pen.line(xs[first_player], height - rh, WIDTH_MM, height - rh, 0.6, INK)
    for i, x in enumerate(xs):
        if i in (0, len(xs) - 1) or i >= first_player:
            pen.line(x, 0, x, height, 0.35 if i in (0, len(xs) - 1, first_player) else 0.25)
            continue
        start = 0.0
        for span_top, span_bottom in spans:
            pen.line(x, start, x, span_top)
            start = span_bottom
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(WIDTH_MM)}mm" height="{_n(height)}mm"'
        f' viewBox="0 0 {_n(WIDTH_MM)} {_n(height)}">' + pen.drawing() + "</svg>"
    )


def _centred(text: str, width: int) -> str:
    return monospace.center(monospace.cut(text, width), width)


def _right(text: str, width: int) -> str:
    return monospace.rjust(monospace.cut(text, width - PAD) + " " * PAD, width)


def _lines(
    card: Card, widths: list[int], say: Say = _same, winds: Mapping[str, str] | None = None
) -> list[GridLine]:
    winds = winds or {}
    fixed, players = widths[: len(COLUMNS)], widths[len(COLUMNS) :]
    label_width = sum(fixed)

    def cells(texts: list[str]) -> str:
        return "".join(_right(text, width) for text, width in zip(texts, players, strict=False))

    def hand(row: Row) -> GridLine:
        entries = (
            row.label,
            winds.get(row.dealer, row.dealer),
            winds.get(row.winner, row.winner),
            say(row.how) if row.how else "",
            winds.get(row.discarder, row.discarder),
        )
        text = "".join(_centred(entry, width) for entry, width in zip(entries, fixed, strict=False))
        text += _right(row.value, fixed[-1]) + cells([cell.text for cell in row.cells])
        return GridLine(text.rstrip(), "awaiting" if row.provisional else "plain")

    def total(label: str, values: list[str]) -> GridLine:
        return GridLine((_right(label, label_width) + cells(values)).rstrip(), "total")

    lines = [
        hand(row)
        if row.kind == "hand"
        else total(say(RUNNING_TOTAL) % {"number": row.after}, [cell.text for cell in row.cells])
        for row in card.rows
    ]
    lines.append(total(say(HAND_TOTALS), card.hand_totals))
    lines.append(total(say(PENALTIES), card.penalty_totals))
    lines.append(total(say(FINAL_TOTAL), card.totals))
    return lines


def card_grid(card: Card, say: Say = _same, winds: Mapping[str, str] | None = None) -> Grid:
    """The ruling, heading and lines of a card's grid, `grid_height_mm` high, `WIDTH_MM` wide.

    ``say`` gives an English word (a column's name, a total's label, a How entry) in the card's
    language; ``winds`` the key printed for a starting wind (``"E"`` -> ``"東"``); both leave
    the English as it is when not given."""
    winds = winds or {}
    char_mm, widths = column_widths(card, say)
    xs = [0.0]
    for width in widths:
        xs.append(xs[-1] + width * char_mm)
    height = grid_height_mm(card)
    fixed = len(COLUMNS)
    heading = [
        HeadingCell(round(w * char_mm, 3), say(label))
        for w, (label, _, _) in zip(widths[:fixed], COLUMNS, strict=True)
    ]
    heading += [
        HeadingCell(
            round(w * char_mm, 3),
            f"{winds.get(p.wind, p.wind)} #{p.number}" if p.number else winds.get(p.wind, p.wind),
            _short(p.name),
            p.chinese_name,
        )
        for w, p in zip(widths[fixed:], card.players, strict=False)  # a table with no one: none
    ]
    return Grid(
        ruling=_ruling(card, xs, height),
        heading=tuple(heading),
        lines=tuple(_lines(card, widths, say, winds)),
        font_mm=char_mm / MONO_ADVANCE_EM,
        row_mm=card.row_height_mm,
        height_mm=height,
    )

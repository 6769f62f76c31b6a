"""The score card's hand grid drawn as one SVG picture, from a `cards.Card`. Pure Python.

Why a picture: a card's grid has some 250 cells, and laid out as an HTML table it costs
WeasyPrint five times the time of a plain page; drawn as lines and text in one SVG it costs
less than the rest of the card (see ``make bench-pdf``). The HTML around it (title, players,
signatures) stays HTML.

Vocabulary
----------
grid            the hand table: a heading row, one row per hand, a block row (running totals)
                after every four hands, and three final rows (hand totals, penalties, total).
column          `COLUMNS` (hand, dealer, winner, how, discarder, value) then one per player,
                sharing the rest of the width. Lengths are millimetres (the SVG's user unit).
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from .cards import Card

WIDTH_MM = 190.0
HEAD_MM = 9.0
COLUMNS = (
    ("Hand", 10.0),
    ("Dealer", 12.0),
    ("Winner", 13.0),
    ("How", 16.0),
    ("Discarder", 15.5),
    ("Value", 13.5),
)
FIXED_MM = sum(width for _, width in COLUMNS)
PT_TO_MM = 0.3528
INK, RULE, SHADE, BLOCK, HEAD, RED = "#111", "#444", "#e4e4e4", "#f6f1dc", "#e8e8e8", "#a00"
FONT = "DejaVu Sans, WenQuanYi Zen Hei, sans-serif"
NAME_CHARS = 22


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _short(name: str, limit: int = NAME_CHARS) -> str:
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


class _Pen:
    """Collects the drawing: rules and fills merged into one path per style (WeasyPrint draws
    a path far faster than a hundred lines), texts one by one."""

    def __init__(self, font_mm: float):
        self.parts: list[str] = []
        self.fills: dict[str, list[str]] = {}
        self.strokes: dict[tuple[str, str], list[str]] = {}
        self.font_mm = font_mm

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
        return fills + strokes + "".join(self.parts)

    def text(
        self, x, y, content, *, anchor="middle", size=None, bold=False, fill=INK, italic=False
    ):
        if content == "":
            return
        size = size or self.font_mm
        style = (' font-weight="bold"' if bold else "") + (' font-style="italic"' if italic else "")
        self.parts.append(
            f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}"'
            f' fill="{fill}"{style}>{escape(str(content))}</text>'
        )


def grid_height_mm(card: Card) -> float:
    return HEAD_MM + (len(card.rows) + 3) * card.row_height_mm


def grid_svg(card: Card) -> str:
    """The SVG document of a card's grid, ``WIDTH_MM`` wide and `grid_height_mm` high."""
    rh = card.row_height_mm
    font = min(card.font_size_pt * PT_TO_MM, rh * 0.6)
    pen = _Pen(font)
    players = card.players
    player_w = (WIDTH_MM - FIXED_MM) / max(1, len(players))
    xs = [0.0]
    for _, width in COLUMNS:
        xs.append(xs[-1] + width)
    for _ in players:
        xs.append(xs[-1] + player_w)
    height = grid_height_mm(card)

    def centre(i):
        return (xs[i] + xs[i + 1]) / 2

    def baseline(top, h=rh):
        return top + h / 2 + pen.font_mm * 0.36

    # heading
    pen.rect(0, 0, WIDTH_MM, HEAD_MM, HEAD)
    small = min(2.3, font * 0.85)
    for i, (label, _) in enumerate(COLUMNS):
        pen.text(centre(i), HEAD_MM - 2.2, label, size=small, bold=True)
    for j, player in enumerate(players):
        i = len(COLUMNS) + j
        number = f"  #{player.number}" if player.number else ""
        pen.text(centre(i), 3.6, f"{player.wind}{number}", size=2.9, bold=True)
        pen.text(centre(i), 7.3, _short(player.name), size=2.0)
    # rows
    top = HEAD_MM
    first_player = len(COLUMNS)
    for row in card.rows:
        if row.kind == "block":
            pen.rect(0, top, WIDTH_MM, rh, BLOCK)
            pen.text(
                xs[first_player] - 1.5,
                baseline(top),
                f"Running total {row.label.lower()}",
                anchor="end",
                bold=True,
                size=font * 0.9,
            )
            for j, cell in enumerate(row.cells):
                pen.text(
                    xs[first_player + j + 1] - 1.5,
                    baseline(top),
                    cell.text,
                    anchor="end",
                    bold=True,
                )
        else:
            colour = RED if row.provisional else INK
            for j, cell in enumerate(row.cells):
                if cell.dealer:
                    pen.rect(xs[first_player + j], top, player_w, rh, SHADE)
            pen.text(centre(0), baseline(top), row.label, bold=True)
            pen.text(centre(1), baseline(top), row.dealer, bold=True)
            values = (row.winner, row.how, row.discarder)
            for i, value in enumerate(values, start=2):
                pen.text(
                    centre(i),
                    baseline(top),
                    value,
                    fill=colour,
                    italic=row.provisional,
                    size=font * (0.85 if i == 3 else 1),
                )
            pen.text(
                xs[6] - 1.5,
                baseline(top),
                row.value,
                anchor="end",
                fill=colour,
                italic=row.provisional,
            )
            for j, cell in enumerate(row.cells):
                pen.text(
                    xs[first_player + j + 1] - 1.5,
                    baseline(top),
                    cell.text,
                    anchor="end",
                    fill=colour,
                    italic=row.provisional,
                )
        top += rh
    # final rows
    finals = (
        ("Hand totals", card.hand_totals),
        ("Penalties (R13)", card.penalty_totals),
        ("Final total", card.totals),
    )
    pen.rect(0, top, xs[first_player], 3 * rh, HEAD)
    for k, (label, values) in enumerate(finals):
        bold = k == 2
        pen.text(xs[first_player] - 1.5, baseline(top), label, anchor="end", bold=True)
        for j, value in enumerate(values):
            pen.text(xs[first_player + j + 1] - 1.5, baseline(top), value, anchor="end", bold=bold)
        top += rh
    # rules: horizontal, then vertical (the block and final labels span the first six columns)
    y = HEAD_MM
    pen.line(0, 0, WIDTH_MM, 0, 0.35)
    pen.line(0, y, WIDTH_MM, y, 0.35)
    for _row in card.rows:
        y += rh
        pen.line(0, y, WIDTH_MM, y)
    for k in range(3):
        y += rh
        pen.line(0, y, WIDTH_MM, y, 0.35 if k < 2 else 0.5)
    pen.line(0, height - 3 * rh, WIDTH_MM, height - 3 * rh, 0.35)
    pen.line(xs[first_player], height - rh, WIDTH_MM, height - rh, 0.6, INK)
    spans = []  # (top, bottom) of rows whose first six columns are one cell
    top = HEAD_MM
    for row in card.rows:
        if row.kind == "block":
            spans.append((top, top + rh))
        top += rh
    spans.append((top, height))
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
        f' viewBox="0 0 {_n(WIDTH_MM)} {_n(height)}" font-family="{FONT}">'
        + pen.drawing()
        + "</svg>"
    )


def grid_data_uri(card: Card) -> str:
    return "data:image/svg+xml," + quote(grid_svg(card))

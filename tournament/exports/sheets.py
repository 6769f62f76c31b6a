"""The standings and the EMA ranking as plain rows of cells, written as a streamed CSV or an XLSX.

Vocabulary
----------
sheet       a `Sheet`: a title, the column headers and the rows of raw cells (numbers stay
            numbers), plus an optional closing note (the provisional line). Its rows may be a
            generator: a sheet is written once.
raw cell    what a standings row holds for a column: a rank text ("3", "=3"), a label, a code, a
            whole number, the match points as text ("1.5"); an empty cell is "".
safe cell   a raw cell through `tournament.event.spreadsheet.cell_escape` (formula-looking text
            gets a leading apostrophe, a number stays a number); the rank column goes through
            ``rank_cell``, so a shared rank is written "3=" in the CSV and the XLSX alike (a
            cell starting with "=" is a formula to a spreadsheet). No cell of either file
            starts with "=", "+", "-" or "@" unless it is a number.

The rows come from the standings board the selector already built: each cell is read once from
the row, with no per-cell introspection. Pure: no Django, no models.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import xlsxwriter
import xlsxwriter.worksheet
from xlsxwriter.utility import xl_col_to_name, xl_rowcol_to_cell_fast

from ..event.spreadsheet import cell_escape, rank_cell
from ..standings.ranking.rows import Standing, number_text
from .ema import HEADER as EMA_HEADER
from .ema import EmaRow

RANK = "Rank"
ROWS_PER_CHUNK = 200  # a streamed CSV is sent in pieces of this many rows
# One character of column width in XlsxWriter's pixels (a digit of Excel's default font): the
# files give a column its longest cell's length, without the padding `set_column` would add.
DIGIT_PIXELS = 7
# XlsxWriter in memory: its constant_memory mode writes the rows and then every part of the
# workbook to temporary files (ten per download, each created, read back and removed), which
# cost more time than holding a 400-player sheet in memory costs space (2 MB at its peak, 0.4
# in constant memory).
XLSX_OPTIONS = {"in_memory": True}
# XlsxWriter's kept cells: a number, and a text by its index in the shared strings.
_NUMBER, _STRING = xlsxwriter.worksheet.CellNumberTuple, xlsxwriter.worksheet.CellStringTuple


@dataclass(frozen=True)
class Sheet:
    title: str
    header: list[str]
    rows: Iterable[list]
    note: str = ""

    def safe_rows(self) -> Iterator[list]:
        """The header, every row and the note as safe cells (see the module docstring), the
        same for the CSV and the XLSX."""
        header = [cell_escape(str(h)) for h in self.header]
        yield header
        rank = self.header.index(RANK) if RANK in self.header else None
        for row in self.rows:
            cells = [cell_escape(cell) for cell in row]
            if rank is not None:
                cells[rank] = rank_cell(row[rank])
            yield cells
        if self.note:
            yield [cell_escape(self.note)] + [""] * (len(header) - 1)

    def csv_chunks(self) -> Iterator[str]:
        """The CSV text (Excel's dialect, lines ending in CRLF) in pieces, as it is written."""
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        for count, cells in enumerate(self.safe_rows(), start=1):
            writer.writerow(cells)
            if count % ROWS_PER_CHUNK == 0:
                yield buffer.getvalue()
                buffer.seek(0)
                buffer.truncate()
        if buffer.tell():
            yield buffer.getvalue()

    def xlsx_bytes(self) -> bytes:
        """The Excel workbook: one sheet named by the title (at most 31 characters), the header
        in bold and frozen, each column as wide as its longest cell, text with a line break
        wrapped. Written by XlsxWriter as the rows come (`XLSX_OPTIONS`), most rows rendered at
        once (`_Worksheet.write_cells`)."""
        stream = io.BytesIO()
        book = xlsxwriter.Workbook(stream, XLSX_OPTIONS)
        sheet = book.add_worksheet(self.title[:31], worksheet_class=_Worksheet)
        sheet.freeze_panes(1, 0)
        bold, wrap = book.add_format({"bold": True}), book.add_format({"text_wrap": True})
        rows = self.safe_rows()
        header = next(rows)
        for column, title in enumerate(header):
            sheet._write_string(0, column, title, bold)
        widths = [len(title) for title in header]
        for row, cells in enumerate(rows, start=1):
            for column, cell in enumerate(cells):
                width = len(cell) if type(cell) is str else len(str(cell))
                if width > widths[column]:
                    widths[column] = width
            sheet.write_cells(row, cells, wrap)
        for column, width in enumerate(widths):
            sheet.set_column_pixels(column, column, width * DIGIT_PIXELS)
        book.close()
        return stream.getvalue()


def write_cells_general(sheet, row: int, cells: list, wrap) -> None:
    """Write a row's cells through XlsxWriter, cell by cell: a number, or a text (an empty one
    is left out; one with a line break in the ``wrap`` format). The methods behind
    ``write_string`` and ``write_number``: the same checks and cells, without the wrapper that
    reads "A1" addresses."""
    for column, cell in enumerate(cells):
        if type(cell) is str:
            if cell:
                sheet._write_string(row, column, cell, wrap if "\n" in cell else None)
        else:
            sheet._write_number(row, column, cell)


class _Worksheet(xlsxwriter.worksheet.Worksheet):
    """XlsxWriter's worksheet, with each column's width in a ``<col>`` of its own: XlsxWriter
    (like Excel) joins neighbours of the same width into one range, which Excel reads the same
    but openpyxl and other readers report under the first column only; and its plain cells
    written in one step, as XlsxWriter writes them (``<c r="B7"><v>12</v></c>``, text by its
    index in the shared strings): a row of whole numbers and texts without a line break is
    rendered whole when it is written (*plain row*, `write_cells`), the others go through
    XlsxWriter's cells, where a number or text cell with no format of its own, its row's or its
    column's is written at once too (`_write_cell`). XlsxWriter's general path (a kept cell per
    value, every kind of cell, formats, escaped attributes) took most of the time of the file.

    A plain row takes no row format, column format or comment afterwards (`_write_rows` says
    so): the standings and EMA sheets set only column widths."""

    def __init__(self) -> None:
        super().__init__()
        self.plain: dict[int, tuple[int, int, str]] = {}  # row: (first, last column, cells)
        self._letters: list[str] = []

    def write_cells(self, row: int, cells: list, wrap) -> None:
        """Write a row's cells as `write_cells_general` does: a plain row (see the class) is
        rendered at once, its texts numbered in the shared strings in the same order."""
        limit = self.xls_strmax // 2  # longer texts are checked (and cut) by XlsxWriter
        if (
            self.constant_memory
            or row in self.table
            or not all(
                type(cell) is int or (type(cell) is str and "\n" not in cell and len(cell) <= limit)
                for cell in cells
            )
        ):
            write_cells_general(self, row, cells, wrap)
            return
        while len(self._letters) < len(cells):
            self._letters.append(xl_col_to_name(len(self._letters)))
        letters, index, number = self._letters, self.str_table._get_shared_string_index, row + 1
        parts = []
        first = last = None
        for column, cell in enumerate(cells):
            if type(cell) is str:
                if not cell:
                    continue
                parts.append(f'<c r="{letters[column]}{number}" t="s"><v>{index(cell)}</v></c>')
            else:
                parts.append(f'<c r="{letters[column]}{number}"><v>{cell:.16G}</v></c>')
            if first is None:
                first = column
            last = column
        if first is None:
            return
        if self._check_dimensions(row, first) or self._check_dimensions(row, last):
            raise ValueError(f"Row {number} is outside a worksheet.")
        self.plain[row] = (first, last, "".join(parts))

    def _write_rows(self) -> None:
        """XlsxWriter's rows, the plain ones written as rendered."""
        if not self.plain:
            super()._write_rows()
            return
        if (
            self.comments
            or self.row_info.keys() & self.plain.keys()
            or any(info.column_format for info in self.col_info.values())
        ):
            raise ValueError("A plain row takes no row format, column format or comment.")
        self._calculate_spans()
        write, table, plain = self.fh.write, self.table, self.plain
        for row in range(self.dim_rowmin, self.dim_rowmax + 1):
            span = self.row_spans.get(row // 16)
            if row in plain:
                self._write_row(row, span)
                write(plain[row][2])
                self._xml_end_tag("row")
            elif table.get(row):
                self._write_row(row, span, self.row_info.get(row))
                cells = table[row]
                for column in range(self.dim_colmin, self.dim_colmax + 1):
                    if column in cells:
                        self._write_cell(row, column, cells[column])
                self._xml_end_tag("row")
            elif row in self.row_info:
                self._write_empty_row(row, span, self.row_info[row])

    def _calculate_spans(self) -> None:
        """XlsxWriter's ``spans`` of each block of 16 rows (the first and last column with a
        cell, "1:21"), from each row's columns at once instead of column by column."""
        if self.comments:
            super()._calculate_spans()
            return
        ends: dict[int, tuple[int, int]] = {}
        rows = [(row, min(cells), max(cells)) for row, cells in self.table.items() if cells]
        rows += [(row, first, last) for row, (first, last, _) in self.plain.items()]
        for row, first, last in rows:
            block = row // 16
            if block in ends:
                first, last = min(first, ends[block][0]), max(last, ends[block][1])
            ends[block] = (first, last)
        self.row_spans = {block: f"{first + 1}:{last + 1}" for block, (first, last) in ends.items()}

    def _write_cell(self, row: int, col: int, cell) -> None:
        kind = type(cell)
        if (
            cell.format is None
            and (kind is _NUMBER or kind is _STRING)
            and (row not in self.row_info or not self.row_info[row].row_format)
            and (col not in self.col_info or self.col_info[col].column_format is None)
        ):
            where = xl_rowcol_to_cell_fast(row, col)
            if kind is _NUMBER:
                self.fh.write(f'<c r="{where}"><v>{cell.number:.16G}</v></c>')
            else:
                self.fh.write(f'<c r="{where}" t="s"><v>{cell.string}</v></c>')
            return
        super()._write_cell(row, col, cell)

    def _write_cols(self) -> None:
        if not self.col_info:
            return
        self._xml_start_tag("cols")
        for column in sorted(self.col_info):
            self._write_col_info(column, column, self.col_info[column])
        self._xml_end_tag("cols")


def _status(row: Standing, row_note: Callable[[int], str] | None) -> str:
    marks = []
    if row.entrant.withdrawn:
        marks.append("withdrawn")
    if row.entrant.substitute:
        marks.append("substitute")
    if row.cut_after_round:
        marks.append(f"out after round {row.cut_after_round}")
    if row_note is not None and (provisional := row_note(row.player_id)):
        marks.append(provisional)
    return ", ".join(marks)


def standings_sheet(
    rows: Iterable[Standing],
    *,
    rounds: list[int],
    match_points: bool,
    note: str = "",
    row_note: Callable[[int], str] | None = None,
    carried: bool = False,
) -> Sheet:
    """The standings download: rank, player, country, club, EMA number, status, sessions,
    (match points), hand points, penalties, total, then the points of each round in
    ``rounds`` ("" where the player did not play that round). ``row_note`` gives a player's
    provisional mark (an open appeal window or query), added to the status; ``carried`` (a
    tournament in stages after a cut) adds the points carried in before the total ("" for a
    player cut)."""
    header = [RANK, "Player", "Country", "Club", "EMA number", "Status", "Sessions"]
    header += ["Match points"] if match_points else []
    header += ["Hand points", "Penalties"] + (["Carried"] if carried else [])
    header += ["Total"] + [f"R{n}" for n in rounds]

    def cells(row: Standing) -> list:
        entrant = row.entrant
        by_round = row.points_by_round()
        line = [row.rank, row.label, entrant.country, entrant.club, entrant.ema_number]
        line += [_status(row, row_note), row.sessions_played]
        line += [number_text(row.match_points)] if match_points else []
        line += [row.hand_points, row.penalty_points]
        line += ["" if row.cut_after_round else row.carried] if carried else []
        line += [row.total]
        return line + [by_round.get(n, "") for n in rounds]

    return Sheet("Standings", header, (cells(row) for row in rows), note)


def ema_sheet(rows: Iterable[EmaRow], *, note: str = "") -> Sheet:
    """The EMA ranking file: its published columns, one row per player."""
    return Sheet("EMA ranking", list(EMA_HEADER), (list(row.cells()) for row in rows), note)

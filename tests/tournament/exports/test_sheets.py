"""The plain sheets behind the downloads: a streamed CSV is the CSV tablib would write, in
pieces, and the standings download is streamed; the Excel file is XlsxWriter's, written in
memory (no temporary file), and holds the sheet's cells, header and widths as openpyxl reads
them."""

from __future__ import annotations

import io
import tempfile
import zipfile

import openpyxl
import pytest
import tablib
import xlsxwriter
import xlsxwriter.worksheet
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.utils import get_column_letter

from tournament.exports import sheets
from tournament.exports.sheets import ROWS_PER_CHUNK, Sheet

cell = st.one_of(st.integers(-10_000, 10_000), st.text(max_size=12))


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(1, 5),
    data=st.data(),
    note=st.sampled_from(["", "Provisional: 1 session(s) not reconciled."]),
)
def test_the_streamed_csv_is_the_csv_tablib_writes(width, data, note):
    rows = data.draw(st.lists(st.lists(cell, min_size=width, max_size=width), max_size=450))
    header = [f"H{i}" for i in range(width)]
    sheet = Sheet("Standings", header, rows, note)
    chunks = list(sheet.csv_chunks())
    expected = tablib.Dataset(headers=header)
    for cells in list(sheet.safe_rows())[1:]:
        expected.append(cells)
    assert "".join(chunks) == expected.export("csv")
    lines = 1 + len(rows) + bool(note)
    assert len(chunks) == -(-lines // ROWS_PER_CHUNK)  # written as it goes, not all at once


def test_the_standings_csv_is_streamed(client, demo):
    response = client.get(reverse("exports:standings_export", args=[demo.slug, "csv"]))
    assert response.streaming
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    xlsx = client.get(reverse("exports:standings_export", args=[demo.slug, "xlsx"]))
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")


# Text as the board gives it: printable, with the odd line break (a wrapped cell).
text = st.text(
    st.characters(exclude_categories=("Cs", "Cc", "Cn", "Co")) | st.just("\n"), max_size=12
)
plain_text = st.text(st.characters(exclude_categories=("Cs", "Cc", "Cn", "Co")), max_size=12)


@settings(max_examples=30, deadline=None)
@given(
    width=st.integers(1, 6),
    data=st.data(),
    note=st.sampled_from(["", "Provisional: 1 session(s) not reconciled."]),
)
def test_the_xlsx_holds_the_cells_header_and_widths_of_the_sheet(width, data, note):
    first = st.one_of(st.integers(1, 400), text.filter(bool))  # a rank: never empty
    row = st.tuples(
        first,
        st.lists(
            st.one_of(st.integers(-10_000, 10_000), text), min_size=width - 1, max_size=width - 1
        ),
    )
    rows = [[a, *rest] for a, rest in data.draw(st.lists(row, min_size=1, max_size=30))]
    header = [f"H{i}" for i in range(width)]
    sheet = Sheet("Standings of the Zung Jung Open 2026", header, rows, note)
    expected = list(Sheet(sheet.title, header, rows, note).safe_rows())
    book = openpyxl.load_workbook(io.BytesIO(sheet.xlsx_bytes()))
    (read,) = book.worksheets
    assert read.title == "Standings of the Zung Jung Open"  # 31 characters at most
    assert read.freeze_panes == "A2"
    assert [c.font.b for c in read[1]] == [True] * width
    assert [[c.value for c in line] for line in read.rows] == [
        [None if value == "" else value for value in line] for line in expected
    ]
    # Each column's own width, neighbours of the same width included (one <col> each).
    assert {key: d.width for key, d in read.column_dimensions.items()} == {
        get_column_letter(i + 1): max(len(str(line[i])) for line in expected) for i in range(width)
    }


def test_the_xlsx_is_written_by_xlsxwriter_without_a_temporary_file(monkeypatch):
    opened = []

    class Workbook(xlsxwriter.Workbook):
        def __init__(self, filename, options=None):
            opened.append(options or {})
            super().__init__(filename, options)

    def no_file(*args, **kwargs):
        raise AssertionError("a temporary file was made")

    monkeypatch.setattr(xlsxwriter, "Workbook", Workbook)
    for maker in ("mkstemp", "NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile"):
        monkeypatch.setattr(tempfile, maker, no_file)
    body = Sheet("Standings", ["Rank", "Player"], [["1", "Wei Wang"]]).xlsx_bytes()
    assert opened == [{"in_memory": True}]
    (read,) = openpyxl.load_workbook(io.BytesIO(body)).worksheets
    assert [[c.value for c in line] for line in read.rows] == [
        ["Rank", "Player"],
        ["1", "Wei Wang"],
    ]


def _parts(body: bytes) -> dict[str, bytes]:
    """The files of a workbook, but its time stamps (``docProps/core.xml``)."""
    with zipfile.ZipFile(io.BytesIO(body)) as book:
        return {name: book.read(name) for name in book.namelist() if name != "docProps/core.xml"}


@settings(max_examples=40, deadline=None)
@given(data=st.data(), width=st.integers(1, 25), note=st.sampled_from(["", "Provisional."]))
def test_the_worksheet_writes_its_cells_as_xlsxwriter_does(data, width, note):
    """The sheet's own way of writing plain number and text cells, its plain rows rendered at
    once and the rows' spans give the very bytes XlsxWriter's general path gives (wrapped
    text, with its format, included)."""
    # Without line breaks every row is plain (rendered at once); with them, most go through
    # XlsxWriter's cells.
    texts = data.draw(st.sampled_from([text, plain_text]))
    rows = data.draw(
        st.lists(
            st.lists(
                st.one_of(st.integers(-10_000, 10_000), texts), min_size=width, max_size=width
            ),
            max_size=60,
        )
    )
    sheet = Sheet("Standings", [f"H{i}" for i in range(width)], rows, note)
    fast = _parts(sheet.xlsx_bytes())
    with pytest.MonkeyPatch.context() as patch:
        for name in ("_write_cell", "_calculate_spans", "_write_rows"):
            patch.setattr(sheets._Worksheet, name, getattr(xlsxwriter.worksheet.Worksheet, name))
        patch.setattr(sheets._Worksheet, "write_cells", sheets.write_cells_general)
        general = _parts(sheet.xlsx_bytes())
    assert fast == general

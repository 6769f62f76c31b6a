"""Reading files and pasted text into rows (`event.roster_files`): bad files say what is wrong."""

import io

import openpyxl
import pytest

from tournament.event.roster_files import (
    MAX_BYTES,
    FileProblem,
    rows_from_bytes,
    rows_from_text,
    size_check,
)


def test_csv_with_bom_and_quotes_is_read():
    content = '\ufeffGiven name,Family name,Club\nAlan,Chan,"Kowloon, MJ"\n'.encode()
    assert rows_from_bytes(content) == [
        ["Given name", "Family name", "Club"],
        ["Alan", "Chan", "Kowloon, MJ"],
    ]


def test_pasted_rows_from_a_spreadsheet_are_tab_separated():
    assert rows_from_text("Alan\tChan\tHK\nMei\tWong\tHK") == [
        ["Alan", "Chan", "HK"],
        ["Mei", "Wong", "HK"],
    ]


def test_semicolon_csv_is_understood():
    assert rows_from_text("family;country\nChan;HK\n") == [["family", "country"], ["Chan", "HK"]]


def test_xlsx_is_read_with_whole_numbers_as_text():
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Family name", "Number", "EMA number"])
    sheet.append(["Chan", 7, "=cmd|' /C calc'!A0"])
    buffer = io.BytesIO()
    book.save(buffer)
    rows = rows_from_bytes(buffer.getvalue(), "players.xlsx")
    assert rows[0] == ["Family name", "Number", "EMA number"]
    assert rows[1][:2] == ["Chan", "7"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"", "The file is empty.", id="empty"),
        pytest.param(b"  \n\n", "The file is empty.", id="blank"),
        pytest.param(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary file", id="binary"),
        pytest.param(
            "Family\nИванов\n".encode("cp1251"), "encoding cannot be recognised", id="cp1251"
        ),
        pytest.param(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"x" * 100, "old Excel .xls", id="xls"),
        pytest.param(b"PK\x03\x04 not really a workbook", "cannot be read", id="broken-xlsx"),
        pytest.param(
            b"a,b\n1,2\n3,4,5\n", "Line 3 has 3 cells but the first line has 2", id="ragged"
        ),
    ],
)
def test_bad_files_say_what_is_wrong(content, message):
    with pytest.raises(FileProblem, match=message):
        rows_from_bytes(content, "players.csv")


def test_an_encoding_not_recognised_names_the_line_and_the_way_to_fix_it():
    content = "Family\nChan\nИванов\n".encode("cp1251")
    with pytest.raises(FileProblem, match="line 3 has byte 0xc8") as problem:
        rows_from_bytes(content)
    assert "save it as 'CSV UTF-8' (File, Save As, CSV UTF-8)" in str(problem.value)


def test_a_file_over_the_limit_is_refused_by_its_size_with_the_limit_named():
    with pytest.raises(FileProblem, match="50.0 MB; the limit is 5 MB"):
        size_check(50 * 1024 * 1024)
    with pytest.raises(FileProblem, match="the limit is 5 MB"):
        rows_from_bytes(b"a" * (MAX_BYTES + 1))


def test_an_empty_workbook_has_no_rows():
    buffer = io.BytesIO()
    openpyxl.Workbook().save(buffer)
    with pytest.raises(FileProblem, match="no rows"):
        rows_from_bytes(buffer.getvalue(), "empty.xlsx")


def test_xlsx_ema_numbers_stored_as_numbers_keep_their_leading_zero():
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Family name", "EMA number", "Number"])
    sheet.append(["Chan", 4010002, 7])  # typed 04010002; the spreadsheet kept 4010002
    sheet.append(["Lee", 4010003, 8])
    sheet["B3"].number_format = "00000000"  # shown as 04010003
    sheet.append(["Wong", "04010004", 9])  # stored as text: left alone
    buffer = io.BytesIO()
    book.save(buffer)
    rows = rows_from_bytes(buffer.getvalue(), "players.xlsx")
    assert [row[1] for row in rows[1:]] == ["04010002", "04010003", "04010004"]
    assert [row[2] for row in rows[1:]] == ["7", "8", "9"]  # other numbers unpadded

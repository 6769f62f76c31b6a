"""Formula injection (`event.spreadsheet.cell_escape`): text a spreadsheet would run is escaped."""

import pytest

from tournament.event.spreadsheet import cell_escape, row_escape


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("Alan", "Alan"),
        ("", ""),
        (None, ""),
        (-25, -25),  # numbers stay numbers
        (2.5, 2.5),
    ],
)
def test_cell_escape(value, expected):
    assert cell_escape(value) == expected


def test_row_escape_escapes_every_cell():
    assert row_escape(["=1", 3, "ok"]) == ["'=1", 3, "ok"]

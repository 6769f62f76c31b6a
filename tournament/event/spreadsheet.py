"""Cells for spreadsheets people open: text that a spreadsheet would run as a formula is escaped.

Pure Python. Vocabulary: a *cell* is one value written to a CSV or XLSX export; a *formula
cell* is text starting with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return before
one), which Excel, LibreOffice and Google Sheets may evaluate (CSV/formula injection). We store
such text as it was typed and escape it only on the way out, with `cell_escape`, in every
export: no cell of a CSV or XLSX starts with one of them unless it is a number (``-25``,
``-1.5``). A shared rank, ``=3`` on the pages, is written ``3=`` in a file (`rank_cell`): an
``=3`` cell is a formula to a spreadsheet.
"""

from __future__ import annotations

import re

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")  # a number written as text: "-1.5"
SHARED_RANK = re.compile(r"=([0-9]+)")


def cell_escape(value):
    """The value to write in an export cell: formula-looking text gets a leading apostrophe.

    Numbers (int, float) pass unchanged, so a negative score stays a number; any other value is
    written as text.
    """
    kind = type(value)
    if kind is int or kind is float:  # most cells of a standings file: checked first
        return value
    if value is None:
        return ""
    if kind is str or kind is bool or not isinstance(value, int | float):
        text = value if kind is str else str(value)
        if text.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(text):
            return "'" + text
        return text
    return value


def row_escape(values) -> list:
    """`cell_escape` on every cell of a row."""
    return [cell_escape(value) for value in values]


def rank_cell(value):
    """A rank for a file: a shared rank ``=3`` written ``3=`` (never a formula), anything else
    through `cell_escape`."""
    if isinstance(value, str) and (shared := SHARED_RANK.fullmatch(value)):
        return shared.group(1) + "="
    return cell_escape(value)

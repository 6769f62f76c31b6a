"""Spreadsheet cells that cannot run as formulas (CSV/formula injection). Pure Python.

A text cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return, which
some spreadsheets skip before reading a formula) is prefixed with an apostrophe, which every
spreadsheet shows as text. Numbers are left alone: -25 is a score, not a formula.
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """``value`` as a cell that a spreadsheet will never evaluate."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value

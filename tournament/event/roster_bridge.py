"""The player import's one bridge between a file and the roster, for the console's import page
and the ``import_players`` command alike.

Vocabulary (see `roster_import` for field, column, line, known, action, problem)
----------
header decision  whether the first row names the columns: ``"auto"`` (it does when it looks
                 like a header, `header_looks_like`), ``"yes"`` or ``"no"``; without a header
                 the columns are *given* (chosen on the page, ``--columns`` for the command)
                 in file order.
source           what a plan is made from: the data rows, their columns and the line number of
                 the first data row (`ImportSource`); the page keeps it between the preview and
                 the confirmation and plans it again against the roster as it is then.
plan             `plan_source`: the source read against the country lookup and the known
                 players of the database (`selectors.country_lookup`, `selectors.known_players`).
summary          the one sentence that says what an import does or did (`import_summary`,
                 `imported_message`), and the one status of each line (`line_status`).
shown            a problem or notice of the plan (a `Message`) in the reader's language
                 (`shown`); the command runs in English and prints them as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from scoring.translation import translate_message

from ..models import Tournament
from .roster_columns import RowsError, columns_from_header
from .roster_columns import header_looks_like as _header_looks_like
from .roster_import import ImportLine, ImportPlan
from .roster_import import plan_import as _plan_import
from .selectors.countries import country_lookup
from .selectors.roster import known_players

HEADERS = ("auto", "yes", "no")
ACTION_WORDS = {
    "new": gettext_lazy("new player"),
    "register": gettext_lazy("registered (existing)"),
    "skip": gettext_lazy("unchanged"),
}


@dataclass(frozen=True)
class ImportSource:
    rows: list[list[str]]
    columns: list[str | None]
    first_line: int

    def as_data(self) -> dict:
        return {"rows": self.rows, "columns": self.columns, "first_line": self.first_line}

    @classmethod
    def from_data(cls, data: Mapping) -> ImportSource:
        return cls(rows=data["rows"], columns=data["columns"], first_line=data["first_line"])


def import_source(
    rows: list[list[str]],
    *,
    header: str = "auto",
    columns: Sequence[str | None] | None = None,
    how_to_give_columns: str = "",
) -> ImportSource:
    """The header decision: the data rows and their columns. Without a header and without
    ``columns`` it is a `RowsError` that says ``how_to_give_columns``."""
    if header not in HEADERS:
        raise RowsError(
            gettext("Say whether the first row is a header: one of %(choices)s.")
            % {"choices": ", ".join(HEADERS)}
        )
    if header == "auto":
        header = "yes" if rows and _header_looks_like(rows[0]) else "no"
    if header == "yes":
        return ImportSource(rows[1:], columns_from_header(rows[0]), 2)
    if not columns:
        raise RowsError(
            gettext("The first row is not a header: give the file a header row, or %(how)s.")
            % {"how": how_to_give_columns or gettext("choose what each column holds")}
        )
    return ImportSource(rows, columns_from_header([column or "" for column in columns]), 1)


def plan_source(tournament: Tournament, source: ImportSource) -> ImportPlan:
    """The plan of ``source`` against the roster and the database as they are now."""
    return _plan_import(
        source.rows,
        columns=source.columns,
        countries=country_lookup(),
        known=known_players(tournament),
        first_line=source.first_line,
    )


def import_summary(counts: Mapping[str, int]) -> str:
    """ "36 new player(s), 2 existing player(s) registered, 0 already registered (unchanged)"."""
    return gettext(
        "%(new)s new player(s), %(register)s existing player(s) registered, %(skip)s already "
        "registered (unchanged)"
    ) % {
        "new": counts.get("new", 0),
        "register": counts.get("register", 0),
        "skip": counts.get("skip", 0),
    }


def imported_message(counts: Mapping[str, int]) -> str:
    """What an import that saved says, on the page and from the command."""
    return gettext("Imported: %(summary)s.") % {"summary": import_summary(counts)}


def line_status(line: ImportLine) -> str:
    """A line's problems, or what confirming does with it."""
    return "; ".join(line.problems) if line.problems else str(ACTION_WORDS[line.action])


def line_report(line: ImportLine) -> str:
    """ "Line 4: 12 Wei Wang [HK] new player (notice)": a line as the command prints it."""
    notes = " ".join(line.notices)
    return (
        f"Line {line.line}: {line.number or '-'} {line.display_name} "
        f"[{line.values['country'] or '-'}] {line_status(line)}" + (f" ({notes})" if notes else "")
    )


def shown(value) -> str:
    """A problem, notice or message of the import in the reader's language (see ``shown``)."""
    return translate_message(value)

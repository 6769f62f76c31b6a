"""Downloads: the standings as CSV or Excel, the EMA ranking as CSV.

Public pages under the release rule ``STANDINGS``, which `public_page` enforces (404 while the
standings are held): silent rounds and hidden withdrawn players apply as on the standings
page, officials get everything. A provisional ranking says so in its
file name and in a closing line.
"""

from __future__ import annotations

from django.http import Http404

from ..release import Rule, public_page
from ..standings import selectors
from .ema import HEADER, ema_rows
from .tables import SafeTableExport, StandingsExportTable

FORMATS = ("csv", "xlsx")


def _filename(tournament, board_, stem: str, extension: str) -> str:
    suffix = "-provisional" if board_.provisional.active else ""
    upto = f"-after-round-{board_.round_limit}" if board_.round_limit is not None else ""
    return f"{tournament.slug}-{stem}{upto}{suffix}.{extension}"


def _note(board_) -> str:
    lines = board_.provisional.lines()
    return " ".join([board_.provisional.summary(), *lines]) if lines else ""


@public_page(Rule.STANDINGS)
def standings_export(request, tournament, export_format):
    if export_format not in FORMATS:
        raise Http404("Standings can be downloaded as CSV or XLSX.")
    board_ = selectors.board_for_viewer(request.user, tournament)
    rounds = sorted({p.round_number for row in board_.rows for p in row.sessions})
    table = StandingsExportTable(
        list(board_.rows),
        rounds=rounds,
        match_points=board_.uses_match_points,
        carried=board_.shows_carried,
    )
    exporter = SafeTableExport(export_format, table, note=_note(board_))
    return exporter.response(filename=_filename(tournament, board_, "standings", export_format))


class _EmaTable:
    """Enough of a table for `SafeTableExport`: the EMA rows as values."""

    def __init__(self, rows):
        self.rows = rows

    def as_values(self, exclude_columns=None):
        yield list(HEADER)
        for row in self.rows:
            yield list(row.cells())


@public_page(Rule.STANDINGS)
def ema_export(request, tournament):
    board_ = selectors.board_for_viewer(request.user, tournament)
    exporter = SafeTableExport(
        "csv", _EmaTable(ema_rows(board_.rows)), note=_note(board_), title="EMA ranking"
    )
    return exporter.response(filename=_filename(tournament, board_, "ema", "csv"))

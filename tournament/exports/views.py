"""Downloads: the standings as CSV or Excel, the EMA ranking as CSV.

Public pages under the release rule ``STANDINGS``, which `public_page` enforces (404 while the
standings are held): silent rounds and hidden withdrawn players apply as on the standings
page, officials get everything. A provisional ranking says so in its
file name and in a closing line. A CSV is streamed as it is written; the rows come from the
standings board (`sheets`), never from a table's per-cell introspection.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext

from ..release import Rule, public_page
from ..standings.selectors.board import board_for_viewer
from .ema import ema_rows
from .sheets import Sheet, ema_sheet, standings_sheet

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def _filename(tournament, board_, stem: str, extension: str) -> str:
    suffix = "-provisional" if board_.provisional.active else ""
    upto = f"-after-round-{board_.round_limit}" if board_.round_limit is not None else ""
    return f"{tournament.slug}-{stem}{upto}{suffix}.{extension}"


def _note(board_) -> str:
    lines = board_.provisional.lines()
    return " ".join([board_.provisional.summary(), *lines]) if lines else ""


def _download(sheet: Sheet, export_format: str, filename: str):
    if export_format == "csv":
        response = StreamingHttpResponse(sheet.csv_chunks(), content_type=CONTENT_TYPES["csv"])
    else:
        response = HttpResponse(sheet.xlsx_bytes(), content_type=CONTENT_TYPES[export_format])
    # The library's header (`FileResponse`'s own): a name with a quote or a character outside
    # ASCII goes as ``filename*=utf-8''...``; a CSV is a stream, not a file, so no FileResponse.
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


@public_page(Rule.STANDINGS)
def standings_export(request, tournament, export_format):
    if export_format not in CONTENT_TYPES:
        raise Http404(gettext("Standings can be downloaded as CSV or XLSX."))
    board_ = board_for_viewer(request.user, tournament)
    rounds = sorted({p.round_number for row in board_.rows for p in row.sessions})
    sheet = standings_sheet(
        board_.rows,
        rounds=rounds,
        match_points=board_.uses_match_points,
        note=_note(board_),
        row_note=board_.provisional.row_note,
        carried=board_.shows_carried,
    )
    filename = _filename(tournament, board_, "standings", export_format)
    return _download(sheet, export_format, filename)


@public_page(Rule.STANDINGS)
def ema_export(request, tournament):
    board_ = board_for_viewer(request.user, tournament)
    sheet = ema_sheet(ema_rows(board_.rows), note=_note(board_))
    return _download(sheet, "csv", _filename(tournament, board_, "ema", "csv"))

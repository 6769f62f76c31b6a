"""The standings downloads stay what they were: the demo's CSV, Excel and EMA files, as a
spectator and as an organiser, and a variant of the demo with match points, a withdrawn player
and a substitute, compared with the files the table-based export wrote before the exports were
fed from the board's rows (``pinned/``).

Vocabulary: a *pinned* file is one written by the earlier code and kept in ``pinned/``; a CSV
is compared byte for byte, an Excel file cell by cell (with its sheet names, each cell's type,
the frozen header, its bold and the column widths; the files' own time stamps differ from run
to run).
"""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pytest
from django.urls import reverse

from tests.tournament.builders import make_user
from tournament.event.services.registrations import registration_withdraw
from tournament.models import Registration, Tournament
from tournament.seating.services.roster import roster_substitute

PINNED = Path(__file__).parent / "pinned"


def demo_variant(tournament: Tournament) -> None:
    """Match points on, a withdrawn player and a substitute: every column and status filled."""
    Tournament.objects.filter(pk=tournament.pk).update(use_match_points=True)
    tournament.refresh_from_db()
    registration = Registration.objects.filter(tournament=tournament).order_by("number")[3]
    registration_withdraw(registration=registration, from_round=2)
    roster_substitute(
        tournament=tournament, reseat=False, given_name="Sam", family_name="Stand-in", country="NZ"
    )


def downloads(client, tournament: Tournament) -> dict[str, tuple[bytes, str]]:
    """The three downloads: name -> (body, Content-Disposition)."""
    found = {}
    for name, url in (
        ("standings.csv", reverse("exports:standings_export", args=[tournament.slug, "csv"])),
        ("standings.xlsx", reverse("exports:standings_export", args=[tournament.slug, "xlsx"])),
        ("ema.csv", reverse("exports:ema_export", args=[tournament.slug])),
    ):
        response = client.get(url)
        assert response.status_code == 200
        body = b"".join(response.streaming_content) if response.streaming else response.content
        found[name] = (body, response["Content-Disposition"])
    return found


def cells(body: bytes) -> list:
    """Each sheet's title, frozen pane, column widths, bold header and typed cells."""
    book = openpyxl.load_workbook(io.BytesIO(body))
    return [
        (
            sheet.title,
            sheet.freeze_panes,
            {key: d.width for key, d in sheet.column_dimensions.items()},
            [cell.font.b for cell in sheet[1]],
            [[(type(c.value).__name__, c.value) for c in row] for row in sheet.rows],
        )
        for sheet in book.worksheets
    ]


def _viewer_client(client, viewer: str):
    if viewer == "organiser":
        client.force_login(make_user("superuser"))
    return client


@pytest.mark.parametrize("variant", ["demo", "variant"])
@pytest.mark.parametrize("viewer", ["public", "organiser"])
def test_the_downloads_are_the_files_written_before(client, demo, viewer, variant):
    if variant == "variant":
        demo_variant(demo)
    found = downloads(_viewer_client(client, viewer), demo)
    for name, (body, disposition) in found.items():
        stem = f"{variant}-{viewer}-{name}"
        assert disposition == (PINNED / f"{stem}.disposition").read_text()
        if name.endswith(".xlsx"):
            assert cells(body) == cells((PINNED / stem).read_bytes()), stem
        else:
            assert body == (PINNED / stem).read_bytes(), stem


def write_pinned(client, tournament, viewer: str, variant: str) -> None:  # pragma: no cover
    """Write one viewer's files of ``pinned/`` from the code as it stands (run by hand, once,
    from the earlier code)."""
    if variant == "variant":
        demo_variant(tournament)
    for name, (body, disposition) in downloads(_viewer_client(client, viewer), tournament).items():
        stem = f"{variant}-{viewer}-{name}"
        (PINNED / stem).write_bytes(body)
        (PINNED / f"{stem}.disposition").write_text(disposition)

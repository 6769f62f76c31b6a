"""The standings printout and downloads of a tournament in stages: the stage, the Carried
column and who was cut, read back from a real PDF, CSV and Excel file."""

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from tests.tournament.builders import make_cut_event
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.standings.services import cut_undo

pytestmark = pytest.mark.django_db


@pytest.fixture
def staged():
    return make_cut_event(share="1/2", confirm_seed=77)[0]


@needs_poppler
def test_the_standings_pdf_has_the_stage_the_carried_column_and_the_cut(staged):
    request = PrintRequest(tournament=staged, round=None, base_url="https://x", official=True)
    page = text(DOCUMENTS["standings"].render(request).content)
    assert "Stage 2 of 2" in page and "Carried" in page
    assert page.count("(out after round 1)") == 4
    assert "points carried from the previous stage" in page
    winner = next(line for line in page.splitlines() if "420" in line)
    assert "210" in winner  # half of 420 carried, and the total so far


@needs_poppler
def test_a_tournament_without_cuts_prints_no_carried_column(staged):
    cut_undo(tournament=staged, stage=1)
    request = PrintRequest(tournament=staged, round=None, base_url="https://x", official=True)
    page = text(DOCUMENTS["standings"].render(request).content)
    assert "Carried" not in page and "out after round" not in page


def test_the_csv_and_excel_downloads_carry_the_column_and_mark_the_cut(client, staged):
    response = client.get(reverse("exports:standings_export", args=[staged.slug, "csv"]))
    rows = list(csv.DictReader(io.StringIO(response.getvalue().decode("utf-8-sig"))))
    assert rows[0]["Carried"] == "210" and rows[0]["Total"] == "210"
    assert [row["Status"] for row in rows[4:8]] == ["out after round 1"] * 4
    assert all(row["Carried"] == "" for row in rows[4:8])
    response = client.get(reverse("exports:standings_export", args=[staged.slug, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    header = [cell.value for cell in sheet[1]]
    assert "Carried" in header
    assert sheet.cell(row=2, column=header.index("Carried") + 1).value in (210, "210")

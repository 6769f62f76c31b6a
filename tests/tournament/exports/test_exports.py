"""Exports: formula-safe cells, the EMA ranking rows, the CSV/XLSX/EMA downloads."""

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
)
from tournament.event.spreadsheet import NUMBER, cell_escape, rank_cell
from tournament.exports.ema import HEADER, country_code, ema_rows, split_name
from tournament.models import Player, Session
from tournament.play.services import hands as hand_services
from tournament.standings.ranking.build import standings_build
from tournament.standings.ranking.rows import Entrant, SessionResult
from tournament.standings.ranking.rules import RankingRules


@pytest.mark.parametrize(
    "value, safe",
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("Ann", "Ann"),
        ("-1.5", "-1.5"),  # a number written as text stays a number
        ("-1.5+2", "'-1.5+2"),
        (-25, -25),
        (None, ""),
    ],
)
def test_export_cells_escape_formula_starts_only_in_text(value, safe):
    # One escaping for every export: the roster's and the standings' (event.spreadsheet).
    assert cell_escape(value) == safe


def test_a_shared_rank_is_written_with_its_mark_after_the_number():
    assert [rank_cell(r) for r in ("=3", "12", "=10", "=1+2", 4)] == ["3=", "12", "10=", "'=1+2", 4]


def test_names_split_at_the_last_space_and_countries_become_codes():
    assert split_name("Ann Marie Lee") == ("Lee", "Ann Marie")
    assert split_name("Madonna") == ("Madonna", "")
    assert country_code("Denmark") == "DK" and country_code("dk") == "DK"
    assert country_code("Atlantis") == "Atlantis"


def test_ema_rows_share_positions_between_tied_players():
    entrants = [
        Entrant(i, f"First{i} Last{i}", country="Japan", ema_number=f"0{i}") for i in (1, 2, 3, 4)
    ]  # noqa: E501
    results = [
        SessionResult(pid, 1, 1, score) for pid, score in ((1, 20), (2, 20), (3, 0), (4, -40))
    ]  # noqa: E501
    rows = ema_rows(standings_build(entrants, results, RankingRules(match_points="placing")))
    assert [r.cells() for r in rows] == [
        (1, "01", "Last1", "First1", "JP", "3", 20),
        (1, "02", "Last2", "First2", "JP", "3", 20),
        (3, "03", "Last3", "First3", "JP", "1", 0),
        (4, "04", "Last4", "First4", "JP", "0", -40),
    ]
    assert len(HEADER) == 7


@pytest.fixture
def event(db):
    tournament = make_tournament(use_match_points=True)
    players = make_players(tournament, 4)
    Player.objects.filter(pk=players[0].pk).update(name="=cmd|' /C calc'!A0 Evil", country="DK")
    make_seated_round(tournament, players)
    session = Session.objects.select_related("round__tournament", "table").get(
        round__tournament=tournament
    )
    hand_services.hand_save(session=session, entry=entry(session), user=make_user())
    return tournament, players


def test_the_csv_export_is_escaped_and_says_it_is_provisional(client, event):
    tournament, players = event
    response = client.get(reverse("exports:standings_export", args=[tournament.slug, "csv"]))
    assert response.status_code == 200
    assert "provisional" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.getvalue().decode())))
    assert rows[0][:3] == ["Rank", "Player", "Country"] and "R1" in rows[0]
    evil = next(row for row in rows if "Evil" in row[1])
    assert evil[1].startswith("'=") and evil[2] == "DK"  # countries are ISO codes
    assert rows[-1][0].startswith("Provisional: 1 session(s) not reconciled")


def test_the_xlsx_export_opens_in_a_spreadsheet(client, event):
    tournament, _ = event
    response = client.get(reverse("exports:standings_export", args=[tournament.slug, "xlsx"]))
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    sheet = book.active
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert values[0][0] == "Rank"
    assert any(str(row[1]).startswith("'=") for row in values[1:])
    assert not any(isinstance(cell, str) and cell.startswith("=") for r in values for cell in r)


def test_the_ema_export_has_the_published_columns(client, event):
    tournament, players = event
    response = client.get(reverse("exports:ema_export", args=[tournament.slug]))
    rows = list(csv.reader(io.StringIO(response.getvalue().decode())))
    assert tuple(rows[0]) == HEADER
    assert len(rows) == 1 + 4 + 1  # header, four players, the provisional line


def test_an_unknown_export_format_is_a_404(client, event):
    tournament, _ = event
    url = reverse("exports:standings_export", args=[tournament.slug, "pdf"])
    assert client.get(url).status_code == 404


def test_a_shared_rank_is_not_mistaken_for_a_formula_in_the_csv(client, db):
    tournament = make_tournament()
    players = make_players(tournament, 4)
    Player.objects.filter(pk=players[1].pk).update(name="=1+2 Sneaky")
    make_seated_round(tournament, players)
    session = Session.objects.get(round__tournament=tournament)
    hand_services.hand_save(
        session=session, entry=entry(session, outcome="draw", win_type=""), user=make_user()
    )
    response = client.get(reverse("exports:standings_export", args=[tournament.slug, "csv"]))
    rows = list(csv.reader(io.StringIO(response.getvalue().decode())))
    ranks = [row[0] for row in rows[1:5]]
    assert ranks == ["1=", "1=", "1=", "1="]  # a drawn hand: all four share rank 1
    assert any(row[1] == "'=1+2 Sneaky" for row in rows)  # names are still guarded
    # Issue 36, point 6: no cell of the CSV or the XLSX starts a formula unless it is a number.
    xlsx = client.get(reverse("exports:standings_export", args=[tournament.slug, "xlsx"]))
    book = openpyxl.load_workbook(io.BytesIO(xlsx.content))
    cells = [cell.value for line in book.active.iter_rows() for cell in line]
    assert [row[0] for row in book.active.iter_rows(min_row=2, max_row=5, values_only=True)] == [
        "1="
    ] * 4
    for value in [cell for row in rows for cell in row] + cells:
        if isinstance(value, str) and value.startswith(("=", "+", "-", "@")):
            assert NUMBER.fullmatch(value), value

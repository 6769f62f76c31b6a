"""Every printout of the demo event, read back: pages, text, QR codes, nothing drawn outside the
printable area; and the bad input of issue 12 (round not seated, no players, long and mixed-script
names, 16 vs 24 hands, no CJK font)."""

import logging
import subprocess

import pytest
from django.urls import reverse

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tests.tournament.printing.pdf_reading import (
    ink_outside,
    needs_poppler,
    page_count,
    pictures,
    qr_codes,
    text,
)
from tournament.demo.hands import demo_hands_fill
from tournament.event.services.admission import RosterEntry
from tournament.event.services.registrations import tournament_register
from tournament.models import Player, Registration, Round, Tournament
from tournament.printing import fonts
from tournament.printing.documents import base
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.printing.errors import NothingToPrint
from tournament.printing.selectors.standings import standings_sheet
from tournament.standings.selectors.board import boards_forget
from tournament.standings.selectors.inputs import loose_penalties

pytestmark = [pytest.mark.django_db, needs_poppler]
BASE = "https://zj.example.org"
DPI = 40


def render(identifier, tournament, round_number=None, **fields):
    round_ = tournament.rounds.get(number=round_number) if round_number else None
    request = PrintRequest(
        tournament=tournament, round=round_, base_url=BASE, official=True, **fields
    )
    return DOCUMENTS[identifier].render(request)


def assert_inside_printable_area(data):
    for number, page in enumerate(pictures(data, dpi=DPI), start=1):
        assert ink_outside(page, DPI) == [], f"page {number} draws in the outer 5 mm"


def test_the_registry_serves_the_seven_printouts_of_the_command():
    assert list(DOCUMENTS) == [
        "blank-scorecards",
        "scorecards",
        "seating",
        "slips",
        "standings",
        "aid-card",
        "awards",
    ]
    assert {doc.audience for doc in DOCUMENTS.values()} <= {
        "officials",
        "seating",
        "standings",
        "always",
    }


def test_filled_score_cards_of_a_round(demo):
    printout = render("scorecards", demo, 1)
    assert printout.content_type == "application/pdf"
    assert printout.filename == "demo-open-2026-round-1-scorecards.pdf"
    data = printout.content
    assert page_count(data) == 8  # one A4 page per table, all tables of the round
    first, last = text(data, 1), text(data, 8)
    assert "Round 1 · Table 1" in first and "Round 1 · Table 8" in last
    assert "Running total after 4" in first and "Final total" in first
    assert "Entered hands as recorded" in first
    assert_inside_printable_area(data)
    url = BASE + reverse("desk:session_sheet", args=[demo.slug, 1, 1])
    at_table = BASE + reverse("desk:table_page", args=[demo.slug, 1, 1])
    assert sorted(qr_codes(data, page=1)) == sorted([url, at_table])


def test_blank_cards_preprint_players_and_dealers_but_no_scores(demo):
    data = render("blank-scorecards", demo, 2).content
    assert page_count(data) == 8
    page = text(data, 3)
    assert "Round 2 · Table 3" in page and "Record every hand" in page
    assert "Judge" in page and "signature" in page
    seats = demo.rounds.get(number=2).seats.filter(table__number=3).select_related("player")
    assert all(seat.player.name in page for seat in seats)
    assert "+" not in page.split("Hand totals")[0].split("Value")[-1]  # no payments printed
    assert_inside_printable_area(data)


def test_one_table_card_from_the_session_page(demo):
    printout = render("scorecards", demo, 1, table=5)
    assert page_count(printout.content) == 1 and "table-5" in printout.filename
    assert "Table 5" in text(printout.content)


def test_seating_lists_by_table_and_by_player_with_byes(demo):
    round_ = demo.rounds.get(number=1)
    extra = tournament_register(tournament=demo, roster=[RosterEntry(name="Zoë Latecomer")])
    assert extra
    # Registered before round 1 was seated (a later registration is nobody's bye: it reads
    # "not yet registered", `test_late_registration`), so the round gives them a bye.
    # (an empty registered_at: registered from the start)
    Registration.objects.filter(tournament=demo, player__name="Zoë Latecomer").update(
        registered_at=None
    )
    data = render("seating", demo, 1).content
    everything = text(data)
    assert "seating by table" in everything and "seating by player" in everything
    assert (
        "Table 8" in everything
        and "Byes this round" in everything
        and "Zoë Latecomer" in everything
    )
    for seat in round_.seats.select_related("player"):
        assert seat.player.name in everything
    assert_inside_printable_area(data)


def test_player_slips_eight_to_a_sheet_with_a_qr_code(demo):
    data = render("slips", demo).content
    assert page_count(data) == 4  # 32 players
    first = text(data, 1)
    assert "Alan Chan" in first and "Round" in first and "East" in first
    assert_inside_printable_area(data)
    # Each slip opens its player's public page.
    first_eight = demo.registrations.order_by("number")[:8]
    addresses = {
        BASE + reverse("public:player_detail", args=[demo.slug, reg.player_id])
        for reg in first_eight
    }
    assert set(qr_codes(data, page=1)) == addresses


def test_public_slips_leave_out_rounds_whose_seating_is_not_published():
    tournament = make_tournament()
    players = make_players(tournament, 4)
    first = make_seated_round(tournament, players)
    make_seated_round(tournament, players[::-1], number=2)
    Round.objects.filter(pk=first.pk).update(seating_published=True)
    slips = DOCUMENTS["slips"]
    public = slips.items(PrintRequest(tournament=tournament, base_url=BASE, official=False))
    official = slips.items(PrintRequest(tournament=tournament, base_url=BASE, official=True))
    assert [number for number, _, _ in public[0]["slip"].places] == [1]
    assert [number for number, _, _ in official[0]["slip"].places] == [1, 2]
    assert public[0]["slip"].place_lines == ["    1      1  East"]


def test_standings_with_per_round_columns_and_a_footer(demo):
    data = render("standings", demo).content
    assert page_count(data) == 1
    page = text(data)
    assert "Standings after round 2" in page and "Rd 1" in page and "Rd 2" in page
    assert "Page 1 of 1" in page and "printed" in page and "PROVISIONAL" in page
    assert_inside_printable_area(data)


def test_standings_round_columns_add_up_to_the_board_totals(demo):
    sheet = standings_sheet(demo, official=True)
    loose = loose_penalties(demo)
    assert sheet.rounds == [1, 2] and len(sheet.lines) == 32
    for row, by_round in sheet.lines:
        assert sum(by_round) + loose.get(row.player_id, 0) == row.total


def test_the_public_standings_pdf_leaves_out_silent_rounds_and_shows_match_points(demo):
    Tournament.objects.filter(pk=demo.pk).update(
        silent_rounds=1, use_match_points=True, standings_public=True
    )
    boards_forget()
    demo.refresh_from_db()
    official = text(render("standings", demo).content)
    public_request = PrintRequest(tournament=demo, base_url=BASE, official=False)
    public = text(DOCUMENTS["standings"].render(public_request).content)
    assert "Standings after round 2" in official and "Rd 2" in official
    assert "Standings after round 1" in public and "Rd 2" not in public
    assert "Match pts" in official and "Match pts" in public


def test_standings_of_many_rounds_go_landscape_and_keep_names_whole():
    tournament = make_tournament(hands_per_session=4, use_match_points=True)
    players = make_players(tournament, 8)
    for number in range(1, 9):
        make_seated_round(tournament, players[number % 8 :] + players[: number % 8], number)
    judge = make_user("printing-judge")
    demo_hands_fill(tournament=tournament, judge=judge, rounds=8)
    data = render("standings", tournament).content
    (page,) = pictures(data, dpi=DPI)
    assert page.width > page.height  # A4 landscape: eight round columns and match points
    sheet = text(data)
    assert "Rd 8" in sheet and "Match pts" in sheet
    assert all(player.name in sheet for player in players)  # never broken letter by letter
    assert_inside_printable_area(data)


def test_standings_repeat_the_header_on_every_page():
    tournament = make_tournament()
    make_players(tournament, 120)
    data = render("standings", tournament).content
    pages = page_count(data)
    assert pages >= 3
    for number in range(1, pages + 1):
        assert "Rank" in text(data, number) and f"Page {number} of {pages}" in text(data, number)


def test_the_scoring_aid_card_is_one_double_sided_sheet(demo):
    data = render("aid-card", demo).content
    assert page_count(data) == 2
    front, back = text(data, 1), text(data, 2)
    assert "Nine Gates" in front and "九蓮寶燈" in front and "Limits" in front
    assert "Seven Pairs" in back and "Payoff" in back and "3 × value − 50" in back
    assert_inside_printable_area(data)


# --- bad input --------------------------------------------------------------------------------


def test_a_round_that_is_not_seated_says_so():
    tournament = make_tournament()
    make_players(tournament, 4)
    Round.objects.create(tournament=tournament, number=1)
    for identifier in ("blank-scorecards", "scorecards", "seating"):
        with pytest.raises(NothingToPrint, match="Round 1 is not seated yet"):
            render(identifier, tournament, 1)
    with pytest.raises(NothingToPrint, match="No round is seated"):
        render("slips", tournament)


def test_a_tournament_with_no_players_prints_only_the_aid_card():
    tournament = make_tournament()
    with pytest.raises(NothingToPrint, match="no players"):
        render("standings", tournament)
    assert page_count(render("aid-card", tournament).content) == 2


def test_a_filled_card_of_a_session_with_no_hands_shows_the_blank_rows():
    tournament = make_tournament()
    make_seated_round(tournament, make_players(tournament, 4))
    data = render("scorecards", tournament, 1).content
    assert page_count(data) == 1
    page = text(data)
    assert "16" in page and "Final total" in page and "PROVISIONAL" not in page


LONG = ("Maximiliana Wilhelmina " * 6)[:120]
MIXED = "王小明 محمد الأحمد 🀄😀 Ngô"


@pytest.mark.parametrize("hands", [16, 24])
def test_long_and_mixed_script_names_wrap_and_the_card_keeps_to_one_page(hands):
    tournament = make_tournament(hands_per_session=hands)
    players = make_players(tournament, 4)
    Player.objects.filter(pk=players[0].pk).update(name=LONG)
    Player.objects.filter(pk=players[1].pk).update(name=MIXED, chinese_name="王小明")
    make_seated_round(tournament, players)
    for identifier in ("blank-scorecards", "scorecards"):
        data = render(identifier, tournament, 1).content
        assert page_count(data) == 1, (identifier, hands)
        page = text(data)
        assert "Maximiliana" in page and "王小明" in page and "Ngô" in page
        assert str(hands) in page
        assert_inside_printable_area(data)
    for identifier in ("seating", "slips"):
        data = render(identifier, tournament, 1 if identifier == "seating" else None).content
        assert "Maximiliana" in text(data)
        assert_inside_printable_area(data)
    data = render("standings", tournament).content  # the name cell keeps the full font stack
    page = text(data)
    assert "Maximiliana" in page and "王小明" in page and "Ngô" in page
    assert_inside_printable_area(data)


@pytest.mark.skipif(
    not subprocess.run(["fc-list", ":charset=1f004"], capture_output=True, text=True).stdout,
    reason="no font with the mahjong tiles (make test installs fonts-symbola)",
)
def test_a_name_with_a_mahjong_tile_and_emoji_prints_no_missing_glyph_box(caplog):
    tournament = make_tournament()
    players = make_players(tournament, 4)
    Player.objects.filter(pk=players[0].pk).update(name=MIXED)
    make_seated_round(tournament, players)
    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        for identifier in ("blank-scorecards", "seating"):
            render(identifier, tournament, 1)
        render("slips", tournament)
        render("standings", tournament)
    assert not [r for r in caplog.records if "notdef" in r.getMessage()]


def test_without_a_cjk_font_the_chinese_column_is_left_out_and_a_warning_logged(
    demo, monkeypatch, caplog
):
    seat = (
        demo.rounds.get(number=1)
        .seats.exclude(player__chinese_name="")
        .select_related("player", "table")
        .first()
    )
    chinese, table = seat.player.chinese_name, seat.table.number
    assert chinese in text(render("scorecards", demo, 1, table=table).content)
    monkeypatch.setattr(base, "cjk_font_available", lambda: False)
    assert base.font_warnings() == [fonts.CJK_MISSING]
    aid = text(render("aid-card", demo).content)
    assert "Nine Gates" in aid and "九蓮寶燈" not in aid and "中文" not in aid
    card = text(render("scorecards", demo, 1, table=table).content)
    assert seat.player.name in card and chinese not in card
    fonts.cjk_font_available.cache_clear()
    # Without the shipped font (its package not installed), the host's fontconfig is asked.
    monkeypatch.setattr(fonts, "shipped_font_path", lambda: None)
    monkeypatch.setattr(fonts.shutil, "which", lambda name: None)
    with caplog.at_level(logging.WARNING, logger="tournament.printing.fonts"):
        assert fonts.cjk_font_available() is False
    assert "fc-list not found" in caplog.text
    fonts.cjk_font_available.cache_clear()


def test_a_printout_reflects_the_data_when_asked(demo):
    before = text(render("seating", demo, 1).content)
    Player.objects.filter(name="Alan Chan").update(name="Alan Chan-Renamed")
    assert "Alan Chan-Renamed" not in before
    assert "Alan Chan-Renamed" in text(render("seating", demo, 1).content)

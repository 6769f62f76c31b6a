"""The whole event day in real browsers, as the people of the day do it, from an empty install.

An organiser creates the tournament, imports 36 players (two of them named "Wei Wang"), adds two
judges and a head judge, takes the roll call with two absent, seats and publishes round 1 (two
byes) and prints its score cards. Two judges enter table 1 blind from the card, typing the
card's letters (the players' starting winds) for all 16 hands, a draw and a false win among
them; one slip goes to the head judge. A penalty is recorded and the session is reconciled with
the card's final row. Round 2 is called and seated, the standings are released, and a player on
a 390 px phone finds their seat, the bye and their standing. Last, a backup is restored into a
fresh database and gives identical standings.

Vocabulary
----------
card letter     E, S, W or N: the wind a player sat at for hand 1 of the session, as the score
                card names them; the desk takes the same letter in every hand (RULINGS R14).
card hand       one hand as the paper card has it: (winner's card letter or "draw", "d" for a
                discard win or "s" for a self-draw, the discarder's card letter, concealed
                tiles, winning tile, value).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.db.models import Sum
from playwright.sync_api import expect

from tests.e2e.test_card_letters_browser import type_by_card_letters
from tests.e2e.test_desk_browser import session_path
from tests.e2e.test_two_judges_browser import dictate_false_win
from tests.tournament.backups.reading import fresh_database, tournament_state
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.models import Hand, Payment, Penalty, Registration, Round, Seat, Session, Tournament
from tournament.winds import WIND_NAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), needs_poppler]

PHONE = {"width": 390, "height": 844}
COUNTRIES = ["HK", "TW", "CN", "JP", "DE", "FR", "GB", "NL", "SG"]
ABSENT = (7, 30)  # registration numbers missing at the roll call of round 1
SMALL = "123m 456p 789s 234s 5m"
# hand number -> card hand; hand 2 is a draw, hand 3 a false win by the player who started E.
CARD = {
    1: ("S", "d", "W", SMALL, "5m", 10),
    2: ("draw",),
    3: ("false win", "E"),
    4: ("N", "d", "E", "123m 123m 456m 789m 5m", "5m", 140),
    5: ("W", "d", "S", "123m 456p 78s EE [WhWhWh]", "9s", 10),
    6: ("S", "s", "", "123m 456p 789s 2s (2222p)", "2s", 10),
    7: ("E", "d", "N", "22m 33p 44s 55s 66m 77p 8s", "8s", 35),
    8: ("N", "s", "", "234m 456p 678s 22s 34p", "5p", 15),
    9: ("W", "d", "E", SMALL, "5m", 10),
    10: ("N", "s", "", "345m 345p 345s 678m 8p", "8p", 50),
    11: ("S", "d", "E", "RdRdRd GrGrGr 123m 45p 99s", "6p", 30),
    12: ("E", "d", "S", "234m 234p 234s 66s 78m", "9m", 45),
    13: ("draw",),
    14: ("W", "s", "", "11m 22m 33m 44p 55p 66p 7s", "7s", 70),
    15: ("N", "d", "W", "456s 456s 789s [123s] 5s", "5s", 135),
    16: ("S", "d", "N", SMALL, "5m", 10),
}
SLIP = 9  # the second judge hears another discarder for this hand: the head judge resolves


def roster_csv() -> bytes:
    """36 players; numbers 1 and 2 are both "Wei Wang", from Hong Kong and from China."""
    rows = ["First name,Last name,Chinese name,Country,EMA number"]
    rows += ["Wei,Wang,王偉,HK,04010001", "Wei,Wang,王伟,CN,08010002"]
    rows += [
        f"Given{i},Family{i:02d},,{COUNTRIES[i % len(COUNTRIES)]},0401{i:04d}" for i in range(3, 37)
    ]
    return ("\n".join(rows) + "\n").encode()


def new_browser(chromium, viewport=None):
    context = chromium.new_context(viewport=viewport or {"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def log_in(page, base, username, password, next_path):
    page.goto(f"{base}/login/?next={next_path}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}{next_path}")


def organiser_morning(page, base) -> tuple[Tournament, dict[str, str]]:
    """Create, import, officials: returns the tournament and the officials' passwords."""
    page.goto(f"{base}/")
    page.goto(f"{base}/login/?next=/organiser/new/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/organiser/new/")
    page.fill("#id_name", "Harbour Open")
    page.fill("#id_start_date", "2026-12-05")
    page.fill("#id_end_date", "2026-12-06")
    page.fill("#id_venue", "Town Hall")
    page.check("input[name=preset][value=zj_tournament]")
    page.click("button[type=submit].primary")
    expect(page.locator("#next-step")).to_contain_text("Register players")
    tournament = Tournament.objects.get()

    page.click("#next-step >> text=Import players")
    page.set_input_files(
        "#id_file", {"name": "players.csv", "mimeType": "text/csv", "buffer": roster_csv()}
    )
    page.click("#import-form button[type=submit]")
    expect(page.locator("#preview")).to_contain_text("36 new player(s)")
    page.click("#confirm-import")
    expect(page.locator(".messages")).to_contain_text("Imported: 36 new player(s)")
    assert tournament.registrations.count() == 36

    passwords = {}
    page.goto(f"{base}/t/{tournament.slug}/event/officials/")
    for username, role in (("judge-a", "judge"), ("judge-b", "judge"), ("chief", "head_judge")):
        page.fill("#id_username", username)
        page.select_option("#id_role", role)
        page.check("#id_create")
        page.click("form.form button.primary")
        expect(page.locator("#new-password")).to_contain_text(username)
        passwords[username] = page.locator("#new-password code.password").inner_text().strip()
    return tournament, passwords


def roll_call_and_seat(page, base, tournament, number, absent) -> Round:
    page.goto(f"{base}/t/{tournament.slug}/event/checkin/?round={number}")
    page.click("#all-present")
    expect(page.locator("#checkin-counts [data-count=present]")).to_have_text("36")
    page.wait_for_selector("#rollcall[data-ready]", state="attached")
    search = page.locator("#checkin-search")
    if number == 1:  # two players share a name: Enter toggles neither and says why
        search.fill("Wei Wang")
        search.press("Enter")
        expect(page.locator("#checkin-feedback")).to_contain_text("2 players match")
        expect(page.locator("#checkin-counts [data-count=present]")).to_have_text("36")
    for count, registration in enumerate(absent, start=1):
        search.fill(str(registration))
        search.press("Enter")
        present = page.locator("#checkin-counts [data-count=present]")
        expect(present).to_have_text(str(36 - count))
    page.check("input[name=odd_players][value=byes]")
    page.click("#seat-button")
    expect(page.locator(".messages")).to_contain_text(f"Round {number} seated")
    page.click("button.primary >> text=Publish")
    expect(page.locator(".messages")).to_contain_text(f"Round {number} seating published")
    round_ = Round.objects.get(tournament=tournament, number=number)
    seated = set(Seat.objects.filter(round=round_).values_list("player_id", flat=True))
    away = set(
        Registration.objects.filter(tournament=tournament, number__in=absent).values_list(
            "player_id", flat=True
        )
    )
    assert len(seated) == (36 - len(absent)) // 4 * 4 and not seated & away
    return round_


def pdf_of(page, url) -> bytes:
    response = page.request.get(url)
    assert response.status == 200, (url, response.status)
    assert response.headers["content-type"] == "application/pdf"
    return response.body()


def type_card_hand(page, number, hand) -> None:
    """One hand typed at the desk from the card, by card letters, then saved with Enter."""
    if hand[0] == "draw":
        page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
        expect(page.locator("#id_winner")).to_be_focused()
        page.keyboard.press("Shift+Tab")
        page.keyboard.type("d")
        expect(page.locator("#preview")).to_contain_text("Exhaustive draw")
    elif hand[0] == "false win":
        dictate_false_win(page, hand[1])
        expect(page.locator("#preview")).to_contain_text("False win")
    else:
        type_by_card_letters(page, hand[:5])
        expect(page.locator("#preview .total")).to_have_text(str(hand[5]))
    page.keyboard.press("Enter")


def card_rows(pdf: bytes) -> dict[str, list[int]]:
    """The filled card's three last rows (hand totals, penalties, final total), E S W N."""
    rows = {}
    for line in text(pdf).splitlines():
        found = re.match(r"\s*(Hand totals|Penalties|Final total)\s+(.*)$", line)
        if found:
            rows[found.group(1)] = [int(n) for n in found.group(2).split()]
    return rows


def type_card_totals(page, numbers: list[int]) -> None:
    fields = page.locator("#card-form input[type=number]")
    for index, number in enumerate(numbers):
        fields.nth(index).fill(str(number))
    page.click("#card-form button.primary")


def test_the_whole_event_day(chromium, live_server, artifacts, tmp_path):
    base = live_server.url
    get_user_model().objects.create_superuser("boss", password="pw")
    organiser = new_browser(chromium)
    tournament, passwords = organiser_morning(organiser, base)
    slug = tournament.slug

    # Every hand is entered twice, blind; the standings stay private until round 1 is over.
    organiser.goto(f"{base}/t/{slug}/desk/settings/")
    organiser.uncheck("#id_standings_public")
    organiser.check("#id_double_entry")
    organiser.click("form.form button.primary")
    expect(organiser.locator(".messages")).to_be_visible()
    tournament.refresh_from_db()
    assert tournament.double_entry and not tournament.standings_public

    round1 = roll_call_and_seat(organiser, base, tournament, 1, ABSENT)
    byes = set(
        Registration.objects.filter(tournament=tournament, status="active")
        .exclude(number__in=ABSENT)
        .exclude(player__seats__round=round1)
        .values_list("player_id", flat=True)
    )
    assert len(byes) == 2

    # The score cards of round 1, read back: table 1 names its players by starting wind.
    cards = pdf_of(organiser, f"{base}/t/{slug}/print/scorecards.pdf?round=1")
    first_page = text(cards, 1)
    assert "Round 1 · Table 1" in first_page
    seats = {
        seat.wind: seat.player
        for seat in Seat.objects.filter(round=round1, table__number=1).select_related("player")
    }
    for player in seats.values():
        assert player.family_name in first_page, player.name
    organiser.screenshot(path=str(artifacts / "event-day-organiser.png"), full_page=True)

    # Two judges enter table 1 blind from the card, by the card's letters.
    session = Session.objects.get(round=round1, table__number=1)
    sheet = session_path(session)
    judge_a = new_browser(chromium)
    log_in(judge_a, base, "judge-a", passwords["judge-a"], sheet)
    for number, hand in CARD.items():
        expect(judge_a.locator("h2#entry")).to_contain_text(f"Hand {number}")
        type_card_hand(judge_a, number, hand)
        expect(judge_a.locator(".messages")).to_contain_text(f"Hand {number} saved")
    saved = {h.number: h for h in Hand.objects.filter(session=session).select_related("winner")}
    for number, hand in CARD.items():
        if hand[0] in ("S", "E", "W", "N"):
            assert saved[number].winner == seats[hand[0]], (number, "the card's letter")
            assert saved[number].value == hand[5]
    assert saved[2].outcome == "draw" and saved[3].outcome == "false_win"

    judge_b = new_browser(chromium)
    log_in(judge_b, base, "judge-b", passwords["judge-b"], sheet)
    expect(judge_b.locator("#hand-4")).to_contain_text("awaits a second entry")
    expect(judge_b.locator("#hand-4")).not_to_contain_text("140")
    for number, hand in CARD.items():
        judge_b.goto(base + sheet)
        judge_b.locator(f"#hand-{number} a", has_text="Enter again").click()
        expect(judge_b.locator("h1")).to_contain_text(f"Second entry of hand {number}")
        if number == SLIP:
            hand = (hand[0], hand[1], "N", *hand[3:])
        type_card_hand(judge_b, number, hand)
        if number == SLIP:
            expect(judge_b.locator(".messages")).to_contain_text("differs from the first one")
        else:
            expect(judge_b.locator(".messages")).to_contain_text(f"Hand {number} confirmed")

    chief = new_browser(chromium)
    log_in(
        chief,
        base,
        "chief",
        passwords["chief"],
        session_path(session, "desk:hand_resolve", number=SLIP),
    )
    labels = [t.strip(" ≠\n") for t in chief.locator("#comparison tr.differs th").all_inner_texts()]
    assert labels == ["Discarder"], labels
    chief.get_by_role("button", name="Keep the first entry").click()
    expect(chief.locator(".messages")).to_contain_text(f"Hand {SLIP} resolved and confirmed")
    assert not Hand.objects.filter(session=session, confirmed=False).exists()

    # A penalty: 10 deducted from the player who started W (late back from the break).
    judge_a.goto(base + session_path(session, "desk:penalty_record"))
    judge_a.select_option("#id_player", str(seats["W"].pk))
    judge_a.fill("#id_amount", "10")
    judge_a.select_option("#id_mode", "deduction")
    judge_a.fill("#id_reason", "Late back from the break")
    judge_a.click("form.form button.primary")
    expect(judge_a.locator(".messages")).to_contain_text("enalty")
    assert Penalty.objects.filter(session=session).count() == 1

    # Reconcile with the signed card: its final row is hand totals plus the penalty.
    filled = pdf_of(judge_a, f"{base}/t/{slug}/print/scorecards.pdf?round=1&table=1")
    rows = card_rows(filled)
    hands_total = [
        Payment.objects.filter(hand__session=session, player=seats[w]).aggregate(s=Sum("amount"))[
            "s"
        ]
        for w in "ESWN"
    ]
    assert rows["Hand totals"] == hands_total and rows["Penalties"] == [0, 0, -10, 0]
    assert rows["Final total"] == [
        h + p for h, p in zip(hands_total, rows["Penalties"], strict=True)
    ]
    judge_a.goto(base + session_path(session, "desk:session_reconcile"))
    type_card_totals(judge_a, rows["Hand totals"])  # the penalties forgotten: told so
    expect(judge_a.locator("#reconcile-result")).to_contain_text("without this session")
    type_card_totals(judge_a, rows["Final total"])
    expect(judge_a.locator(".messages")).to_contain_text("reconciled and closed")
    assert Session.objects.get(pk=session.pk).status == "reconciled"

    # Round 2: everyone is back; seated and published; then the standings are released.
    roll_call_and_seat(organiser, base, tournament, 2, ())
    organiser.goto(f"{base}/t/{slug}/desk/settings/")
    organiser.check("#id_standings_public")
    organiser.click("form.form button.primary")
    expect(organiser.locator(".messages")).to_be_visible()

    # A player on a phone: the two Wei Wangs are told apart; each finds seat and standing.
    phone = new_browser(chromium, PHONE)
    phone.goto(f"{base}/t/{slug}/players/")
    wangs = phone.locator("a", has_text="Wei Wang")
    expect(wangs).to_have_count(2)
    labels = wangs.all_inner_texts()
    assert len(set(labels)) == 2, labels
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    bye_player = Registration.objects.get(tournament=tournament, player_id=min(byes))
    phone.goto(f"{base}/t/{slug}/players/")
    link = phone.locator("a", has_text=bye_player.player.name)
    if link.count() > 1:  # a shared name: the player looks for their number too
        link = link.filter(has_text=f"#{bye_player.number}")
    link.click()
    expect(phone.locator("h1")).to_contain_text(bye_player.player.name)
    round2_seat = Seat.objects.select_related("table").get(
        round__tournament=tournament, round__number=2, player_id=bye_player.player_id
    )
    seat_rows = phone.locator("#seats tbody tr")
    expect(seat_rows.nth(0)).to_contain_text("bye")
    expect(seat_rows.nth(1)).to_contain_text(str(round2_seat.table.number))
    expect(seat_rows.nth(1)).to_contain_text(WIND_NAMES[round2_seat.wind])
    phone.goto(f"{base}/t/{slug}/standings/")
    winner_of_table = max(
        seats.values(),
        key=lambda p: Payment.objects.filter(player=p).aggregate(s=Sum("amount"))["s"],
    )
    expect(phone.locator("table")).to_contain_text(winner_of_table.family_name)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(artifacts / "event-day-phone-standings.png"), full_page=True)

    # The end of the day: a backup, restored into a fresh database, gives the same standings.
    before = tournament_state(Tournament.objects.get(pk=tournament.pk))
    call_command("backup", dir=str(tmp_path / "backups"), keep=3)
    (backup,) = (tmp_path / "backups").iterdir()
    with fresh_database(connection.settings_dict, tmp_path) as fresh:
        fresh.manage("migrate", "--noinput")
        fresh.manage("restore", str(backup), "--yes")
        assert fresh.state(slug) == before
    for page in (organiser, judge_a, judge_b, chief, phone):
        page.context.close()

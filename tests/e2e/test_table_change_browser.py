"""A round played in two halves, in a real browser: the organiser declares that players change
tables after hand 8 of 16, seats and publishes the round; a judge enters hand 8 at a player's
first table and hand 9 at that player's second table; the player's page shows both tables.

Vocabulary: the *mover* is the player seated East at table 1 before the change; the second
card is the table where they play hands 9-16.
"""

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import expect

from tests.e2e.test_desk_browser import SMALL, dictate, log_in
from tests.tournament.builders import entry, make_players, make_tournament, make_user
from tournament.models import Hand, Seat, Session
from tournament.play.services.hands import hand_save
from tournament.roles import ORGANISER_GROUP
from tournament.winds import WIND_NAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_organiser_declares_a_table_change_and_the_desk_follows_it(page, live_server, artifacts):
    tournament = make_tournament(name="Halves Open", hands_per_session=16)
    make_players(tournament, 8)
    organiser = make_user("plain", name="halves-boss")
    organiser.groups.add(Group.objects.get(name=ORGANISER_GROUP))
    judge = make_user("judge", name="halves-judge")
    base = live_server.url
    slug = tournament.slug

    # The organiser seats round 1, declares the change after hand 8 and publishes the round.
    log_in(page, base, "halves-boss", f"/t/{slug}/seating/")
    page.fill("#id_total_rounds", "1")
    page.locator("form:has(#id_total_rounds) button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("Seated round(s) 1")
    page.goto(f"{base}/t/{slug}/rounds/1/seating/")
    page.fill("#id_after_hand", "8")
    page.click("#table-change-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("players change tables after hand 8")
    expect(page.locator("#table-change")).to_contain_text("after hand 8")
    expect(page.locator(".seat-table th", has_text="from hand 9")).to_have_count(2)
    page.screenshot(path=str(artifacts / "table-change-seating.png"), full_page=True)
    page.click("button.primary >> text=Publish")
    expect(page.locator(".messages")).to_contain_text("Round 1 seating published")
    expect(page.locator("#table-change-form")).to_have_count(0)  # published: no more changes

    round_ = tournament.rounds.get(number=1)
    first = Session.objects.select_related("round__tournament", "table").get(
        round=round_, half=1, table__number=1
    )
    mover = first.seats_by_wind()["E"].player
    later = Seat.objects.select_related("table").get(round=round_, half=2, player=mover)
    second = Session.objects.get(round=round_, half=2, table=later.table)
    for number in range(1, 8):
        hand_save(session=first, entry=entry(first, number, outcome="draw"), user=judge)

    # The judge enters hand 8 at the first table, then hand 9 at the mover's second table.
    page.context.clear_cookies()
    log_in(page, base, "halves-judge", f"/t/{slug}/desk/round/1/")
    expect(page.locator("#table-1 h2")).to_contain_text("hands 1-8")
    page.click("#table-1")
    expect(page.locator("h1")).to_contain_text("hands 1-8")
    expect(page.locator("h2#entry")).to_contain_text("Hand 8")
    dictate(page, ("S", "d", "W", SMALL, "5m", 10), 8)
    expect(page.locator("#preview .total")).to_have_text("10")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Hand 8 saved")
    expect(page.locator(".notice")).to_contain_text("All 8 hands of this card are entered")

    page.goto(f"{base}/t/{slug}/desk/round/1/")
    card = page.locator(f"#table-{later.table.number}-half-2")
    expect(card.locator("h2")).to_contain_text("hands 9-16")
    card.click()
    page.wait_for_url(f"{base}/t/{slug}/desk/round/1/table/{later.table.number}/half/2/")
    # Hand 9 is dealt by the second table's East, named by the card's letters (R14).
    east = second.seats_by_wind()["E"].player
    expect(page.locator("h2#entry")).to_contain_text(f"Hand 9 · dealer E · {east.name}")
    dictate(page, ("E", "s", "", "234m 456p 678s 22s 34p", "5p", 15), 9)
    expect(page.locator("#preview .total")).to_have_text("15")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Hand 9 saved")
    page.screenshot(path=str(artifacts / "table-change-second-card.png"), full_page=True)
    assert Hand.objects.get(session=second, number=9).winner == east
    assert not Hand.objects.filter(session=second).exclude(number=9).exists()

    # The mover's page: both places of round 1 and a session line per table.
    page.goto(f"{base}/t/{slug}/players/{mover.pk}/")
    wind = WIND_NAMES[later.wind]
    expect(page.locator("body")).to_contain_text(f"from hand 9: table {later.table.number}, {wind}")
    sessions = page.locator("#sessions tbody tr")
    expect(sessions).to_have_count(2)
    expect(sessions.nth(0).locator("td").nth(1)).to_have_text("1")
    expect(sessions.nth(1).locator("td").nth(1)).to_contain_text(
        f"{later.table.number} after the table change"
    )
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "table-change-player-phone.png"), full_page=True)

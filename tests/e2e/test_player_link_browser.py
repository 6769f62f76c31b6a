"""A player's private link in real browsers: the organiser issues every player's link and takes
the mailing CSV and the slips PDF; a player on a 390 px phone opens the link the slip's QR code
holds (read back from the PDF and equal to the CSV's), sees their next seat and queries a hand
within the appeal window; the head judge dismisses the query with a reason at the desk; the
player sees the answer on their link."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.e2e.test_event_day import PHONE, log_in, new_browser
from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
    seat_players,
)
from tests.tournament.printing.pdf_reading import needs_poppler, qr_codes
from tournament.models import HandQuery, Registration, Session
from tournament.play.services.hands import hand_save
from tournament.play.services.sessions import session_reconcile
from tournament.seating.services.seats import seating_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), needs_poppler]


def _event():
    """Eight players, a 30-minute appeal window; round 1's table 1 played one hand (South
    won) and is reconciled; round 2 is seated and published."""
    tournament = make_tournament(appeal_window_minutes=30, slug="link-open")
    players = make_players(tournament, 8)
    first = make_seated_round(tournament, players, 1)
    seating_publish(round_=first)
    seating_publish(round_=make_seated_round(tournament, players[4:] + players[:4], 2))
    session = Session.objects.select_related("round__tournament", "table").get(
        round=first, table__number=1
    )
    judge = make_user()
    hand_save(session=session, entry=entry(session), user=judge)
    ids = seat_players(session)
    card = {ids["E"]: -10, ids["S"]: 30, ids["W"]: -10, ids["N"]: -10}
    assert session_reconcile(session=session, card_totals=card, user=judge).matches
    east = Registration.objects.select_related("player").get(
        tournament=tournament, player_id=ids["E"]
    )
    return tournament, east


def test_a_player_queries_a_hand_from_the_slip_and_reads_the_answer(chromium, live_server):
    base = live_server.url
    tournament, east = _event()
    get_user_model().objects.create_superuser("boss", password="pw")
    make_user("head", name="hj")

    # The organiser issues every link, then takes the CSV for mailing and the slips PDF.
    organiser = new_browser(chromium)
    roster = f"/t/{tournament.slug}/event/players/"
    log_in(organiser, base, "boss", "pw", roster)
    organiser.click("text=Issue private links to everyone without one")
    expect(organiser.locator(".messages")).to_contain_text("Issued 8 private link(s).")
    with organiser.expect_download() as download:
        organiser.click("text=Private links (CSV, for mailing)")
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text("utf-8-sig"))))
    link = next(row["link"] for row in rows if row["number"] == str(east.number))
    slips = organiser.request.get(f"{base}/t/{tournament.slug}/print/slips.pdf")
    assert slips.ok
    assert link in qr_codes(slips.body(), page=1)  # the slip's QR code holds the same link

    # The player opens it on a phone: their next seat, and the query of hand 1.
    phone = new_browser(chromium, PHONE)
    phone.goto(link)
    expect(phone.locator("#next-seat")).to_contain_text("Round 2: table 2, you start as East")
    expect(phone.locator("#provisional")).to_contain_text("appeal window")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    expect(phone.locator(".link-session .appeal")).to_contain_text("You may query a hand")
    phone.click("#hand-1-1 summary")
    phone.fill("#hand-1-1 textarea", "I discarded the 5m, not West")
    phone.click("#hand-1-1 >> text=Send to the head judge")
    expect(phone.locator(".messages")).to_contain_text("sent to the head judge")
    expect(phone.locator("#queries")).to_contain_text("waiting for the head judge")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    # The head judge answers from the desk's queue.
    head = new_browser(chromium)
    queue = f"/t/{tournament.slug}/desk/queries/"
    log_in(head, base, "hj", "pw", queue)
    query = HandQuery.objects.get()
    card = head.locator(f"#query-{query.pk}")
    expect(card).to_contain_text("I discarded the 5m, not West")
    expect(card).to_contain_text(east.player.name)
    card.locator("input[value=dismissed]").check()
    card.locator("textarea").fill("The table judge saw West's discard.")
    card.get_by_role("button", name="Answer the player").click()
    expect(head.locator(".messages")).to_contain_text("the player sees it on their link")
    expect(head.locator("#answered")).to_contain_text("dismissed")

    # The player reads the answer.
    phone.reload()
    expect(phone.locator("#queries")).to_contain_text(
        "dismissed: The table judge saw West's discard."
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

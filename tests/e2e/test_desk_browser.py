"""A judge runs a whole session at the desk in a real browser, with the keyboard only.

Vocabulary: a *dictated hand* is what the judge hears at the table - who won, how, from whom,
the tiles and the winning tile - written with seat winds of *that* hand (RULINGS R14). The
judge types the score card's letter of each player (their *starting* wind, `card_letter`), as
the card names them in every hand.
"""

import pytest
from django.db.models import Sum
from django.urls import reverse
from playwright.sync_api import expect

from tests.tournament.builders import make_session, make_user
from tournament.models import Hand, Payment, Seat, Session
from tournament.winds import WINDS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL = "123m 456p 789s 234s 5m"
# (winner seat wind in this hand or "draw", how: "d"/"s", discarder seat wind, tiles, tile, total)
DICTATED = [
    ("S", "d", "W", SMALL, "5m", 10),
    ("draw",),
    ("E", "s", "", "234m 456p 678s 22s 34p", "5p", 15),
    ("N", "d", "E", "123m 123m 456m 789m 5m", "5m", 140),
    ("W", "d", "S", "123m 456p 78s EE [WhWhWh]", "9s", 10),
    ("S", "s", "", "123m 456p 789s 2s (2222p)", "2s", 10),
    ("E", "d", "N", "22m 33p 44s 55s 66m 77p 8s", "8s", 35),
    ("draw",),
    ("W", "d", "E", SMALL + " 5m", "5m", 10),  # all 14 tiles typed, winning tile included
    ("N", "s", "", "345m 345p 345s 678m 8p", "8p", 50),
    ("S", "d", "E", "RdRdRd GrGrGr 123m 45p 99s", "6p", 30),
    ("E", "d", "S", "234m 234p 234s 66s 78m", "9m", 45),
    ("draw",),
    ("W", "s", "", "11m 22m 33m 44p 55p 66p 7s", "7s", 70),
    ("N", "d", "W", "456s 456s 789s [123s] 5s", "5s", 135),
    ("S", "d", "N", SMALL, "5m", 10),
]


def session_path(session, name="desk:session_sheet", **extra):
    args = [session.round.tournament.slug, session.round.number, session.table.number]
    return reverse(name, args=args + list(extra.values()))


def log_in(page, base, username, next_path):
    page.goto(f"{base}/login/?next={next_path}")
    expect(page.locator("#id_username")).to_be_focused()  # autofocus: no click needed
    page.keyboard.type(username)
    page.keyboard.press("Tab")
    page.keyboard.type("pw")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}{next_path}")


def card_letter(seat_wind: str, number: int) -> str:
    """The starting wind of the player sitting at ``seat_wind`` in hand ``number`` (R14)."""
    return WINDS[(WINDS.index(seat_wind) + number - 1) % 4]


def dictate(page, hand, number: int) -> None:
    """Type one hand as a judge would, starting in the Winner list (autofocus), naming the
    players by their card letters."""
    # A judge sees the page before typing; here, wait until htmx is listening for input.
    page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
    expect(page.locator("#id_winner")).to_be_focused()  # autofocus after every save
    keys = page.keyboard
    if hand[0] == "draw":
        keys.press("Shift+Tab")  # back to Outcome
        keys.type("d")  # Draw
        return
    winner, how, discarder, tiles, winning, _ = hand
    keys.type(card_letter(winner, number).lower())
    keys.press("Tab")
    keys.type(how)
    keys.press("Tab")
    if discarder:
        keys.type(card_letter(discarder, number).lower())
    keys.press("Tab")
    keys.type(tiles)
    keys.press("Tab")
    keys.type(winning)


def test_judge_runs_a_whole_session_with_the_keyboard(page, live_server, artifacts):
    session = make_session(name="Browser Open")
    judge = make_user("judge", name="desk-judge2")
    judge.set_password("pw")
    judge.save()
    base = live_server.url
    log_in(page, base, "desk-judge2", session_path(session))
    expect(page.locator("#id_winner")).to_be_focused()

    # A first try with too few tiles: the preview lists the problem and points at the field.
    dictate(page, ("S", "d", "W", "123m 456p", "5m", 0), 1)
    expect(page.locator("[data-preview-state=errors]")).to_contain_text("tile count")
    expect(page.locator("#preview a[href='#id_tiles']")).to_be_visible()
    page.screenshot(path=str(artifacts / "desk-entry-errors.png"), full_page=True)
    page.keyboard.press("Shift+Tab")  # back to the Hand field
    page.keyboard.press("Control+A")
    page.keyboard.type(SMALL)
    expect(page.locator("#preview .total")).to_have_text("10")
    page.screenshot(path=str(artifacts / "desk-entry-preview.png"), full_page=True)
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved: 10 points.")

    for number, hand in enumerate(DICTATED[1:], start=2):
        expect(page.locator("h2#entry")).to_contain_text(f"Hand {number}")
        dictate(page, hand, number)
        if hand[0] == "draw":
            expect(page.locator("#preview")).to_contain_text("Exhaustive draw")
        else:
            expect(page.locator("#preview .total")).to_have_text(str(hand[-1]))
        page.keyboard.press("Enter")
        expect(page.locator(".messages")).to_contain_text(f"Hand {number} saved")

    expect(page.locator(".notice")).to_contain_text("All 16 hands are entered")
    page.screenshot(path=str(artifacts / "desk-session-sheet.png"), full_page=True)
    assert Hand.objects.filter(session=session).count() == 16
    values = list(Hand.objects.filter(session=session).order_by("number").values_list("value"))
    assert [v for (v,) in values] == [h[-1] if h[0] != "draw" else None for h in DICTATED]
    assert Payment.objects.filter(hand__session=session).aggregate(s=Sum("amount"))["s"] == 0

    # Correct hand 4 (140 -> a smaller hand) with a reason.
    page.goto(base + session_path(session, "desk:hand_edit", number=4))
    expect(page.locator("#preview .total")).to_have_text("140")  # previewed on load
    page.locator("#id_tiles").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(SMALL)
    expect(page.locator("#preview .total")).to_have_text("10")
    page.locator("#id_reason").focus()
    page.keyboard.type("Misread the tiles: no Pure One-Suit")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Hand 4 corrected.")
    assert Hand.objects.get(session=session, number=4).value == 10

    # Reconcile: a wrong card first (highlighted, stays open), then the signed totals.
    totals = {
        seat.player_id: Payment.objects.filter(
            hand__session=session, player_id=seat.player_id
        ).aggregate(s=Sum("amount"))["s"]
        for seat in Seat.objects.filter(round=session.round)
    }
    page.goto(base + session_path(session, "desk:session_reconcile"))
    order = list(Seat.objects.filter(round=session.round).order_by("wind"))
    order.sort(key=lambda seat: "ESWN".index(seat.wind))

    def type_card(card):
        page.locator("#card-form input[type=number]").first.focus()
        for index, seat in enumerate(order):
            page.keyboard.press("Control+A")
            page.keyboard.type(str(card[seat.player_id]))
            if index < 3:
                page.keyboard.press("Tab")
        page.keyboard.press("Enter")

    wrong = dict(totals)
    first, second = order[0].player_id, order[1].player_id
    wrong[first] += 10
    wrong[second] -= 10
    type_card(wrong)
    expect(page.locator("#reconcile-result")).to_contain_text("differ")
    expect(page.locator("#reconcile-result td.diff")).to_have_count(2)
    page.screenshot(path=str(artifacts / "desk-reconcile-mismatch.png"), full_page=True)
    assert Session.objects.get(pk=session.pk).status == "open"
    type_card(totals)
    expect(page.locator(".messages")).to_contain_text("reconciled and closed")
    assert Session.objects.get(pk=session.pk).status == "reconciled"

"""Two judges and a head judge run double entry in real browsers: a win, a draw and a false win
entered twice blind confirm at once; a differing entry goes to the head judge, who compares the
two field by field. The first judge records the false win with the keyboard only.

Vocabulary: see `test_desk_browser` (dictated hand: seat winds of *that* hand, RULINGS R14,
typed as the card's letters).
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_desk_browser import card_letter, dictate, log_in, session_path
from tests.tournament.builders import make_session, make_user
from tournament.models import Hand, HandEntry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL = "123m 456p 789s 234s 5m"
BIG = "123m 123m 456m 789m 5m"
CHICKEN = "123m 444p 78s 11s [234s]"  # + 9s: 1 point, a false win under the minimum (R7)
HANDS = {
    1: ("S", "d", "W", SMALL, "5m", 10),
    2: ("draw",),
    3: ("E", "d", "S", CHICKEN, "9s", 0),  # recorded as a false win by E
    4: ("N", "d", "E", BIG, "5m", 140),
}


def browser_for(chromium, base, username, path):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, base, username, path)
    return page


def dictate_false_win(page, offender):
    """Outcome False win, then the offender: nothing else applies (and nothing else is sent)."""
    page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
    expect(page.locator("#id_winner")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.type("f")
    expect(page.locator("#id_win_type")).to_be_disabled()
    page.keyboard.press("Tab")
    page.keyboard.type(offender.lower())


def test_two_judges_enter_every_hand_blind_and_a_head_judge_resolves(
    chromium, live_server, artifacts
):
    session = make_session(name="Double Entry Open", double_entry=True)
    for name in ("first-judge", "second-judge"):
        make_user("judge", name=name)
    make_user("head", name="head-judge")
    base = live_server.url
    sheet = session_path(session)
    first = browser_for(chromium, base, "first-judge", sheet)
    second = browser_for(chromium, base, "second-judge", sheet)

    # The first judge enters four hands; hand 3 is an illegal win recorded as a false win,
    # reaching "Record as a false win" with Tab.
    for number, hand in HANDS.items():
        expect(first.locator("h2#entry")).to_contain_text(f"Hand {number}")
        dictate(first, hand, number)
        if number == 3:
            expect(first.locator("[data-preview-state=illegal]")).to_be_visible()
            for _ in range(15):
                first.keyboard.press("Tab")
                if first.evaluate("document.activeElement.id") == "record-false-win":
                    break
            expect(first.locator("#record-false-win")).to_be_focused()
        elif hand[0] == "draw":
            expect(first.locator("#preview")).to_contain_text("Exhaustive draw")
            expect(first.locator("#id_win_type")).to_be_disabled()
        else:
            expect(first.locator("#preview .total")).to_have_text(str(hand[-1]))
        first.keyboard.press("Enter")
        expect(first.locator(".messages")).to_contain_text(f"Hand {number} saved")
    expect(first.locator(".messages")).to_contain_text("awaits a second entry")
    assert Hand.objects.get(session=session, number=3).outcome == "false_win"

    # The second judge sees none of it: only that each hand awaits a second entry.
    second.reload()
    for number in HANDS:
        row = second.locator(f"#hand-{number}")
        expect(row).to_contain_text(f"Hand {number} awaits a second entry")
    expect(second.locator("#hand-4")).not_to_contain_text("140")
    expect(second.locator("#hand-sheet .sheet-tiles")).to_have_count(0)
    second.screenshot(path=str(artifacts / "desk-blind-second-judge.png"), full_page=True)

    # Entered again blind: the win, the draw and the false win confirm; hand 4 differs.
    for number, hand in HANDS.items():
        second.goto(base + sheet)
        second.locator(f"#hand-{number} a", has_text="Enter again").click()
        expect(second.locator("h1")).to_contain_text(f"Second entry of hand {number}")
        if number == 3:
            dictate_false_win(second, card_letter("E", 3))
            expect(second.locator("#preview")).to_contain_text("False win")
        elif number == 4:
            dictate(second, ("N", "d", "S", BIG, "5m", 140), number)  # another discarder
        else:
            dictate(second, hand, number)
        second.keyboard.press("Enter")
        if number == 4:
            expect(second.locator(".messages")).to_contain_text("differs from the first one")
        else:
            expect(second.locator(".messages")).to_contain_text(f"Hand {number} confirmed")
    confirmed = dict(Hand.objects.filter(session=session).values_list("number", "confirmed"))
    assert confirmed == {1: True, 2: True, 3: True, 4: False}
    assert HandEntry.objects.filter(hand__number=4).count() == 1

    # The head judge compares the two entries field by field and keeps the first.
    head = browser_for(
        chromium,
        base,
        "head-judge",
        reverse(
            "desk:hand_resolve",
            args=[session.round.tournament.slug, session.round.number, session.table.number, 4],
        ),
    )
    differing = head.locator("#comparison tr.differs th")
    expect(differing.first).to_be_visible()
    labels = [text.strip(" ≠\n") for text in differing.all_inner_texts()]
    assert "Discarder" in labels
    assert "Outcome" not in labels and "Concealed tiles" not in labels and "Value" not in labels
    head.screenshot(path=str(artifacts / "desk-resolve-comparison.png"), full_page=True)
    head.get_by_role("button", name="Keep the first entry").click()
    expect(head.locator(".messages")).to_contain_text("Hand 4 resolved and confirmed")
    assert Hand.objects.filter(session=session, confirmed=False).count() == 0
    for page in (first, second, head):
        page.context.close()

"""The desk and the score card use one notation (issue 19, point 3): a judge types the card's
letters - the *starting* wind, as the card names players in every hand - into the Winner and
Discarder lists, in a real browser, and the desk chooses those players in hands 1, 2, 5, 8, 9
and 16 (the others are draws), saves the payments the engine gives for them, and scores Value
Honor with the seat wind of the hand (RULINGS R14): EEE is worth 10 to the player who started
South in hand 2 and to the one who started North in hand 16, both East in that hand.
"""

import pytest
from django.db.models import Sum
from playwright.sync_api import expect

from tests.e2e.test_desk_browser import log_in, session_path
from tests.tournament.builders import make_session, make_user, seat_players
from tournament.models import Hand, Payment
from tournament.play.entry.evaluation import evaluate, rules_for
from tournament.play.entry.hand_entry import HandEntryData
from tournament.play.selectors.sessions import seating_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL = "123m 456p 789s 234s 5m"
HONOR = "EEE 123m 456p 789s 5m"  # + 5m: Value Honor only for the player sitting East
# hand number -> (winner's card letter, how "d"/"s", discarder's card letter, tiles, winning)
TYPED = {
    1: ("S", "d", "W", SMALL, "5m"),
    2: ("S", "d", "N", HONOR, "5m"),
    5: ("N", "s", "", "234m 456p 678s 22s 34p", "5p"),
    8: ("W", "d", "E", SMALL, "5m"),
    9: ("E", "d", "S", "123m 123m 456m 789m 5m", "5m"),
    16: ("N", "d", "E", HONOR, "5m"),
}


def type_by_card_letters(page, hand) -> None:
    """Winner, How, Discarder, Hand, Winning tile, typed from the Winner list (autofocus)."""
    page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
    expect(page.locator("#id_winner")).to_be_focused()
    keys = page.keyboard
    winner, how, discarder, tiles, winning = hand
    keys.type(winner.lower())
    keys.press("Tab")
    keys.type(how)
    keys.press("Tab")
    if discarder:
        keys.type(discarder.lower())
    keys.press("Tab")
    keys.type(tiles)
    keys.press("Tab")
    keys.type(winning)


def chosen(page, field) -> tuple[str, str]:
    """(value, text) of the option chosen in a player list."""
    return page.eval_on_selector(
        f"#id_{field}", "s => [s.value, s.options[s.selectedIndex].textContent]"
    )


def test_card_letters_choose_the_card_players_in_every_hand(page, live_server, artifacts):
    session = make_session(name="Card Letters Open")
    make_user("judge", name="letters-judge")
    ids = seat_players(session)
    seating = seating_of(session)
    rules = rules_for(session.round.tournament)
    log_in(page, live_server.url, "letters-judge", session_path(session))
    expected = {}
    for number in range(1, 17):
        expect(page.locator("h2#entry")).to_contain_text(f"Hand {number}")
        hand = TYPED.get(number)
        if hand is None:
            page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
            expect(page.locator("#id_winner")).to_be_focused()
            page.keyboard.press("Shift+Tab")
            page.keyboard.type("d")
            expect(page.locator("#preview")).to_contain_text("Exhaustive draw")
            page.keyboard.press("Enter")
            expect(page.locator(".messages")).to_contain_text(f"Hand {number} saved")
            continue
        type_by_card_letters(page, hand)
        winner, how, discarder, tiles, winning = hand
        value, text = chosen(page, "winner")
        assert value == str(ids[winner]), (number, text)
        assert text.startswith(f"{winner} — {seating.names[ids[winner]]} (")
        assert "this hand" in text
        if discarder:
            value, text = chosen(page, "discarder")
            assert value == str(ids[discarder]), (number, text)
        entry = HandEntryData(
            number=number,
            outcome="win",
            winner=ids[winner],
            win_type="self_draw" if how == "s" else "discard",
            discarder=ids[discarder] if discarder else None,
            tiles=tiles,
            winning_tile=winning,
        )
        evaluation = evaluate(entry, seating=seating, rules=rules)
        assert evaluation.ok, (number, evaluation.errors, evaluation.illegal)
        expected[number] = (evaluation.value, evaluation.payments)
        expect(page.locator("#preview .total")).to_have_text(str(evaluation.value))
        # The preview names the players by card letter too, in the card's order E S W N.
        letters = page.locator("#preview table.payments tbody td:first-child").all_inner_texts()
        assert letters == ["E", "S", "W", "N"]
        if number == 2:
            page.screenshot(path=str(artifacts / "desk-card-letters.png"), full_page=True)
        page.keyboard.press("Enter")
        expect(page.locator(".messages")).to_contain_text(f"Hand {number} saved")

    # Value Honor follows the seat wind of the hand: the winners of hands 2 and 16 sit East.
    assert expected[2][0] == expected[16][0] == 15
    for number, (value, payments) in expected.items():
        hand = Hand.objects.get(session=session, number=number)
        assert hand.value == value and hand.winner_id == ids[TYPED[number][0]]
        saved = dict(hand.payments.values_list("player_id", "amount"))
        assert saved == payments, number
    assert Payment.objects.filter(hand__session=session).aggregate(s=Sum("amount"))["s"] == 0

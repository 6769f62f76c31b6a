"""Players enter a hand of their table from their private links on phones (390 px), in English
and in Traditional Chinese (issue 36, point 3): East and South agree that East won on West's
discard; nothing counts until West, who pays, enters the same; then the hand counts at once
(double entry off). Each page fits the phone's width and says who must agree in its language.

Vocabulary: see `tournament.play.services.table` (players' entry, payer).
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.tournament.builders import SMALL, make_session, seat_players
from tournament.event.links import player_links_issue_all
from tournament.event.selectors.links import link_tokens
from tournament.models import Hand, Registration, Round, TableEntry, TableProposal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
#: The words each language's page must say: who must agree (the page), the entry kept but not
#: counting yet (after a save), and the agreement (after the payer's save).
WORDS = {
    "en": (
        "the player who pays for it",
        "It counts when the winner and the player who pays for it",
        "two players agree; it counts",
    ),
    "zh-hant": ("付分的選手", "和牌者與付分的選手", "兩位選手的錄入一致"),
    "zh-hans": ("付分的选手", "和牌者与付分的选手", "两位选手的录入一致"),
}


def _phone(chromium, base: str, language: str):
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def _enter(page, url: str, seats: dict[str, int], words) -> None:
    """Open the table page and enter hand 1: East wins on West's discard."""
    page.goto(url)
    page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
    expect(page.locator("main")).to_contain_text(words[0])
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.select_option("#id_winner", str(seats["E"]))
    page.select_option("#id_win_type", "discard")
    page.select_option("#id_discarder", str(seats["W"]))
    page.locator("#id_tiles").fill(SMALL)
    page.locator("#id_winning_tile").fill("5m")
    expect(page.locator("#preview .total")).to_be_visible()
    page.locator("#save-table-hand").click()


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_two_players_who_pay_nothing_cannot_make_a_hand_count(
    chromium, live_server, artifacts, language
):
    session = make_session(double_entry=False, players_confirm_at_table=True)
    Round.objects.filter(pk=session.round_id).update(seating_published=True)
    tournament = session.round.tournament
    player_links_issue_all(tournament=tournament, user=None)
    tokens = link_tokens(tournament)
    seats = seat_players(session)
    url = {
        wind: live_server.url
        + reverse(
            "public:player_table",
            kwargs={
                "token": tokens[Registration.objects.get(tournament=tournament, player_id=pid).pk]
            },
        )
        for wind, pid in seats.items()
    }
    words = WORDS[language]
    contexts = []
    for number, wind in enumerate(("E", "S"), start=1):
        context, page = _phone(chromium, live_server.url, language)
        contexts.append(context)
        _enter(page, url[wind], seats, words)
        expect(page.locator(".messages")).to_contain_text(words[1])
        expect(page.locator("#waiting")).to_contain_text(words[1])
        assert TableProposal.objects.count() == number
        if wind == "S":
            page.screenshot(
                path=str(artifacts / f"players-at-table-waiting-{language}-390.png"),
                full_page=True,
            )
    # The winner and a bystander agree: nothing counts, nothing is in any total.
    assert not Hand.objects.exists() and not TableEntry.objects.exists()

    context, west = _phone(chromium, live_server.url, language)
    contexts.append(context)
    _enter(west, url["W"], seats, words)
    expect(west.locator(".messages")).to_contain_text(words[2])
    west.screenshot(
        path=str(artifacts / f"players-at-table-agreed-{language}-390.png"), full_page=True
    )
    hand = Hand.objects.get()
    assert hand.confirmed and hand.winner_id == seats["E"] and hand.discarder_id == seats["W"]
    agreed = {r.player_id for r in TableEntry.objects.get().agreed_by.all()}
    assert seats["W"] in agreed
    for context in contexts:
        context.close()

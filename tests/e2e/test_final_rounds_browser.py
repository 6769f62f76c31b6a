"""The last round of a 36-player event seated by the standings, in a real browser: the organiser
fixes a player's table and keeps the two leaders apart, seats the round by standings and sees
why the pair meets, seats it Swiss instead, publishes it and prints the seating list; a player
finds their table on a phone.

Vocabulary: the *leaders* are the first two of the ranking going into round 2 (one group of
four by standings); the *fixed* player is ranked 21st (the sixth group) and needs table 1.
"""

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import expect

from tests.tournament.builders import make_ranked_event, make_user
from tests.tournament.printing.pdf_reading import text
from tournament.models import Registration, Seat
from tournament.roles import ORGANISER_GROUP
from tournament.seating.ranking_selectors import round_ranking

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_seats_the_last_round_by_standings_with_the_rules_kept(
    page, live_server, artifacts
):
    tournament = make_ranked_event(36, name="Final Rounds Open")
    organiser = make_user("plain", name="final-boss")
    organiser.groups.add(Group.objects.get(name=ORGANISER_GROUP))
    numbers = dict(Registration.objects.values_list("player_id", "number"))
    ranking = round_ranking(tournament, 2, numbers)
    first, second, fixed = ranking[0], ranking[1], ranking[20]
    base, slug = live_server.url, tournament.slug

    page.goto(f"{base}/login/?next=/t/{slug}/seating/rules/")
    page.fill("#id_username", "final-boss")
    page.fill("#id_password", "pw")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/t/{slug}/seating/rules/")
    page.fill("#id_fixed-player", str(numbers[fixed]))
    page.fill("#id_fixed-table", "1")
    page.click("#add-fixed-table button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("now sits at table 1")
    page.fill("#id_apart-player_a", str(numbers[first]))
    page.fill("#id_apart-player_b", str(numbers[second]))
    page.click("#add-kept-apart button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("are kept apart")
    # A typo gets a refusal on its field, and nothing is saved.
    page.fill("#id_apart-player_a", "999")
    page.fill("#id_apart-player_b", str(numbers[second]))
    page.click("#add-kept-apart button[type=submit]")
    expect(page.locator("#add-kept-apart .errorlist")).to_contain_text("No player has number 999")
    expect(page.locator("#kept-apart tbody tr")).to_have_count(1)

    # By standings: the leaders share table 2 (table 1 is the fixed player's group's).
    page.goto(f"{base}/t/{slug}/seating/by-method/")
    expect(page.locator("#id_number")).to_have_value("2")
    page.check("input[name=method][value=standings]")
    page.click("#seat-by-method button[type=submit]")
    page.wait_for_url(f"{base}/t/{slug}/rounds/2/seating/")
    expect(page.locator("#round-quality")).to_contain_text("By standings (top tables)")
    expect(page.locator("#round-kept-apart")).to_have_text("1")
    expect(page.locator("#round-fixed-kept")).to_have_text("1")
    expect(page.locator("#round-reasons")).to_contain_text("seat it Swiss to keep them apart")
    rows = page.locator(".seat-table tbody tr")
    expect(rows.nth(0)).to_contain_text(f"{numbers[fixed]} ")
    expect(rows.nth(1)).to_contain_text("rank 1")
    page.screenshot(path=str(artifacts / "final-rounds-by-standings.png"), full_page=True)

    # Swiss keeps the leaders apart, at the cost of moving one of them down a table.
    page.goto(f"{base}/t/{slug}/seating/by-method/")
    page.check("input[name=method][value=swiss]")
    page.fill("#id_repeat_limit", "30")
    page.click("#seat-by-method button[type=submit]")
    page.wait_for_url(f"{base}/t/{slug}/rounds/2/seating/")
    expect(page.locator("#round-kept-apart")).to_have_text("0")
    expect(page.locator("#round-fixed-kept")).to_have_text("1")
    expect(page.locator("#round-reasons")).to_have_count(0)
    page.click("button.primary >> text=Publish")
    expect(page.locator(".messages")).to_contain_text("Round 2 seating published")

    seats = dict(
        Seat.objects.filter(round__tournament=tournament, round__number=2).values_list(
            "player_id", "table__number"
        )
    )
    assert seats[fixed] == 1 and seats[first] != seats[second]

    listing = page.request.get(f"{base}/t/{slug}/print/seating.pdf?round=2").body()
    words = " ".join(text(listing, 1).split())
    assert "Seated: Swiss (near ranks, few repeats)" in words
    assert "rank after round 1" in words

    # A player finds their table on a phone.
    page.context.clear_cookies()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base}/t/{slug}/rounds/2/by-player/")
    name = tournament.registrations.get(player_id=fixed).player.name
    row = page.locator("tr", has_text=name).first
    expect(row).to_contain_text("1")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0

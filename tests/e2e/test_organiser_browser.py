"""An organiser runs the morning of an event in a real browser, never opening the admin.

From an empty database: create the tournament, import 32 players from a file, withdraw 2, take
the roll call (keyboard toggles included), add 2 substitutes, seat round 1 and publish it.
"""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tournament.models import Player, Registration, Round, Seat, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COUNTRIES = ["Hong Kong", "JP", "Germany", "FR", "United Kingdom", "NL", "China", "SG"]


def roster_csv() -> bytes:
    lines = ["First name,Last name,Chinese name,Country,Club,EMA number"]
    lines += [
        f"Player{i},Family{i},,{COUNTRIES[i % len(COUNTRIES)]},Club {i % 6},EMA{i:05d}"
        for i in range(1, 33)
    ]
    return ("\n".join(lines) + "\n").encode()


def test_organiser_goes_from_nothing_to_a_published_seated_round(page, live_server, artifacts):
    assert not Tournament.objects.exists() and not Player.objects.exists()
    organiser = get_user_model().objects.create_superuser("boss", password="pw")
    assert organiser.is_superuser
    visited = []
    page.on("request", lambda request: visited.append(request.url))
    base = live_server.url

    page.goto(f"{base}/login/?next=/organiser/new/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/organiser/new/")

    # 1. The tournament, with the ZJ tournament preset.
    page.fill("#id_name", "Morning Open")
    page.fill("#id_start_date", "2026-06-06")
    page.fill("#id_end_date", "2026-06-07")
    page.fill("#id_venue", "Town Hall")
    page.check("input[name=preset][value=zj_tournament]")
    page.click("button[type=submit].primary")
    expect(page.locator("#next-step")).to_contain_text("Register players")
    tournament = Tournament.objects.get()
    assert (tournament.minimum_points, tournament.hands_per_session) == (5, 16)

    # 2. Import 32 players from a file: preview first, nothing saved until confirmed.
    page.click("#next-step >> text=Import players")
    page.set_input_files(
        "#id_file", {"name": "players.csv", "mimeType": "text/csv", "buffer": roster_csv()}
    )
    page.click("#import-form button[type=submit]")
    expect(page.locator("#preview")).to_contain_text("32 new player(s)")
    assert not Player.objects.exists()
    page.screenshot(path=str(artifacts / "organiser-import-preview.png"), full_page=True)
    page.click("#confirm-import")
    expect(page.locator(".messages")).to_contain_text("Imported: 32 new player(s)")
    assert tournament.registrations.count() == 32

    # 3. Two players withdraw before round 1.
    for number in (5, 17):
        page.goto(f"{base}/t/{tournament.slug}/event/players/")
        page.click(f"#reg-{number} >> text=Withdraw")
        page.fill("#id_from_round", "1")
        page.click("button.danger")
        expect(page.locator(".messages")).to_contain_text("withdrawn from round 1 on")
    assert tournament.registrations.filter(status="withdrawn").count() == 2

    # 4. The roll call: everyone present, one toggled off and on again with the keyboard.
    page.goto(f"{base}/t/{tournament.slug}/event/")
    expect(page.locator("#next-step")).to_contain_text("Check players in for round 1")
    page.click("#next-step >> text=Open the roll call")
    expect(page.locator("#checkin-search")).to_be_focused()
    page.click("#all-present")
    expect(page.locator("#checkin-counts [data-count=present]")).to_have_text("30")
    expect(page.locator("#remainder-note")).to_contain_text("sit 2 player(s) out")
    expect(page.locator("#remainder-note")).to_contain_text("add 2 substitute(s)")
    page.wait_for_selector("#rollcall[data-ready]", state="attached")
    search = page.locator("#checkin-search")
    search.focus()
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    expect(page.locator("#checkin-counts [data-count=present]")).to_have_text("29")
    page.keyboard.press("Enter")
    expect(page.locator("#checkin-counts [data-count=present]")).to_have_text("30")

    # 5. Two substitutes make 32.
    for family in ("Standin", "Reserve"):
        page.fill("#substitute input[name=given_name]", "Sub")
        page.fill("#substitute input[name=family_name]", family)
        page.click("#substitute button[type=submit]")
        expect(page.locator(".messages")).to_contain_text(f"Sub {family} registered")
    expect(page.locator("#checkin-counts [data-count=present]")).to_have_text("32")
    expect(page.locator("#remainder-note")).to_be_hidden()
    page.screenshot(path=str(artifacts / "organiser-roll-call.png"), full_page=True)

    # 6. Seat round 1 from the roll call, then publish it.
    page.click("#seat-button")
    expect(page.locator(".messages")).to_contain_text("Round 1 seated")
    page.click("button.primary >> text=Publish")
    expect(page.locator(".messages")).to_contain_text("Round 1 seating published")
    page.goto(f"{base}/t/{tournament.slug}/event/")
    expect(page.locator("#next-step")).to_contain_text("Play round 1")

    round1 = Round.objects.get(tournament=tournament, number=1)
    assert round1.seating_published
    seated = set(Seat.objects.filter(round=round1).values_list("player_id", flat=True))
    assert len(seated) == 32
    withdrawn = set(
        tournament.registrations.filter(status=Registration.Status.WITHDRAWN).values_list(
            "player_id", flat=True
        )
    )
    substitutes = set(
        tournament.registrations.filter(is_substitute=True).values_list("player_id", flat=True)
    )
    assert not seated & withdrawn and len(substitutes) == 2 and substitutes <= seated
    assert not [address for address in visited if "/admin/" in address]

    # The console fits a phone (390 px): no page scrolls sideways.
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("", "players/", "checkin/?round=2", "players/import/", "officials/"):
        page.goto(f"{base}/t/{tournament.slug}/event/{path}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)
    page.screenshot(path=str(artifacts / "organiser-phone-officials.png"), full_page=True)

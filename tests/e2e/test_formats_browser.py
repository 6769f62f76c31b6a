"""Event formats in a real browser: an organiser sets the winning minimum to 15, and a judge's
10-point hand is refused at the desk with the reason (RULINGS R7; ZJ values go in fives, so the
nearest hand to "8 points" is a 10); the organiser loads The Star's penalty presets with one
click, and a judge records a preset penalty, which is a warning the first time and a deduction
the second (RULINGS R13).
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_desk_browser import dictate, log_in, session_path
from tests.e2e.test_phone_width import PHONE, overflow, widest
from tests.tournament.builders import SMALL, make_session, make_user
from tournament.models import Hand, Penalty, Seat, TournamentOfficial

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def on_a_phone(page, paths):
    """Each page fits a 390 px wide phone without scrolling sideways; then back to the desk."""
    base = page.url.split("/t/")[0]
    page.set_viewport_size(PHONE)
    for path in paths:
        page.goto(base + path)
        assert overflow(page) <= 0, (path, widest(page))
    page.set_viewport_size({"width": 1280, "height": 900})


def test_minimum_15_refuses_a_10_point_hand_and_a_preset_warns_first(page, live_server, artifacts):
    session = make_session(name="Formats Open")
    tournament = session.round.tournament
    organiser = make_user("plain", name="formats-organiser")
    TournamentOfficial.objects.create(tournament=tournament, user=organiser, role="organiser")
    make_user("judge", name="formats-judge")
    base = live_server.url

    # The organiser chooses 15 among the offered minimums and saves.
    settings = reverse("console:tournament_edit", args=[tournament.slug])
    log_in(page, base, "formats-organiser", settings)
    page.get_by_label("0 · no minimum").wait_for()
    page.get_by_label("15 · ACT (Mahjong Australia)").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("Tournament saved.")
    tournament.refresh_from_db()
    assert tournament.minimum_points == 15

    # A value beside Other out of the range: the browser holds the form back and says the
    # range (the server's own message for it is in tests/tournament/play/test_winning_minimum.py).
    page.goto(base + settings)
    page.get_by_label("Other:").check()
    other = page.locator("#id_minimum_points_1")
    other.fill("400")
    page.get_by_role("button", name="Save").click()
    assert "320" in other.evaluate("element => element.validationMessage")
    tournament.refresh_from_db()
    assert tournament.minimum_points == 15

    # The Star's presets, with one click.
    page.goto(base + reverse("console:penalty_presets", args=[tournament.slug]))
    page.locator("#load-the_star").click()
    expect(page.locator(".messages")).to_contain_text(
        "Loaded The Star: Late arrival, Talking, Refusing to show tiles."
    )
    expect(page.locator("#preset-list")).to_contain_text("Talking")
    page.screenshot(path=str(artifacts / "formats-penalty-presets.png"), full_page=True)
    on_a_phone(page, [reverse("console:penalty_presets", args=[tournament.slug]), settings])
    page.context.clear_cookies()  # log out: the judge uses the same browser

    # The judge dictates a 10-point hand: the preview and the save both refuse it.
    log_in(page, base, "formats-judge", session_path(session))
    dictate(page, ("S", "d", "W", SMALL, "5m", 10), 1)
    preview = page.locator("[data-preview-state=illegal]")
    expect(preview).to_contain_text("Illegal win (R7)")
    expect(preview).to_contain_text("A hand worth 10 points is below the 15-point minimum")
    page.keyboard.press("Enter")
    expect(page.locator("#preview")).to_contain_text("below the 15-point minimum")
    expect(page.locator(".messages")).to_have_count(0)
    page.screenshot(path=str(artifacts / "formats-minimum-refused.png"), full_page=True)
    assert not Hand.objects.filter(session=session).exists()

    # A preset penalty: Talking warns first, then deducts 30.
    east = Seat.objects.get(round=session.round, table=session.table, wind="E").player
    for _ in range(2):
        page.goto(base + session_path(session, "desk:penalty_record"))
        page.select_option("#id_player", str(east.pk))
        page.select_option("#id_preset", label="Talking: 30 (warning first)")
        page.get_by_role("button", name="Record penalty").click()
        page.wait_for_url(base + session_path(session))
    expect(page.locator(".messages")).to_contain_text("Penalty recorded")
    rows = page.locator("tr[id^=penalty-]")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text="Talking: warning")).to_contain_text("warning")
    expect(rows.filter(has_text="−30")).to_contain_text("Talking")
    page.goto(base + session_path(session, "desk:penalty_record"))
    expect(page.locator("#warnings-on-record")).to_contain_text("Talking: warning")
    page.screenshot(path=str(artifacts / "formats-penalty-warning.png"), full_page=True)
    on_a_phone(page, [session_path(session, "desk:penalty_record")])
    assert list(
        Penalty.objects.filter(player=east).order_by("pk").values_list("warning", "amount")
    ) == [(True, 0), (False, 30)]

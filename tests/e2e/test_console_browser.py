"""The organiser's console in a real browser: the Settings page saves unchanged (its date inputs
show the dates, issue 19 point 4), the roll call answers an unknown number (point 11), and every
page carries a favicon that loads."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.tournament.builders import make_players, make_tournament
from tournament.event.services.registrations import registration_withdraw

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _log_in(page, base, next_path):
    get_user_model().objects.create_superuser("boss", password="pw")
    page.goto(f"{base}/login/?next={next_path}")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}{next_path}")


def test_settings_save_unchanged_with_the_dates_kept(page, live_server):
    tournament = make_tournament(
        name="Date Open",
        start_date=datetime.date(2026, 12, 31),
        end_date=datetime.date(2027, 1, 2),
    )
    path = f"/t/{tournament.slug}/event/edit/"
    _log_in(page, live_server.url, path)
    # The browser shows the dates (an en-GB "31/12/2026" value is an empty date input).
    expect(page.locator("#id_start_date")).to_have_value("2026-12-31")
    expect(page.locator("#id_end_date")).to_have_value("2027-01-02")
    page.click("button[type=submit].primary")
    expect(page.locator(".messages")).to_contain_text("Tournament saved.")
    page.wait_for_url(f"{live_server.url}/t/{tournament.slug}/event/")
    tournament.refresh_from_db()
    assert (tournament.start_date, tournament.end_date) == (
        datetime.date(2026, 12, 31),
        datetime.date(2027, 1, 2),
    )


def test_new_tournament_dates_round_trip_after_a_refused_form(page, live_server):
    make_tournament(name="Taken Open")
    _log_in(page, live_server.url, "/organiser/new/")
    page.fill("#id_name", "Taken Open")
    page.fill("#id_start_date", "2026-06-06")
    page.fill("#id_end_date", "2026-06-07")
    page.click("button[type=submit].primary")
    # Refused for the taken name: the dates typed are still there, and a tick goes ahead.
    expect(page.locator("form.card")).to_contain_text("exists already")
    expect(page.locator("#id_start_date")).to_have_value("2026-06-06")
    page.check("#id_same_name_ok")
    page.click("button[type=submit].primary")
    expect(page.locator("#next-step")).to_be_visible()


def test_the_roll_call_says_when_a_number_is_unknown(page, live_server):
    tournament = make_tournament()
    make_players(tournament, 8)
    withdrawn = tournament.registrations.get(number=8)
    registration_withdraw(registration=withdrawn, from_round=1)
    path = f"/t/{tournament.slug}/event/checkin/"
    _log_in(page, live_server.url, path)
    expect(page.locator("#rollcall[data-ready='1']")).to_have_count(1)
    feedback = page.locator("#checkin-feedback")
    expect(feedback).to_be_hidden()
    page.fill("#checkin-search", "42")
    page.keyboard.press("Enter")
    expect(feedback).to_have_text("No player number 42 in this tournament.")
    expect(page.locator("#checkin-search")).to_have_attribute("aria-invalid", "true")
    page.fill("#checkin-search", "8")
    expect(feedback).to_contain_text("Player number 8 is withdrawn")
    page.fill("#checkin-search", "3")
    expect(feedback).to_be_hidden()
    page.keyboard.press("Enter")
    expect(page.locator("#checkin-counts [data-count=present]")).to_have_text("1")


def test_pages_carry_a_favicon_that_loads(page, live_server):
    favicons = []
    page.on(
        "response",
        lambda response: favicons.append(response.status) if "favicon" in response.url else None,
    )
    page.goto(f"{live_server.url}/")
    href = page.locator("link[rel=icon]").get_attribute("href")
    assert href and href.endswith("favicon.ico")
    response = page.request.get(f"{live_server.url}/favicon.ico")
    assert response.status == 200 and response.body()[:4] == b"\x00\x00\x01\x00"
    assert 404 not in favicons

"""The Content-Security-Policy holds in a real browser: every page of the console, the public
pages and the live preview run without a single violation reported in the console."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_desk_browser import SMALL, dictate, log_in, session_path
from tests.tournament.builders import make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _watch(page):
    problems = []

    def on_console(message):
        text = message.text
        if "Content Security Policy" in text or "Refused to" in text:
            problems.append(text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    return problems


def test_no_csp_violation_anywhere_in_the_console(page, live_server):
    problems = _watch(page)
    session = make_session(name="CSP Open")
    slug = session.round.tournament.slug
    boss = get_user_model().objects.create_superuser("csp-boss", "b@example.org", "pw")
    assert boss.pk
    base = live_server.url
    for path in [
        "/",
        reverse("public:tournament_detail", args=[slug]),
        reverse("public:player_list", args=[slug]),
        reverse("public:standings", args=[slug]),
        reverse("public:round_detail", args=[slug, 1]),
        reverse("public:calculator") + "?tiles=123m+456p+789s+234s+5m&winning_tile=5m",
    ]:
        response = page.goto(base + path)
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert "camera=()" in response.headers["permissions-policy"]

    log_in(page, base, "csp-boss", session_path(session))
    dictate(page, ("S", "d", "W", SMALL, "5m", 10), 1)
    expect(page.locator("#preview .total")).to_have_text("10")  # an htmx swap happened
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved")
    for path in [
        session_path(session, "desk:hand_edit", number=1),
        session_path(session, "desk:hand_delete", number=1),
        session_path(session, "desk:penalty_record"),
        session_path(session, "desk:session_reconcile"),
        session_path(session, "desk:session_audit"),
        reverse("desk:round_desk", args=[slug, 1]),
        reverse("desk:tournament_audit", args=[slug]),
        reverse("desk:tournament_settings_update", args=[slug]),
        reverse("console:seating_overview", args=[slug]),
        reverse("console:seating_round", args=[slug, 1]),
    ]:
        page.goto(base + path)
        page.wait_for_load_state("load")
    page.goto(base + session_path(session, "desk:hand_edit", number=1))
    page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
    page.click("#id_tiles")
    page.keyboard.press("Control+A")
    page.keyboard.type("123m 123m 456m 789m 5m")
    expect(page.locator("#preview .total")).to_have_text("140")
    assert problems == []


def test_officials_get_a_short_session_and_the_public_a_normal_one(client):
    from django.conf import settings

    judge = make_user("judge", name="csp-judge")
    response = client.post("/login/", {"username": "csp-judge", "password": "pw"})
    assert response.status_code == 302 and judge.pk
    assert client.session.get_expiry_age() == settings.OFFICIAL_SESSION_SECONDS
    assert settings.OFFICIAL_SESSION_SECONDS < settings.SESSION_COOKIE_AGE

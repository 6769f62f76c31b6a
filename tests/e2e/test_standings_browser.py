"""Spectators in a real browser: the standings on a 390 px phone, the projector on a 1920 px
screen with its round clock counting down. Screenshots go to ``test-artifacts/``; with
``ZJ_UPDATE_SCREENSHOTS=1`` also to ``docs/images/`` (the README's pictures come from here).
"""

import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.tournament.builders import make_user
from tournament.demo.event import demo_load
from tournament.models import Round
from tournament.play.services.clock import round_clock_control

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"


def screenshot(page, artifacts: Path, name: str) -> None:
    page.screenshot(path=artifacts / name)
    if os.environ.get("ZJ_UPDATE_SCREENSHOTS") == "1":
        IMAGES.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=IMAGES / name)


@pytest.fixture
def event():
    tournament, _ = demo_load()
    round_ = Round.objects.filter(tournament=tournament).order_by("number").first()
    round_clock_control(round_=round_, action="start", minutes=45, user=make_user("head"))
    return tournament


def test_the_standings_fit_a_phone(chromium, live_server, event, artifacts):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = context.new_page()
    page.goto(live_server.url + reverse("public:standings", args=[event.slug]))
    expect(page.locator("h1")).to_have_text("Standings")
    first = page.locator("table.standings tbody tr").first
    expect(first.locator("td.rank")).to_have_text("1")
    for header in ("Rank", "Player", "Total"):
        expect(
            page.locator("table.standings thead").get_by_text(header, exact=True)
        ).to_be_visible()
    expect(page.locator("table.standings thead").get_by_text("Club")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, artifacts, "standings-phone.png")
    context.close()


def test_the_projector_shows_large_standings_and_a_running_clock(
    chromium, live_server, event, artifacts
):
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(live_server.url + reverse("public:projector_standings", args=[event.slug]))
    clock = page.locator(".round-clock .time")
    expect(clock).to_have_text(__import__("re").compile(r"^4[45]:\d\d$"))
    before = clock.text_content()
    page.wait_for_timeout(1500)
    assert clock.text_content() != before  # the browser counts down from the server's end
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 24
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.locator("#projector-body").get_attribute("hx-trigger") == "zj:changed, every 60s"
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    screenshot(page, artifacts, "projector.png")
    context.close()

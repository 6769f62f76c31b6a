"""A player on a 390 px phone switches the site to Chinese in the header, and it stays Chinese.

The standings open in English; the header's switch (``includes/language_links.html``) turns
them into Traditional Chinese: ``<html lang="zh-Hant">``, the heading translated, a player with
a Chinese name shown by it, family name first, beside the romanised name
(`tournament.names.page_name`). The next page, opened from the menu without any parameter,
stays Traditional (the language cookie); the switch then turns it into Simplified Chinese. The
header must fit the phone in all three languages. Screenshots of each language go to
``test-artifacts/`` for people to look at.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournament.demo.event import demo_load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def overflow(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def header_fits(page) -> None:
    """The header (brand, menu, log-in, language switch) stays within the phone's width."""
    right = page.evaluate(
        """() => Math.max(...[...document.querySelectorAll('.site-header *')]
                 .map((el) => el.getBoundingClientRect().right))"""
    )
    assert right <= PHONE["width"] + 0.5, f"the header reaches {right} px"
    assert overflow(page) <= 0


def test_a_player_switches_to_chinese_on_a_phone_and_it_sticks(chromium, live_server, artifacts):
    tournament, _ = demo_load()
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(live_server.url + reverse("public:standings", args=[tournament.slug]))
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("h1")).to_contain_text("Standings")
        expect(page.locator("table.standings")).to_contain_text("Alan Chan")
        expect(page.locator("table.standings")).not_to_contain_text("陳志明")
        header_fits(page)
        page.screenshot(path=str(artifacts / "language-standings-en-390.png"))

        page.locator("nav.languages").get_by_role("link", name="繁體中文").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
        expect(page.locator("h1")).to_contain_text("排名")
        expect(page.locator("table.standings")).to_contain_text("陳志明 Alan Chan")
        expect(page.locator("nav.languages .current")).to_have_text("繁體中文")
        header_fits(page)
        page.screenshot(path=str(artifacts / "language-standings-zh-hant-390.png"))

        # Another page, from the menu: no parameter in its address, the cookie keeps Chinese.
        page.locator(".site-header nav").first.get_by_role("link", name="選手").click()
        expect(page).to_have_url(
            live_server.url + reverse("public:player_list", args=[tournament.slug])
        )
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
        expect(page.locator("h1")).to_have_text("選手")
        expect(page.locator("table")).to_contain_text("陳志明 Alan Chan")
        header_fits(page)
        page.screenshot(path=str(artifacts / "language-players-zh-hant-390.png"), full_page=True)

        page.locator("nav.languages").get_by_role("link", name="简体中文").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        expect(page.locator("h1")).to_have_text("选手")
        expect(page.locator("table")).to_contain_text("陳志明 Alan Chan")
        header_fits(page)
        page.screenshot(path=str(artifacts / "language-players-zh-hans-390.png"), full_page=True)

        page.goto(live_server.url + reverse("public:standings", args=[tournament.slug]))
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        expect(page.locator("h1")).to_contain_text("排名")
        page.screenshot(path=str(artifacts / "language-standings-zh-hans-390.png"))
    finally:
        context.close()

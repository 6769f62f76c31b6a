"""A Chinese slip's QR code on a 390 px phone: the organiser prints the player slips in
Traditional Chinese; the code read back from the PDF carries ``?lang=zh-hant`` and opens the
player's page in Chinese (``<html lang="zh-Hant">``); the language sticks."""

from __future__ import annotations

import pytest

from tests.e2e.test_event_day import PHONE, new_browser
from tests.tournament.builders import make_players, make_seated_round, make_tournament
from tests.tournament.printing.pdf_reading import needs_poppler, qr_codes
from tournament.printing.documents.base import PrintRequest
from tournament.printing.documents.registry import DOCUMENTS
from tournament.seating.services.seats import seating_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), needs_poppler]


def test_a_chinese_slips_qr_code_opens_the_players_page_in_chinese(
    chromium, live_server, artifacts
):
    tournament = make_tournament(slug="slip-open")
    seating_publish(round_=make_seated_round(tournament, make_players(tournament, 4)))
    request = PrintRequest(tournament=tournament, base_url=live_server.url, language="zh-hant")
    data = DOCUMENTS["slips"].render(request).content
    codes = sorted(qr_codes(data, page=1))
    assert len(codes) == 4 and all(code.endswith("?lang=zh-hant") for code in codes)
    page = new_browser(chromium, PHONE)
    response = page.goto(codes[0])
    assert response.status == 200
    assert page.locator("html").get_attribute("lang") == "zh-Hant"
    page.screenshot(path=str(artifacts / "chinese-slip-player-page.png"), full_page=True)
    # The language sticks (the cookie): the tournament's page, without ?lang=, is Chinese too.
    page.goto(f"{live_server.url}/t/{tournament.slug}/")
    assert page.locator("html").get_attribute("lang") == "zh-Hant"
    page.context.close()

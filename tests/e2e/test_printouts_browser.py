"""An organiser prints from the Printouts page in a real browser: the round is chosen in the
form, the PDFs come back from the links and buttons (read back with poppler), and the page fits
a 390 px phone."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.tournament.builders import make_players, make_seated_round, make_tournament
from tests.tournament.printing.pdf_reading import needs_poppler, page_count, text
from tournament.models import TournamentOfficial

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), needs_poppler]


def _log_in(page, base, slug):
    page.goto(f"{base}/login/?next=/t/{slug}/print/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "pw")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/t/{slug}/print/")


def test_an_organiser_prints_the_round_chosen_in_the_form(page, live_server, artifacts):
    tournament = make_tournament()
    players = make_players(tournament, 12)
    make_seated_round(tournament, players)
    make_seated_round(tournament, players[::-1], number=2)
    user = get_user_model().objects.create_user("organiser", password="pw")
    TournamentOfficial.objects.create(user=user, tournament=tournament, role="organiser")
    base = live_server.url
    _log_in(page, base, tournament.slug)

    blank = page.locator("#printout-blank-scorecards")
    expect(blank.locator("select[name=round]")).to_have_value("2")  # the latest seated round
    blank.locator("select[name=round]").select_option("1")
    with page.context.expect_event(
        "response", predicate=lambda r: "blank-scorecards.pdf" in r.url
    ) as answer:
        blank.get_by_role("button", name="Download PDF").click()  # opens a new tab
    response = answer.value
    assert response.url.endswith("blank-scorecards.pdf?round=1")
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    # The new tab hands a PDF to the browser's download, which keeps no body: fetch the same
    # address again with the organiser's session to read it.
    data = page.request.get(response.url).body()
    assert page_count(data) == 3 and "Round 1 · Table 3" in text(data, 3)

    slips = page.locator("#printout-slips a.button").get_attribute("href")
    data = page.request.get(f"{base}{slips}").body()
    assert page_count(data) == 2  # 12 players, eight to a sheet

    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the printouts page scrolls sideways by {overflow} px at 390 px"
    page.screenshot(path=str(artifacts / "printouts-phone.png"), full_page=True)


def test_the_public_gets_a_reason_not_a_pdf_before_the_seating_is_published(page, live_server):
    tournament = make_tournament()
    make_seated_round(tournament, make_players(tournament, 4))
    response = page.goto(f"{live_server.url}/t/{tournament.slug}/print/seating.pdf?round=1")
    assert response.status == 404
    expect(page.locator("main")).to_contain_text("not published yet")

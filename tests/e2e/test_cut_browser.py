"""An organiser makes a cut in a real browser: sets the cut on the Stages page, previews it
(who continues, who is cut, the tie at the line and its draw), confirms it, reads the
standings with the Carried column on a phone, then undoes it."""

import pytest
from playwright.sync_api import expect

from tests.tournament.builders import make_cut_event
from tournament.models import AuditEntry, StageCut

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_organiser_previews_confirms_and_undoes_a_cut(page, chromium, live_server, artifacts):
    tournament, _, organiser = make_cut_event(share="1/2")
    base = live_server.url
    page.goto(f"{base}/login/?next=/t/{tournament.slug}/event/stages/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", "pw")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/t/{tournament.slug}/event/stages/")

    # The cut as the organiser writes it: after round 1, the top 4 carry half their score.
    page.fill("#id_cuts", "1, 4, 1/2")
    page.click("button[type=submit].primary")
    expect(page.locator(".messages")).to_contain_text("Stages saved.")
    expect(page.locator("#stage-list")).to_contain_text(
        "Stage 1: round 1, then the top 4 continue, carrying 1/2 of their score."
    )

    # The preview: who is in and out, and the four players level at 0 put in order by lot.
    page.click("#stage-list >> text=Preview the cut")
    expect(page.locator("#cut-summary")).to_contain_text("4 player(s) continue, 4 are cut")
    expect(page.locator("#cut-tie tbody tr")).to_have_count(4)
    expect(page.locator("#cut-tie thead")).to_contain_text("Total points")
    expect(page.locator("#cut-in tbody tr")).to_have_count(4)
    expect(page.locator("#cut-in tbody tr").first).to_contain_text("210")
    seed = int(page.locator("#cut-seed").inner_text())
    page.screenshot(path=str(artifacts / "cut-preview.png"), full_page=True)

    page.click("#cut-confirm button")
    expect(page.locator(".messages")).to_contain_text("Cut after round 1 confirmed")
    expect(page.locator("#cut-confirmed")).to_contain_text("4 player(s) continue")
    cut = StageCut.objects.get(stage__tournament=tournament)
    assert cut.seed == seed and AuditEntry.objects.filter(action="cut").exists()

    # The standings on a phone: the stage, the Carried column, the four cut players marked.
    phone = chromium.new_context(viewport={"width": 390, "height": 844})
    reader = phone.new_page()
    reader.goto(f"{base}/t/{tournament.slug}/standings/")
    expect(reader.locator("#standings-stage")).to_have_text("Stage 2 of 2")
    expect(reader.locator("table.standings thead")).to_contain_text("Carried")
    expect(reader.locator("table.standings .badge.cut")).to_have_count(4)
    first = reader.locator("table.standings tbody tr").first
    expect(first).to_contain_text("210")
    assert reader.evaluate("document.documentElement.scrollWidth") <= 390
    reader.screenshot(path=str(artifacts / "cut-standings-phone.png"), full_page=True)

    # Undo: the browser holds it back until the box is ticked, then it is done.
    undo = page.locator("form[action$='/cut/undo/'] button")
    undo.click()
    expect(page.locator("#id_sure:invalid")).to_have_count(1)
    assert StageCut.objects.exists()
    page.check("#id_sure")
    undo.click()
    expect(page.locator(".messages")).to_contain_text("Cut undone.")
    expect(page.locator("#cut-summary")).to_be_visible()
    assert not StageCut.objects.exists()
    phone.close()  # public pages may be kept 15 s by a browser: a fresh one reads them again
    phone = chromium.new_context(viewport={"width": 390, "height": 844})
    reader = phone.new_page()
    reader.goto(f"{base}/t/{tournament.slug}/standings/")
    expect(reader.locator("#standings-stage")).to_have_text("Stage 1 of 2")
    expect(reader.locator("table.standings thead")).not_to_contain_text("Carried")
    phone.close()

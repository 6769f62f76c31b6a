"""In a real browser: the API's documentation (Swagger UI from our own static files) renders
every endpoint under the site's Content-Security-Policy, and can call the API ("Try it out");
the streamers' overlays are transparent, carry no menu and run without a CSP violation."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_csp_browser import _watch
from tests.tournament.builders import make_played_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_render_under_the_csp_and_call_the_api(page, live_server, artifacts):
    event = make_played_event()
    problems = _watch(page)
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    response = page.goto(live_server.url + "/api/docs/")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("ZJ Tournament public API")
    operations = page.locator(".opblock-summary-path")
    expect(operations.first).to_be_visible()
    assert "/api/tournaments/{slug}/standings/" in operations.all_inner_texts()
    page.screenshot(path=str(artifacts / "api-docs.png"), full_page=False)

    block = page.locator(".opblock", has=page.locator('[data-path="/api/tournaments/"]'))
    block.locator(".opblock-summary").click()
    block.locator("button.try-out__btn").click()
    block.locator("button.execute").click()
    expect(block.locator(".live-responses-table tr.response .response-col_status")).to_contain_text(
        "200"
    )
    expect(block.locator(".live-responses-table")).to_contain_text(event.slug)
    assert all(url.startswith(live_server.url) for url in requests), "nothing from another site"
    assert problems == []


def test_the_overlays_are_transparent_and_keep_the_csp(page, live_server, artifacts):
    event = make_played_event()
    problems = _watch(page)
    for name, path in [
        ("overlay-table", f"/t/{event.slug}/overlay/rounds/1/tables/1/"),
        ("overlay-standings", f"/t/{event.slug}/overlay/standings/?top=5"),
    ]:
        page.goto(live_server.url + path)
        expect(page.locator("#overlay-body")).to_contain_text(event.winner.name)
        background = page.evaluate(
            "() => [document.documentElement, document.body].map("
            "e => getComputedStyle(e).backgroundColor)"
        )
        assert background == ["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"], name
        assert page.locator(".site-header").count() == 0
        shadow = page.evaluate("() => getComputedStyle(document.body).textShadow")
        assert shadow and shadow != "none"
        page.screenshot(path=str(artifacts / f"{name}.png"), omit_background=True)
    page.wait_for_function("() => window.htmx")
    assert problems == []

"""The site's refusal pages in a real browser: a form sent after its CSRF cookie was lost, an
address that only answers a form, a NUL in a search and a locked log-in all get a page in the
site's look, with no Content-Security-Policy violation in the console."""

import pytest
from django.conf import settings

from tests.e2e.test_csp_browser import _watch
from tests.tournament.builders import make_tournament, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_refusal_pages_are_branded_and_keep_the_csp(page, live_server):
    problems = _watch(page)
    base = live_server.url
    tournament = make_tournament()
    make_user("superuser", name="boss")

    # CSRF: the log-in form sent after the browser lost its cookies.
    page.goto(base + "/login/")
    page.context.clear_cookies()
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw")
    page.click("button[type=submit]")
    assert page.locator("#csrf-failure").is_visible()
    assert page.locator("footer.site-footer").is_visible()  # base.html's look

    # 405: an address that only answers a form, opened as a link.
    page.goto(base + "/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw")
    page.click("button[type=submit]")
    response = page.goto(base + f"/t/{tournament.slug}/event/checkin/toggle/")
    assert response.status == 405 and page.locator("#wrong-method").is_visible()

    # A NUL in a search: taken out, and the page says so.
    response = page.goto(base + f"/t/{tournament.slug}/event/players/?q=a%00")
    assert response.status == 200 and "control character" in page.inner_text(".messages")

    # 429: a locked log-in says truly who is locked and who can lift it.
    page.context.clear_cookies()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        page.goto(base + "/login/")
        page.fill("#id_username", "boss")
        page.fill("#id_password", "wrong")
        page.click("button[type=submit]")
    assert "not necessarily from you" in page.inner_text("#locked-out")

    assert problems == []

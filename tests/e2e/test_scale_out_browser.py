"""The scale-out layout (`scripts.scale_out.Deployment`: nginx in front of a public, an officials'
and a streams' process, with Redis, debug off) as a browser sees it, over the test database
(SQLite or PostgreSQL: the layout's processes open it as the test does).

The public standings through the proxy are *styled*: the stylesheet the page names is the
collected one (a hashed name, as the production storage writes it), it loaded, and the page's
computed style is the site's, not the browser's default. A judge's save at the desk (an
official's request through the proxy, to the officials' pool) then *reaches the open page live*:
the version arrives on the page's stream (``/t/<slug>/live/``, the streams' pool), the page
fetches its fragment naming that version (``X-Live-Version``) and shows the new total, without
a reload. No address the page asks for answers an error (before the fix every ``/static/``
address was a 404), and no Content-Security-Policy violation.

Vocabulary: *heard* are the versions the page's stream delivered (``window.zjHeard``); *asked*
the ``X-Live-Version`` of each fragment fetch; *refused* every answer of 400 or more, and every
request that failed, the page saw.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.urls import reverse
from playwright.sync_api import expect

from benchmarks.http_desk import NUMBER, Judge, TablePlan, database_url
from scripts.scale_out import NGINX, Deployment, Layout
from tests.e2e.live_pages import MARK_NOT_RELOADED, RECORD_HEARD
from tests.tournament.builders import make_session, make_user, seat_players
from tournament.models import Tournament
from tournament.web.live import version_of

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

WAIT_MS = 30_000  # at most, for the page to show the save: a bound against a hang, not a speed

STYLE = """() => {
  const sheets = [...document.styleSheets].filter((sheet) => sheet.href);
  const header = document.querySelector(".site-header");
  return {
    sheets: sheets.map((sheet) => [sheet.href, sheet.cssRules.length]),
    bodyMargin: getComputedStyle(document.body).marginTop,
    bodyBackground: getComputedStyle(document.body).backgroundColor,
    headerBackground: header && getComputedStyle(header).backgroundColor,
    htmx: typeof window.htmx,
  };
}"""


def _needed() -> None:
    for name, found in (
        ("nginx", Path(NGINX).exists()),
        ("redis-server", shutil.which("redis-server")),
    ):
        if not found:
            pytest.skip(
                f"{name} is not installed (make bench-live installs it: apt-get install {name})"
            )


def test_the_standings_through_the_proxy_are_styled_and_show_a_save_live(chromium, monkeypatch):
    _needed()
    monkeypatch.delenv("REDIS_URL", raising=False)  # a Redis of the layout's own
    session = make_session(name="Scale-out Open")
    slug = session.round.tournament.slug
    judge_user = make_user("judge", name="scale-out-judge")
    # The layout runs the production settings: a password hash they read (the tests' is MD5).
    hasher = PBKDF2PasswordHasher()
    judge_user.password = hasher.encode("pw", hasher.salt())
    judge_user.save(update_fields=["password"])
    sheet = reverse("desk:session_sheet", args=[slug, 1, 1])
    layout = Layout(
        public=1,
        officials=1,
        streams=1,
        workers=0,
        spectators_nice=0,
        env={
            "DATABASE_URL": database_url(connection.settings_dict),
            "DJANGO_SETTINGS_MODULE": "tournament.settings",  # production's, debug off
        },
    )
    with Deployment(layout, log=lambda line: None) as deployment:
        context = chromium.new_context(viewport={"width": 390, "height": 844})
        context.add_init_script(RECORD_HEARD)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        refused, problems, asked = [], [], []
        page.on(
            "response",
            lambda answer: (
                refused.append(f"{answer.status} {answer.url}") if answer.status >= 400 else None
            ),
        )
        page.on("requestfailed", lambda request: refused.append(f"failed {request.url}"))
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        page.on(
            "console",
            lambda message: (
                problems.append(message.text)
                if "Content Security Policy" in message.text or "Refused to" in message.text
                else None
            ),
        )
        page.on(
            "request",
            lambda request: (
                asked.append(request.headers.get("x-live-version"))
                if request.headers.get("hx-request")
                else None
            ),
        )
        page.goto(layout.base + reverse("public:standings", args=[slug]))
        page.wait_for_function("() => window.htmx && document.querySelector('[data-live]')")
        page.evaluate(MARK_NOT_RELOADED)

        style = page.evaluate(STYLE)
        site_css = [rules for href, rules in style["sheets"] if "/static/css/site." in href]
        assert site_css and site_css[0] > 0, style["sheets"]
        hrefs = " ".join(href for href, _ in style["sheets"])
        assert re.search(r"/static/css/site\.[0-9a-f]{12}\.css", hrefs), hrefs  # collected
        assert style["bodyMargin"] == "0px", style  # the browser's own is 8px
        assert style["bodyBackground"] == "rgb(251, 250, 247)", style  # site.css's --bg
        assert style["headerBackground"] == "rgb(32, 36, 42)", style
        assert style["htmx"] == "object"
        page.wait_for_function("() => window.zjHeard.length > 0")  # the stream is open

        judge = Judge(layout.base, "scale-out-judge", "pw")
        judge.log_in()
        form = judge.request(sheet)
        assert form.status == 200, form.status
        number = int(NUMBER.search(form.body).group(1))
        plan = TablePlan(sheet, seat_players(session))
        saved = judge.request(sheet, plan.hand(number))
        assert saved.status == 302, (saved.status, saved.body[:500])
        version = version_of(Tournament.objects.get(slug=slug).last_write)

        page.wait_for_function("v => window.zjHeard.includes(v)", arg=version)
        first_total = page.locator("table.standings tbody tr td.strong").first
        expect(first_total).to_have_text("30", timeout=WAIT_MS)  # South won: 10 from each
        assert version in asked, asked  # fetched at the version its stream said
        assert page.evaluate("window.zjNeverReloaded") is True
        assert page.evaluate("document.querySelector('[data-live]').dataset.version") == version
        assert refused == [] and problems == [], (refused, problems)
        assert all(process.poll() is None for _, process in deployment.processes)
        context.close()

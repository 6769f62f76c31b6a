"""Live updates in a real browser under a real ASGI server (uvicorn in its own process, as in
a deployment: the hands saved here reach it through the database, at its watcher's tick).

The public standings on a 390 px phone and the projector's standings on a 1920 px screen stay
open while hands are saved through the service: each page swaps in each new total without a
reload (the delays are printed, median and worst; ``make bench-live`` is where they are
judged). Then the stream is cut (the server restarts, and the browser may no longer reach
``/live/``): the pages fall back to their slow poll and still show the next save. No
Content-Security-Policy violation anywhere. A page not on screen fetches nothing until it is
shown again, and then at once: the fetch starts before the page's script gives control back,
not from a timer.
While the stream is open, each fragment's fetch names the version the stream said
(``X-Live-Version``, which a proxy may keep answers by: docs/deploy.md); the slow poll's never do.

Vocabulary: a *swap* is htmx putting a live fragment in place; the pages record each one with
the browser's clock (``window.zjSwaps``), which is the machine's clock the saves are timed by.
The pages' timers run on Playwright's clock (``context.clock``), at the natural pace until a
test moves it on: the slow poll's 20 s are skipped, not waited for. *Heard* versions are the
ones the page's stream delivered (``window.zjHeard``).
"""

from __future__ import annotations

import os
import re
import statistics
import time

import pytest
from django.urls import reverse
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.asgi_server import AsgiServer
from tests.e2e.live_pages import RECORD_HEARD
from tests.tournament.builders import entry, make_session, make_user
from tournament.models import Tournament
from tournament.play.services.hands import hand_save
from tournament.web.live import version_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 30.0  # at most, for a page to show a save: a bound against a hang, not a speed
POLL = "00:20"  # the slow poll's period (static/tournament/live.js, POLL_MS)
SPREAD_MS = 500  # the longest a page waits before it fetches a version it heard
SAVES = int(os.environ.get("ZJ_LIVE_SAVES", "8"))  # more for a finer print of the delays

# Each version the page's stream delivers, recorded before the page's own scripts run.
RECORD_SWAPS = """() => {
  window.zjSwaps = [];
  window.zjNeverReloaded = true;
  document.body.addEventListener("htmx:afterSwap", () => {
    const fragment = document.querySelector("[data-live]");
    window.zjSwaps.push([Date.now() / 1000, fragment.dataset.version]);
  });
}"""


def _watch_csp(page) -> list[str]:
    problems = []

    def on_console(message):
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            problems.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    return problems


def _open(chromium, url: str, width: int, height: int, asked: list):
    """The page, and each fragment fetch's ``X-Live-Version`` (or None) appended to ``asked``."""
    context = chromium.new_context(viewport={"width": width, "height": height})
    context.clock.install()
    context.add_init_script(RECORD_HEARD)
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems = _watch_csp(page)
    page.on(
        "request",
        lambda request: (
            asked.append(request.headers.get("x-live-version"))
            if request.headers.get("hx-request")
            else None
        ),
    )
    page.goto(url)
    page.wait_for_function("() => window.htmx && document.querySelector('[data-live]')")
    page.evaluate(RECORD_SWAPS)
    return context, page, problems


def _seen_at(page, version: str, timeout: float) -> float:
    """The browser's time of the first swap that showed ``version``."""
    page.wait_for_function(
        "v => window.zjSwaps.some(([, seen]) => seen === v)",
        arg=version,
        timeout=timeout * 1000,
        polling=50,
    )
    return min(at for at, seen in page.evaluate("window.zjSwaps") if seen == version)


def _save(session, number: int, judge) -> tuple[str, float]:
    hand_save(session=session, entry=entry(session, number, winner="S"), user=judge)
    saved = time.time()
    tournament = Tournament.objects.get(pk=session.round.tournament_id)
    return version_of(tournament.last_write), saved


def _played(name: str):
    """A tournament ``name`` whose table 1 has hand 1 (South won), and the judge who saved it."""
    session = make_session(name=name)
    judge = make_user()
    hand_save(session=session, entry=entry(session, 1, winner="S"), user=judge)
    return session, judge


def test_standings_and_projector_update_live_and_poll_when_the_stream_is_cut(chromium):
    session, judge = _played("Live Open")
    slug = session.round.tournament.slug
    asked = []
    with AsgiServer() as server:
        phone, standings, phone_problems = _open(
            chromium, server.base + reverse("public:standings", args=[slug]), 390, 844, asked
        )
        screen, projector, screen_problems = _open(
            chromium,
            server.base + reverse("public:projector_standings", args=[slug]),
            1920,
            1080,
            asked,
        )
        first_total = standings.locator("table.standings tbody tr td.strong").first
        expect(first_total).to_have_text("30")  # South won hand 1: 10 from each

        delays = {"standings": [], "projector": []}
        for number in range(2, 2 + SAVES):
            version, saved = _save(session, number, judge)
            for name, page in (("standings", standings), ("projector", projector)):
                delays[name].append(_seen_at(page, version, WAIT) - saved)
        expect(first_total).to_have_text(str(30 * SAVES + 30))
        expect(projector.locator(".projector-table td.strong").first).to_have_text(
            str(30 * SAVES + 30)
        )
        every = delays["standings"] + delays["projector"]
        rounded = {name: sorted(round(d, 2) for d in found) for name, found in delays.items()}
        print(
            f"\nsave -> page updated, {len(every)} swaps: median {statistics.median(every):.2f} s,"
            f" p95 {statistics.quantiles(every, n=20)[-1]:.2f} s, worst {max(every):.2f} s;"
            f" standings {rounded['standings']}"
            f"; projector {rounded['projector']}"
        )
        assert standings.evaluate("document.documentElement.scrollWidth") <= 390
        assert len(asked) >= 2 * SAVES
        assert all(version and int(version, 16) for version in asked), asked
        asked.clear()

        # The stream is cut: the browser can no longer reach it, and the server restarts (every
        # open stream ends). The pages go on with their slow poll.
        for page in (standings, projector):
            page.route(re.compile(r"/live/(\?|$)"), lambda route: route.abort())
        server.restart()
        number = 2 + SAVES
        version, _ = _save(session, number, judge)
        for page in (standings, projector):
            _polled_until_seen(page, version)
        expect(first_total).to_have_text(str(30 * number))
        assert asked and not any(asked), asked  # polled without a stream: no version named
        for page in (standings, projector):
            assert page.evaluate("window.zjNeverReloaded") is True
        assert phone_problems == [] and screen_problems == []
        phone.close()
        screen.close()


SHOWN = """shown => {
  Object.defineProperty(document, "visibilityState", {
    configurable: true, get: () => (shown ? "visible" : "hidden"),
  });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def _polled_until_seen(page, version: str) -> None:
    """Move the page's clock on a poll period at a time (the first moves may come before the
    page has found its stream dead) until the slow poll shows ``version``."""
    for _ in range(5):
        page.clock.fast_forward(POLL)
        try:
            _seen_at(page, version, 5)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"the slow poll never showed {version}")


def test_a_page_not_on_screen_fetches_when_it_is_shown_again(chromium):
    session, judge = _played("Pocket Open")
    asked = []
    with AsgiServer() as server:
        address = reverse("public:standings", args=[session.round.tournament.slug])
        context, phone, problems = _open(chromium, server.base + address, 390, 844, asked)
        phone.evaluate(SHOWN, False)  # in a pocket
        version, _ = _save(session, 2, judge)
        phone.wait_for_function("v => window.zjHeard.includes(v)", arg=version, timeout=WAIT * 1000)
        phone.clock.fast_forward(2 * SPREAD_MS)  # past any fetch it had put off
        assert asked == [] and phone.evaluate("window.zjSwaps") == []
        # Shown again: the fetch starts in the same turn of the page's loop (htmx marks the
        # fragment as fetching before the page's script gives control back), not from a timer.
        fetching = phone.evaluate(
            f"""shown => {{
              ({SHOWN})(shown);
              return document.querySelector("[data-live]").classList.contains("htmx-request");
            }}""",
            True,
        )
        assert fetching is True
        _seen_at(phone, version, WAIT)
        assert asked == [version]
        assert problems == []
        context.close()

"""Live updates in a real browser under a real ASGI server (uvicorn in its own process, as in
a deployment: the hands saved here reach it through the database, at its watcher's tick).

The public standings on a 390 px phone and the projector's standings on a 1920 px screen stay
open while hands are saved through the service: each page swaps in the new totals without a
reload, within 3 s of the save (the delays are printed: median and worst). Then the stream is
cut (the server restarts, and the browser may no longer reach ``/live/``): the pages fall back
to their slow poll and still show the next save. No Content-Security-Policy violation anywhere.
A page not on screen fetches nothing until it is shown again, and then at once.
While the stream is open, each fragment's fetch names the version the stream said
(``X-Live-Version``, which a proxy may keep answers by: docs/deploy.md); the slow poll's never do.

Vocabulary: a *swap* is htmx putting a live fragment in place; the pages record each one with
the browser's clock (``window.zjSwaps``), which is the machine's clock the saves are timed by.
"""

from __future__ import annotations

import os
import re
import statistics
import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.asgi_server import AsgiServer
from tests.tournament.builders import entry, make_session, make_user
from tournament.live import version_of
from tournament.models import Tournament
from tournament.play.services.hands import hand_save

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIMIT = 3.0  # seconds from a save to the page showing it
POLL_LIMIT = 35.0  # the slow poll: every 20 s, once the stream is found dead
SAVES = int(os.environ.get("ZJ_LIVE_SAVES", "8"))  # more for a finer measure of the delays

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


def test_standings_and_projector_update_within_3_s_and_poll_when_the_stream_is_cut(chromium):
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
            time.sleep(0.7 + 0.37 * (number % 4))  # saves at varied points of the tick
            version, saved = _save(session, number, judge)
            for name, page in (("standings", standings), ("projector", projector)):
                delays[name].append(_seen_at(page, version, LIMIT + 2) - saved)
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
        assert max(every) < LIMIT
        assert standings.evaluate("document.documentElement.scrollWidth") <= 390
        assert len(asked) >= 2 * SAVES
        assert all(version and int(version, 16) for version in asked), asked
        asked.clear()

        # The stream is cut: the browser can no longer reach it, and the server restarts (every
        # open stream ends). The pages go on with their slow poll.
        for page in (standings, projector):
            page.route(re.compile(r"/live/(\?|$)"), lambda route: route.abort())
        server.restart()
        time.sleep(1)
        number = 2 + SAVES
        version, saved = _save(session, number, judge)
        polled = [_seen_at(page, version, POLL_LIMIT) - saved for page in (standings, projector)]
        print(f"with the stream cut, the slow poll showed the save after {polled} s")
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


def test_a_page_not_on_screen_fetches_when_it_is_shown_again(chromium):
    session, judge = _played("Pocket Open")
    asked = []
    with AsgiServer() as server:
        address = reverse("public:standings", args=[session.round.tournament.slug])
        context, phone, problems = _open(chromium, server.base + address, 390, 844, asked)
        phone.evaluate(SHOWN, False)  # in a pocket
        version, saved = _save(session, 2, judge)
        time.sleep(LIMIT)  # heard on the stream (the next tick), and nothing fetched
        assert asked == [] and phone.evaluate("window.zjSwaps") == []
        phone.evaluate(SHOWN, True)
        shown = time.time()
        assert _seen_at(phone, version, 2) - shown < 1.0
        assert asked == [version]
        assert problems == []
        context.close()

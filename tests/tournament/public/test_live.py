"""Live updates (`tournament.web.live`, the stream `public.views.live`, the live fragments): the
stream sends the version at once and a new one after a write, woken in the process (no tick
waited for) or read at the watcher's tick; a hidden tournament's stream is a 404 but for its
officials; the watcher reads once per tick however many listen; Redis being down changes
nothing; under WSGI the stream is one answer; a live page's fragment is fetched again and never
served stale.

Vocabulary: *events* reads a stream's Server-Sent Events block by block, waiting at most `WAIT`
for each (a bound against a hang, not a speed: ``make bench-live`` measures the delays); a
*write* is a hand saved through the service, as the desk saves it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import faulthandler
import http.client
import re
import socket
import threading
import time
import urllib.request
from contextlib import AsyncExitStack
from dataclasses import dataclass

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.db.models import F
from django.test import AsyncClient, Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.asgi_server import AsgiServer
from tests.tournament.builders import entry, make_reconciled_session, make_tournament, make_user
from tournament.models import Tournament
from tournament.play.services.hands import hand_save
from tournament.web import live

pytestmark = pytest.mark.django_db(transaction=True)


def in_a_thread(function, *args):
    """``async_to_sync(function)(*args)`` in a thread of its own (`on_a_thread`)."""
    return on_a_thread(lambda: async_to_sync(function)(*args))


def on_a_thread(call):
    """``call()`` in a thread of its own: the browser tests' Playwright leaves an event loop in
    the main thread, where asgiref refuses to start another (the async stream view under the
    sync test client needs one too). The data is committed (``transaction=True``), so the
    thread's own connection sees it."""
    outcome = {}

    def run():
        try:
            outcome["value"] = call()
        except BaseException as error:  # noqa: BLE001 - raised again in the test's thread
            outcome["error"] = error
        finally:
            connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=THREAD_MOST)
    if thread.is_alive():  # a hang becomes a failure that shows where every thread stood
        faulthandler.dump_traceback(all_threads=True)
        raise AssertionError(f"the stream's thread still runs after {THREAD_MOST:.0f} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


WAIT = 30.0  # at most, for an event: generous on a loaded machine (the speed is bench-live's)
AN_HOUR = 3600.0  # a watcher's tick that never comes within a test
THREAD_MOST = 4 * WAIT  # at most, for one test's stream work on its own thread
STREAMS = 20  # streams open at once on the real server


class Events:
    """The Server-Sent Events of a response's async stream, one block at a time:
    ``{"event": ..., "data": ..., "retry": ...}``. A task reads the stream, as the server
    does; `close()` cancels it, as the server does when the client goes."""

    def __init__(self, content):
        self.chunks: asyncio.Queue[bytes] = asyncio.Queue()
        self.buffer = ""

        async def pump():
            async for chunk in content:
                await self.chunks.put(chunk)

        self.reader = asyncio.create_task(pump())

    async def close(self) -> None:
        self.reader.cancel()
        try:
            await self.reader
        except asyncio.CancelledError:
            pass

    @staticmethod
    def _block(text: str) -> dict:
        fields = {}
        for line in text.splitlines():
            if line and not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
        return fields

    async def next(self, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while "\n\n" not in self.buffer:
            left = deadline - time.monotonic()
            chunk = await asyncio.wait_for(self.chunks.get(), max(left, 0.001))
            self.buffer += chunk.decode()
        block, self.buffer = self.buffer.split("\n\n", 1)
        return self._block(block)


def _stream(tournament) -> str:
    return reverse("public:live_stream", args=[tournament.slug])


def _version(tournament) -> str:
    tournament.refresh_from_db()
    return live.version_of(tournament.last_write)


def _write(session, number: int = 2) -> None:
    hand_save(session=session, entry=entry(session, number), user=make_user())


async def _watchers_gone(seconds: float = WAIT) -> None:
    """Wait for the watcher of this loop to end once nobody listens (it closes its reader); it
    is woken meanwhile, as a write would, so that a long tick is not waited for."""
    deadline = time.monotonic() + seconds
    while live._watchers and time.monotonic() < deadline:
        live.last_write_moved()
        await asyncio.sleep(0.05)
    assert not live._watchers


def _until_version(session, woken: bool) -> tuple[dict, str, float]:
    """Open the stream, save a hand, and return the first event, the version after the save
    and the seconds from the commit to its event."""
    tournament = session.round.tournament

    async def main():
        response = await AsyncClient().get(_stream(tournament))
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        events = Events(response.streaming_content)
        first = await events.next(timeout=WAIT)
        await sync_to_async(_write)(session)
        saved = time.monotonic()
        new = await sync_to_async(_version)(tournament)
        event = await events.next(timeout=WAIT)
        took = time.monotonic() - saved
        print(f"\nthe new version came {took:.2f} s after the commit (woken: {woken})")
        assert event == {"event": "version", "data": new}
        await events.close()
        await _watchers_gone()
        return first, new, took

    if not woken:  # as a write in another process: only the watcher's tick finds it
        original, live.last_write_moved = live.last_write_moved, lambda: None
        try:
            return in_a_thread(main)
        finally:
            live.last_write_moved = original
    return in_a_thread(main)


def test_the_stream_sends_the_version_at_once_and_a_write_when_woken(session, monkeypatch):
    before = _version(session.round.tournament)
    monkeypatch.setattr(live, "TICK", AN_HOUR)  # no tick comes: only the commit's wake tells
    first, new, _ = _until_version(session, woken=True)
    assert first["event"] == "version" and first["data"] == before
    assert 2000 <= int(first["retry"]) <= 6000
    assert new != before


def test_a_write_in_another_process_reaches_the_stream_at_the_next_tick(session, monkeypatch):
    reads = []
    read = live._versions_read
    monkeypatch.setattr(live, "_versions_read", lambda ids: reads.append(ids) or read(ids))
    first, new, _ = _until_version(session, woken=False)  # nothing wakes the watcher
    assert first["data"] != new
    assert len(reads) >= 2  # the version was found by a later read: the tick's


def test_the_stream_shows_the_version_as_the_pages_etag_begins(session):
    tournament = session.round.tournament
    page = Client().get(reverse("public:tournament_detail", args=[tournament.slug]))
    answer = on_a_thread(lambda: Client().get(_stream(tournament))).content.decode()
    version = re.search(r"data: (\w+)", answer).group(1)
    assert page["ETag"].strip('"').startswith(version + "-")


def test_a_hidden_tournament_has_no_stream_but_for_its_officials(session):
    tournament = session.round.tournament
    Tournament.objects.filter(pk=tournament.pk).update(hidden=True)
    missing = make_tournament()
    missing.slug = "no-such-tournament"
    # The head judge logs in here, in the test's own thread: the stream's thread only streams.
    logged_in = Client()
    logged_in.force_login(make_user("head"))
    version = _version(tournament)

    async def main():
        hidden = await AsyncClient().get(_stream(tournament))
        assert hidden.status_code == 404
        assert (await AsyncClient().get(_stream(missing))).status_code == 404
        official = AsyncClient()
        official.cookies = logged_in.cookies
        response = await official.get(_stream(tournament))
        assert response.status_code == 200
        events = Events(response.streaming_content)
        first = await events.next(timeout=WAIT)
        assert first["data"] == version
        await events.close()
        await _watchers_gone()

    in_a_thread(main)


def test_a_closed_stream_stops_listening_and_the_watcher_ends():
    tournament = make_tournament()

    async def main():
        response = await AsyncClient().get(_stream(tournament))
        events = Events(response.streaming_content)
        await events.next(timeout=WAIT)
        assert live.watched() == {tournament.pk: 1}
        await events.close()
        assert live.watched() == {}
        await _watchers_gone()

    in_a_thread(main)


def test_the_watcher_reads_once_per_tick_however_many_listen(monkeypatch):
    tournaments = [make_tournament() for _ in range(3)]
    reads: list[tuple[int, int]] = []
    read = live._versions_read

    def counted(ids):
        with CaptureQueriesContext(connection) as queries:
            found = read(ids)
        reads.append((len(ids), len(queries)))
        return found

    monkeypatch.setattr(live, "_versions_read", counted)
    monkeypatch.setattr(live, "TICK", 1.0)  # ticks long enough to set 300 listeners up in

    async def listen(listeners: int, seconds: float):
        async with AsyncExitStack() as stack:
            for number in range(listeners):
                tournament = tournaments[number % len(tournaments)]
                await stack.enter_async_context(live.listening(tournament.pk))
            await asyncio.sleep(seconds)
        await _watchers_gone()

    in_a_thread(listen, 1, 2.5 * live.TICK)
    one, reads[:] = list(reads), []
    in_a_thread(listen, 300, 2.5 * live.TICK)
    many = list(reads)
    assert 2 <= len(one) <= 4 and abs(len(many) - len(one)) <= 1
    assert {queries for _, queries in one + many} == {1}  # one query per tick, always
    assert {ids for ids, _ in many} == {3}  # the three tournaments, not the 300 listeners


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nobody listens there once the probe is closed


def test_with_redis_down_pages_are_served_and_the_stream_still_updates(session):
    redis_down = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{_closed_port()}/0",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": 0.5,
                "SOCKET_TIMEOUT": 0.5,
            },
        }
    }
    tournament = session.round.tournament
    with override_settings(CACHES=redis_down):
        page = Client().get(reverse("public:standings", args=[tournament.slug]))
        assert page.status_code == 200
        first, new, _ = _until_version(session, woken=False)
        assert first["data"] != new


def test_under_wsgi_the_stream_is_one_answer_and_a_slow_retry(session):
    tournament = session.round.tournament
    answer = on_a_thread(lambda: Client().get(_stream(tournament)))
    assert answer.status_code == 200 and not answer.streaming
    assert answer.content.decode() == (
        f"retry: 20000\nevent: version\ndata: {_version(tournament)}\n\n"
    )
    assert "no-cache" in answer["Cache-Control"]
    assert on_a_thread(lambda: Client().post(_stream(tournament))).status_code == 405


@pytest.mark.parametrize(
    "name, per_round, fragment",
    [
        ("public:standings", False, "standings-live"),
        ("public:round_detail", True, "round-live"),
        ("public:round_results", True, "round-results-live"),
        ("public:projector_standings", False, "projector-body"),
        ("public:projector_seating", True, "projector-body"),
    ],
)
def test_a_live_page_declares_its_stream_and_answers_its_fragment(name, per_round, fragment):
    session = make_reconciled_session(standings_public=True, results_public=True)
    tournament = session.round.tournament
    tournament.rounds.update(seating_published=True)
    url = reverse(name, args=[tournament.slug, 1] if per_round else [tournament.slug])
    page = Client().get(url).content.decode()
    version = _version(tournament)
    assert f'id="{fragment}"' in page and 'src="/static/tournament/live.js"' in page
    assert f'data-live="{_stream(tournament)}" data-version="{version}"' in page
    assert 'hx-trigger="zj:changed, every 60s"' in page
    part = Client().get(url, headers={"HX-Request": "true"})
    text = part.content.decode()
    assert "<html" not in text
    assert f'id="{fragment}"' in text and f'data-version="{version}"' in text
    # A fragment is asked for again on every change: no browser or proxy may keep it.
    assert "no-cache" in part["Cache-Control"] and "max-age" not in part["Cache-Control"]
    assert "max-age=15" in Client().get(url)["Cache-Control"]


def test_the_desk_grid_is_a_live_fragment(session):
    tournament = session.round.tournament
    client = Client()
    client.force_login(make_user())
    url = reverse("desk:round_desk", args=[tournament.slug, 1])
    page = client.get(url).content.decode()
    assert f'data-live="{_stream(tournament)}"' in page and 'id="session-grid"' in page
    _write(session)
    part = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert part.lstrip().startswith('<div class="session-grid"')
    assert f'data-version="{_version(tournament)}"' in part and "2 / " in part


def _sse_lines(server, path: str):
    """Read a stream from the real server: an iterator over its lines."""
    host, port = server.base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=WAIT)
    conn.request("GET", path)
    answer = conn.getresponse()
    assert answer.status == 200, answer.read()
    assert answer.getheader("Content-Type") == "text/event-stream"
    return conn, answer


def _read_event(answer) -> dict:
    lines = []
    while True:
        line = answer.readline().decode()
        if line in ("\n", ""):
            return Events._block("".join(lines))
        lines.append(line)


def _threads(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("Threads:")).split()[1])


@pytest.mark.slow
def test_under_uvicorn_with_redis_down_a_write_elsewhere_reaches_every_stream(session):
    """The deployment's shape: the ASGI server in its own process (a write in this process is
    seen at its watcher's tick), REDIS_URL pointing at nothing. Its open streams hold no
    thread each (`tournament.asgi`)."""
    tournament = session.round.tournament
    server = AsgiServer()
    server.env["REDIS_URL"] = f"redis://127.0.0.1:{_closed_port()}/0"
    with server:
        page = urllib.request.urlopen(
            server.base + reverse("public:standings", args=[tournament.slug])
        )
        assert page.status == 200
        streams = [_sse_lines(server, _stream(tournament)) for _ in range(STREAMS)]
        try:
            for _, answer in streams:
                assert _read_event(answer)["data"] == _version(tournament)
            assert _threads(server.process.pid) < STREAMS // 2
            _write(session)
            for _, answer in streams:
                assert _read_event(answer) == {"event": "version", "data": _version(tournament)}
        finally:
            for conn, _ in streams:
                conn.close()


# Warming (`tournament.web.live`, *warm*): the fragment an open page will fetch is built before the
# page is told of the new version.

WARMED: list[tuple[str, float]] = []


@dataclass(frozen=True)
class _Noted:
    """A warm that notes its name and when it ran."""

    name: str

    def __call__(self, version: str):
        WARMED.append((self.name, time.monotonic()))


async def _heard(listener, version: str) -> float:
    """When ``listener`` is handed ``version`` (the versions before it are passed over)."""
    deadline = time.monotonic() + WAIT
    while (await listener.next(timeout=max(deadline - time.monotonic(), 0.01))) != version:
        assert time.monotonic() < deadline, f"{version} never came"
    return time.monotonic()


def test_the_watcher_warms_each_listened_page_once_before_it_hands_the_version_on(
    session, monkeypatch
):
    tournament = session.round.tournament
    WARMED.clear()
    monkeypatch.setattr(live, "WARM_MOST", 2)
    warms = [_Noted("standings")] * 5 + [_Noted("projector")] * 2 + [_Noted("rare"), None]

    async def main():
        async with AsyncExitStack() as stack:
            listeners = [
                await stack.enter_async_context(live.listening(tournament.pk, warm))
                for warm in warms
            ]
            await asyncio.sleep(2 * live.TICK)  # the watcher has read the version once
            assert WARMED == []  # nothing moved: nothing to warm
            await sync_to_async(_write)(session)
            new = await sync_to_async(_version)(tournament)
            heard = [await _heard(listener, new) for listener in listeners]
        await _watchers_gone()
        return heard

    heard = in_a_thread(main)
    # Once each, the most listened first, no more than WARM_MOST, all before any listener heard.
    assert [name for name, _ in WARMED] == ["standings", "projector"]
    assert max(at for _, at in WARMED) < min(heard)


def test_a_warm_that_fails_still_lets_the_version_through(session):
    tournament = session.round.tournament

    def fails(version: str):
        raise RuntimeError("the cache is away")

    async def main():
        async with live.listening(tournament.pk, fails) as listener:
            await asyncio.sleep(2 * live.TICK)
            await sync_to_async(_write)(session)
            await _heard(listener, await sync_to_async(_version)(tournament))
        await _watchers_gone()

    in_a_thread(main)


def _fragment_queries(url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        answer = Client().get(url, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return len(queries)


def _moved(tournament) -> None:
    """The tournament's version moved on by a write in another process (the watcher's read)."""
    Tournament.objects.filter(pk=tournament.pk).update(
        last_write=F("last_write") + dt.timedelta(seconds=1)
    )


def test_a_spectators_stream_has_its_fragment_built_before_it_hears_the_version():
    session = make_reconciled_session(standings_public=True, results_public=True)
    tournament = session.round.tournament
    url = reverse("public:standings", args=[tournament.slug])

    async def main():
        response = await AsyncClient().get(_stream(tournament), {"page": url})
        events = Events(response.streaming_content)
        await events.next(timeout=WAIT)
        await asyncio.sleep(2 * live.TICK)
        await sync_to_async(_moved)(tournament)
        event = await events.next(timeout=WAIT)
        warmed = await sync_to_async(_fragment_queries)(url)  # the first fetch after the news
        again = await sync_to_async(_fragment_queries)(url)  # a kept answer, surely
        await events.close()
        await _watchers_gone()
        return event, warmed, again

    event, warmed, again = in_a_thread(main)
    assert event["data"] == _version(tournament)
    assert warmed == again
    _moved(tournament)  # a version nobody warmed: the first fetch builds it
    assert _fragment_queries(url) > warmed


@pytest.mark.parametrize(
    "page, logged_in, warmed",
    [
        ("{standings}", False, "{standings}"),
        ("{standings}?page=2&sort=-total", False, "{standings}?page=2&sort=-total"),
        ("{standings}", True, None),  # an official's pages are never kept
        ("{other}", False, None),  # another tournament's page
        ("https://elsewhere.example{standings}", False, None),
        ("//elsewhere.example{standings}", False, None),
        ("/t/{slug}/no-such-page/", False, None),
        ("/t/{slug}/desk/round/1/", False, None),  # not a public page
        ("/t/{slug}/live/", False, None),
        ("{standings}" + "x" * 600, False, None),
    ],
)
def test_only_a_spectators_public_page_of_the_tournament_is_warmed(page, logged_in, warmed):
    from django.test import RequestFactory

    from tournament.public.views.live import _fragment_warm
    from tournament.web.pagewarm import FragmentWarm

    tournament = make_tournament()
    other = make_tournament()
    names = {
        "slug": tournament.slug,
        "standings": reverse("public:standings", args=[tournament.slug]),
        "other": reverse("public:standings", args=[other.slug]),
    }
    request = RequestFactory().get(_stream(tournament), {"page": page.format(**names)})
    user = make_user() if logged_in else AnonymousUser()
    expected = FragmentWarm(warmed.format(**names), "en") if warmed else None
    assert _fragment_warm(request, tournament, user) == expected


def test_behind_a_proxy_a_warm_asks_it_as_the_open_pages_will():
    """`pagewarm.FragmentWarm` with ``LIVE_WARM_URL``: one request to the proxy, with the headers
    its cache key is made of (the address, the version heard, the browser's languages)."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from tournament.web.pagewarm import FragmentWarm

    asked = []

    class Proxy(BaseHTTPRequestHandler):
        def do_GET(self):
            asked.append((self.path, {name.lower(): value for name, value in self.headers.items()}))
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    proxy = ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    warm = FragmentWarm("/t/open/standings/?page=2", "zh-hant", "zh-TW,zh;q=0.9")
    try:
        with override_settings(LIVE_WARM_URL=f"http://127.0.0.1:{proxy.server_port}"):
            assert warm("6614057299560") == 1
        proxy.shutdown()
        with override_settings(LIVE_WARM_URL=f"http://127.0.0.1:{_closed_port()}"):
            assert warm("6614057299561") == 0  # a proxy away: nothing warmed, nothing raised
    finally:
        proxy.server_close()
    [(path, headers)] = asked
    assert path == "/t/open/standings/?page=2"
    assert headers["hx-request"] == "true" and headers["x-live-version"] == "6614057299560"
    assert headers["accept-language"] == "zh-TW,zh;q=0.9" and "cookie" not in headers

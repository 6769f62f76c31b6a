"""The live streams' bound (issue 36, point 4; `tournament.asgi`, *bound*): one client address
holds at most ``LIVE_STREAMS_PER_ADDRESS`` open streams in a streams process, and the process at
most ``LIVE_STREAMS_PER_PROCESS``; past a bound the stream is refused before Django runs, with
429 (the address) or 503 (the process) and ``Retry-After``, and a stream that ends frees its
place. Behind the proxy the address is the one ``X-Forwarded-For`` names (the trusted proxy
count), so the phones of two venues are two addresses."""

import asyncio
import concurrent.futures
import http.client

import pytest
from django.urls import reverse

from tests.asgi_server import AsgiServer
from tests.tournament.builders import make_tournament
from tournament import asgi

WAIT = 30.0  # at most, for an answer: a bound against a hang, never asserted


class _Held:
    """A stand-in for Django's answer to an admitted stream: open until released."""

    def __init__(self):
        self.release = asyncio.Event()
        self.admitted = 0

    async def __call__(self, scope, receive, send):
        self.admitted += 1
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await self.release.wait()
        await send({"type": "http.response.body", "body": b""})


def _scope(address: str, forwarded: str | None = None, path: str = "/t/open/live/") -> dict:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
    return {"type": "http", "path": path, "client": (address, 50000), "headers": headers}


async def _ask(scope) -> list[dict]:
    sent = []

    async def receive():
        await asyncio.sleep(3600)

    async def send(message):
        sent.append(message)

    task = asyncio.ensure_future(asgi.application(scope, receive, send))
    for _ in range(100):  # until its answer has begun (or it is refused and done)
        if sent or task.done():
            break
        await asyncio.sleep(0)
    return sent, task


def run_apart(coroutine_function) -> None:
    """``asyncio.run`` in a thread of its own: a browser test that ran before in this process
    (tests/e2e, Playwright's sync API, session-scoped) leaves its event loop marked as running
    in the main thread, where ``asyncio.run`` refuses to start."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, coroutine_function()).result()


@pytest.fixture
def held(monkeypatch):
    stand_in = _Held()
    monkeypatch.setattr(asgi, "django_application", stand_in)
    monkeypatch.setattr(asgi, "streams", asgi.StreamBound())
    return stand_in


def _status(sent) -> int:
    return sent[0]["status"]


def _header(sent, name: bytes) -> bytes | None:
    return dict(sent[0]["headers"]).get(name)


def test_past_the_bound_of_an_address_its_streams_are_refused_with_429(held, settings):
    settings.LIVE_STREAMS_PER_ADDRESS = 3
    settings.LIVE_STREAMS_PER_PROCESS = 10
    settings.TRUSTED_PROXY_COUNT = 0

    async def run():
        opened = [await _ask(_scope("192.0.2.1")) for _ in range(3)]
        assert [_status(sent) for sent, _ in opened] == [200, 200, 200]
        refused, task = await _ask(_scope("192.0.2.1"))
        assert _status(refused) == 429 and _header(refused, b"retry-after") == b"60"
        assert task.done() and held.admitted == 3  # refused before Django ran
        other, _ = await _ask(_scope("192.0.2.2"))  # another address is not held back
        assert _status(other) == 200
        held.release.set()  # the streams end: their places are free again
        await asyncio.gather(*(task for _, task in opened))
        assert "192.0.2.1" not in asgi.streams.by_address
        again, _ = await _ask(_scope("192.0.2.1"))
        assert _status(again) == 200

    run_apart(run)


def test_past_the_bound_of_the_process_every_stream_is_refused_with_503(held, settings):
    settings.LIVE_STREAMS_PER_ADDRESS = 100
    settings.LIVE_STREAMS_PER_PROCESS = 4

    async def run():
        for n in range(4):
            sent, _ = await _ask(_scope(f"192.0.2.{n}"))
            assert _status(sent) == 200
        refused, _ = await _ask(_scope("192.0.2.99"))
        assert _status(refused) == 503 and _header(refused, b"retry-after") == b"15"
        held.release.set()

    run_apart(run)


def test_behind_the_proxy_the_bound_is_per_forwarded_address(held, settings):
    """Every stream reaches the process from the proxy's address: the bound counts the
    clients that ``X-Forwarded-For`` names (one trusted proxy), not the proxy."""
    settings.LIVE_STREAMS_PER_ADDRESS = 2
    settings.LIVE_STREAMS_PER_PROCESS = 100
    settings.TRUSTED_PROXY_COUNT = 1

    async def run():
        for venue in ("198.51.100.1", "198.51.100.2"):
            for _ in range(2):
                sent, _ = await _ask(_scope("127.0.0.1", forwarded=venue))
                assert _status(sent) == 200
        refused, _ = await _ask(_scope("127.0.0.1", forwarded="10.0.0.9, 198.51.100.1"))
        assert _status(refused) == 429  # a client's own X-Forwarded-For entry changes nothing
        held.release.set()

    run_apart(run)


def test_other_requests_are_not_counted(held, settings):
    settings.LIVE_STREAMS_PER_ADDRESS = 1

    async def run():
        for _ in range(3):
            sent, _ = await _ask(_scope("192.0.2.1", path="/t/open/standings/"))
            assert _status(sent) == 200
        held.release.set()

    run_apart(run)
    assert asgi.streams.open == 0


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_under_uvicorn_the_bound_refuses_the_next_stream_of_an_address():
    tournament = make_tournament()
    server = AsgiServer()
    server.env["DJANGO_LIVE_STREAMS_PER_ADDRESS"] = "3"
    path = reverse("public:live_stream", args=[tournament.slug])
    host, port = server.base.removeprefix("http://").split(":")
    with server:
        held = []
        try:
            for _ in range(3):
                conn = http.client.HTTPConnection(host, int(port), timeout=WAIT)
                conn.request("GET", path)
                answer = conn.getresponse()
                assert answer.status == 200 and answer.readline().startswith(b"retry:")
                held.append(conn)
            conn = http.client.HTTPConnection(host, int(port), timeout=WAIT)
            conn.request("GET", path)
            answer = conn.getresponse()
            assert answer.status == 429 and answer.getheader("Retry-After") == "60"
            assert answer.getheader("Content-Type") == "text/event-stream"
            assert b"retry: 60000" in answer.read()
            conn.close()
        finally:
            for conn in held:
                conn.close()

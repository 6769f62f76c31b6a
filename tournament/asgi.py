"""ASGI entry point: ``uvicorn tournament.asgi:application`` (``make run``, and the live
streams of a real event: docs/deployment.md). The pages work under it too; under WSGI
(`tournament.wsgi`) the live stream answers one event at a time instead of streaming.

Vocabulary: a *stream request* is a request for a tournament's live stream
(``/t/<slug>/live/``, `tournament.public.views.live`). Django gives every request a thread of
its own for its synchronous parts (the middleware, the loader), kept until the answer ends:
for a stream, as long as the page is open, so 1,000 open pages would hold 1,000 idle threads
(about 400 kB each). Stream requests share one thread instead (`STREAM_THREAD`): their
synchronous parts take a few milliseconds, once per connection.

*Bound*: a process holds at most ``LIVE_STREAMS_PER_PROCESS`` open streams, and at most
``LIVE_STREAMS_PER_ADDRESS`` from one client address (`logins.client_address`: the address
``DJANGO_TRUSTED_PROXY_COUNT`` proxies from the right of ``X-Forwarded-For``, else the
connection's). The address bound is generous, since a venue's phones share their router's
address. Past a bound the stream is refused before Django runs (no thread, no query): 429 (the
address) or 503 (the process) with ``Retry-After``; the browser's EventSource stops on it and
``static/tournament/live.js`` refreshes the page's fragments every 20 s instead, trying the
stream again after 30 s, 1, 2, then 5 minutes. The counts are the process's own (an address
may hold that many in each streams process).
"""

import os
import re
import warnings
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

from asgiref.sync import ThreadSensitiveContext
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

# WhiteNoise answers a static file with a file iterator, which Django reads in a thread under
# ASGI and warns about on every file; the files are small, and a real event's proxy serves them.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators"
)

django_application = get_asgi_application()

from django.conf import settings  # noqa: E402 - once Django is set up

from .logins import client_address  # noqa: E402

STREAM_PATH = re.compile(r"/t/[^/]+/live/$")
STREAM_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zj-streams")


#: Seconds a refused stream is asked to wait (``Retry-After``): the address's, the process's.
ADDRESS_RETRY_SECONDS = 60
PROCESS_RETRY_SECONDS = 15


class StreamBound:
    """The open streams of this process, in all and per address (see *bound*)."""

    def __init__(self) -> None:
        self.open = 0
        self.by_address: Counter[str] = Counter()

    def refusal(self, address: str) -> tuple[int, int] | None:
        """(status, seconds to wait) when a stream from ``address`` would pass a bound."""
        most = settings.LIVE_STREAMS_PER_PROCESS
        if most > 0 and self.open >= most:
            return 503, PROCESS_RETRY_SECONDS
        most = settings.LIVE_STREAMS_PER_ADDRESS
        if most > 0 and self.by_address[address] >= most:
            return 429, ADDRESS_RETRY_SECONDS
        return None

    def enter(self, address: str) -> None:
        self.open += 1
        self.by_address[address] += 1

    def leave(self, address: str) -> None:
        self.open -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]


streams = StreamBound()


def stream_address(scope) -> str:
    """The client address of a stream request (`logins.client_address`, from the scope)."""
    headers = {}
    for name, value in scope.get("headers") or ():
        if name == b"x-forwarded-for":
            headers["HTTP_X_FORWARDED_FOR"] = value.decode("latin-1")
    client = scope.get("client") or ("", 0)
    meta = {"REMOTE_ADDR": client[0] or "", **headers}
    return client_address(SimpleNamespace(META=meta)) or ""


async def _refuse(send, status: int, seconds: int) -> None:
    body = (
        f"retry: {seconds * 1000}\n: too many live streams "
        f"{'from this address' if status == 429 else 'on this server'}\n\n"
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/event-stream"),
                (b"retry-after", str(seconds).encode()),
                (b"cache-control", b"no-store"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def application(scope, receive, send):
    if scope["type"] == "http" and STREAM_PATH.search(scope["path"]):
        address = stream_address(scope)
        refused = streams.refusal(address)
        if refused:
            return await _refuse(send, *refused)
        streams.enter(address)
        try:
            async with ThreadSensitiveContext(executor=STREAM_THREAD):
                return await django_application(scope, receive, send)
        finally:
            streams.leave(address)
    return await django_application(scope, receive, send)

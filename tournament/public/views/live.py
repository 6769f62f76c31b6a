"""The live stream: a tournament's versions as Server-Sent Events, for pages that update
themselves (`static/tournament/live.js`).

Vocabulary
----------
stream      ``GET /t/<slug>/live/``: ``text/event-stream`` whose events are all ``version``
            events, whose data is the tournament's version (`tournament.live`): one at once,
            one each time the version moves on, and the newest again every `HEARTBEAT`
            seconds (the heartbeat: it keeps proxies from closing an idle connection, tells
            the page the stream is alive, and heals a message lost on the way). It carries no
            other data; the page fetches its fresh fragment itself. Hidden tournaments answer
            404 as their pages do (`release.public_stream`); officials' desk pages use the
            same stream.
retry       the ``retry:`` hint: how long a browser waits before it reconnects, spread
            between 2 and 6 s so that a restarted server is not asked by every page at once.
lifetime    a stream ends after about a quarter of an hour (`LIFETIME`, spread too) and the
            browser reconnects: connections even out over the processes, and a tournament
            hidden meanwhile stops being streamed.
one answer  under WSGI (a gunicorn sync worker, the test client) a stream would hold a worker
            for as long as it is open, so the answer is one event and the end, with a retry
            of 20 s: the browser then asks again, a slow poll.
"""

from __future__ import annotations

import asyncio
import random

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from ... import live
from ...release import public_stream

HEARTBEAT = 15.0
LIFETIME = 15 * 60.0
ONE_ANSWER_RETRY_MS = 20_000


def _event(version: str) -> bytes:
    return f"event: version\ndata: {version}\n\n".encode()


def _headers(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-cache, no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


async def _events(tournament_id: int, version: str):
    # Whatever the middleware opened on this request's thread is closed: an open stream holds
    # no database connection (the watcher reads for all of them).
    await sync_to_async(connections.close_all)()
    loop = asyncio.get_running_loop()
    end = loop.time() + LIFETIME * random.uniform(0.8, 1.2)
    async with live.listening(tournament_id) as listener:
        yield f"retry: {random.randint(2000, 6000)}\n".encode() + _event(version)
        while loop.time() < end:
            newer = await listener.next(timeout=HEARTBEAT)
            if newer is None or newer != version:
                version = newer or version
                yield _event(version)


@require_GET
@public_stream
async def live_stream(request, tournament):
    version = live.version_of(tournament.last_write)
    if not isinstance(request, ASGIRequest):
        body = f"retry: {ONE_ANSWER_RETRY_MS}\n".encode() + _event(version)
        return _headers(HttpResponse(body, content_type="text/event-stream"))
    events = _events(tournament.pk, version)
    return _headers(StreamingHttpResponse(events, content_type="text/event-stream"))

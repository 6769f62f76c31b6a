"""The live stream: a tournament's versions as Server-Sent Events, for pages that update
themselves (`static/tournament/live.js`).

Vocabulary
----------
stream      ``GET /t/<slug>/live/``: ``text/event-stream`` whose events are all ``version``
            events, whose data is the tournament's version (`tournament.web.live`): one at once,
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
page        ``?page=``: the address of the live fragment the open page will fetch (its path and
            query string, as the fragment's ``hx-get`` says). A spectator's stream (not logged
            in) hands the watcher a warm of it in the viewer's language
            (`pagewarm.FragmentWarm`, *warm* in `tournament.web.live`), so that the fragment is
            built before the page is told to fetch it. Only a public page of the same
            tournament is warmed; anything else is ignored, and so is an official's page
            (theirs are never kept).
one answer  under WSGI (a gunicorn sync worker, the test client) a stream would hold a worker
            for as long as it is open, so the answer is one event and the end, with a retry
            of 20 s: the browser then asks again, a slow poll.
"""

from __future__ import annotations

import asyncio
import random
from urllib.parse import urlsplit

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import HttpResponse, StreamingHttpResponse
from django.urls import Resolver404, resolve
from django.utils import translation
from django.views.decorators.http import require_GET

from ...release import public_stream
from ...web import live
from ...web.pagewarm import FragmentWarm

HEARTBEAT = 15.0
LIFETIME = 15 * 60.0
ONE_ANSWER_RETRY_MS = 20_000
PAGE_MOST_CHARACTERS = 500


def _event(version: str) -> bytes:
    return f"event: version\ndata: {version}\n\n".encode()


def _headers(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-cache, no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def _fragment_warm(request, tournament, user) -> FragmentWarm | None:
    """The warm of the page the stream was opened for (see *page*), or None."""
    page = request.GET.get("page", "")
    if not page or len(page) > PAGE_MOST_CHARACTERS:
        return None
    if user.is_authenticated or settings.SESSION_COOKIE_NAME in request.COOKIES:
        return None
    address = urlsplit(page)
    if address.scheme or address.netloc or not address.path.startswith(f"/t/{tournament.slug}/"):
        return None
    try:
        match = resolve(address.path)
    except Resolver404:
        return None
    if match.kwargs.get("slug") != tournament.slug or not hasattr(match.func, "release_rule"):
        return None
    if match.func is live_stream:
        return None
    query = f"?{address.query}" if address.query else ""
    return FragmentWarm(
        address.path + query,
        translation.get_language(),
        request.headers.get("Accept-Language", "")[:PAGE_MOST_CHARACTERS],
    )


async def _events(tournament_id: int, version: str, warm: FragmentWarm | None):
    # Whatever the middleware opened on this request's thread is closed: an open stream holds
    # no database connection (the watcher reads for all of them).
    await sync_to_async(connections.close_all)()
    loop = asyncio.get_running_loop()
    end = loop.time() + LIFETIME * random.uniform(0.8, 1.2)
    async with live.listening(tournament_id, warm) as listener:
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
    warm = _fragment_warm(request, tournament, await request.auser())
    events = _events(tournament.pk, version, warm)
    return _headers(StreamingHttpResponse(events, content_type="text/event-stream"))

"""Warming: a release fills the cache before the phones ask for the standings.

Vocabulary
----------
release     an organiser's change to what the public sees of the standings (making them
            public, fewer silent rounds, ...: `tournament.event.services`), the moment a hall
            of phones and the projector ask for the standings together.
warm        right after the release's transaction commits (``transaction.on_commit``), the
            standings answers a spectator would ask for next are asked for here, once, as an
            anonymous GET through the site's own middleware and views, so they are built for
            the new version and kept (`tournament.web.pagecache`) exactly as a spectator's
            request would keep them: the standings page, the projector's standings, each also
            as the live fragment that open pages fetch (htmx), and the API's standings for
            every origin the API was asked on lately (`pagecache.origins_noted`; its answers
            hold absolute links, so each origin is an answer of its own).
languages   the kept answers are per language: the warm builds each of
            ``settings.PAGE_CACHE_WARM_LANGUAGES`` (default: ``LANGUAGE_CODE`` alone).
fragment warm
            `FragmentWarm`: one live page's fragment in one language, at a new version. The
            live stream hands one to the watcher for each spectator's open page
            (`tournament.web.live`), which runs it when the tournament's version moves on and
            before it tells the open pages, so that the fragment they all fetch next is built
            once, ahead of them. Behind a caching proxy (``settings.LIVE_WARM_URL``) it is asked
            for through the proxy exactly as the pages will ask (the version heard, the
            browser's ``Accept-Language``), so the proxy holds the answer before the first
            phone asks and none waits; without one it is built in this process's cache (the
            demo: one process serves the pages and the streams).

Why a release warms in the request and not in a background job: a warm builds a handful of
answers (about 50 ms at the demo size; see docs/architecture.md), and a job would be run by
another process, whose cache is its own with the default local-memory cache (so warming there
would warm nothing) and which starts it a poll later, after the phones. In the organiser's
request, after the commit, it warms the very process (or the shared Redis) the phones reach,
before the organiser's page comes back. A warm never fails a release or a stream: any error is
logged and ignored; with Django's dummy cache nothing is kept, so nothing is warmed.
"""

from __future__ import annotations

import io
import logging
import urllib.request
from dataclasses import dataclass
from functools import partial

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.core.handlers.base import BaseHandler
from django.core.handlers.wsgi import WSGIRequest
from django.db import transaction
from django.urls import reverse
from django.utils import translation

from .pagecache import origins_noted

logger = logging.getLogger(__name__)

#: The address the warm's requests come from (TEST-NET-1: never a real client), so the API's
#: anonymous throttle counts them apart from every visitor.
WARM_ADDRESS = "192.0.2.1"

#: The pages warmed, each as a whole page and as its live fragment.
PAGES = ("public:standings", "public:projector_standings")
API = "api:standings"

_handler: BaseHandler | None = None


def standings_warm_on_commit(slug: str) -> None:
    """Warm the standings of the tournament ``slug`` once the current transaction commits
    (at once outside one); nothing with the dummy cache."""
    if isinstance(caches["default"], DummyCache):
        return
    transaction.on_commit(partial(standings_warm, slug), robust=True)


def warm_languages() -> list[str]:
    """The languages a release warms: those of ``PAGE_CACHE_WARM_LANGUAGES`` the site offers
    (``LANGUAGES``), or the site's own language."""
    offered = {code for code, _ in settings.LANGUAGES}
    asked = getattr(settings, "PAGE_CACHE_WARM_LANGUAGES", None) or []
    return [code for code in asked if code in offered] or [settings.LANGUAGE_CODE]


def standings_warm(slug: str) -> int:
    """Ask for the standings answers of ``slug`` as a spectator would (see the module
    docstring), so they are built and kept; the number answered 200. Never raises."""
    warmed = 0
    try:
        asks = [(reverse(name, args=[slug]), fragment) for name in PAGES for fragment in (0, 1)]
        api = reverse(API, args=[slug])
        for language in warm_languages():
            with translation.override(language):
                for path, fragment in asks:
                    warmed += _ask(path, language, fragment=bool(fragment))
                for origin in origins_noted():
                    warmed += _ask(api, language, origin=origin, accept="application/json")
    except Exception:  # noqa: BLE001 - a warm must never fail the release it follows
        logger.exception("Warming the standings of %s failed", slug)
    return warmed


@dataclass(frozen=True)
class FragmentWarm:
    """Warm the live fragment at ``address`` (a path and its query string, already checked to
    be a public page of the tournament) in ``language``, for a browser that says
    ``accept_language`` (see *fragment warm*)."""

    address: str
    language: str
    accept_language: str = ""

    def __call__(self, version: str) -> int:
        if settings.LIVE_WARM_URL:
            return _ask_the_proxy(self.address, version, self.accept_language)
        if isinstance(caches["default"], DummyCache):
            return 0
        path, _, query = self.address.partition("?")
        with translation.override(self.language):
            return _ask(path, self.language, fragment=True, query=query)


#: Seconds a warm through the proxy may take before it is given up (the version is then told).
PROXY_TIMEOUT = 5.0


def _ask_the_proxy(address: str, version: str, accept_language: str) -> int:
    headers = {"HX-Request": "true", "X-Live-Version": version}
    if accept_language:
        headers["Accept-Language"] = accept_language
    ask = urllib.request.Request(settings.LIVE_WARM_URL + address, headers=headers)
    try:
        with urllib.request.urlopen(ask, timeout=PROXY_TIMEOUT) as answer:
            answer.read()
            return 1 if answer.status == 200 else 0
    except OSError as error:  # refused, timed out, or an HTTP error status
        logger.info("Warming %s through the proxy failed: %s", address, error)
        return 0


def _ask(
    path: str, language: str, *, fragment=False, origin="", accept="text/html", query=""
) -> int:
    scheme, _, host = origin.partition("://") if origin else ("https", "", _a_host())
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "SCRIPT_NAME": "",
        "QUERY_STRING": query,
        "SERVER_NAME": "localhost",  # unread: HTTP_HOST names the host
        "SERVER_PORT": "443" if scheme == "https" else "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": host,
        "HTTP_ACCEPT": accept,
        "HTTP_ACCEPT_LANGUAGE": language,
        "REMOTE_ADDR": WARM_ADDRESS,
        "wsgi.url_scheme": scheme,
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": io.StringIO(),
    }
    if fragment:
        environ["HTTP_HX_REQUEST"] = "true"
    response = _handler_ready().get_response(WSGIRequest(environ))
    if response.status_code != 200:
        logger.info("Warming %s%s answered %s", origin, path, response.status_code)
        return 0
    return 1


def _a_host() -> str:
    """A host name the site accepts (the pages' keys do not depend on it)."""
    for host in settings.ALLOWED_HOSTS:
        name = host.lstrip(".")
        if name and name != "*":
            return name
    return "localhost"


def _handler_ready() -> BaseHandler:
    """The site's middleware and views, loaded once per process (no request signals: the
    organiser's request is still open)."""
    global _handler
    if _handler is None:
        handler = BaseHandler()
        handler.load_middleware()
        _handler = handler
    return _handler

"""The public pages' cache: a page is built once per version of its tournament, not once per
spectator, and never served after the version moves on.

Vocabulary
----------
version     what a kept page was built from: the tournament's ``last_write`` (moved on by every
            audited write, `tournament.audit`) and the viewer kind, part of every key, so a
            write makes every kept page of the tournament unreachable at once (the entries then
            expire on their own; nothing has to be deleted).
key         `page_key`: the tournament, its version, the viewer kind, the language and the
            address (path and query string).
kept page   a whole answer of a view (status 200, not streamed, no cookie set), stored in
            Django's cache: each process's memory by default, Redis when ``REDIS_URL`` is set,
            so every web process shares it. A cache that does not answer is a miss.
single flight
            when many spectators miss the same key at once (a round released on 1,000 phones),
            one request builds the page while the others wait up to `WAIT_SECONDS` for it,
            instead of every worker building the same page together.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpResponse
from django.utils import translation

#: How long a kept page lives at most: a fresh version makes it unreachable long before.
KEEP_SECONDS = 600
#: Pages bigger than this are built for each request (a very large export, say).
MOST_BYTES = 2 * 1024 * 1024
#: How long a request waits for another one building the same page, and how often it looks.
WAIT_SECONDS = 3.0
WAIT_STEP = 0.05


def page_key(tournament_pk: int, version: str, address: str) -> str:
    """The key of a kept page (see the module docstring); the address is hashed, so any length
    and any character fit every cache backend."""
    digest = hashlib.sha256(address.encode()).hexdigest()[:32]
    return f"page:{tournament_pk}:{version}:{translation.get_language()}:{digest}"


def _keepable(response: HttpResponse) -> bool:
    return (
        response.status_code == 200
        and not getattr(response, "streaming", False)
        and getattr(response, "is_rendered", True)
        and not response.cookies
        and len(response.content) <= MOST_BYTES
    )


def _get(key: str):
    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 - a cache that fails is a miss, never an error page
        return None


def page_cached(key: str, build: Callable[[], HttpResponse], *, seconds: float) -> HttpResponse:
    """The kept page under ``key``, or ``build()``'s answer, kept for ``seconds`` when it may be
    (one builder at a time per key: see *single flight*)."""
    kept = _get(key)
    if kept is not None:
        return kept
    lock = f"{key}:building"
    try:
        building_here = cache.add(lock, 1, timeout=int(WAIT_SECONDS * 2))
    except Exception:  # noqa: BLE001
        building_here = True
    if not building_here:
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            time.sleep(WAIT_STEP)
            kept = _get(key)
            if kept is not None:
                return kept
            if _get(lock) is None:  # the builder gave up (an error, or a page not to keep)
                break
    try:
        response = build()
        if seconds > 0 and _keepable(response):
            try:
                cache.set(key, response, timeout=seconds)
            except Exception:  # noqa: BLE001
                pass
        return response
    finally:
        if building_here:
            try:
                cache.delete(lock)
            except Exception:  # noqa: BLE001
                pass

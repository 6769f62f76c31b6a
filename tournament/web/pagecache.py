"""The public answers' cache: a page or an API answer is built once per version of its
tournament, not once per spectator, and never served after the version moves on.

Vocabulary
----------
version     what a kept answer was built from: the tournament's ``last_write`` (moved on by
            every audited write, `tournament.audit`) and the viewer kind, part of every key, so
            a write makes every kept answer of the tournament unreachable at once (the entries
            then expire on their own; nothing has to be deleted).
known parameter
            a query parameter the view reads (`Param`), declared with the view. Only known
            parameters, each once and with its value made canonical, count in the key
            (`canonical_query`); anything else in a spectator's query string is dropped before
            the view runs, so ``?x=1``, ``?x=2``... are one key, not one key each, and a
            crawler cannot fill the cache. A *search* parameter (free text) makes the answer
            one visitor's question: it is built and not kept. However the known values are
            combined (a page number for every page size), at most `MOST_KEPT` answers are
            kept per version of a tournament; beyond that they are built and not kept.
key         `page_key`: the tournament, its version, the language, the address (path and
            canonical query string) and, for the API, the origin (scheme and host: its
            answers hold absolute links) and the negotiated media type.
kept answer a whole answer of a view (status 200, not streamed, no cookie set, rendered),
            stored in Django's cache: each process's memory by default, Redis when
            ``REDIS_URL`` is set, so every web process shares it. A cache that does not
            answer is a miss.
single flight
            when many spectators miss the same key at once (a round released on 1,000 phones),
            one request builds the answer while the others wait up to `WAIT_SECONDS` for it,
            instead of every worker building the same answer together.
origins     the origins the API's answers were built for (`origin_note`), a few kept in the
            cache, so a release can warm the API for them (`tournament.web.pagewarm`).
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

from django.core.cache import cache
from django.http import HttpResponse, QueryDict
from django.utils import translation

#: How long a kept answer lives at most: a fresh version makes it unreachable long before.
KEEP_SECONDS = 600
#: Answers bigger than this are built for each request (a very large export, say).
MOST_BYTES = 2 * 1024 * 1024
#: How long a request waits for another one building the same answer, and how often it looks.
WAIT_SECONDS = 3.0
WAIT_STEP = 0.05
#: How many answers one version of a tournament may keep (the backstop against flooding).
MOST_KEPT = 200
#: How many API origins are remembered for warming (`origin_note`).
MOST_ORIGINS = 4
ORIGINS_KEY = "pagecache:origins"

_WHOLE_NUMBER = re.compile(r"[0-9]{1,30}")


@dataclass(frozen=True)
class Param:
    """A known query parameter of a view and how its value is made canonical: one of
    ``choices``, a whole number from 1 to ``most`` (above it: ``most`` when ``clamp``, else
    absent), or free ``search`` text. A value that is none of these is absent (the view's
    default), as is a number with spaces or signs around it."""

    name: str
    most: int = 0
    clamp: bool = False
    choices: frozenset[str] = field(default_factory=frozenset)
    search: bool = False

    def canonical(self, value: str) -> str | None:
        if self.search:
            return value.strip() or None
        if value in self.choices:
            return value
        if self.most and _WHOLE_NUMBER.fullmatch(value):
            number = int(value)
            if 1 <= number <= self.most:
                return str(number)
            if number > self.most and self.clamp:
                return str(self.most)
        return None


def sort_param(columns: Iterable[str]) -> Param:
    """django-tables2's ``sort``: one of the columns, ascending or descending."""
    names = frozenset(columns)
    return Param("sort", choices=names | {f"-{name}" for name in names})


def canonical_query(query_string: str, params: Iterable[Param]) -> tuple[str, bool]:
    """The canonical query string of ``query_string`` (only the known ``params``, each once
    with its last value as Django reads it, made canonical, in the order of ``params``) and
    whether the answer may be kept (no search in it)."""
    known = {param.name: param for param in params}
    last = {}
    for name, value in parse_qsl(query_string, keep_blank_values=True):
        if name in known:
            last[name] = value
    kept, keepable = [], True
    for name, param in known.items():
        value = param.canonical(last[name]) if name in last else None
        if value is not None:
            kept.append((name, value))
            keepable = keepable and not param.search
    return urlencode(kept), keepable


def query_replace(request, query_string: str) -> None:
    """Make ``request`` (Django's, or REST framework's around it) read ``query_string`` alone:
    its ``GET`` and what its full path and absolute links say."""
    plain = getattr(request, "_request", request)
    plain.GET = QueryDict(query_string)
    plain.META["QUERY_STRING"] = query_string


def page_key(tournament_pk: int, version: str, path: str, query: str, extra: str = "") -> str:
    """The key of a kept answer (see the module docstring): ``query`` is the canonical query
    string, ``extra`` what else the answer depends on (the API's origin and media type). The
    address is hashed, so any length and any character fit every cache backend."""
    address = f"{extra}|{path}?{query}"
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


def page_cached(
    key: str,
    build: Callable[[], HttpResponse],
    *,
    seconds: float | Callable[[], float],
) -> HttpResponse:
    """The kept answer under ``key``, or ``build()``'s answer, kept for ``seconds`` (a number,
    or a function asked only when an answer is to be kept) when it may be (one builder at a
    time per key: see *single flight*)."""
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
            if _get(lock) is None:  # the builder gave up (an error, or an answer not to keep)
                break
    try:
        response = build()
        if _keepable(response):
            keep = seconds() if callable(seconds) else seconds
            if keep > 0 and _within_budget(key):
                try:
                    cache.set(key, response, timeout=keep)
                except Exception:  # noqa: BLE001
                    pass
        return response
    finally:
        if building_here:
            try:
                cache.delete(lock)
            except Exception:  # noqa: BLE001
                pass


def _within_budget(key: str) -> bool:
    """Count one more kept answer for the key's tournament and version: False past
    `MOST_KEPT` (a cache that fails counts nothing: nothing is kept in it either)."""
    counter = "kept:" + ":".join(key.split(":")[1:3])  # "page:<pk>:<version>:..."
    try:
        cache.add(counter, 0, timeout=KEEP_SECONDS)
        return cache.incr(counter) <= MOST_KEPT
    except Exception:  # noqa: BLE001 - gone between add and incr, or the cache is down
        return False


def origin_note(origin: str) -> None:
    """Remember that an API answer was built for ``origin`` (newest first, `MOST_ORIGINS`)."""
    try:
        seen = cache.get(ORIGINS_KEY) or []
        if seen[:1] != [origin]:
            seen = [origin, *(o for o in seen if o != origin)][:MOST_ORIGINS]
            cache.set(ORIGINS_KEY, seen, timeout=None)
    except Exception:  # noqa: BLE001
        pass


def origins_noted() -> list[str]:
    """The origins API answers were built for lately (see `origin_note`)."""
    seen = _get(ORIGINS_KEY)
    return list(seen) if isinstance(seen, list) else []

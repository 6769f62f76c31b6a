"""The health probe for load balancers and monitors: ``GET /healthz/``.

Vocabulary
----------
probe       a cheap request that says whether this web process can serve pages: it asks the
            database for one row and writes and reads one short-lived cache entry. It needs no
            log-in, is never cached, and tells nothing about any tournament.
up          the database answered: ``200`` with ``{"status": "ok", ...}``. A cache that does not
            answer (Redis down) is reported as ``"cache": "unavailable"`` but still ``200``: the
            pages are still served, reading the database instead.
down        the database did not answer: ``503``, so the balancer sends requests elsewhere.
"""

from __future__ import annotations

import secrets

from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_safe


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        return f"unavailable: {type(error).__name__}"
    return "ok"


def _cache() -> str:
    token = secrets.token_hex(8)
    key = f"healthz:{token}"
    try:
        cache.set(key, token, timeout=5)
        answered = cache.get(key)
        cache.delete(key)
    except Exception:  # noqa: BLE001 - any cache failure means "unavailable", never a 500
        answered = None
    return "ok" if answered == token else "unavailable"


@require_safe
def healthz(request):
    database = _database()
    up = database == "ok"
    response = JsonResponse(
        {"status": "ok" if up else "down", "database": database, "cache": _cache()},
        status=200 if up else 503,
    )
    add_never_cache_headers(response)
    return response

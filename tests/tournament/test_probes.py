"""What a deployment switches on by the environment: the health probe (`tournament.web.probes`),
the shared cache (``REDIS_URL``), error reporting (``SENTRY_DSN``) and pooled PostgreSQL
connections (``DJANGO_DB_POOL``).

Vocabulary: a *site process* is a fresh Python process with the test settings and the given
environment (settings are read once, at start), answering requests through Django's test client
and printing what it saw as JSON; the real Redis of this machine (127.0.0.1:6379) is used where
one answers, and a closed port stands for a Redis or a PostgreSQL that is down.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from django.urls import reverse

pytestmark = pytest.mark.slow  # a process of the site per test
ROOT = Path(__file__).resolve().parents[2]
CLOSED = "127.0.0.1:1"  # nothing listens on port 1


def site_process(tmp_path, code: str, **env: str) -> dict:
    """Run ``code`` in a site process (see the module docstring) and return what it printed."""
    program = textwrap.dedent(
        """
        import json, os, django
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
        django.setup()
        from django.test import Client
        client = Client(HTTP_HOST="localhost")
        """
    ) + textwrap.dedent(code)
    environment = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SENTRY_DSN")},
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        **env,
    }
    done = subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


PROBE = """
response = client.get("/healthz/")
print(json.dumps({"status": response.status_code, "body": response.json(),
                  "cache_control": response["Cache-Control"]}))
"""


@pytest.mark.django_db
def test_the_probe_answers_with_the_database_and_the_cache_and_is_never_cached(client):
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}
    assert "no-store" in response["Cache-Control"]
    assert client.post(reverse("healthz")).status_code == 405


def test_the_probe_says_down_with_503_when_the_database_does_not_answer(tmp_path):
    seen = site_process(tmp_path, PROBE, DATABASE_URL=f"postgres://postgres@{CLOSED}/none")
    assert seen["status"] == 503
    assert seen["body"]["status"] == "down"
    assert seen["body"]["database"].startswith("unavailable")


def test_the_probe_answers_plain_http_when_the_site_redirects_to_https(tmp_path):
    code = PROBE + textwrap.dedent(
        """
        page = client.get("/")
        print(json.dumps({"probe": response.status_code, "page": page.status_code}))
        """
    )
    seen = site_process(tmp_path, code, DJANGO_SECURE_SSL_REDIRECT="1", DJANGO_DEBUG="0")
    assert seen == {"probe": 200, "page": 301}


@pytest.mark.skipif(not redis_answers(), reason="no Redis at 127.0.0.1:6379")
def test_with_redis_every_process_shares_one_cache(tmp_path):
    url = "redis://127.0.0.1:6379/15"
    writer = textwrap.dedent(
        """
        from django.core.cache import cache
        cache.set("shared-by-processes", "written by the first process", 60)
        """
    )
    writer += PROBE
    first = site_process(tmp_path, writer, REDIS_URL=url)
    assert first["body"]["cache"] == "ok"
    reader = """
    from django.conf import settings
    from django.core.cache import cache
    print(json.dumps({"backend": settings.CACHES["default"]["BACKEND"],
                      "seen": cache.get("shared-by-processes")}))
    cache.delete("shared-by-processes")
    """
    second = site_process(tmp_path, reader, REDIS_URL=url)
    assert second == {
        "backend": "django_redis.cache.RedisCache",
        "seen": "written by the first process",
    }


def test_with_redis_down_pages_are_still_served_and_the_probe_says_so(tmp_path):
    code = """
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    from django.core.cache import cache
    cache.set("lost", "value", 60)  # a miss, not an error
    home = client.get("/")
    calculator = client.get("/calculator/")
    probe = client.get("/healthz/")
    print(json.dumps({"home": home.status_code, "calculator": calculator.status_code,
                      "probe": probe.status_code, "body": probe.json(),
                      "kept": cache.get("lost")}))
    """
    seen = site_process(tmp_path, code, REDIS_URL=f"redis://{CLOSED}/0")
    assert seen["home"] == 200 and seen["calculator"] == 200
    assert seen["probe"] == 200
    assert seen["body"] == {"status": "ok", "database": "ok", "cache": "unavailable"}
    assert seen["kept"] is None


def test_errors_are_reported_to_sentry_only_when_its_dsn_is_set(tmp_path):
    code = """
    import sentry_sdk
    client_ = sentry_sdk.get_client()
    print(json.dumps({"active": client_.is_active(),
                      "pii": bool(client_.options.get("send_default_pii"))}))
    """
    assert site_process(tmp_path, code) == {"active": False, "pii": False}
    seen = site_process(tmp_path, code, SENTRY_DSN="http://public@127.0.0.1:1/1")
    assert seen == {"active": True, "pii": False}


def postgres_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            return True
    except OSError:
        return False


@pytest.mark.skipif(not postgres_answers(), reason="no PostgreSQL at 127.0.0.1:5432")
def test_with_a_pool_many_threads_share_a_few_postgresql_connections(tmp_path):
    code = """
    import threading
    from django.db import connection
    pids = set()

    def read():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid(), pg_sleep(0.1)")
            pids.add(cursor.fetchone()[0])
        connection.close()  # back to the pool, as at the end of a request

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"pooled": connection.pool is not None, "connections": len(pids)}))
    """
    url = "postgres://postgres@127.0.0.1:5432/postgres"
    seen = site_process(tmp_path, code, DATABASE_URL=url, DJANGO_DB_POOL="2")
    assert seen["pooled"] and 1 <= seen["connections"] <= 2
    unpooled = site_process(tmp_path, code, DATABASE_URL=url)
    assert not unpooled["pooled"] and unpooled["connections"] > 2

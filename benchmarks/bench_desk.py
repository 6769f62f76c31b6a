"""``make bench-desk``: server time to preview and to save a hand at the judges' desk.

Vocabulary
----------
backend     a throwaway database: a SQLite file in a temporary directory, then PostgreSQL
            (``BENCH_PG_URL``, default ``postgres://postgres@127.0.0.1:5432``) when reachable.
trivial     a view that returns "ok" behind the same middleware and the desk's loader and role
            check: the floor every request pays.
preview     POST of the hand form to the htmx preview (parse, score, settle, render partial).
save        POST of the hand form to the session page (score again, save hand, four payments,
            audit line, redirect).

Each backend runs in a child process (settings read ``DATABASE_URL`` once), timing requests
with Django's test client; medians over ``--runs`` requests (default 200). Target: preview
under 10x the trivial view.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIG = "123m 123m 456m 789m 5m"


def child(runs: int) -> dict:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.http import HttpResponse
    from django.test import Client, override_settings
    from django.test.utils import setup_test_environment
    from django.urls import include, path, reverse

    from tests.tournament.builders import form_data, make_session, make_user
    from tournament.roles import JUDGE, tournament_page

    setup_test_environment()
    call_command("migrate", verbosity=0)

    @tournament_page(JUDGE)
    def trivial(request, tournament):
        return HttpResponse("ok")

    module = sys.modules[__name__]
    module.urlpatterns = [
        path("bench/<slug:slug>/trivial/", trivial),
        path("", include("tournament.urls")),
    ]

    session = make_session(hands_per_session=runs + 20)
    client = Client()
    client.force_login(make_user("judge"))
    args = [session.round.tournament.slug, 1, 1]
    trivial_url = f"/bench/{session.round.tournament.slug}/trivial/"
    preview_url = reverse("desk:hand_preview", args=args)
    session_url = reverse("desk:session_sheet", args=args)

    def timed(call) -> float:
        start = time.perf_counter()
        response = call()
        elapsed = (time.perf_counter() - start) * 1000
        assert response.status_code in (200, 302), response.status_code
        return elapsed

    with override_settings(ROOT_URLCONF=__name__):
        for _ in range(10):  # warm up caches, templates, connections
            client.get(trivial_url)
            client.post(preview_url, form_data(session, 1, tiles=BIG))
        trivial_ms = [timed(lambda: client.get(trivial_url)) for _ in range(runs)]
        preview_ms = [
            timed(lambda: client.post(preview_url, form_data(session, 1, tiles=BIG)))
            for _ in range(runs)
        ]
        save_ms = []
        for number in range(1, runs + 1):
            data = form_data(session, number, tiles=BIG)
            save_ms.append(timed(lambda data=data: client.post(session_url, data)))
    assert session.hands.count() == runs
    return {
        "backend": connection.vendor,
        "trivial": statistics.median(trivial_ms),
        "preview": statistics.median(preview_ms),
        "save": statistics.median(save_ms),
    }


def run_backend(url: str, runs: int) -> dict | None:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    done = subprocess.run(
        [sys.executable, __file__, "--child", "--runs", str(runs)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        print(done.stderr[-2000:], file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def postgres_url() -> tuple[str, callable] | None:
    base = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432").rstrip("/")
    try:
        import psycopg

        admin = psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=3)
    except Exception as error:  # noqa: BLE001 - any failure means "not reachable"
        print(f"PostgreSQL not reachable at {base}: {error}", file=sys.stderr)
        return None
    name = f"zj_bench_desk_{os.getpid()}"
    admin.execute(f'CREATE DATABASE "{name}"')

    def drop():
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()

    return f"{base}/{name}", drop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        print(json.dumps(child(options.runs)))
        return
    results = []
    with tempfile.TemporaryDirectory() as folder:
        results.append(run_backend(f"sqlite:///{folder}/bench.sqlite3", options.runs))
    pg = postgres_url()
    if pg is not None:
        url, drop = pg
        try:
            results.append(run_backend(url, options.runs))
        finally:
            drop()
    print(f"Judges' desk, medians over {options.runs} requests (Django test client, ms)")
    header = f"{'backend':<22}{'trivial':>9}{'preview':>9}{'save':>9}{'preview/trivial':>17}"
    print(header + f"{'save/trivial':>14}")
    for row in filter(None, results):
        print(
            f"{row['backend']:<22}{row['trivial']:>9.2f}{row['preview']:>9.2f}{row['save']:>9.2f}"
            f"{row['preview'] / row['trivial']:>16.1f}x{row['save'] / row['trivial']:>13.1f}x"
        )
    if not all(results):
        sys.exit(1)


if __name__ == "__main__":
    main()

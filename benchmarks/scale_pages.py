"""Page timings at world-championship scale: each page against a bare SQL sum in the same run.

Vocabulary
----------
played event    `bench_standings.build_event(400, 10, 16)`: 400 players, 10 rounds, 16,000
                hands and 64,000 payments in bulk rows, every session reconciled.
before play     `build_before_play(400, 10)`: the same roster with all 10 rounds seated and
                published and no hand entered (the seating, dashboard and check-in pages as the
                organiser sees them the evening before).
page            a `Page`: a name, which event it reads, who asks (``public``, ``judge``,
                ``organiser``) and how to build its address from the event.
bare sum        `bench_standings.BARE_SQL`: one query summing every payment of the played event
                per player, timed in the same run so that the ratio survives a busy machine.

Interface (for ``make bench-scale``)
-----------------------------------
``PAGES``                           the list of `Page`s.
``build_events()``                  ``{"played": Event, "before_play": Event}``, built through
                                    the services (call after ``django.setup()`` and migrate).
``page_timings(events, runs=5)``    one dict per page: ``name``, ``ms`` (median of ``runs``
                                    requests after two warm-ups), ``queries``, ``bytes``,
                                    ``ratio`` (to the bare sum of the same run) and ``bare_ms``.
``bare_sum_ms(tournament, runs)``   the median of the bare sum.

Run alone: ``python benchmarks/scale_pages.py [--runs 5] [--sqlite-only]`` prints the table for
SQLite and, when reachable, PostgreSQL (``BENCH_PG_URL``), each backend in a child process.
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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass
class Event:
    tournament: object
    people: list


class Page(NamedTuple):
    name: str
    event: str  # "played" or "before_play"
    role: str  # "public", "judge" or "organiser"
    address: Callable[[Event], str]


def _url(name: str, *extra) -> Callable[[Event], str]:
    from django.urls import reverse

    def address(event: Event) -> str:
        args = [event.tournament.slug, *(e(event) if callable(e) else e for e in extra)]
        return reverse(name, args=args)

    return address


def _eighth_player(event: Event) -> int:
    return event.people[7].pk


PAGES: list[Page] = [
    Page("standings CSV", "played", "public", _url("exports:standings_export", "csv")),
    Page("standings XLSX", "played", "public", _url("exports:standings_export", "xlsx")),
    Page("health", "played", "judge", _url("desk:tournament_health")),
    Page("players list", "played", "public", _url("public:player_list")),
    Page("player page", "played", "public", _url("public:player_detail", _eighth_player)),
    Page("desk round", "played", "judge", _url("desk:round_desk", 1)),
    Page("seating overview", "before_play", "organiser", _url("seating:seating_overview")),
    Page("dashboard", "before_play", "organiser", _url("event:dashboard")),
    Page("check-in", "before_play", "organiser", _url("event:checkin")),
    Page("seating round 1", "before_play", "organiser", _url("seating:seating_round", 1)),
]


def build_before_play(players: int, rounds: int, seed: int = 3) -> Event:
    """A roster with every round seated and published through the services, no hand entered."""
    import datetime
    import random

    from tournament.event import services as event_services
    from tournament.models import Round, Tournament
    from tournament.seating.services import round_seat, seating_publish

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        name=f"Before play {players}x{rounds}",
        slug=f"before-play-{players}-{rounds}",
        start_date=datetime.date(2026, 7, 1),
        end_date=datetime.date(2026, 7, 3),
        hands_per_session=16,
    )
    roster = [
        event_services.RosterEntry(name=f"Seated {i:04d}", country="DK", external_id="")
        for i in range(1, players + 1)
    ]
    people = [
        reg.player
        for reg in event_services.tournament_register(tournament=tournament, roster=roster)
    ]
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(tournament=tournament, number=number)
        order = people[:]
        rng.shuffle(order)
        round_seat(
            round_=round_,
            seat_rows=[(i // 4 + 1, "ESWN"[i % 4], p) for i, p in enumerate(order)],
        )
        seating_publish(round_=round_)
    return Event(tournament, people)


def build_events(players: int = 400, rounds: int = 10, hands: int = 16) -> dict[str, Event]:
    from django.db import connection

    from benchmarks.bench_standings import build_event

    played = Event(*build_event(players, rounds, hands, seed=1))
    events = {"played": played, "before_play": build_before_play(players, rounds)}
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # as autovacuum would after a day of entries
            cursor.execute("ANALYZE")
    return events


def bare_sum_ms(tournament, runs: int = 5) -> float:
    from django.db import connection

    from benchmarks.bench_standings import BARE_SQL

    times = []
    with connection.cursor() as cursor:
        for _ in range(runs):
            start = time.perf_counter()
            cursor.execute(BARE_SQL, [tournament.pk])
            cursor.fetchall()
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _clients():
    from django.test import Client

    from tests.tournament.builders import make_user

    clients = {"public": Client()}
    for role, kind in (("judge", "head"), ("organiser", "superuser")):
        clients[role] = Client()
        clients[role].force_login(make_user(kind, name=f"scale-pages-{role}-{time.time_ns()}"))
    return clients


def _body_size(response) -> int:
    if getattr(response, "streaming", False):
        return sum(len(chunk) for chunk in response.streaming_content)
    return len(response.content)


def page_timings(events: dict[str, Event], runs: int = 5, pages=None) -> list[dict]:
    """Each page's median time, query count and size; the bare sum is timed between pages."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournament.standings.selectors import boards_forget

    clients = _clients()
    played = events["played"].tournament
    rows = []
    for page in pages or PAGES:
        client, url = clients[page.role], page.address(events[page.event])
        for _ in range(2):
            _body_size(client.get(url))
        times = []
        for _ in range(runs):
            boards_forget()  # every request builds what it shows, as the first after a write
            start = time.perf_counter()
            response = client.get(url)
            size = _body_size(response)
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, (page.name, url, response.status_code)
        boards_forget()
        with CaptureQueriesContext(connection) as queries:
            _body_size(client.get(url))
        ms, bare = statistics.median(times), bare_sum_ms(played, runs)
        rows.append(
            {
                "name": page.name,
                "ms": ms,
                "queries": len(queries),
                "bytes": size,
                "bare_ms": bare,
                "ratio": ms / bare,
            }
        )
    return rows


def child(runs: int, only: str = "") -> dict:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    events = build_events()
    built = time.perf_counter() - start
    return {
        "backend": connection.vendor,
        "build_s": built,
        "pages": page_timings(events, runs, _chosen(only)),
    }


def _chosen(only: str) -> list[Page]:
    """The pages whose names contain one of the comma-separated words of ``only`` (all when
    empty)."""
    words = [w.strip().lower() for w in only.split(",") if w.strip()]
    return [p for p in PAGES if not words or any(w in p.name.lower() for w in words)]


def _run_backend(url: str, runs: int, only: str = "") -> dict | None:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    done = subprocess.run(
        [sys.executable, __file__, "--child", "--runs", str(runs), "--only", only],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        print(done.stderr[-3000:], file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def report(result: dict) -> None:
    print(f"\n{result['backend']} (events built in {result['build_s']:.0f} s)")
    print(f"{'page':<18}{'ms':>9}{'bare ms':>9}{'ratio':>7}{'queries':>9}{'KB':>8}")
    for row in result["pages"]:
        print(
            f"{row['name']:<18}{row['ms']:>9.1f}{row['bare_ms']:>9.1f}{row['ratio']:>6.1f}x"
            f"{row['queries']:>9}{row['bytes'] / 1024:>8.1f}"
        )


def postgres_url(name: str = "zj_speedpages_bench"):
    """A fresh PostgreSQL database ``name`` at ``BENCH_PG_URL`` and a function that drops it,
    or None when the server is not reachable."""
    base = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432").rstrip("/")
    try:
        import psycopg

        admin = psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=3)
    except Exception as error:  # noqa: BLE001 - any failure means "not reachable"
        print(f"PostgreSQL not reachable at {base}: {error}", file=sys.stderr)
        return None
    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin.execute(f'CREATE DATABASE "{name}"')

    def drop():
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()

    return f"{base}/{name}", drop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--only", default="", help="comma-separated words of page names")
    options = parser.parse_args()
    if options.child:
        print(json.dumps(child(options.runs, options.only)))
        return
    load = os.getloadavg()
    print(f"Pages at 400 players, medians of {options.runs} requests; load {load[0]:.1f}")
    results = []
    with tempfile.TemporaryDirectory() as folder:
        results.append(
            _run_backend(f"sqlite:///{folder}/pages.sqlite3", options.runs, options.only)
        )
        report(results[-1]) if results[-1] else None
    pg = None if options.sqlite_only else postgres_url()
    if pg is not None:
        url, drop = pg
        try:
            results.append(_run_backend(url, options.runs, options.only))
            report(results[-1]) if results[-1] else None
        finally:
            drop()
    if not all(results):
        sys.exit(1)


if __name__ == "__main__":
    main()

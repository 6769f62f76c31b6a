"""The kept answers' worth: the public standings (API and page) cold and kept, and the warm a
release costs.

Vocabulary
----------
cold        the first anonymous request after a write: the cache and the kept boards emptied
            first, so the view ranks the tournament and renders its answer.
kept        the next anonymous request: the kept answer (`tournament.web.pagecache`), after one
            query for the tournament's version.
warm        `tournament.web.pagewarm.standings_warm` after emptying the same: what a release adds
            to the organiser's request.

Run: ``python benchmarks/bench_api_cache.py [--runs 9]`` builds the demo event in a throwaway
SQLite database; with ``DATABASE_URL`` pointing at a database that already holds an event (a
copy of ``make bench-scale``'s cached one, say) and ``--slug``, it measures that event instead.
Times are medians (and the best run) in ms, in this process, through Django's test client (no
network).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--slug", help="an event already in DATABASE_URL (default: the demo)")
    options = parser.parse_args()
    if not options.slug:
        folder = tempfile.mkdtemp(prefix="zj-bench-api-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/demo.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment
    from django.urls import reverse

    from tournament.models import Tournament
    from tournament.standings.selectors.board import boards_forget
    from tournament.web import pagewarm

    setup_test_environment()
    if options.slug:
        tournament = Tournament.objects.get(slug=options.slug)
    else:
        from tournament.demo.event import demo_load

        call_command("migrate", verbosity=0)
        tournament, _ = demo_load()
    players = tournament.registrations.count()
    print(f"{tournament.slug}: {players} players, {connection.vendor}, {options.runs} runs")

    def forget():
        cache.clear()
        boards_forget()

    def timed(url, *, cold: bool) -> tuple[float, int, int]:
        client = Client()
        if not cold:
            client.get(url)
        times = []
        for _ in range(options.runs):
            if cold:
                forget()
            with CaptureQueriesContext(connection) as queries:
                start = time.perf_counter()
                answer = client.get(url)
                times.append((time.perf_counter() - start) * 1000)
            assert answer.status_code == 200, (url, answer.status_code)
        return statistics.median(times), min(times), len(queries), len(answer.content)

    for name in ("api:standings", "public:standings"):
        url = reverse(name, args=[tournament.slug])
        cold_ms, cold_best, cold_q, size = timed(url, cold=True)
        kept_ms, kept_best, kept_q, _ = timed(url, cold=False)
        print(
            f"{name:18} cold {cold_ms:7.1f} ms (best {cold_best:6.1f}, {cold_q:3} queries)   "
            f"kept {kept_ms:6.2f} ms (best {kept_best:5.2f}, {kept_q} query)   "
            f"{size / 1024:.0f} kB"
        )
    Client().get(reverse("api:tournament_detail", args=[tournament.slug]))  # an API origin
    warms = []
    for _ in range(options.runs):
        origins = cache.get("pagecache:origins")
        forget()
        cache.set("pagecache:origins", origins)
        start = time.perf_counter()
        answered = pagewarm.standings_warm(tournament.slug)
        warms.append((time.perf_counter() - start) * 1000)
    print(f"release warm       {statistics.median(warms):7.1f} ms ({answered} answers kept)")


if __name__ == "__main__":
    main()

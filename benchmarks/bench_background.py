"""``make bench-background``: the standings PDF of a 400-player event (14 pages) asked for with
a worker running. The request only queues the job; the worker makes the PDF.

Vocabulary
----------
ask         the organiser's GET of ``standings.pdf``: it finds or makes the job and answers a
            redirect to the job's page. Timed for the first ask (a new job) and for 20 asks
            more at the same version (the same job, `tournament.jobs.services.asking.job_request`).
worker      ``manage.py db_worker`` in a process of its own on the same database, as
            ``make run`` starts it; *made* is the job's time from asked to done.
poll        the job page's status fragment, asked every 100 ms while the worker makes the PDF
            (what the page's htmx does every second): the web stays quick meanwhile.
in request  the same PDF made inside the request, as before the jobs (a page limit so high
            that nothing is long), for comparison.

Run: ``python benchmarks/bench_background.py [--players 400] [--database URL]``. Without
``--database`` the event is built (`bench_standings.build_event(players, 10, 16)`) in a
throwaway SQLite file; with it, the URL's database must hold a tournament ``bench-<players>``
built so (``make bench-scale`` keeps one in ``.bench-cache/``: use a copy, the run writes jobs).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--database", help="DATABASE_URL holding bench-<players> already")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="zj-bench-background-"))
    database = options.database or f"sqlite:///{folder / 'bench.sqlite3'}"
    env = {
        "DATABASE_URL": database,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DJANGO_TASKS_BACKEND": "database",
        "DJANGO_MEDIA_ROOT": str(folder / "media"),
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    setup_test_environment()  # the test client's host name

    from tests.tournament.builders import make_user
    from tournament.models import Job, Tournament

    call_command("migrate", verbosity=0)
    slug = f"bench-{options.players}"
    if not Tournament.objects.filter(slug=slug).exists():
        from benchmarks.bench_standings import build_event

        started = time.perf_counter()
        build_event(options.players, 10, 16, seed=1)
        print(f"built {slug} in {time.perf_counter() - started:.0f} s", flush=True)
    tournament = Tournament.objects.get(slug=slug)
    client = Client()
    client.force_login(make_user("superuser", name=f"bench-background-{time.time_ns()}"))
    address = reverse("printing:printout_download", args=[slug, "standings"])
    client.get(reverse("console:printouts", args=[slug]))  # warm the URL conf and templates

    worker = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.1"],
        cwd=ROOT,
        env={**os.environ, **env},
        start_new_session=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        time.sleep(3)  # the worker's start-up
        Job.objects.filter(tournament=tournament).delete()
        started = time.perf_counter()
        answer = client.get(address)
        first_ms = (time.perf_counter() - started) * 1000
        assert answer.status_code == 302, answer.status_code
        job = Job.objects.get(tournament=tournament)
        asks = []
        for _ in range(20):
            started = time.perf_counter()
            client.get(address)
            asks.append((time.perf_counter() - started) * 1000)
        status = reverse("printing:printout_job", args=[slug, job.pk])
        polls = []
        while True:
            started = time.perf_counter()
            client.get(status, HTTP_HX_REQUEST="true")
            polls.append((time.perf_counter() - started) * 1000)
            job.refresh_from_db()
            if not job.pending:
                break
            time.sleep(0.1)
        assert job.state == "done", job.error
        made_s = (job.finished_at - job.created_at).total_seconds()
        rendering_s = (job.finished_at - job.started_at).total_seconds()
        jobs = Job.objects.filter(tournament=tournament).count()
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(timeout=60)

    settings.PRINT_IMMEDIATE_PAGES = 10_000
    from tournament.standings.selectors.board import boards_forget

    boards_forget()
    started = time.perf_counter()
    inline = client.get(address)
    inline_s = time.perf_counter() - started
    assert inline["Content-Type"] == "application/pdf"

    load = os.getloadavg()
    print(f"{options.players} players, standings PDF; load {load[0]:.1f} {load[1]:.1f}")
    print(f"  first ask (a new job)          {first_ms:8.1f} ms")
    print(f"  20 asks more, same version     {statistics.median(asks):8.1f} ms median")
    print(f"  jobs made for the 21 asks      {jobs:8d}")
    print(f"  status polls while it was made {statistics.median(polls):8.1f} ms median")
    print(f"                                 {max(polls):8.1f} ms at most ({len(polls)} polls)")
    print(f"  worker: asked -> done          {made_s:8.2f} s ({rendering_s:.2f} s making it)")
    print(f"  the same PDF in the request    {inline_s:8.2f} s (before the jobs)")


if __name__ == "__main__":
    main()

"""``make bench-crowd``: the queue, a killed worker and the streams of one address on the
production layout (issue 36, points 1, 2 and 4).

Vocabulary
----------
layout      `scripts.scale_out.Deployment`: a public web process, the officials' own, one uvicorn
            for the streams, a worker, a Redis of its own and nginx in front, over a throwaway
            PostgreSQL database (``BENCH_PG_URL``; named ``zj_bench_crowd_`` and a random
            suffix, dropped at the end). Ports from ``--first-port`` on (18210).
event       `bench_standings.build_event(400, 2, 16)` (two rounds played, in bulk rows) and
            round 3 seated and published with no hand: the round the judges enter.
crowd       part 1: 40 saves by 8 judges while one anonymous visitor (one address) asks 240
            times for the long public printouts (player slips, the seating list and blank
            score cards of round 3, the standings; each in the 3 languages); then the
            organiser asks for the archive: the seconds until it is made (target < 30 s), and
            how many public jobs were queued.
kill        part 2: the organiser asks for the filled score cards of round 3 (a long job);
            once a worker runs it, the worker is killed (SIGKILL, its whole process group):
            the seconds until the job's page, asked every second as the page does, offers
            *Try again* (target <= 90 s); then a new worker is started and *Try again* is
            pressed: its answer (302, not 404) and the job made.
streams     part 3: the judges' save p95 alone, then with 1,000 streams from one address held
            open (target: at most 1.3x), then how many more streams of that address are
            admitted and refused (429) past ``DJANGO_LIVE_STREAMS_PER_ADDRESS``.

Run: ``python benchmarks/bench_crowd.py [--seconds 30]``; every process started is stopped and
the database dropped, on failure and Ctrl-C too.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_live import Database, event_build, percentile  # noqa: E402
from scripts.scale_out import (  # noqa: E402
    Deployment,
    Layout,
    commands,
    files_allow,
    site_env,
    stop_on_sigterm,
)

ROUND = 3
TARGETS = {"archive_s": 30.0, "try_again_s": 90.0, "desk_ratio": 1.3}


def judges_run(judges, plans, *, seconds: float, pace: float, saves: int | None = None):
    """Every judge at their own tables for ``seconds`` (or until ``saves`` saves in all)."""
    from benchmarks.http_desk import fill_tables, run_judges

    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set)
    timer.start()
    seen = []

    class Enough:
        """``stop``, set too once ``saves`` saves are acknowledged in all."""

        def is_set(self):
            if saves is not None and sum(len(o.acknowledged) for o in seen) >= saves:
                stop.set()
            return stop.is_set()

        def wait(self, timeout=None):
            return stop.wait(timeout) or self.is_set()

    def work(judge, outcome):
        seen.append(outcome)
        index = judges.index(judge)
        time.sleep(pace * index / len(judges))
        fill_tables(judge, plans[index :: len(judges)], outcome, stop=Enough(), pace=pace)

    try:
        return run_judges(judges, work)
    finally:
        stop.set()
        timer.cancel()


def desk(outcomes) -> dict:
    saves = [1000 * s for o in outcomes for s in o.seconds]
    return {
        "saved": sum(len(o.acknowledged) for o in outcomes),
        "p50_ms": percentile(saves, 0.5),
        "p95_ms": percentile(saves, 0.95),
        "saves_ms": saves,
        "unclear": [u for o in outcomes for u in o.unclear],
    }


def anonymous_get(base: str, path: str) -> tuple[int, str]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect())
    try:
        with opener.open(base + path, timeout=60) as answer:
            return answer.status, ""
    except urllib.error.HTTPError as answer:
        return answer.code, answer.headers.get("Location", "")


def crowd(base: str, slug: str, judges, plans, organiser) -> dict:
    from tournament.models import Job

    asks = []
    for language in ("en", "zh-hant", "zh-hans"):
        asks += [
            f"/t/{slug}/print/slips.pdf?language={language}",
            f"/t/{slug}/print/seating.pdf?round={ROUND}&language={language}",
            f"/t/{slug}/print/blank-scorecards.pdf?round={ROUND}&language={language}",
            f"/t/{slug}/print/standings.pdf?language={language}",
        ]
    statuses: dict[int, int] = {}
    stop = threading.Event()

    def visitor():
        for n in range(240):
            if n and stop.wait(0.1):
                pass
            status, _ = anonymous_get(base, asks[n % len(asks)])
            statuses[status] = statuses.get(status, 0) + 1

    asker = threading.Thread(target=visitor)
    started = time.perf_counter()
    asker.start()
    outcomes = judges_run(judges, plans, seconds=120, pace=0.5, saves=40)
    asker.join()
    asked_s = time.perf_counter() - started
    public_jobs = Job.objects.exclude(released="").count()
    waiting = Job.objects.filter(state__in=["queued", "running"]).count()
    started = time.perf_counter()
    answer = organiser.request(f"/t/{slug}/event/archive/", {})
    archive = Job.objects.filter(kind="archive").order_by("-pk").first()
    made_s = None
    while time.perf_counter() - started < 600:
        archive.refresh_from_db()
        if archive.state in ("done", "failed"):
            made_s = time.perf_counter() - started
            break
        time.sleep(0.2)
    return {
        "saves": desk(outcomes),
        "asks": sum(statuses.values()),
        "answers": statuses,
        "asked_s": asked_s,
        "public_jobs": public_jobs,
        "pending_before_archive": waiting,
        "archive_ask": answer.status,
        "archive_state": archive.state,
        "archive_s": made_s,
        "public_left": Job.objects.exclude(released="").filter(state="queued").count(),
    }


def kill(deployment: Deployment, base: str, slug: str, organiser) -> dict:
    from tournament.models import Job

    answer = organiser.request(f"/t/{slug}/print/scorecards.pdf?round={ROUND}")
    job = Job.objects.filter(parameters__document="scorecards").order_by("-pk").first()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.state == "running":
            break
        time.sleep(0.1)
    worker = next(p for name, p in deployment.processes if name.startswith("worker"))
    progress = job.progress
    os.killpg(worker.pid, signal.SIGKILL)
    killed = time.perf_counter()
    page = f"/t/{slug}/print/jobs/{job.pk}/"
    offered_s = None
    while time.perf_counter() - killed < 300:
        shown = organiser.request(page)
        if 'id="job-retry"' in shown.body or 'id="job-file"' in shown.body:
            offered_s = time.perf_counter() - killed
            break
        time.sleep(1)
    job.refresh_from_db()
    state_after = job.state
    # A worker again, then Try again.
    name, command = next(
        (n, c) for n, c in commands(deployment.layout, deployment.folder) if n.startswith("worker")
    )
    deployment._spawn(name, command)
    retry = organiser.request(f"/t/{slug}/print/jobs/{job.pk}/retry/", {})
    started = time.perf_counter()
    while time.perf_counter() - started < 300:
        job.refresh_from_db()
        if job.state in ("done", "failed"):
            break
        time.sleep(0.5)
    return {
        "ask": answer.status,
        "killed_at_progress": progress,
        "offered_s": offered_s,
        "state_after_kill": state_after,
        "retry_status": retry.status,
        "retry_location": retry.location,
        "state_after_retry": job.state,
        "made_again_s": time.perf_counter() - started,
        "attempts": job.attempts,
    }


async def _open_streams(host: str, port: int, path: str, count: int, held: list) -> dict:
    statuses: dict[str, int] = {}

    async def one():
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 60)
            writer.write(
                f"GET {path} HTTP/1.0\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode()
            )
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), 60)
            status = line.split(b" ")[1].decode() if line else "closed"
        except (OSError, TimeoutError) as error:
            status = type(error).__name__
            writer = None
        statuses[status] = statuses.get(status, 0) + 1
        if status == "200" and writer is not None:
            held.append((reader, writer))
        elif writer is not None:
            writer.close()

    for start in range(0, count, 100):  # a hundred at a time, as fast as they open
        await asyncio.gather(*(one() for _ in range(min(100, count - start))))
    return statuses


class Streams:
    """Streams from this one address held open in a thread of their own (an event loop)."""

    def __init__(self, base: str, path: str):
        host, port = base.removeprefix("http://").split(":")
        self.host, self.port, self.path = host, int(port), path
        self.loop = asyncio.new_event_loop()
        self.held: list = []
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def open(self, count: int) -> dict:
        future = asyncio.run_coroutine_threadsafe(
            _open_streams(self.host, self.port, self.path, count, self.held), self.loop
        )
        return future.result(timeout=600)

    def drain(self) -> None:
        """Read what the held streams were sent (the events), as a phone would."""

        async def read():
            for reader, _ in self.held:
                try:
                    await asyncio.wait_for(reader.read(65536), 0.001)
                except (TimeoutError, OSError):
                    pass

        asyncio.run_coroutine_threadsafe(read(), self.loop).result(timeout=120)

    def close(self) -> None:
        async def shut():
            for _, writer in self.held:
                writer.close()

        asyncio.run_coroutine_threadsafe(shut(), self.loop).result(timeout=60)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


def streams(base: str, slug: str, judges, plans, seconds: float, count: int) -> dict:
    from django.conf import settings

    alone = desk(judges_run(judges, plans, seconds=seconds, pace=2.0))
    held = Streams(base, f"/t/{slug}/live/")
    try:
        opened = held.open(count)
        time.sleep(3)
        reader = threading.Event()

        def read_on():
            while not reader.wait(2):
                held.drain()

        draining = threading.Thread(target=read_on, daemon=True)
        draining.start()
        during = desk(judges_run(judges, plans, seconds=seconds, pace=2.0))
        bound = int(os.environ.get("DJANGO_LIVE_STREAMS_PER_ADDRESS", "0")) or getattr(
            settings, "LIVE_STREAMS_PER_ADDRESS", 0
        )
        beyond = held.open(max(bound - count, 0) + 200)
        reader.set()
        draining.join(timeout=10)
    finally:
        held.close()
    after = desk(judges_run(judges, plans, seconds=seconds, pace=2.0))
    # The baseline: the saves alone before and after, together (a neighbour's load that comes
    # or goes weighs on both sides alike).
    baseline = percentile(alone["saves_ms"] + after["saves_ms"], 0.95)
    return {
        "alone": alone,
        "during": during,
        "alone_after": after,
        "opened": opened,
        "beyond_bound": beyond,
        "bound": bound,
        "baseline_p95_ms": baseline,
        "ratio": during["p95_ms"] / baseline if baseline else None,
    }


def run(options) -> dict:
    from django.db import connections

    from benchmarks.http_desk import Judge
    from tests.tournament.builders import make_user

    started = time.perf_counter()
    tournament, plans = event_build(options.players, ROUND, public=True)
    judges_users = [make_user("judge", name=f"crowd-judge-{i}") for i in range(options.judges)]
    make_user("superuser", name="crowd-organiser")
    result = {"build_s": time.perf_counter() - started, "tables": len(plans)}
    connections.close_all()
    layout = Layout(
        first_port=options.first_port,
        public=1,
        officials=1,
        streams=1,
        workers=1,
        env={"DATABASE_URL": os.environ["DATABASE_URL"]},
    )
    with Deployment(layout) as deployment:
        base = layout.base
        judges = [Judge(base, user.username, "pw") for user in judges_users]
        organiser = Judge(base, "crowd-organiser", "pw")
        for official in [*judges, organiser]:
            official.log_in()
        print("  part 1: 40 saves and 240 anonymous printout asks, then the archive...", flush=True)
        result["crowd"] = crowd(base, tournament.slug, judges, plans, organiser)
        print(f"  {dict(result['crowd'], saves=None)}", flush=True)
        print("  part 2: a worker killed during a job...", flush=True)
        result["kill"] = kill(deployment, base, tournament.slug, organiser)
        print(f"  {result['kill']}", flush=True)
        print(f"  part 3: {options.streams} streams from one address...", flush=True)
        result["streams"] = streams(
            base, tournament.slug, judges, plans, options.seconds, options.streams
        )
        shown = {
            k: v
            for k, v in result["streams"].items()
            if k not in ("alone", "during", "alone_after")
        }
        print(f"  {shown}", flush=True)
    return result


def report(result: dict) -> bool:
    crowd_, kill_, streams_ = result["crowd"], result["kill"], result["streams"]
    checks = {
        "archive made < 30 s": crowd_["archive_s"] is not None
        and crowd_["archive_s"] < TARGETS["archive_s"]
        and crowd_["archive_state"] == "done",
        "killed job offered Try again <= 90 s": kill_["offered_s"] is not None
        and kill_["offered_s"] <= TARGETS["try_again_s"],
        "Try again answers 302 and the job is made": kill_["retry_status"] == 302
        and kill_["state_after_retry"] == "done",
        "desk p95 with the streams <= 1.3x": streams_["ratio"] is not None
        and streams_["ratio"] <= TARGETS["desk_ratio"],
    }
    load = os.getloadavg()
    print(
        f"\nbench-crowd: {result['tables']} tables, event built in {result['build_s']:.0f} s; "
        f"load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    print(
        f"crowd: {crowd_['saves']['saved']} saves, {crowd_['asks']} anonymous asks "
        f"({crowd_['answers']}) in {crowd_['asked_s']:.0f} s; public jobs queued in all "
        f"{crowd_['public_jobs']}; pending when the archive was asked "
        f"{crowd_['pending_before_archive']}; "
        f"archive {crowd_['archive_state']} in {crowd_['archive_s']:.1f} s"
    )
    print(
        f"kill: killed at {kill_['killed_at_progress']} %; Try again offered after "
        f"{'-' if kill_['offered_s'] is None else round(kill_['offered_s'], 1)} s; "
        f"Try again -> {kill_['retry_status']}; then "
        f"{kill_['state_after_retry']} (attempts {kill_['attempts']})"
    )
    print(
        f"streams: desk p95 alone {streams_['alone']['p95_ms']:.0f} ms / after "
        f"{streams_['alone_after']['p95_ms']:.0f} ms (together "
        f"{streams_['baseline_p95_ms']:.0f} ms), with {sum(streams_['opened'].values())} "
        f"streams ({streams_['opened']}) {streams_['during']['p95_ms']:.0f} ms: "
        f"{streams_['ratio']:.2f}x; past the bound of {streams_['bound']} per address: "
        f"{streams_['beyond_bound']}"
    )
    for name, good in checks.items():
        print(f"  {'ok  ' if good else 'MISS'} {name}")
    return all(checks.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--judges", type=int, default=8)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--seconds", type=int, default=30, help="each desk part's length (30)")
    parser.add_argument("--first-port", type=int, default=18210)
    options = parser.parse_args()
    stop_on_sigterm()
    files_allow()
    with Database("zj_bench_crowd") as database:
        os.environ.update(site_env({"DATABASE_URL": database.url}))
        import django

        django.setup()
        print(f"bench-crowd on {database.name}: building the event...", flush=True)
        result = run(options)
    return 0 if report(result) else 1


if __name__ == "__main__":
    raise SystemExit(main())

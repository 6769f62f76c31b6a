"""``make bench-live``: a round replayed on the scale-out layout, judges at the desk while a hall
of phones holds the live pages open.

Vocabulary
----------
layout      `scripts.scale_out.Deployment`: two public web processes, one for the officials
            (``--officials``), one uvicorn for the live streams, a worker, a Redis of its own
            and nginx in front, over a throwaway PostgreSQL database (``BENCH_PG_URL``; named
            ``BENCH_DB_PREFIX`` and a random suffix, dropped at the end).
event       `bench_standings.build_event(400, 9, 16)` (nine rounds played, in bulk rows) and
            round 10 seated and published with no hand: the round the judges enter.
judges      8 officials at the desk over HTTP through the proxy (`benchmarks.http_desk`),
            each with tables of their own, one save every ``--pace`` seconds (a judge reads a
            slip and types it).
alone       the judges for ``--seconds`` with no spectator, before the replay and again after
            it (the phones gone): the desk's own save times, both parts together, so that a
            neighbour's load that comes or goes weighs on both sides alike.
replay      the same again while ``--phones`` phones (locust: `locustfile.StandingsPhone`,
            99 in 100, and `ProjectorPhone`) hold the standings or the projector open, each
            with its stream; half-way an organiser asks for the standings PDF (14 pages).
saved/lost  saved: a save answered "saved" (302); lost: saved, but not in the database after.
open pages  the pages' figures that the target is judged on are those of the replay's window
            alone, while every phone is open (from the phones' own records of each request:
            `window_rows`); locust's table, which also holds the phones opening (1,000 pages
            and streams asked for within seconds), is printed beside it.
update      for each save and each phone: from the judge's "saved" to the first version heard
            on the phone's stream that includes the save (its version, the tournament's
            ``last_write`` in microseconds, is at or after the save's audit line), and to the
            fragment fetched after it (``heard`` and ``fetched``). A phone that never heard
            a save is *unheard*.
browsers    real Chromium pages (`Browsers`, ``/usr/bin/chromium``, never downloaded) open
            beside the phones for the replay: the projector's standings, the public standings,
            round 10's page and the round desk (an organiser logged in), through the proxy at
            ``localhost`` as a visitor's browser would reach it. Each page records, from the
            browser's own clock (the machine's, as the saves are timed), every time its live
            fragments come to show a newer version (`RECORD_SHOWN`); *shown* is, for each save
            of the replay and each page, from the judge's "saved" to the first time the page
            showed a version that includes it. A browser *error* is any answer of 400 or more,
            any failed request but the live stream's, any script error or refused content.
meter       what each part of the layout spent over the replay's window (`Meter`): processor
            seconds of every process group (each pool's processes, Redis, nginx, locust, the
            browsers) and of PostgreSQL's connections to the bench's database; Redis's
            commands; PostgreSQL's transactions and rows (``pg_stat_database``). These are the
            measured figures docs/deploy.md's capacity model is built from.
yield       the phones and the browsers stand for other people's devices: on this one machine
            they run at a lower priority (``--load-nice``, `LOAD_NICE`), so that the desk's
            save competes for the cores with the site's own spectators' processes (niced 5 by
            the layout), not with the load generators. Chromium, run as root, would set most
            of its own threads back to niceness 0 (its compositor to -8): it is started without
            the right to raise a priority (`yielding_chromium`), so its threads keep the
            niceness they were born with. Running the load generators under ``SCHED_IDLE``
            instead made the phones' own timings wait for a core (their p95 from 0.1 s to
            0.77 s) and is not used.
            ``--load-nice 0`` runs them at the site's priority (the desk's ratio then mostly
            measures locust and Chromium).
names       every port is an option (``--port``, the proxy's; ``--first-port N``: the proxy,
            the web processes, Redis and locust's master from N up; default: free ones), the
            database is ``--db-prefix`` and a random suffix, Redis is a ``redis-server`` of the
            run's own (or ``--redis-url``, whose database must be empty), so two runs side by
            side share nothing.
targets     0 lost; 0 errors (the phones', the desk's and the browsers'); the standings (page
            and fragment) p95 < 100 ms with the phones open; update p95 < 3 s on the phones;
            shown p95 < 2 s in the browsers; desk save p95 in the replay (phones and browsers
            open) <= 1.5x alone; the PDF's ask answered at once with its job (it never holds
            a web process for the making).

Run: ``python benchmarks/bench_live.py [--phones 1000] [--seconds 60] [--pace 8]``; each part is
bounded (the whole run takes about five minutes); every process started is stopped and the
database dropped, on failure and Ctrl-C too.
"""

from __future__ import annotations

import argparse
import bisect
import csv
import itertools
import json
import os
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.scale_out import (  # noqa: E402
    Deployment,
    Layout,
    files_allow,
    free_port,
    site_env,
    stop_on_sigterm,
)

ROUND = 10
LOAD_PROCESSES = os.cpu_count() or 1
#: The phones (locust) and the browsers (Chromium) stand for other people's devices: on this one
#: machine they run at this lower priority, so that the cores they take from the site under
#: test are the ones it leaves idle (the spectators' processes run at the layout's 5; the
#: judges' own client and the officials' process at 0). `--load-nice 0`: all the same.
LOAD_NICE = 10
TARGETS = {"standings_p95_ms": 100, "update_p95_s": 3.0, "shown_p95_s": 2.0, "desk_ratio": 1.5}
CHROMIUM = os.environ.get("ZJ_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def yielding_chromium(folder: Path) -> str:
    """The browser to start: `CHROMIUM` itself, or, when this process may raise priorities (root
    with ``CAP_SYS_NICE``) and ``setpriv`` is there, a launcher in ``folder`` that starts it
    without that right (*yield*): Chromium then cannot put its threads back above the phones'
    niceness, and its compositor's -8 is refused (it carries on at the niceness it has)."""
    setpriv = shutil.which("setpriv")
    if not LOAD_NICE or os.geteuid() != 0 or setpriv is None:
        return CHROMIUM
    launcher = folder / "chromium-yielding"
    launcher.write_text(
        "#!/bin/sh\n"
        f"exec {shlex.quote(setpriv)} --inh-caps=-sys_nice --bounding-set=-sys_nice "
        f'{shlex.quote(CHROMIUM)} "$@"\n'
    )
    launcher.chmod(0o755)
    return str(launcher)


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Database:
    """A throwaway PostgreSQL database (a context manager: dropped at the end)."""

    def __init__(self, prefix: str):
        self.base = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")
        self.name = f"{prefix}_{uuid.uuid4().hex[:8]}"
        self.url = f"{self.base.rstrip('/')}/{self.name}"

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(f"{self.base}/postgres", autocommit=True) as admin:
            admin.execute(sql)

    def __enter__(self) -> Database:
        self._admin(f'CREATE DATABASE "{self.name}"')
        return self

    def __exit__(self, *exc) -> None:
        if "django" in sys.modules:
            from django.db import connections

            connections.close_all()
        self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def event_build(players: int, round_number: int = ROUND, *, public: bool = False):
    """The event (see the vocabulary): the tournament and the table plans of ``round_number``
    (the rounds before it played in bulk rows); ``public``: standings and results public."""
    import datetime
    import random

    from django.core.management import call_command
    from django.db import connection

    from benchmarks.bench_standings import build_event
    from benchmarks.http_desk import TablePlan
    from tests.tournament.builders import seat_players
    from tournament.models import Round, Session
    from tournament.seating.services.seats import round_seat

    call_command("migrate", verbosity=0)
    tournament, people = build_event(players, round_number - 1, 16, seed=1)
    tournament.end_date = tournament.start_date + datetime.timedelta(days=3)
    if public:
        tournament.standings_public = tournament.results_public = True
    tournament.save()
    order = people[:]
    random.Random(round_number).shuffle(order)
    round_ = Round.objects.create(
        tournament=tournament, number=round_number, seating_published=True
    )
    round_seat(
        round_=round_, seat_rows=[(i // 4 + 1, "ESWN"[i % 4], p) for i, p in enumerate(order)]
    )
    with connection.cursor() as cursor:  # as autovacuum would after a day of entries
        cursor.execute("ANALYZE")
    sessions = (
        Session.objects.filter(round=round_).select_related("table").order_by("table__number")
    )
    plans = [
        TablePlan(
            f"/t/{tournament.slug}/desk/round/{round_number}/table/{s.table.number}/",
            seat_players(s),
        )
        for s in sessions
    ]
    return tournament, plans


def judges_run(judges, plans, seconds: float, pace: float):
    """Every judge at their own tables (judge i: tables i, i + n, ...) for ``seconds``."""
    from benchmarks.http_desk import fill_tables, run_judges

    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set)
    timer.start()

    def work(judge, outcome):
        index = judges.index(judge)
        time.sleep(pace * index / len(judges))  # the judges do not all save at once
        fill_tables(judge, plans[index :: len(judges)], outcome, stop=stop, pace=pace)

    try:
        return run_judges(judges, work)
    finally:
        stop.set()
        timer.cancel()


def desk_figures(outcomes) -> dict:
    saves = [1000 * s for o in outcomes for s in o.seconds]
    kinds: dict[str, int] = {}
    for outcome in outcomes:
        for kind, count in outcome.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + count
    return {
        "saved": sum(len(o.acknowledged) for o in outcomes),
        "p50_ms": percentile(saves, 0.5),
        "p95_ms": percentile(saves, 0.95),
        "p99_ms": percentile(saves, 0.99),
        "answers": kinds,
        "unclear": [u for o in outcomes for u in o.unclear] + [o.lost for o in outcomes if o.lost],
    }


def hands_check(tournament, acknowledged: list[tuple[str, int]]) -> dict:
    """Saved against the database: every save answered "saved" must be there."""
    from tournament.models import Hand

    stored = {
        (f"/t/{tournament.slug}/desk/round/{ROUND}/table/{table}/", number)
        for table, number in Hand.objects.filter(
            session__round__tournament=tournament, session__round__number=ROUND
        ).values_list("session__table__number", "number")
    }
    saved = set(acknowledged)
    return {
        "saved": len(acknowledged),
        "saved twice": len(acknowledged) - len(saved),
        "lost": len(saved - stored),
        "stored": len(stored),
    }


def save_versions(tournament, outcomes) -> list[tuple[float, float]]:
    """(the save's earliest version, when the judge heard "saved"), wall-clock seconds, for
    each save of the replay: its audit line's time (the version moves on in the same
    transaction, at or after it)."""
    from tournament.models import AuditEntry

    written = {
        (session_table, number): created.timestamp()
        for session_table, number, created in AuditEntry.objects.filter(
            tournament=tournament, action="create", session__round__number=ROUND
        ).values_list("session__table__number", "hand_number", "created_at")
    }
    found = []
    for outcome in outcomes:
        for (path, number), (_, answered) in zip(
            outcome.acknowledged, outcome.saved_at, strict=True
        ):
            table = int(path.rstrip("/").rsplit("/", 1)[1])
            if (table, number) in written:
                found.append((written[(table, number)], answered))
    return found


def window_rows(records: list[dict], start: float, until: float) -> list[dict]:
    """The pages' figures from the phones' records of the requests asked between ``start``
    and ``until`` (see *open pages*), one row a page name."""
    times: dict[str, list[float]] = {}
    for phone in records:
        for asked_at, name, ms in phone.get("asked", ()):
            if start <= asked_at <= until:
                times.setdefault(name, []).append(ms)
    return [
        {
            "name": name,
            "requests": len(found),
            "per_s": len(found) / max(until - start, 1e-9),
            "p50": percentile(found, 0.5),
            "p95": percentile(found, 0.95),
            "p99": percentile(found, 0.99),
        }
        for name, found in sorted(times.items())
    ]


def update_figures(saves: list[tuple[float, float]], records: list[dict], until: float) -> dict:
    """Save -> version heard -> fragment fetched, over every phone (see the vocabulary)."""
    heard_s, fetched_s, unheard = [], [], 0
    for phone in records:
        heard = [(int(version, 16) / 1e6, at, fetched) for at, version, fetched in phone["heard"]]
        first_at = heard[0][1] if heard else until
        versions = [version for version, _, _ in heard]
        # A version heard later is never older (the stream only moves on): search by version.
        for written, answered in saves:
            if answered < first_at:
                continue  # the phone was not listening yet
            index = bisect.bisect_left(versions, written)
            if index == len(heard):
                unheard += 1
                continue
            _, at, fetched = heard[index]
            heard_s.append(max(0.0, at - answered))
            if fetched is not None:
                fetched_s.append(max(0.0, fetched - answered))
    return {
        "pairs": len(heard_s) + unheard,
        "unheard": unheard,
        "heard_p50_s": percentile(heard_s, 0.5),
        "heard_p95_s": percentile(heard_s, 0.95),
        "fetched_p50_s": percentile(fetched_s, 0.5),
        "fetched_p95_s": percentile(fetched_s, 0.95),
        "fetched_p99_s": percentile(fetched_s, 0.99),
        "not_fetched": len(heard_s) - len(fetched_s),
    }


def pdf_ask(base: str, organiser, slug: str, job_wait: float) -> dict:
    """The organiser asks for the standings PDF: the ask's time and answer, then the job's."""
    from django.urls import reverse

    from tournament.models import Job

    address = reverse("printing:printout_download", args=[slug, "standings"])
    started = time.perf_counter()
    answer = organiser.request(address)
    ask_ms = (time.perf_counter() - started) * 1000
    found = {"ask_ms": ask_ms, "status": answer.status, "location": answer.location}
    deadline = time.monotonic() + job_wait
    job = Job.objects.filter(tournament__slug=slug).order_by("-pk").first()
    while job is not None and job.pending and time.monotonic() < deadline:
        time.sleep(0.5)
        job.refresh_from_db()
    if job is not None:
        found["job_state"] = job.state
        if job.finished_at:
            found["job_made_s"] = (job.finished_at - job.created_at).total_seconds()
    return found


def locust_start(
    base: str, phones: int, spawn_rate: int, bound: int, folder: Path, slug: str, port: int
):
    env = dict(
        os.environ,
        ZJ_LIVE_SLUG=slug,
        ZJ_LIVE_READY=str(folder / "ready"),
        ZJ_LIVE_RECORDS=str(folder / "records.json"),
    )
    command = [
        sys.executable,
        "-m",
        "locust",
        "-f",
        str(ROOT / "benchmarks" / "locustfile.py"),
        "StandingsPhone",
        "ProjectorPhone",
        "--headless",
        "--users",
        str(phones),
        "--spawn-rate",
        str(spawn_rate),
        "--run-time",
        f"{bound}s",
        "--host",
        base,
        "--csv",
        str(folder / "locust"),
        "--only-summary",
        "--loglevel",
        "WARNING",
        "--stop-timeout",
        "2",
        # The master and its workers talk over this port (locust's own default is 5557, fixed:
        # a second run beside this one would fail to bind it).
        "--master-bind-host",
        "127.0.0.1",
        "--master-bind-port",
        str(port),
        "--master-port",
        str(port),
        # One load generator process per core: 1,000 phones in one process keep it so busy
        # that its own delays would show in the pages' times.
        "--processes",
        str(LOAD_PROCESSES),
    ]
    log = open(folder / "locust.log", "wb")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
        start_new_session=True,
        preexec_fn=load_yields if LOAD_NICE else None,  # noqa: PLW1509 - only os.nice
    )


def locust_stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def locust_rows(folder: Path) -> list[dict]:
    def number(text):
        try:
            return float(text)
        except (TypeError, ValueError):
            return 0.0

    rows = []
    with open(folder / "locust_stats.csv", newline="") as stats:
        for row in csv.DictReader(stats):
            rows.append(
                {
                    "name": row["Name"],
                    "requests": int(row["Request Count"]),
                    "failures": int(row["Failure Count"]),
                    "rps": number(row["Requests/s"]),
                    "p50_ms": number(row["50%"]),
                    "p95_ms": number(row["95%"]),
                    "p99_ms": number(row["99%"]),
                }
            )
    return rows


def locust_failures(folder: Path) -> list[str]:
    """The kinds of failed requests, most frequent first (locust's failures table)."""
    path = folder / "locust_failures.csv"
    if not path.exists():
        return []
    with open(path, newline="") as failures:
        rows = sorted(csv.DictReader(failures), key=lambda row: -int(row["Occurrences"]))
    return [f"{row['Occurrences']} x {row['Name']}: {row['Error'][:160]}" for row in rows]


RECORD_SHOWN = """(() => {
  // [ms since the epoch, version] each time the page's live fragments come to show a newer
  // version (the oldest of them: the page shows a save once every fragment does).
  window.zjShown = [];
  let last = "";
  const note = () => {
    const fragments = document.querySelectorAll("[data-live]");
    if (!fragments.length) return;
    let oldest = null;
    fragments.forEach((fragment) => {
      const version = fragment.getAttribute("data-version") || "";
      if (oldest === null || parseInt(version, 16) < parseInt(oldest, 16)) oldest = version;
    });
    if (oldest && oldest !== last) {
      last = oldest;
      window.zjShown.push([Date.now(), oldest]);
    }
  };
  new MutationObserver(note).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-version"],
  });
})();"""


class Browsers(threading.Thread):
    """Chromium with the live pages open (see *browsers*), in a thread of its own (Playwright's
    calls stay in the thread that started it): `ready` is set once every page is open (or the
    start failed: `failure`); `finish()` collects each page's records and closes it all."""

    def __init__(
        self,
        base: str,
        pages: list[tuple[str, str, bool]],
        official: tuple[str, str],
        executable: str = CHROMIUM,
    ):
        super().__init__(daemon=True)
        self.base, self.pages, self.official = base, pages, official
        self.executable = executable
        self.ready = threading.Event()
        self._stop = threading.Event()
        self._done = threading.Event()
        self.failure = ""
        self.errors: list[str] = []
        self.stream_drops = 0
        self.shown: dict[str, list] = {}
        self.opened_s: dict[str, float] = {}

    def _watch(self, name: str, page) -> None:
        def answered(response):
            if response.status >= 400 and not self._stop.is_set():
                self.errors.append(f"{name}: {response.status} {response.url}")

        def failed(request):
            if self._stop.is_set():
                return
            if "/live/" in request.url and "page=" in request.url:
                self.stream_drops += 1  # the stream ended; the page reconnects by itself
            else:
                self.errors.append(f"{name}: failed {request.url} ({request.failure})")

        def console(message):
            if message.type == "error" and not self._stop.is_set():
                self.errors.append(f"{name}: console: {message.text[:200]}")

        page.on("response", answered)
        page.on("requestfailed", failed)
        page.on("pageerror", lambda error: self.errors.append(f"{name}: script: {error}"))
        page.on("console", console)

    def run(self) -> None:
        from playwright.sync_api import sync_playwright

        try:
            if LOAD_NICE:  # before Playwright starts its driver: see `load_yields_thread`
                load_yields_thread()
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=self.executable, args=CHROMIUM_ARGS
                )
                opened = []
                try:
                    for name, path, logged_in in self.pages:
                        self.failure = f"{name} ({path}) did not open"
                        started = time.perf_counter()
                        context = browser.new_context(viewport={"width": 1280, "height": 900})
                        context.add_init_script(RECORD_SHOWN)
                        page = context.new_page()
                        page.set_default_timeout(60_000)
                        self._watch(name, page)
                        if logged_in:
                            page.goto(self.base + "/login/")
                            page.fill("input[name=username]", self.official[0])
                            page.fill("input[name=password]", self.official[1])
                            with page.expect_navigation():
                                page.press("input[name=password]", "Enter")
                        page.goto(self.base + path)
                        page.wait_for_function("() => window.zjShown.length > 0")
                        self.opened_s[name] = time.perf_counter() - started
                        opened.append((name, page))
                    self.failure = ""
                    self.ready.set()
                    while not self._stop.is_set():
                        opened[0][1].wait_for_timeout(200)  # Playwright's events go on meanwhile
                    for name, page in opened:
                        self.shown[name] = page.evaluate("window.zjShown")
                finally:
                    browser.close()
        except Exception as error:  # reported, never hidden: the run fails on it
            self.failure = f"{self.failure}: {type(error).__name__}: {error}"
        finally:
            self.ready.set()
            self._done.set()

    def finish(self, timeout: float = 120) -> None:
        self._stop.set()
        self._done.wait(timeout)
        if not self._done.is_set():
            self.failure = self.failure or f"the browsers did not close within {timeout:.0f} s"


def shown_figures(saves: list[tuple[float, float]], shown: dict[str, list]) -> dict:
    """Save -> shown in each browser page (see *browsers*); per page and over all."""
    found: dict[str, list[float]] = {}
    unshown = 0
    for name, records in shown.items():
        times = [at / 1000 for at, _ in records]
        versions = [int(version, 16) / 1e6 for _, version in records]
        found[name] = []
        for written, answered in saves:
            if not times or answered < times[0]:
                continue  # the page was not open yet
            index = bisect.bisect_left(versions, written)
            if index == len(versions):
                unshown += 1
                continue
            found[name].append(max(0.0, times[index] - answered))
    every = [delay for delays in found.values() for delay in delays]
    return {
        "pages": {
            name: {
                "count": len(delays),
                "p50_s": percentile(delays, 0.5),
                "p95_s": percentile(delays, 0.95),
            }
            for name, delays in found.items()
        },
        "count": len(every),
        "unshown": unshown,
        "p50_s": percentile(every, 0.5),
        "p95_s": percentile(every, 0.95),
        "p99_s": percentile(every, 0.99),
    }


def descendant_groups(pid: int) -> set[int]:
    """The process groups of every process started, at any depth, by ``pid`` (Playwright
    starts Chromium in a group of its own)."""
    return set(descendants(pid).values())


def descendants(pid: int) -> dict[int, int]:
    """{process id: its group} of every process started, at any depth, by ``pid``."""
    parents: dict[int, int] = {}
    groups: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)], groups[int(entry.name)] = int(fields[1]), int(fields[2])
    found, seen = {}, {pid}
    for child in sorted(parents):
        ancestor = parents.get(child)
        chain = []
        while ancestor and ancestor not in seen and ancestor in parents:
            chain.append(ancestor)
            ancestor = parents.get(ancestor)
        if ancestor in seen:
            seen.add(child)
            seen.update(chain)
            found[child] = groups[child]
    return found


def load_yields() -> None:
    """Lower this process's priority (see *yield*): the locust processes, before they start."""
    os.nice(LOAD_NICE)


def load_yields_thread() -> None:
    """Lower to `LOAD_NICE` the priority of the calling thread, the browsers' (see *yield*), so
    that Playwright's driver and Chromium, started from it, are born with it: Linux keeps a
    niceness per thread, and lowering their processes once they ran left the threads they had
    already started at the site's priority."""
    os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), LOAD_NICE)


PAGE = os.sysconf("SC_PAGE_SIZE")


def _cpu_of_groups() -> dict:
    """Processor seconds (user + system) of every process on the machine, summed by process
    group (and its resident megabytes, under ``("rss", group)``); and of PostgreSQL's
    connections, by database (``postgres: user db ...``)."""
    tick = os.sysconf("SC_CLK_TCK")
    groups: dict = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            seconds = (int(fields[11]) + int(fields[12])) / tick
            groups[int(fields[2])] = groups.get(int(fields[2]), 0.0) + seconds
            resident = int((entry / "statm").read_text().split()[1]) * PAGE / 2**20
            groups[("rss", int(fields[2]))] = groups.get(("rss", int(fields[2])), 0.0) + resident
            title = (entry / "cmdline").read_bytes()
            if title.startswith(b"postgres: "):
                # "postgres: [cluster:] user database address state"
                words = title.split(b"\0")[0].decode(errors="replace").split()[1:]
                if words and words[0].endswith(":"):
                    words = words[1:]
                if len(words) >= 2:
                    key = ("postgres", words[1])
                    groups[key] = groups.get(key, 0.0) + seconds
        except (OSError, IndexError, ValueError):
            continue  # the process ended meanwhile
    return groups


class Meter:
    """What each part of the layout spent over a window (see *meter*): `start()`, `stop()`."""

    def __init__(self, groups: dict[str, int], database: str, database_url: str, redis_url: str):
        self.groups, self.database = groups, database
        self.database_url, self.redis_url = database_url, redis_url

    def _snapshot(self) -> dict:
        import psycopg
        import redis

        cpu = _cpu_of_groups()
        found = {
            name: sum(cpu.get(pgid, 0.0) for pgid in (pgids if isinstance(pgids, set) else {pgids}))
            for name, pgids in self.groups.items()
        }
        found["postgresql (the bench's connections)"] = cpu.get(("postgres", self.database), 0.0)
        resident = {
            name: sum(
                cpu.get(("rss", pgid), 0.0)
                for pgid in (pgids if isinstance(pgids, set) else {pgids})
            )
            for name, pgids in self.groups.items()
        }
        with psycopg.connect(self.database_url, autocommit=True) as connection:
            row = connection.execute(
                "SELECT xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted,"
                " tup_updated, tup_deleted, blks_hit, blks_read FROM pg_stat_database"
                " WHERE datname = current_database()"
            ).fetchone()
        names = ["commits", "rollbacks", "rows returned", "rows fetched", "rows inserted",
                 "rows updated", "rows deleted", "blocks hit", "blocks read"]  # fmt: skip
        info = redis.Redis.from_url(self.redis_url).info()
        return {
            "cpu": found,
            "rss": resident,
            "postgresql": dict(zip(names, row, strict=True)),
            "redis": {
                "commands": info.get("total_commands_processed", 0),
                "cpu": info.get("used_cpu_user", 0.0) + info.get("used_cpu_sys", 0.0),
                "memory_mb": info.get("used_memory", 0) / 2**20,
                "keys": sum(v.get("keys", 0) for k, v in info.items() if k.startswith("db")),
            },
            "at": time.monotonic(),
        }

    def start(self) -> None:
        self.first = self._snapshot()

    def stop(self) -> dict:
        last = self._snapshot()
        seconds = last["at"] - self.first["at"]
        return {
            "seconds": seconds,
            "cpu": {
                name: last["cpu"][name] - self.first["cpu"].get(name, 0.0) for name in last["cpu"]
            },
            "rss": last["rss"],
            "postgresql": {
                name: last["postgresql"][name] - self.first["postgresql"][name]
                for name in last["postgresql"]
            },
            "redis": {
                "commands": last["redis"]["commands"] - self.first["redis"]["commands"],
                "cpu": last["redis"]["cpu"] - self.first["redis"]["cpu"],
                "memory_mb": last["redis"]["memory_mb"],
                "keys": last["redis"]["keys"],
            },
        }


def replay(options, folder: Path, database_name: str) -> dict:
    from django.db import connections

    from benchmarks.http_desk import Judge
    from tests.tournament.builders import make_user

    started = time.perf_counter()
    tournament, plans = event_build(options.players)
    judges_users = [make_user("judge", name=f"live-judge-{i}") for i in range(options.judges)]
    make_user("superuser", name="live-organiser")
    result = {"build_s": time.perf_counter() - started, "tables": len(plans)}
    connections.close_all()
    env = {"DATABASE_URL": os.environ["DATABASE_URL"]}
    if options.redis_url:
        env["REDIS_URL"] = options.redis_url
    layout = Layout(
        port=options.port,
        first_port=options.first_port,
        public=options.public,
        officials=options.officials,
        streams=1,
        workers=1,
        env=env,
    )
    with Deployment(layout) as deployment:
        base = layout.base
        result["processes"] = [name for name, _ in deployment.processes]
        taken = {layout.port, *itertools.chain(*layout.ports.values())}
        if options.first_port:
            master_port = next(p for p in itertools.count(options.first_port) if p not in taken)
        else:
            master_port = free_port()
        result["ports"] = {"proxy": layout.port, **layout.ports, "locust master": [master_port]}
        groups = {name.split(" (")[0]: process.pid for name, process in deployment.processes}
        judges = [Judge(base, user.username, "pw") for user in judges_users]
        organiser = Judge(base, "live-organiser", "pw")
        for official in [*judges, organiser]:
            official.log_in()
        organiser.request(f"/t/{tournament.slug}/standings/")  # the kept page, warm
        print(f"  judges alone for {options.seconds} s...", flush=True)
        alone_meter = Meter(
            groups, database_name, os.environ["DATABASE_URL"], deployment.env["REDIS_URL"]
        )
        alone_meter.start()
        alone = judges_run(judges, plans, options.seconds, options.pace)
        result["meter alone"] = alone_meter.stop()
        result["alone"] = desk_figures(alone)
        print(f"  {options.phones} phones opening...", flush=True)
        bound = options.seconds + options.phones // options.spawn_rate + 120
        phones = locust_start(
            base, options.phones, options.spawn_rate, bound, folder, tournament.slug, master_port
        )
        groups["locust (the phones)"] = phones.pid
        groups["bench (the judges, Playwright)"] = os.getpgrp()
        browsers = None
        try:
            deadline = time.monotonic() + options.phones / options.spawn_rate + 90
            while not (folder / "ready").exists():
                if phones.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "the phones did not start: " + (folder / "locust.log").read_text()[-3000:]
                    )
                time.sleep(0.5)
            time.sleep(5)  # the last phones' first page and stream
            if options.browsers:
                print("  Chromium opening the live pages...", flush=True)
                browsers = Browsers(
                    base.replace("127.0.0.1", "localhost"),  # the site's Secure cookies
                    [
                        ("projector", f"/t/{tournament.slug}/projector/standings/", False),
                        ("standings", f"/t/{tournament.slug}/standings/", False),
                        (f"round {ROUND}", f"/t/{tournament.slug}/rounds/{ROUND}/", False),
                        ("desk", f"/t/{tournament.slug}/desk/round/{ROUND}/", True),
                    ],
                    ("live-organiser", "pw"),
                    yielding_chromium(folder),
                )
                browsers.start()
                browsers.ready.wait(300)
                if browsers.failure or not browsers.ready.is_set():
                    raise RuntimeError(f"the browsers did not open: {browsers.failure}")
                groups["Chromium (the browsers' pages)"] = descendant_groups(os.getpid()) - {
                    pgid for pgid in groups.values() if isinstance(pgid, int)
                }
            meter = Meter(
                groups, database_name, os.environ["DATABASE_URL"], deployment.env["REDIS_URL"]
            )
            meter.start()
            print(f"  replay: judges for {options.seconds} s with the phones open...", flush=True)
            window_start = time.time()
            pdf: dict = {}
            asker = threading.Timer(
                options.seconds / 2,
                lambda: pdf.update(pdf_ask(base, organiser, tournament.slug, options.seconds)),
            )
            asker.daemon = True  # an interrupted run does not wait for it
            asker.start()
            during = judges_run(judges, plans, options.seconds, options.pace)
            asker.join()
            time.sleep(5)  # the last saves reach the pages
            until = time.time()
            result["meter"] = meter.stop()
        finally:
            if browsers is not None:
                browsers.finish()
            locust_stop(phones)
        if browsers is not None:
            result["browsers"] = {
                "failure": browsers.failure,
                "errors": browsers.errors,
                "stream_drops": browsers.stream_drops,
                "opened_s": browsers.opened_s,
                **shown_figures(save_versions(tournament, during), browsers.shown),
            }
        print(f"  judges alone again for {options.seconds} s...", flush=True)
        after = judges_run(judges, plans, options.seconds, options.pace)
        result["alone before"] = result["alone"]
        result["alone after"] = desk_figures(after)
        result["alone"] = desk_figures([*alone, *after])
        result["replay"] = desk_figures(during)
        result["pdf"] = pdf
        result["pages"] = locust_rows(folder)
        result["failures"] = locust_failures(folder)
        log = (folder / "locust.log").read_text(errors="replace")
        result["locust_saturated"] = "CPU usage above" in log  # locust's own warning
        records = [
            phone
            for part in sorted(folder.glob("records.json.*"))
            for phone in json.loads(part.read_text())
        ]
        result["phones_recorded"] = len(records)
        result["update"] = update_figures(save_versions(tournament, during), records, until)
        result["window"] = window_rows(records, window_start, until)
        result["hands"] = hands_check(
            tournament, [a for o in [*alone, *during, *after] for a in o.acknowledged]
        )
    return result


def report(result: dict, options) -> bool:
    load = os.getloadavg()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    print(
        f"\nbench-live: {options.players} players, round {ROUND} ({result['tables']} tables) "
        f"entered by {options.judges} judges (a save every {options.pace} s each), "
        f"{options.phones} phones; event built in {result['build_s']:.0f} s; "
        f"open files {soft}/{hard}; load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    print("layout: " + ", ".join(result["processes"]))
    print("ports: " + ", ".join(f"{name} {ports}" for name, ports in result["ports"].items()))
    ok = True

    def mark(good: bool) -> str:
        nonlocal ok
        ok = ok and good
        return "ok" if good else "MISSED"

    hands = result["hands"]
    print(
        f"\nhands: {hands['saved']} saved (answered 302), {hands['lost']} lost, "
        f"{hands['saved twice']} acknowledged twice, {hands['stored']} in the database  "
        f"[0 lost: {mark(hands['lost'] == 0 and hands['saved twice'] == 0)}]"
    )
    alone, during = result["alone"], result["replay"]
    print(f"\n{'desk save':<26}{'saves':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}  answers")
    for name, figures in (
        ("alone, before", result["alone before"]),
        ("alone, after", result["alone after"]),
        ("alone, both", alone),
        ("with the phones", during),
    ):
        print(
            f"{name:<26}{figures['saved']:>7}{figures['p50_ms']:>9.0f}{figures['p95_ms']:>9.0f}"
            f"{figures['p99_ms']:>9.0f}  {figures['answers']}"
        )
    ratio = during["p95_ms"] / alone["p95_ms"]
    print(
        f"desk save p95, with / without phones: {ratio:.2f}x  "
        f"[<= {TARGETS['desk_ratio']}x: {mark(ratio <= TARGETS['desk_ratio'])}]"
    )
    unclear = alone["unclear"] + during["unclear"]
    print(
        f"\n{'page (locust, whole run)':<30}{'requests':>9}{'errors':>7}{'req/s':>8}{'p50 ms':>8}"
        f"{'p95 ms':>8}{'p99 ms':>8}"
    )
    errors = len(unclear)
    for row in result["pages"]:
        print(
            f"{row['name']:<30}{row['requests']:>9}{row['failures']:>7}{row['rps']:>8.1f}"
            f"{row['p50_ms']:>8.0f}{row['p95_ms']:>8.0f}{row['p99_ms']:>8.0f}"
        )
        if row["name"] != "Aggregated":
            errors += row["failures"]
    print(
        f"\n{'page, the 1,000 pages open':<30}{'requests':>9}{'':>7}{'req/s':>8}{'p50 ms':>8}"
        f"{'p95 ms':>8}{'p99 ms':>8}   (the phones' records, the replay's {options.seconds} s)"
    )
    for row in result["window"]:
        print(
            f"{row['name']:<30}{row['requests']:>9}{'':>7}{row['per_s']:>8.1f}"
            f"{row['p50']:>8.0f}{row['p95']:>8.0f}{row['p99']:>8.0f}"
        )
    standings = [r for r in result["window"] if r["name"] in ("standings", "standings fragment")]
    worst = max((r["p95"] for r in standings), default=float("inf"))
    print(
        f"public standings p95 with the pages open (page, fragment): {worst:.0f} ms  "
        f"[< {TARGETS['standings_p95_ms']} ms: {mark(worst < TARGETS['standings_p95_ms'])}]"
    )
    update = result["update"]
    fetched = update["fetched_p95_s"]
    print(
        f"\nupdate, save -> seen on an open page ({update['pairs']} save x phone pairs, "
        f"{result['phones_recorded']} phones):"
    )
    print(
        f"  version heard on the stream  p50 {update['heard_p50_s'] or 0:.2f} s, "
        f"p95 {update['heard_p95_s'] or 0:.2f} s"
    )
    print(
        f"  fragment fetched             p50 {update['fetched_p50_s'] or 0:.2f} s, "
        f"p95 {fetched or 0:.2f} s, p99 {update['fetched_p99_s'] or 0:.2f} s  "
        f"[p95 < {TARGETS['update_p95_s']} s: "
        f"{mark(fetched is not None and fetched < TARGETS['update_p95_s'])}]"
    )
    print(f"  never heard: {update['unheard']}; heard, fetch unfinished: {update['not_fetched']}")
    pdf = result["pdf"]
    queued = pdf.get("status") == 302 and "/jobs/" in pdf.get("location", "")
    print(
        f"\nstandings PDF asked during the replay: {pdf.get('status')} -> "
        f"{pdf.get('location')} in {pdf.get('ask_ms', 0):.0f} ms; job {pdf.get('job_state')}"
        f" after {pdf.get('job_made_s', 0):.1f} s (made by the worker)  "
        f"[queued, ask < 1 s: {mark(queued and pdf.get('ask_ms', 1e9) < 1000)}]"
    )
    browsers = result.get("browsers")
    if browsers is not None:
        shown = browsers["p95_s"]
        met = shown is not None and shown < TARGETS["shown_p95_s"] and not browsers["unshown"]
        print(
            f"\nbrowsers (Chromium, the replay's {options.seconds} s), save -> shown on the page "
            f"({browsers['count']} save x page pairs):"
        )
        for name, figures in browsers["pages"].items():
            print(
                f"  {name:<12} {figures['count']:>5} saves  p50 {figures['p50_s'] or 0:.2f} s, "
                f"p95 {figures['p95_s'] or 0:.2f} s  (opened in {browsers['opened_s'][name]:.1f} s)"
            )
        print(
            f"  all pages    p50 {browsers['p50_s'] or 0:.2f} s, p95 {shown or 0:.2f} s, "
            f"p99 {browsers['p99_s'] or 0:.2f} s; never shown: {browsers['unshown']}; "
            f"streams ended and reopened: {browsers['stream_drops']}  "
            f"[p95 < {TARGETS['shown_p95_s']} s: "
            f"{mark(met)}]"
        )
        errors += len(browsers["errors"]) + bool(browsers["failure"])
        for line in browsers["errors"][:10]:
            print(f"  browser error: {line}")
        if browsers["failure"]:
            print(f"  browser failure: {browsers['failure']}")
    meter = result.get("meter")
    if meter:
        seconds = meter["seconds"]
        print(
            f"\nspent over the replay's window ({seconds:.0f} s): processor seconds, "
            "share of a core, resident MB at the end"
        )
        for name, spent in sorted(meter["cpu"].items(), key=lambda item: -item[1]):
            rss = meter["rss"].get(name)
            print(
                f"  {name:<40}{spent:>8.1f} s {spent / seconds:>7.2f}"
                + (f" {rss:>7.0f} MB" if rss else "")
            )
        for part, saves in (("meter alone", result["alone before"]), ("meter", result["replay"])):
            used = sum(
                spent for name, spent in result[part]["cpu"].items() if name.startswith("officials")
            )
            print(
                f"  the officials' pool, {'alone' if part == 'meter alone' else 'replay'}: "
                f"{used:.1f} s for {saves['saved']} saves = "
                f"{1000 * used / max(saves['saved'], 1):.0f} ms of processor a save "
                f"(with the desk's own page views), {used / result[part]['seconds']:.2f} of a core"
            )
        pg = meter["postgresql"]
        print(
            f"  postgresql: {pg['commits'] / seconds:.0f} commits/s, "
            f"{(pg['rows returned'] + pg['rows fetched']) / seconds:.0f} rows read/s, "
            f"{(pg['rows inserted'] + pg['rows updated'] + pg['rows deleted']) / seconds:.0f} "
            f"rows written/s, {pg['blocks read']} blocks read from disk"
        )
        rd = meter["redis"]
        print(
            f"  redis: {rd['commands'] / seconds:.0f} commands/s, {rd['cpu'] / seconds:.2f} of a "
            f"core, {rd['memory_mb']:.0f} MB in {rd['keys']} keys"
        )
    for line in unclear[:10]:
        print(f"  desk error: {line}")
    for line in result["failures"][:10]:
        print(f"  page error: {line}")
    if result["locust_saturated"]:
        print(
            "NOTE: locust warned that its CPU use passed 90%:"
            " the phones' times include its own delays."
        )
    print(f"errors: {errors}  [0: {mark(errors == 0)}]")
    return ok


def redis_check(url: str) -> None:
    """A Redis named for the run must hold nothing: another run's keys would be read as its."""
    import redis

    keys = redis.Redis.from_url(url).dbsize()
    if keys:
        raise SystemExit(f"{url} holds {keys} keys: give a database of the run's own (/N).")


def main() -> int:
    global LOAD_NICE  # noqa: PLW0603 - read where this run starts the phones and browsers
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--phones", type=int, default=1000)
    parser.add_argument("--judges", type=int, default=8)
    parser.add_argument("--seconds", type=int, default=60, help="each part's length (60)")
    parser.add_argument("--pace", type=float, default=8.0, help="seconds per save per judge (8)")
    parser.add_argument("--spawn-rate", type=int, default=100, help="phones opened a second")
    parser.add_argument("--public", type=int, default=2, help="public web processes (2)")
    parser.add_argument(
        "--officials", type=int, default=1, help="officials' web processes, the desk's (1)"
    )
    parser.add_argument("--port", type=int, default=0, help="the proxy's port (default: free)")
    parser.add_argument(
        "--first-port",
        type=int,
        default=0,
        help="the proxy, the web processes, Redis and locust's master from this port up",
    )
    parser.add_argument(
        "--browsers",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="Chromium's live pages beside the phones (default: on)",
    )
    parser.add_argument(
        "--load-nice",
        type=int,
        default=LOAD_NICE,
        help=f"the phones' and the browsers' niceness ({LOAD_NICE}; 0: the site's own priority)",
    )
    parser.add_argument(
        "--db-prefix",
        default=os.environ.get("BENCH_DB_PREFIX", "zj_bench_live"),
        help="the throwaway database's name, before a random suffix (BENCH_DB_PREFIX)",
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("BENCH_REDIS_URL", ""),
        help="a Redis database of the run's own, empty (BENCH_REDIS_URL; default: a "
        "redis-server started for the run)",
    )
    options = parser.parse_args()
    LOAD_NICE = options.load_nice
    if options.redis_url:
        redis_check(options.redis_url)
    os.environ.pop("REDIS_URL", None)  # the layout's own Redis unless --redis-url
    stop_on_sigterm()
    files_allow()  # the phones' sockets, nginx's and uvicorn's, all on this machine
    with (
        Database(options.db_prefix) as database,
        tempfile.TemporaryDirectory(prefix="zj-bench-live-") as folder,
    ):
        os.environ.update(site_env({"DATABASE_URL": database.url}))
        import django

        django.setup()
        print(f"bench-live on {database.name}: building the event...", flush=True)
        result = replay(options, Path(folder), database.name)
    return 0 if report(result, options) else 1


if __name__ == "__main__":
    raise SystemExit(main())

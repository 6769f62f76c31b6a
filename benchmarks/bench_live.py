"""``make bench-live``: a round replayed on the scale-out layout, judges at the desk while a hall
of phones holds the live pages open.

Vocabulary
----------
layout      `scripts.scale_out.Deployment`: two public web processes, one for the officials,
            one uvicorn for the live streams, a worker, a Redis of its own and nginx in front,
            over a throwaway PostgreSQL database (``BENCH_PG_URL``; named ``BENCH_DB_PREFIX``
            and a random suffix, dropped at the end).
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
targets     0 lost; 0 errors; the standings (page and fragment) p95 < 100 ms with the phones
            open; update p95 < 3 s; desk save p95 in the replay <= 1.5x alone; the PDF's ask
            answered at once with its job (it never holds a web process for the making).

Run: ``python benchmarks/bench_live.py [--phones 1000] [--seconds 60] [--pace 8]``; each part is
bounded (the whole run takes about five minutes); every process started is stopped and the
database dropped, on failure and Ctrl-C too.
"""

from __future__ import annotations

import argparse
import bisect
import csv
import json
import os
import resource
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

from scripts.scale_out import Deployment, Layout, files_allow, site_env, stop_on_sigterm  # noqa: E402

ROUND = 10
LOAD_PROCESSES = os.cpu_count() or 1
TARGETS = {"standings_p95_ms": 100, "update_p95_s": 3.0, "desk_ratio": 1.5}


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Database:
    """A throwaway PostgreSQL database (a context manager: dropped at the end)."""

    def __init__(self):
        self.base = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")
        prefix = os.environ.get("BENCH_DB_PREFIX", "zj_bench_live")
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


def event_build(players: int):
    """The event (see the vocabulary): the tournament and round 10's table plans."""
    import datetime
    import random

    from django.core.management import call_command
    from django.db import connection

    from benchmarks.bench_standings import build_event
    from benchmarks.http_desk import TablePlan
    from tests.tournament.builders import seat_players
    from tournament.models import Round, Session
    from tournament.seating.services import round_seat

    call_command("migrate", verbosity=0)
    tournament, people = build_event(players, ROUND - 1, 16, seed=1)
    tournament.end_date = tournament.start_date + datetime.timedelta(days=3)
    tournament.save()
    order = people[:]
    random.Random(ROUND).shuffle(order)
    round_ = Round.objects.create(tournament=tournament, number=ROUND, seating_published=True)
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
            f"/t/{tournament.slug}/desk/round/{ROUND}/table/{s.table.number}/", seat_players(s)
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


def locust_start(base: str, phones: int, spawn_rate: int, bound: int, folder: Path, slug: str):
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
        # One load generator process per core: 1,000 phones in one process keep it so busy
        # that its own delays would show in the pages' times.
        "--processes",
        str(LOAD_PROCESSES),
    ]
    log = open(folder / "locust.log", "wb")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
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


def replay(options, folder: Path) -> dict:
    from django.db import connections

    from benchmarks.http_desk import Judge
    from tests.tournament.builders import make_user

    started = time.perf_counter()
    tournament, plans = event_build(options.players)
    judges_users = [make_user("judge", name=f"live-judge-{i}") for i in range(options.judges)]
    make_user("superuser", name="live-organiser")
    result = {"build_s": time.perf_counter() - started, "tables": len(plans)}
    connections.close_all()
    layout = Layout(
        public=options.public,
        officials=1,
        streams=1,
        workers=1,
        env={"DATABASE_URL": os.environ["DATABASE_URL"]},
    )
    with Deployment(layout) as deployment:
        base = layout.base
        result["processes"] = [name for name, _ in deployment.processes]
        judges = [Judge(base, user.username, "pw") for user in judges_users]
        organiser = Judge(base, "live-organiser", "pw")
        for official in [*judges, organiser]:
            official.log_in()
        organiser.request(f"/t/{tournament.slug}/standings/")  # the kept page, warm
        print(f"  judges alone for {options.seconds} s...", flush=True)
        alone = judges_run(judges, plans, options.seconds, options.pace)
        result["alone"] = desk_figures(alone)
        print(f"  {options.phones} phones opening...", flush=True)
        bound = options.seconds + options.phones // options.spawn_rate + 120
        phones = locust_start(
            base, options.phones, options.spawn_rate, bound, folder, tournament.slug
        )
        try:
            deadline = time.monotonic() + options.phones / options.spawn_rate + 90
            while not (folder / "ready").exists():
                if phones.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "the phones did not start: " + (folder / "locust.log").read_text()[-3000:]
                    )
                time.sleep(0.5)
            time.sleep(5)  # the last phones' first page and stream
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
        finally:
            locust_stop(phones)
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--phones", type=int, default=1000)
    parser.add_argument("--judges", type=int, default=8)
    parser.add_argument("--seconds", type=int, default=60, help="each part's length (60)")
    parser.add_argument("--pace", type=float, default=8.0, help="seconds per save per judge (8)")
    parser.add_argument("--spawn-rate", type=int, default=100, help="phones opened a second")
    parser.add_argument("--public", type=int, default=2, help="public web processes (2)")
    options = parser.parse_args()
    stop_on_sigterm()
    files_allow()  # the phones' sockets, nginx's and uvicorn's, all on this machine
    with Database() as database, tempfile.TemporaryDirectory(prefix="zj-bench-live-") as folder:
        os.environ.update(site_env({"DATABASE_URL": database.url}))
        import django

        django.setup()
        print(f"bench-live on {database.name}: building the event...", flush=True)
        result = replay(options, Path(folder))
    return 0 if report(result, options) else 1


if __name__ == "__main__":
    raise SystemExit(main())

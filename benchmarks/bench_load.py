"""``make bench-load``: the desk and the public pages under load, over real HTTP on gunicorn.

Vocabulary
----------
backend     a throwaway database: a SQLite file in a temporary directory, then PostgreSQL
            (``BENCH_PG_URL``, default ``postgres://postgres@127.0.0.1:5432``) when reachable.
            Each backend runs in a child process (settings read ``DATABASE_URL`` once).
desk run    8 judges enter 1,000 hands (10 tables x 100) through gunicorn with 4 workers, each
            judge visiting every table from a different start (collisions on hand numbers);
            then every acknowledged hand must exist once, payments sum to zero per hand and
            per session, the audit log matches, and no answer was unclear.
load run    locust, headless, bounded (``--users``, ``--seconds``), against the public
            standings, the player page and the hand preview, next to a static file from the
            same server in the same run: requests per second, median and 99th percentile.
            Any error response fails the run.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def child(database: str, hands: int, users: int, seconds: int) -> dict:
    os.environ["DATABASE_URL"] = database
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.db.models import Sum

    from benchmarks.http_desk import Judge, Server, TablePlan, database_url, fill_tables, run_judges
    from tests.tournament.builders import (
        make_players,
        make_seated_round,
        make_tournament,
        make_user,
        seat_players,
    )
    from tournament.models import AuditEntry, Hand, Session
    from tournament.play.selectors.sheet import session_totals

    call_command("migrate", verbosity=0)
    tables = max(1, hands // 100)
    tournament = make_tournament(slug="load-open", hands_per_session=min(100, hands))
    make_seated_round(tournament, make_players(tournament, 4 * tables))
    make_user("judge", name="load-judge")
    sessions = list(
        Session.objects.filter(round__tournament=tournament)
        .select_related("table")
        .order_by("table__number")
    )
    plans = [
        TablePlan(f"/t/load-open/desk/round/1/table/{s.table.number}/", seat_players(s))
        for s in sessions
    ]
    result = {"backend": connection.vendor}
    with Server(database_url(connection.settings_dict), workers=4) as server:
        judges = [Judge(server.base, make_user("judge").username, "pw") for _ in range(8)]
        for judge in judges:
            judge.log_in()
        started = time.perf_counter()

        def work(judge, outcome):
            offset = judges.index(judge)
            fill_tables(judge, [plans[(offset + k) % len(plans)] for k in range(len(plans))],
                        outcome)  # fmt: skip

        outcomes = run_judges(judges, work)
        elapsed = time.perf_counter() - started
        acknowledged = [a for o in outcomes for a in o.acknowledged]
        kinds = {}
        for outcome in outcomes:
            for kind, count in outcome.kinds.items():
                kinds[kind] = kinds.get(kind, 0) + count
        saves = sorted(s for o in outcomes for s in o.seconds)
        stored = Hand.objects.filter(session__round__tournament=tournament)
        checks = {
            "acknowledged once": len(acknowledged) == len(set(acknowledged)),
            "acknowledged == stored": len(set(acknowledged)) == stored.count() == hands,
            "payments sum to zero per hand": not stored.annotate(t=Sum("payments__amount"))
            .exclude(t=0)
            .exists(),
            "per session": all(sum(session_totals(s).values()) == 0 for s in sessions),
            "audit matches": AuditEntry.objects.filter(
                tournament=tournament, action="create"
            ).count()
            == stored.count(),
            "no unclear answer": not any(o.unclear or o.lost for o in outcomes),
        }
        result["desk"] = {
            "hands": len(acknowledged),
            "seconds": round(elapsed, 1),
            "hands_per_second": round(len(acknowledged) / elapsed, 1),
            "save_p50_ms": round(1000 * saves[len(saves) // 2]),
            "save_p99_ms": round(1000 * saves[int(len(saves) * 0.99)]),
            "answers": kinds,
            "checks": checks,
        }
        first = plans[0].players
        result["load"] = _locust(server.base, users, seconds, first)
    return result


def _number(text: str) -> float:
    try:
        return float(text)
    except (TypeError, ValueError):
        return 0.0


def _locust(base: str, users: int, seconds: int, players: dict) -> list[dict]:
    prefix = Path(tempfile.mkdtemp()) / "locust"
    env = dict(
        os.environ,
        ZJ_LOAD_WINNER=str(players["S"]),
        ZJ_LOAD_DISCARDER=str(players["W"]),
    )
    subprocess.run(
        [sys.executable, "-m", "locust", "-f", str(ROOT / "benchmarks" / "locustfile.py"),
         "Visitor", "Judge", "--headless", "--users", str(users), "--spawn-rate", str(users),
         "--run-time", f"{seconds}s", "--host", base, "--csv", str(prefix), "--only-summary",
         "--loglevel", "WARNING"],
        env=env, check=False, capture_output=True, text=True,
    )  # fmt: skip
    rows = []
    with open(f"{prefix}_stats.csv", newline="") as stats:
        for row in csv.DictReader(stats):
            rows.append(
                {
                    "name": row["Name"],
                    "requests": int(row["Request Count"]),
                    "failures": int(row["Failure Count"]),
                    "rps": _number(row["Requests/s"]),
                    "p50_ms": _number(row["50%"]),
                    "p99_ms": _number(row["99%"]),
                }
            )
    return rows


def _postgres_url() -> str | None:
    base = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")
    name = f"zj_bench_load_{uuid.uuid4().hex[:8]}"
    made = subprocess.run(
        ["psql", base + "/postgres", "-c", f"CREATE DATABASE {name}"],
        capture_output=True,
        text=True,
    )
    return f"{base}/{name}" if made.returncode == 0 else None


def _drop(url: str) -> None:
    base, name = url.rsplit("/", 1)
    subprocess.run(["psql", base + "/postgres", "-c", f"DROP DATABASE IF EXISTS {name}"],
                   capture_output=True)  # fmt: skip


def _print(result: dict) -> bool:
    desk = result["desk"]
    ok = all(desk["checks"].values())
    print(f"\n== {result['backend']} ==")
    print(f"desk: {desk['hands']} hands by 8 judges in {desk['seconds']} s "
          f"({desk['hands_per_second']} hands/s); save p50 {desk['save_p50_ms']} ms, "
          f"p99 {desk['save_p99_ms']} ms")  # fmt: skip
    print(f"      answers: {desk['answers']}")
    for name, passed in desk["checks"].items():
        print(f"      {'ok  ' if passed else 'FAIL'} {name}")
    print(f"{'load':<16}{'requests':>9}{'errors':>7}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}")
    for row in result["load"]:
        print(f"{row['name']:<16}{row['requests']:>9}{row['failures']:>7}{row['rps']:>8.1f}"
              f"{row['p50_ms']:>8.0f}{row['p99_ms']:>8.0f}")  # fmt: skip
        ok = ok and row["failures"] == 0
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--users", type=int, default=16)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.hands, args.users, args.seconds)))
        return 0
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        wanted = args.backends.split(",")
        backends = [f"sqlite:///{tmp}/load.sqlite3"] if "sqlite" in wanted else []
        pg = _postgres_url() if "postgresql" in wanted else None
        if pg:
            backends.append(pg)
        elif "postgresql" in wanted:
            print("PostgreSQL not reachable: SQLite only.")
        for url in backends:
            try:
                done = subprocess.run(
                    [sys.executable, __file__, "--child", url, "--hands", str(args.hands),
                     "--users", str(args.users), "--seconds", str(args.seconds)],
                    capture_output=True, text=True, cwd=ROOT,
                )  # fmt: skip
                if done.returncode != 0:
                    print(done.stdout[-2000:], done.stderr[-4000:])
                    ok = False
                    continue
                ok = _print(json.loads(done.stdout.strip().splitlines()[-1])) and ok
            finally:
                if url.startswith("postgres"):
                    _drop(url)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

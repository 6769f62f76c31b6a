"""``make bench-standings``: server time and SQL queries of the public results pages at event scale.

Vocabulary
----------
event       400 players, 10 rounds, 100 tables, 16 hands per session: 16,000 hands and 64,000
            payments, plus 40 penalties; and a small event beside it (100 players, 4 rounds,
            1,600 hands) to show that the query counts do not grow.
bulk rows   the hands and payments are written with ``bulk_create`` in rows identical in shape
            to the hand service's (a hand, four payments summing to zero, formal scheme
            RULINGS R11, an audit line per hand); the kept session totals (`SessionScore`) are
            then computed by the same code the services call (`session_scores_rebuild`).
            Entering 16,000 hands through the service would take minutes per backend.
bare query  one SQL query summing payments per player over the tournament (three joins): the
            floor a design that reads every payment could not beat.
backend     a throwaway SQLite file, then PostgreSQL (``BENCH_PG_URL``, default
            ``postgres://postgres@127.0.0.1:5432``) when reachable; each in a child process.

Medians over ``--runs`` requests (default 30) with Django's test client, as an anonymous
spectator: *cold* with the kept boards forgotten before each request (the standings are built
from the kept session scores every time), *cached* as a spectator's refresh after the first
(the board is kept in the process under the tournament's last write). Targets: standings
under 3x the bare query and under 40 ms; a 304 under 5 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BARE_SQL = """
SELECT p.player_id, SUM(p.amount)
FROM tournament_payment p
JOIN tournament_hand h ON h.id = p.hand_id
JOIN tournament_session s ON s.id = h.session_id
JOIN tournament_round r ON r.id = s.round_id
WHERE r.tournament_id = %s
GROUP BY p.player_id
"""


def build_event(players: int, rounds: int, hands: int, seed: int = 1):
    """A seated, played event in bulk rows (see the module docstring)."""
    import datetime

    from tests.tournament.builders import make_user
    from tournament.event.services.admission import RosterEntry
    from tournament.event.services.registrations import tournament_register
    from tournament.models import (
        AuditEntry,
        Hand,
        Payment,
        Penalty,
        Round,
        Seat,
        Session,
        Tournament,
    )
    from tournament.play.services.scores import session_scores_rebuild
    from tournament.seating.services.seats import round_seat

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        name=f"Bench {players}",
        slug=f"bench-{players}",
        start_date=datetime.date(2026, 7, 1),
        end_date=datetime.date(2026, 7, 3),
        hands_per_session=hands,
        use_match_points=True,
    )
    countries = ["DK", "FR", "DE", "JP", "HK", "SE", "PL", "US"]  # ISO 3166 codes, as stored
    roster = [
        RosterEntry(name=f"Player {i:04d}", country=countries[i % len(countries)], external_id="")
        for i in range(1, players + 1)
    ]
    regs = tournament_register(tournament=tournament, roster=roster)
    people = [reg.player for reg in regs]
    judge = make_user("judge", name=f"bench-judge-{players}")
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(tournament=tournament, number=number, seating_published=True)
        order = people[:]
        rng.shuffle(order)
        round_seat(
            round_=round_,
            seat_rows=[(i // 4 + 1, "ESWN"[i % 4], p) for i, p in enumerate(order)],
        )
    sessions = list(Session.objects.filter(round__tournament=tournament))
    seats = {}
    for seat in Seat.objects.filter(round__tournament=tournament):
        seats.setdefault((seat.round_id, seat.table_id), {})[seat.wind] = seat.player_id
    hand_rows, pay_plan = [], []
    for session in sessions:
        by_wind = seats[(session.round_id, session.table_id)]
        ids = [by_wind[w] for w in "ESWN"]
        for number in range(1, hands + 1):
            if rng.random() < 0.1:
                hand_rows.append(Hand(session=session, number=number, outcome="draw"))
                pay_plan.append(dict.fromkeys(ids, 0))
                continue
            winner = rng.choice(ids)
            value = rng.choice([5, 10, 15, 25, 30, 40, 60, 140])
            if rng.random() < 0.3:
                pay = {pid: -value for pid in ids}
                pay[winner] = 3 * value
                hand = Hand(
                    session=session,
                    number=number,
                    outcome="win",
                    winner_id=winner,
                    win_type="self_draw",
                    value=value,
                )
            else:
                discarder = rng.choice([pid for pid in ids if pid != winner])
                if value <= 25:
                    pay = {pid: -value for pid in ids}
                else:
                    pay = {pid: -25 for pid in ids}
                    pay[discarder] = -(3 * value - 50)
                pay[winner] = 0
                pay[winner] = -sum(pay.values())
                hand = Hand(
                    session=session,
                    number=number,
                    outcome="win",
                    winner_id=winner,
                    win_type="discard",
                    discarder_id=discarder,
                    value=value,
                )
            hand.entered_by = judge
            hand_rows.append(hand)
            pay_plan.append(pay)
    Hand.objects.bulk_create(hand_rows, batch_size=2000)
    Payment.objects.bulk_create(
        (
            Payment(hand=hand, player_id=pid, amount=amount)
            for hand, pay in zip(hand_rows, pay_plan, strict=True)
            for pid, amount in pay.items()
        ),
        batch_size=4000,
    )
    AuditEntry.objects.bulk_create(
        (
            AuditEntry(
                tournament=tournament,
                session=hand.session,
                hand_number=hand.number,
                action="create",
                user=judge,
                after={"value": hand.value},
            )
            for hand in hand_rows
        ),
        batch_size=2000,
    )
    for session in rng.sample(sessions, 40):
        player = seats[(session.round_id, session.table_id)]["E"]
        Penalty.objects.create(
            tournament=tournament,
            session=session,
            player_id=player,
            amount=30,
            mode=rng.choice(["zero_sum", "deduction"]),
            reason="Bench penalty",
        )
    Session.objects.filter(round__tournament=tournament).update(status="reconciled")
    session_scores_rebuild(tournament=tournament)
    return tournament, people


def child(runs: int) -> dict:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment
    from django.urls import reverse

    from tests.tournament.builders import make_user
    from tournament.standings.selectors.board import boards_forget

    setup_test_environment()
    call_command("migrate", verbosity=0)
    built = time.perf_counter()
    small, small_people = build_event(100, 4, 16, seed=2)
    big, big_people = build_event(400, 10, 16, seed=1)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # as autovacuum would after a day of entries
            cursor.execute("ANALYZE")
    built = time.perf_counter() - built
    from tournament.models import Hand, Payment

    client = Client()

    def pages(tournament, people):
        slug = tournament.slug
        return {
            "standings": reverse("public:standings", args=[slug]),
            "player": reverse("public:player_detail", args=[slug, people[7].pk]),
            "countries": reverse("public:country_list", args=[slug]),
        }

    def measure(url, headers=None, status=200, cold=False):
        for _ in range(3):
            client.get(url, headers=headers or {})
        times = []
        for _ in range(runs):
            if cold:
                boards_forget()
            start = time.perf_counter()
            response = client.get(url, headers=headers or {})
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == status, (url, response.status_code)
        if cold:
            boards_forget()
        with CaptureQueriesContext(connection) as queries:
            client.get(url, headers=headers or {})
        return statistics.median(times), len(queries), response

    result = {"backend": connection.vendor, "build_s": built, "pages": {}}
    for name, url in pages(big, big_people).items():
        ms, count, response = measure(url, cold=True)
        small_count = measure(pages(small, small_people)[name], cold=True)[1]
        warm_ms = measure(url)[0]
        result["pages"][name] = {
            "ms": ms,
            "warm_ms": warm_ms,
            "queries": count,
            "queries_small": small_count,
        }
        if name == "standings":
            etag = response["ETag"]
            result["not_modified_ms"] = measure(url, {"If-None-Match": etag}, 304)[0]
    with connection.cursor() as cursor:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            cursor.execute(BARE_SQL, [big.pk])
            cursor.fetchall()
            times.append((time.perf_counter() - start) * 1000)
    result["bare_ms"] = statistics.median(times)
    result["hands"] = Hand.objects.filter(session__round__tournament=big).count()
    result["payments"] = Payment.objects.filter(hand__session__round__tournament=big).count()
    result["hands_small"] = Hand.objects.filter(session__round__tournament=small).count()
    organiser = make_user("superuser", name="bench-organiser")
    client.force_login(organiser)
    result["audit_ms"] = measure(reverse("desk:tournament_audit", args=[big.slug]))[0]
    result["seating_ms"] = measure(reverse("console:seating_overview", args=[big.slug]))[0]
    reset_queries()
    return result


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
        print(done.stderr[-3000:], file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def postgres_url():
    base = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432").rstrip("/")
    try:
        import psycopg

        admin = psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=3)
    except Exception as error:  # noqa: BLE001 - any failure means "not reachable"
        print(f"PostgreSQL not reachable at {base}: {error}", file=sys.stderr)
        return None
    name = f"zj_bench_standings_{os.getpid()}"
    admin.execute(f'CREATE DATABASE "{name}"')

    def drop():
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()

    return f"{base}/{name}", drop


def report(row: dict) -> None:
    print(
        f"\n{row['backend']}: {row['hands']:,} hands, {row['payments']:,} payments "
        f"(small event: {row['hands_small']:,} hands); built in {row['build_s']:.0f} s"
    )
    print(
        f"{'page':<12}{'cold ms':>9}{'cached ms':>11}"
        f"{'queries 400p/16k':>18}{'queries 100p/1.6k':>19}"
    )
    for name, page in row["pages"].items():
        print(
            f"{name:<12}{page['ms']:>9.2f}{page['warm_ms']:>11.2f}"
            f"{page['queries']:>18}{page['queries_small']:>19}"
        )
    bare, standings = row["bare_ms"], row["pages"]["standings"]["ms"]
    print(f"{'bare SQL':<12}{bare:>11.2f}   (sum of payments per player, one query)")
    print(
        f"standings (cold: board built) / bare query = {standings / bare:.2f}x (target < 3x); "
        f"standings {standings:.1f} ms (target < 40 ms)"
    )
    print(f"304 revalidation {row['not_modified_ms']:.2f} ms (target < 5 ms)")
    print(
        f"audit log page {row['audit_ms']:.1f} ms; seating overview {row['seating_ms']:.1f} ms "
        "(organiser, 400 players)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sqlite-only", action="store_true")
    options = parser.parse_args()
    if options.child:
        print(json.dumps(child(options.runs)))
        return
    results = []
    with tempfile.TemporaryDirectory() as folder:
        results.append(run_backend(f"sqlite:///{folder}/bench.sqlite3", options.runs))
    pg = None if options.sqlite_only else postgres_url()
    if pg is not None:
        url, drop = pg
        try:
            results.append(run_backend(url, options.runs))
        finally:
            drop()
    print(f"Standings at event scale, medians over {options.runs} requests (test client, ms)")
    for row in filter(None, results):
        report(row)
    if not all(results):
        sys.exit(1)


if __name__ == "__main__":
    main()

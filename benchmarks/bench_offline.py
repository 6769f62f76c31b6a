"""The offline desk's catch-up: from the network's return to every queued hand saved.

    python benchmarks/bench_offline.py [--hands 20 200] [--port 18510]

Vocabulary
----------
event       a throwaway SQLite database (``/tmp/zj_offline_bench_<pid>.sqlite3``) with one
            round of 56 players (14 tables of 16 hands: room for 200 hands), a judge.
server      uvicorn serving the site over it (debug on, as the demo), on ``--port``.
queued      N hands typed offline, put in the judge's store in the browser (IndexedDB, the
            records `static/tournament/offline/desk.js` makes when the judge presses Save
            offline): the tables' hands in order, alternately a win of 10 and a draw.
catch-up    from ``context.set_offline(False)`` and the ``online`` event to the store empty
            (every entry answered "saved" by the sync), timed by this script's clock; the
            database is then checked: N hands, each once.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]  # fmt: skip
SMALL = "123m 456p 789s 234s 5m"

PUT = """async ({user, entries}) => {
  const db = await new Promise((resolve) => {
    const opening = indexedDB.open('zj-offline-' + user, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore('queue', {keyPath: 'key'});
    opening.onsuccess = () => resolve(opening.result);
  });
  await new Promise((resolve) => {
    const tx = db.transaction('queue', 'readwrite');
    entries.forEach((e, i) => tx.objectStore('queue').put(
      Object.assign({key: crypto.randomUUID(), seq: Date.now() * 100 + i,
                     typed_at: new Date().toISOString(), status: 'queued'}, e)));
    tx.oncomplete = resolve;
  });
  db.close();
}"""

COUNT = """(user) => new Promise((resolve) => {
  const opening = indexedDB.open('zj-offline-' + user, 1);
  opening.onsuccess = () => {
    const db = opening.result;
    const c = db.transaction('queue').objectStore('queue').count();
    c.onsuccess = () => { db.close(); resolve(c.result); };
  };
})"""


def left(page) -> int:
    """The entries still in the store (the page reloads itself once they are sent: asked
    again on the new page)."""
    from playwright.sync_api import Error

    try:
        return page.evaluate(COUNT, "bench-judge")
    except Error:
        page.wait_for_load_state()
        return left(page)


def build(database: Path):
    env = {**os.environ, "DJANGO_DEBUG": "1", "DATABASE_URL": f"sqlite:///{database}"}
    os.environ.update(env)
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # the sync Playwright loop
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    import django

    django.setup()
    from tests.tournament.builders import make_players, make_seated_round, make_tournament
    from tournament.models import Seat, Session

    tournament = make_tournament(name="Offline Bench", slug="offline-bench")
    round_ = make_seated_round(tournament, make_players(tournament, 64))
    user = __import__("django.contrib.auth", fromlist=["get_user_model"]).get_user_model()
    judge = user.objects.create_user(username="bench-judge", password="pw")
    from tournament.roles import roles_ensure

    judge.groups.add(roles_ensure()[0])
    sessions = []
    for session in Session.objects.filter(round=round_).order_by("table__number"):
        seats = {
            s.wind: s.player_id for s in Seat.objects.filter(round=round_, table=session.table)
        }
        sessions.append((session, seats))
    return env, tournament, sessions


def entries_for(tournament, sessions, count: int) -> list[dict]:
    from django.urls import reverse

    sync = reverse("desk:offline_sync", args=[tournament.slug])
    out = []
    for session, seats in sessions:
        for number in range(1, 17):
            if len(out) == count:
                return out
            fields = {"number": str(number), "outcome": "draw"}
            if number % 2:
                fields = {
                    "number": str(number), "outcome": "win", "winner": str(seats["S"]),
                    "win_type": "discard", "discarder": str(seats["W"]), "tiles": SMALL,
                    "winning_tile": "5m", "immunity": "",
                }  # fmt: skip
            out.append({
                "place": "desk", "round": 1, "table": session.table.number, "half": 1,
                "fields": fields, "sync": sync, "page": session.desk_url(), "label": "bench",
            })  # fmt: skip
    return out


def run(counts: list[int], port: int) -> None:
    database = Path(f"/tmp/zj_offline_bench_{os.getpid()}.sqlite3")
    env, tournament, sessions = build(database)
    from playwright.sync_api import sync_playwright

    from tournament.models import Hand

    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "tournament.asgi:application",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--no-access-log",
        ],  # fmt: skip
        cwd=ROOT,
        env=env,
    )
    base = f"http://localhost:{port}"
    try:
        time.sleep(3)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            used = 0  # each run's hands go to tables of their own
            for count in counts:
                tables = sessions[used : used + -(-count // 16)]
                used += len(tables)
                before = Hand.objects.count()
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"{base}/login/?next={sessions[0][0].desk_url()}")
                page.fill("#id_username", "bench-judge")
                page.fill("#id_password", "pw")
                page.click("button[type=submit]")
                page.wait_for_function("() => navigator.serviceWorker.controller", timeout=30000)
                context.set_offline(True)
                page.evaluate(
                    PUT,
                    {"user": "bench-judge", "entries": entries_for(tournament, tables, count)},
                )
                assert page.evaluate(COUNT, "bench-judge") == count
                context.set_offline(False)
                start = time.perf_counter()
                page.evaluate("window.dispatchEvent(new Event('online'))")
                while left(page):
                    time.sleep(0.02)
                took = time.perf_counter() - start
                saved = Hand.objects.count() - before
                print(
                    f"{count} queued hands: all saved {took:.2f} s after the network came back "
                    f"({took / count * 1000:.0f} ms a hand); hands in the database: {saved}"
                )
                assert saved == count, saved
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait()
        database.unlink(missing_ok=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[20, 200])
    parser.add_argument("--port", type=int, default=18510)
    options = parser.parse_args()
    run(options.hands, options.port)


if __name__ == "__main__":
    main()

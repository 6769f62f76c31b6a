"""``make bench-scoring`` (second part): the desk's evaluation of a stored 16-hand session.

Vocabulary:
- *stored session*: ``benchmarks/data/desk_session.json``, 16 hand entries as the desk keeps
  them (`HandEntryData.as_data`): wins of every kind, a draw, a false win, Same-Round Immunity.
- *evaluation*: ``tournament.hand_scoring.evaluate(entry, seating=..., rules=...)``, the
  desk's read-score-pay step (parse the judge's text, score, settle); no database is touched.
- *cold session*: the 16 entries evaluated once in a fresh process (entries built before the
  clock).
- *event*: the same session evaluated 1,000 times over (16,000 hands) in the same process, as
  when re-scoring a whole event.

Each round runs in a fresh process; the table shows the median of ``--rounds`` rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SESSION = ROOT / "benchmarks" / "data" / "desk_session.json"
EVENT_SESSIONS = 1000


def child() -> dict:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from scoring.engine import Rules
    from tournament.hand_scoring import HandEntryData, Seating, evaluate

    stored = json.loads(SESSION.read_text(encoding="utf-8"))
    players = stored["players"]
    seating = Seating(players=players, names={pid: f"P{pid}" for pid in players.values()})
    entries = [HandEntryData.from_data(data) for data in stored["hands"]]
    rules = Rules()
    start = time.perf_counter()
    results = [evaluate(entry, seating=seating, rules=rules) for entry in entries]
    cold = time.perf_counter() - start
    problems = [(r.entry.number, r.errors) for r in results if r.errors]
    start = time.perf_counter()
    for _ in range(EVENT_SESSIONS):
        for entry in entries:
            evaluate(entry, seating=seating, rules=rules)
    event = time.perf_counter() - start
    return {"cold": cold, "event": event, "hands": len(entries), "problems": problems}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child()))
        return 0
    rows = []
    for _ in range(args.rounds):
        done = subprocess.run(
            [sys.executable, __file__, "--child"], cwd=ROOT, capture_output=True, text=True
        )
        if done.returncode:
            sys.exit(f"the desk child failed:\n{done.stderr[-3000:]}")
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    if rows[0]["problems"]:
        sys.exit(f"the stored session no longer evaluates cleanly: {rows[0]['problems']}")
    hands = rows[0]["hands"]
    cold = statistics.median(row["cold"] for row in rows)
    event = statistics.median(row["event"] for row in rows)
    print(f"Desk evaluation (tournament.hand_scoring.evaluate), median of {args.rounds} rounds")
    print(f"  stored {hands}-hand session, cold, fresh process: {cold * 1000:.2f} ms")
    total = hands * EVENT_SESSIONS
    print(
        f"  the same session x {EVENT_SESSIONS:,} ({total:,} hands): {event:.2f} s = "
        f"{total / event:,.0f} hands/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

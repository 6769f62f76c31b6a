"""``make bench-scoring`` (second part): the desk's evaluation of a stored 16-hand session.

Vocabulary:
- *stored session*: ``benchmarks/data/desk_session.json``, 16 hand entries as the desk keeps
  them (`HandEntryData.as_data`): wins of every kind, a draw, a false win, Same-Round Immunity.
- *evaluation*: ``tournament.play.entry.evaluation.evaluate(entry, seating=..., rules=...)``, the
  desk's read-score-pay step (parse the judge's text, score, settle); no database is touched.
- *cold session*: the 16 entries evaluated once in a fresh process (entries built and the
  start-up garbage collected before the clock).
- *event*: the same session evaluated 1,000 times over (16,000 hands) in the same process, as
  when re-scoring a whole event.

Each round runs in a fresh process; the table shows the median of ``--rounds`` rounds, in CPU
time (the machine is shared). ``--baseline-commit COMMIT`` also runs each round with that
commit's `scoring` package in front of the tournament code (before/after in the same run).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SESSION = ROOT / "benchmarks" / "data" / "desk_session.json"
EVENT_SESSIONS = 1000


def child() -> dict:
    sys.path.insert(0, str(ROOT))
    older = os.environ.get("ZJ_ENGINE_ROOT")  # the baseline's scoring and tournament packages
    if older:
        sys.path.insert(0, older)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from scoring.engine import Rules

    try:
        from tournament.play.entry.evaluation import evaluate
        from tournament.play.entry.hand_entry import HandEntryData, Seating
    except ImportError:  # a baseline from before the split: the bridge was one module
        try:
            from tournament.play.entry import HandEntryData, Seating, evaluate
        except ImportError:  # ... and before the house, hand_scoring
            from tournament.hand_scoring import HandEntryData, Seating, evaluate

    stored = json.loads(SESSION.read_text(encoding="utf-8"))
    players = stored["players"]
    seating = Seating(players=players, names={pid: f"P{pid}" for pid in players.values()})
    entries = [HandEntryData.from_data(data) for data in stored["hands"]]
    rules = Rules()
    # Settle the garbage of start-up before the clock: otherwise whether a collection of the
    # older generations falls inside the 2 ms cold pass depends on how many objects Django's
    # set-up happened to allocate (a different count at each commit), not on the scorer.
    gc.collect()
    start = time.process_time()
    results = [evaluate(entry, seating=seating, rules=rules) for entry in entries]
    cold = time.process_time() - start
    problems = [(r.entry.number, r.errors) for r in results if r.errors]
    start = time.process_time()
    for _ in range(EVENT_SESSIONS):
        for entry in entries:
            evaluate(entry, seating=seating, rules=rules)
    event = time.process_time() - start
    return {"cold": cold, "event": event, "hands": len(entries), "problems": problems}


def _child(older: Path | None) -> dict:
    env = {**os.environ, "ZJ_ENGINE_ROOT": str(older)} if older else None
    done = subprocess.run(
        [sys.executable, __file__, "--child"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    if done.returncode:
        sys.exit(f"the desk child failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline-commit", metavar="COMMIT", help="also measure this commit")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child()))
        return 0
    rows, old_rows = [], []
    with tempfile.TemporaryDirectory() as folder:
        older = None
        if args.baseline_commit:
            older = Path(folder)
            archive = subprocess.run(
                ["git", "archive", args.baseline_commit, "scoring", "tournament"],
                cwd=ROOT,
                capture_output=True,
                check=True,
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(older)], input=archive, check=True)
        for _ in range(args.rounds):
            rows.append(_child(None))
            if older:
                old_rows.append(_child(older))
    if rows[0]["problems"]:
        sys.exit(f"the stored session no longer evaluates cleanly: {rows[0]['problems']}")
    hands = rows[0]["hands"]
    cold = statistics.median(row["cold"] for row in rows)
    event = statistics.median(row["event"] for row in rows)
    print(
        "Desk evaluation (tournament.play.entry.evaluation.evaluate), "
        f"median of {args.rounds} rounds"
    )
    print(f"  stored {hands}-hand session, cold, fresh process: {cold * 1000:.2f} ms")
    total = hands * EVENT_SESSIONS
    print(
        f"  the same session x {EVENT_SESSIONS:,} ({total:,} hands): {event:.2f} s = "
        f"{total / event:,.0f} hands/s"
    )
    if old_rows:
        cold = statistics.median(row["cold"] for row in old_rows)
        before = statistics.median(row["event"] for row in old_rows)
        print(
            f"  with the engine at {args.baseline_commit[:10]}: cold {cold * 1000:.2f} ms, "
            f"x {EVENT_SESSIONS:,} {before:.2f} s; after/before {before / event:.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

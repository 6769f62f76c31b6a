"""A pytest plugin that records every hand the test suite scores (for ``same_results.py``).

    RECORD_HANDS=/tmp/test_hands.txt PYTHONPATH=benchmarks \
        .venv/bin/python -m pytest -p record_test_hands tests/scoring tests/tournament

Each line is ``hand notation <TAB> minimum``; hands that cannot be written (objects built with
wrong types) are skipped. The plugin wraps `score_hand` before any test module imports it.
"""

from __future__ import annotations

import os

import scoring.engine
import scoring.engine.score

_original = scoring.engine.score.score_hand
_seen: set[str] = set()


def _recording(hand, rules=None):
    try:
        line = f"{hand.notation()}\t{rules.minimum if rules else 5}"
    except Exception:  # noqa: BLE001 - a malformed hand object: nothing to record
        line = None
    if line and line not in _seen:
        _seen.add(line)
        with open(os.environ["RECORD_HANDS"], "a", encoding="utf-8") as out:
            out.write(line + "\n")
    return _original(hand, rules)


scoring.engine.score_hand = _recording
scoring.engine.score.score_hand = _recording

"""Same results as before the speed work (issue 14): a stored sample of outcome lines.

`data/same_results.tsv.gz` holds 3,040 lines written by ``benchmarks/same_results.py`` with the
engine as it was before the scorer was made faster: 2,500 hands spread over the 297,396-line
comparison (random mix, concealed twins, penalty tiles) and 540 hands the test suite scores.
Each line is ``notation <TAB> minimum <TAB> outcome`` (total, limit, patterns with points, the
chosen arrangement and the payments, or the error and its message). Any change in a total, a
pattern, a payment, the tie-break between arrangements or an error message shows up here.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from same_results import outcome  # noqa: E402

DATA = Path(__file__).with_name("data") / "same_results.tsv.gz"


def _lines() -> list[tuple[str, int, str]]:
    with gzip.open(DATA, "rt", encoding="utf-8") as stored:
        rows = [line.rstrip("\n").split("\t") for line in stored]
    return [(text, int(minimum), expected) for text, minimum, expected in rows]


LINES = _lines()


def test_the_sample_covers_every_kind_of_outcome():
    outcomes = [expected for _text, _minimum, expected in LINES]
    assert len(LINES) == 3040
    assert any("10.2:30" in o for o in outcomes)  # Seven Pairs
    assert any("10.1:160" in o for o in outcomes)  # Thirteen Terminals
    assert any(" listed " in o or " compound " in o for o in outcomes)  # limits (RULINGS R6)
    assert any(o.startswith("IllegalWinError") for o in outcomes)  # R7 and R9
    assert any(o.startswith("InvalidHandError") for o in outcomes)


@pytest.mark.parametrize("chunk", range(8), ids=lambda n: f"chunk-{n}")
def test_outcomes_are_unchanged(chunk):
    differ = [
        (text, minimum, expected, got)
        for text, minimum, expected in LINES[chunk::8]
        if (got := outcome(text, minimum)) != expected
    ]
    assert not differ, differ[:3]

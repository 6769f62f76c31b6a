"""The scored corpus re-run at the winning minimums 0 and 15 (RULINGS R7, R10).

`data/minimum_corpus.tsv` pins, for every tenth hand of the stored corpus
(`data/same_results.tsv.gz`, 304 hands), what it is at minimum 0 and at minimum 15: ``win N``
(its value), ``false win`` (under the minimum: R7 makes the declaration a false win, R10),
``illegal`` (a penalty tile forbids it, R9) or ``invalid`` (not a winning hand). The Chicken
Hands (1 point) become legal at 0; hands worth 5 and 10 become false wins at 15; a hand worth
exactly 15 stays legal. Every hand of the whole corpus is also checked against the rule itself.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from scoring.engine import Hand, IllegalWinError, Rules, ScoringError, score_hand

DATA = Path(__file__).with_name("data")
PINNED = DATA / "minimum_corpus.tsv"


def _corpus() -> list[tuple[str, int]]:
    with gzip.open(DATA / "same_results.tsv.gz", "rt", encoding="utf-8") as stored:
        rows = [line.rstrip("\n").split("\t") for line in stored]
    return [(text, int(minimum)) for text, minimum, _outcome in rows]


CORPUS = _corpus()


def verdict(text: str, minimum: int) -> str:
    """What the hand is under ``minimum``: "win N", "false win", "illegal" or "invalid"."""
    try:
        return f"win {score_hand(Hand.from_notation(text), Rules(minimum=minimum)).total}"
    except IllegalWinError as error:
        return "false win" if error.rule == "R7" else "illegal"
    except (ScoringError, ValueError):
        return "invalid"


def _pinned() -> list[tuple[str, str, str]]:
    lines = PINNED.read_text(encoding="utf-8").splitlines()
    return [tuple(line.split("\t")) for line in lines if line and not line.startswith("#")]


PINNED_LINES = _pinned()


def test_the_pinned_hands_are_every_tenth_hand_of_the_corpus():
    assert [text for text, _zero, _fifteen in PINNED_LINES] == [t for t, _m in CORPUS[::10]]


def test_the_pinned_sample_covers_each_change():
    pairs = {(zero.split()[0] + (zero.split()[1] if zero.startswith("win") else ""), fifteen)
             for _text, zero, fifteen in PINNED_LINES}  # fmt: skip
    assert ("win1", "false win") in pairs  # a Chicken Hand: legal at 0, false win at 15
    assert ("win5", "false win") in pairs and ("win10", "false win") in pairs
    assert ("win15", "win 15") in pairs  # exactly the minimum wins
    assert ("illegal", "illegal") in pairs and ("invalid", "invalid") in pairs


@pytest.mark.parametrize("minimum", [0, 15])
def test_each_pinned_hand_has_its_expected_outcome(minimum):
    column = 1 if minimum == 0 else 2
    differ = [
        (line[0], line[column], got)
        for line in PINNED_LINES
        if (got := verdict(line[0], minimum)) != line[column]
    ]
    assert not differ, differ[:5]


@pytest.mark.parametrize("chunk", range(4), ids=lambda n: f"chunk-{n}")
def test_the_whole_corpus_follows_the_rule_at_0_5_and_15(chunk):
    """At 0 every readable, allowed hand wins; at m it wins exactly when its value is m or more,
    for the same value; penalty-tile and reading problems do not depend on the minimum."""
    wrong = []
    for text, _stored in CORPUS[chunk::4]:
        at_zero = verdict(text, 0)
        for minimum in (5, 15):
            got = verdict(text, minimum)
            if at_zero.startswith("win"):
                value = int(at_zero.split()[1])
                expected = at_zero if value >= minimum else "false win"
            else:
                expected = at_zero
            if got != expected:
                wrong.append((text, minimum, expected, got))
        if at_zero == "false win":
            wrong.append((text, 0, "no false win at 0", at_zero))
    assert not wrong, wrong[:5]

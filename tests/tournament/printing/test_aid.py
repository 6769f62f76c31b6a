"""The scoring aid card's content (`tournament.printing.aid`, pure)."""

import pytest

from scoring.engine import PATTERNS, Hand, Rules, Scheme, score_hand
from tournament.printing.aid import EXAMPLES, aid_rows, payoff_lines


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: f"{p.number}-{p.name}")
def test_every_example_hand_scores_its_pattern(pattern):  # RULINGS R1
    result = score_hand(Hand.from_notation(EXAMPLES[pattern.number]), Rules(minimum=0))
    assert pattern.name in [found.name for found, _ in result.patterns]


def test_the_card_lists_the_44_patterns_with_chinese_names_and_tiles():
    rows = aid_rows(PATTERNS)
    assert len(rows) == 44 and all(row.chinese and row.groups for row in rows)
    assert rows[0].number == "1.1" and rows[-1].name == "Seven Pairs"
    assert next(r for r in rows if r.number == "3.1").points == "10 each"


def test_example_groups_keep_melds_apart_and_the_winning_tile_last():
    row = next(r for r in aid_rows(PATTERNS) if r.number == "4.3.2")
    kinds = [group.kind for group in row.groups]
    assert kinds[:2] == ["exposed", "exposed"] and kinds[-1] == "winning"
    assert row.groups[0].codes == ("1m",) * 4


def test_payoff_lines_follow_the_formal_scheme():  # RULINGS R11
    lines = {line.value: line for line in payoff_lines(Rules())}
    assert (lines[25].others, lines[25].discarder) == (25, 25)
    assert (lines[40].others, lines[40].discarder, lines[40].winner) == (25, 70, 120)
    uniform = {line.value: line for line in payoff_lines(Rules(scheme=Scheme.UNIFORM))}
    assert uniform[40].discarder == 40

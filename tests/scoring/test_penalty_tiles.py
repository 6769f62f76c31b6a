"""Penalty-tile legality (RULINGS R9) and the false win it leads to (R10)."""

from __future__ import annotations

import pytest

from scoring.engine import IllegalWinError, InvalidHandError
from tests.scoring.engine_helpers import names, score


def test_penalty_tile_in_an_exposed_meld_blocks_the_win():
    with pytest.raises(IllegalWinError, match=r"penalty tile 5p is in the exposed meld \[555p\]"):
        score("[555p] 123m 789s 234s 9p +9p penalty:5p")


def test_penalty_tile_in_the_set_completed_by_the_discard_blocks_the_win():
    with pytest.raises(IllegalWinError, match="R9") as caught:
        score("55p 123m 789s 234s 99s +5p penalty:5p")
    assert caught.value.rule == "R9"
    assert "pung 555p completed by the discarded 5p" in str(caught.value)


def test_the_same_hand_self_drawn_is_legal():
    assert score("55p 123m 789s 234s 99s +5p self penalty:5p").total > 0


def test_penalty_tile_may_not_be_the_pair_of_a_discard():
    with pytest.raises(IllegalWinError, match="pair 99s completed by the discarded 9s"):
        score("123m 456s 234s 555p 9s +9s penalty:9s")
    # with a second 9s in the hand the penalty tile can sit in the concealed 789s instead
    assert score("123m 789s 234s 555p 9s +9s penalty:9s").total >= 0


def test_freedom_of_count_picks_the_best_legal_arrangement():
    # Without penalty tiles 345m completed by the discard scores 35 (RULINGS R3); with 4m a
    # penalty tile only 333m may take the discard, leaving Two Concealed Triplets.
    free = score("333m 45m 111p 999s 22s +3m")
    blocked = score("333m 45m 111p 999s 22s +3m penalty:4m")
    assert free.total == 35 and blocked.total == 10
    assert blocked.arrangement.completed.kind.value == "pung"


def test_penalty_tile_used_in_a_concealed_kong_stops_being_one():
    assert score("(5555p) 123m 789s 234s 9p +9p penalty:5p").total > 0


def test_seven_pairs_penalty_tile_may_not_pair_with_the_discard():
    with pytest.raises(IllegalWinError, match="R9"):
        score("22m 33m 44p 55p 66s 77s 8s +8s penalty:8s")
    assert names(score("22m 33m 44p 55p 66s 77s 8s +8s penalty:2m"))["Seven Pairs"] == 30
    assert score("22m 33m 44p 55p 66s 77s 8s +8s self penalty:8s").total == 35


def test_thirteen_terminals_one_penalty_tile():
    with pytest.raises(IllegalWinError, match="discarded Rd"):
        score("19m19p19s ESWNWhGrRd +Rd penalty:Rd")
    assert score("19m19p19s ESWNWhGrRd +Rd penalty:1m").total == 160
    assert score("19m19p19s ESWNWhGrRd +Rd self penalty:Rd").total == 160


def test_thirteen_terminals_three_penalty_tiles_only_self_draw():
    with pytest.raises(IllegalWinError, match="3 penalty tiles"):
        score("19m19p19s ESWNWhGrRd +Rd penalty:1m,9m,E")
    assert score("19m19p19s ESWNWhGrRd +Rd self penalty:1m,9m,E").total == 160


def test_penalty_tile_not_in_the_hand_is_an_input_error():
    with pytest.raises(InvalidHandError, match="penalty tile 7p"):
        score("123m 456p 789s 234s 5p +5p penalty:7p")


def test_illegal_win_reports_a_false_win_rule():
    with pytest.raises(IllegalWinError) as caught:
        score("[555p] 123m 789s 234s 9p +9p penalty:5p")
    assert "RULINGS R9" in str(caught.value)

"""One or more hands for each ruling R2-R12 of docs/rulings.md, and the limit interactions."""

from __future__ import annotations

import pytest

from scoring.engine import (
    SEATS,
    Hand,
    IllegalWinError,
    InvalidHandError,
    Rules,
    Scheme,
    false_win_deltas,
    score_hand,
    settle,
)
from scoring.engine.decompose import GroupKind
from tests.scoring.engine_helpers import names, score

FREEDOM = "11122233m 99s [RdRdRd] +3m"


def test_r2_freedom_of_count_on_a_discard_170_vs_145():  # RULINGS R2
    result = score(FREEDOM)
    assert result.total == 170
    assert names(result) == {
        "Value Honor": 10,
        "Three Identical Sequences": 120,
        "Mixed Lesser Terminals": 40,
    }
    assert [r.total for r in result.runners_up] == [145]
    assert names(result.runners_up[0]) == {
        "Value Honor": 10,
        "All Triplets": 30,
        "Two Concealed Triplets": 5,
        "Three Consecutive Triplets": 100,
    }


def test_r2_freedom_of_count_on_a_self_draw_170_vs_170_is_deterministic():  # RULINGS R2
    results = {score(FREEDOM + " self").arrangement.notation() for _ in range(3)}
    result = score(FREEDOM + " self")
    assert result.total == 170 and [r.total for r in result.runners_up] == [170]
    assert len(results) == 1
    assert "Three Concealed Triplets" in names(result.runners_up[0])


def test_r2_three_identical_sequences_vs_three_consecutive_triplets():  # RULINGS R2
    # 222 333 444m + 678p + 99s: triplets 100+30+5 beat sequences 120+5+5.
    result = score("222m 333m 444m 678p 9s +9s")
    assert result.total == 135
    assert "Three Consecutive Triplets" in names(result)
    assert "Three Identical Sequences" in names(result.runners_up[0])
    assert result.runners_up[0].total == 130


def test_r2_the_chosen_arrangement_is_never_worse_than_a_runner_up():  # RULINGS R2
    result = score("1112345678999m +5m", minimum=0)
    assert all(result.total >= other.total for other in result.runners_up)


def test_r3_discard_completed_set_is_exposed_but_the_hand_stays_concealed():  # RULINGS R3
    result = score("333m 45m 111p 999s 22s +3m")
    assert names(result) == {"Concealed Hand": 5, "Three Concealed Triplets": 30}
    completed = result.arrangement.completed
    assert completed.kind is GroupKind.CHOW and not completed.concealed
    # the other reading (333m completed by the discard) is a runner-up worth less
    assert result.runners_up[0].total == 10


def test_r3_discard_completed_triplet_does_not_count_as_concealed():  # RULINGS R3
    assert "Three Concealed Triplets" not in names(score("111m 555p 99s 456s 33m +9s"))
    assert "Three Concealed Triplets" in names(score("111m 555p 99s 456s 33m +9s self"))


def test_r3_robbed_kong_tile_completes_an_exposed_set():  # RULINGS R3
    result = score("111m 555p 777s 99p 46s +5s robbing_kong")
    assert names(result)["Three Concealed Triplets"] == 30


def test_r4_seven_pairs_never_counts_concealed_hand():  # RULINGS R4
    result = score("22m 33m 44p 55p 66s 77s 8s +8s")
    assert names(result) == {"No Terminals": 5, "Seven Pairs": 30}


def test_r4_four_identical_tiles_count_as_two_pairs():  # RULINGS R4
    assert names(score("1111m 22p 33p EE SS N +N"))["Seven Pairs"] == 30


def test_r4_a_declared_kong_is_never_part_of_seven_pairs():  # RULINGS R4
    with pytest.raises(InvalidHandError, match="not a winning hand"):
        score("(1111m) 22p 33p 44p EE SS +N")


def test_r4_thirteen_terminals_combines_with_category_9_only():  # RULINGS R4
    assert names(score("19m19p19s ESWNWhGrRd +Rd")) == {"Thirteen Terminals": 160}
    assert score("19m19p19s ESWNWhGrRd +Rd self final_draw").total == 170


def test_r4_seven_pairs_combines_only_with_set_free_patterns():  # RULINGS R4
    result = score("11m 99m 11p EE SS RdRd 9s +9s self final_draw")
    assert names(result) == {
        "Mixed Greater Terminals": 100,
        "Final Draw": 10,
        "Seven Pairs": 30,
    }


def test_r5_nine_gates_any_tile_of_the_suit():  # RULINGS R5
    for tile in "123456789":
        assert score(f"1112345678999s +{tile}s").total == 480


def test_r5_blessing_of_heaven_never_scores_nine_gates():  # RULINGS R5
    result = score("1112345678999m +5m self heaven")
    assert "Nine Gates" not in names(result) and "Blessing of Heaven" in names(result)


def test_r6_compound_limit():  # RULINGS R6
    result = score("666s 777s 888s 999s 1m +1m")
    assert result.raw_total > 320 and result.total == 320 and result.limit == "compound"


@pytest.mark.parametrize(
    ("text", "name", "total"),
    [
        pytest.param("[1111m] [5555p] [2222s] [7777s] 3m +3m", "Four Kong", 480, id="four-kong"),
        pytest.param("EEE SSS WWW NNN 5p +5p", "Big Four Winds", 400, id="big-four-winds"),
        pytest.param("123m EEE SSS WWW N +N", "Small Four Winds", 320, id="small-four-winds"),
        pytest.param("EEE SSS WhWhWh GrGrGr Rd +Rd", "All Honors", 320, id="all-honors"),
        pytest.param("111m 999m 111p 999s 1s +1s", "Pure Greater Terminals", 400, id="pgt"),
        pytest.param("234p 234p 234p 234p 5s +5s", "Four Identical Sequences", 480, id="4-ident"),
    ],
)
def test_r6_listed_limit_scores_the_single_highest_pattern(text, name, total):  # RULINGS R6
    result = score(text)
    assert names(result) == {name: total} and result.total == total
    assert result.limit == "listed"


def test_r6_blessings_are_not_listed_limits():  # RULINGS R6
    result = score("123m 456p 789s 234s 5p +5p self heaven")
    assert result.limit is None and result.total == 155 + 5 + 5


def test_r6_chicken_hand_scores_one():  # RULINGS R6
    result = score("[123m] 456p 789s 111s 5p +5p")
    assert names(result) == {"Chicken Hand": 1} and result.total == 1


def test_r7_chicken_hand_is_a_false_win_under_the_minimum():  # RULINGS R7
    with pytest.raises(IllegalWinError, match="R7") as caught:
        score("[123m] 456p 789s 111s 5p +5p", minimum=5)
    assert caught.value.rule == "R7"
    assert score("[123m] 456p 789s 234s 5p +5p", minimum=5).total == 5


def test_r7_minimum_is_on_by_default():  # RULINGS R7
    with pytest.raises(IllegalWinError):
        score_hand(Hand.from_notation("[123m] 456p 789s 111s 5p +5p"))
    # Any whole number of points from 0 to 320 is a winning minimum; nothing else is.
    for outside in (-1, 321, 5.0, "5", True, None):
        with pytest.raises(ValueError, match="winning minimum"):
            Rules(minimum=outside)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("123m 456p 789s 234s 5p +5p final_draw", "final_draw", id="draw-on-discard"),
        pytest.param("123m 456p 789s 234s 5p +5p self final_discard", "final_discard", id="fd"),
        pytest.param("123m 46p 789s 234s 99p +5p self robbing_kong", "robbing_kong", id="rob"),
        pytest.param("123m 456p 789s 234s 5p +5p self win_on_kong", "declared kong", id="kong"),
        pytest.param("123m 456p 789s 234s 5p +5p heaven", "heaven", id="heaven-discard"),
        pytest.param("123m 456p 789s 234s 5p +5p self seat:S heaven", "East", id="heaven-s"),
        pytest.param("123m 456p 789s 234s 5p +5p earth", "earth", id="earth-east"),
        pytest.param("[123m] 456p 789s 234s 5p +5p seat:S earth", "melds", id="earth-melds"),
        pytest.param("123m 456p 789s 234s 5p +5p robbing_kong", "holds", id="rob-held"),
    ],
)
def test_r8_flags_that_contradict_the_win_are_input_errors(text, words):  # RULINGS R8
    with pytest.raises(InvalidHandError, match="R8") as caught:
        score(text)
    assert words in str(caught.value)


def test_r8_win_on_kong_stacks_with_final_draw():  # RULINGS R8
    result = score("[1111m] 456p 789s 234s 5p +5p self win_on_kong final_draw")
    assert {"Win on Kong", "Final Draw"} <= set(names(result))


def test_r10_false_win_pays_each_other_player():  # RULINGS R10
    assert false_win_deltas("S", Rules()) == {"E": 25, "S": -75, "W": 25, "N": 25}
    assert false_win_deltas("N", Rules(false_win_penalty=10)) == {
        "E": 10,
        "S": 10,
        "W": 10,
        "N": -30,
    }


def test_r11_discard_70_pays_25_25_160():  # RULINGS R11, v3.3 payoff example
    deltas = settle(70, winner="E", self_drawn=False, responsible="S", rules=Rules())
    assert deltas == {"E": 210, "S": -160, "W": -25, "N": -25}


def test_r11_small_discard_everyone_pays_the_value():  # RULINGS R11
    deltas = settle(25, winner="W", self_drawn=False, responsible="N", rules=Rules())
    assert deltas == {"E": -25, "S": -25, "W": 75, "N": -25}


def test_r11_self_draw_everyone_pays_the_value():  # RULINGS R11
    deltas = settle(170, winner="S", self_drawn=True, responsible=None, rules=Rules())
    assert deltas == {"E": -170, "S": 510, "W": -170, "N": -170}


def test_r11_uniform_scheme():  # RULINGS R11
    rules = Rules(scheme=Scheme.UNIFORM)
    deltas = settle(70, winner="E", self_drawn=False, responsible="S", rules=rules)
    assert deltas == {"E": 210, "S": -70, "W": -70, "N": -70}


def test_r12_same_round_immunity_another_player_responsible():  # RULINGS R12
    # W discarded the tile, but N discarded it first in the round: N pays the balance.
    deltas = settle(70, winner="E", self_drawn=False, responsible="N", rules=Rules())
    assert deltas == {"E": 210, "S": -25, "W": -25, "N": -160}


def test_r12_same_round_immunity_nobody_responsible():  # RULINGS R12
    deltas = settle(70, winner="E", self_drawn=False, responsible=None, rules=Rules())
    assert deltas == {"E": 210, "S": -70, "W": -70, "N": -70}


def test_r12_robbing_a_kong_the_declarer_pays_as_discarder():  # RULINGS R12
    # S added a 5s to an exposed pung; W robs it: S is the discarder (RULINGS R12).
    result = score("111m 555p 777s 99p 46s +5s seat:W robbing_kong")
    deltas = settle(result.total, winner="W", self_drawn=False, responsible="S", rules=Rules())
    assert result.total == 45 and deltas == {"E": -25, "S": -85, "W": 135, "N": -25}


def test_payoff_errors():
    with pytest.raises(InvalidHandError):
        settle(30, winner="E", self_drawn=False, responsible="E", rules=Rules())
    with pytest.raises(InvalidHandError):
        settle(30, winner="X", self_drawn=True, responsible=None, rules=Rules())
    with pytest.raises(InvalidHandError):
        settle(30, winner="E", self_drawn=True, responsible="S", rules=Rules())
    assert SEATS == ("E", "S", "W", "N")

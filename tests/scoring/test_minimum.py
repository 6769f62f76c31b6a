"""The winning minimum and the per-hand cap as engine parameters (RULINGS R7, R7a), for every
minimum: hypothesis properties over random complete hands, and the edges of both ranges."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import (
    CAP_MOST,
    MINIMUM_MOST,
    Hand,
    IllegalWinError,
    Rules,
    cap_problem,
    minimum_problem,
    score_hand,
)
from tests.scoring.test_properties import complete_hands

MINIMUMS = st.integers(0, MINIMUM_MOST)


def legal(hand: Hand, rules: Rules) -> bool:
    try:
        score_hand(hand, rules)
    except IllegalWinError as error:
        assert error.rule == "R7"
        return False
    return True


@given(complete_hands(), MINIMUMS, MINIMUMS)
def test_legality_is_monotone_in_the_minimum(hand, first, second):
    low, high = sorted((first, second))
    if legal(hand, Rules(minimum=high)):
        assert legal(hand, Rules(minimum=low))


@given(complete_hands(), MINIMUMS)
def test_a_hand_reaching_the_minimum_wins_and_scores_as_without_one(hand, minimum):
    free = score_hand(hand, Rules(minimum=0))
    if free.total >= minimum:
        scored = score_hand(hand, Rules(minimum=minimum))
        assert (scored.total, scored.patterns, scored.limit) == (
            free.total,
            free.patterns,
            free.limit,
        )
    else:
        with pytest.raises(IllegalWinError, match=f"below the {minimum}-point minimum") as caught:
            score_hand(hand, Rules(minimum=minimum))
        assert caught.value.rule == "R7" and "false win" in str(caught.value)


@given(complete_hands(), st.data())
def test_the_cap_bounds_every_value_and_changes_nothing_else(hand, data):
    free = score_hand(hand, Rules(minimum=0))
    minimum = data.draw(st.integers(0, min(free.total, MINIMUM_MOST)))
    cap = data.draw(st.integers(max(1, minimum), CAP_MOST))
    capped = score_hand(hand, Rules(minimum=minimum, cap=cap))
    assert capped.total == min(free.total, cap) <= cap
    assert capped.patterns == free.patterns and capped.raw_total == free.raw_total
    assert capped.limit == ("cap" if free.total > cap else free.limit)
    assert all(other.total <= cap for other in capped.runners_up)


def test_the_cap_holds_a_listed_limit_hand():  # RULINGS R6 then R7a
    nine_gates = Hand.from_notation("1112345678999m +5m self")
    free = score_hand(nine_gates, Rules(minimum=0))
    assert (free.total, free.limit) == (480, "listed")
    capped = score_hand(nine_gates, Rules(minimum=15, cap=320))
    assert (capped.total, capped.limit, capped.patterns) == (320, "cap", free.patterns)
    assert "per-hand cap" in capped.describe()


def test_the_message_names_the_value_and_the_minimum():  # RULINGS R7
    ten = Hand.from_notation("123m 456p 789s 234s 5p +5p self")
    with pytest.raises(IllegalWinError) as caught:
        score_hand(ten, Rules(minimum=15))
    assert str(caught.value) == (
        "a hand worth 10 points is below the 15-point minimum (RULINGS R7): the declaration "
        "is a false win (RULINGS R10)"
    )
    assert score_hand(ten, Rules(minimum=10)).total == 10


@pytest.mark.parametrize("minimum", [0, 1, 5, 15, 3, 320])
def test_every_whole_number_from_0_to_320_is_a_minimum(minimum):
    assert Rules(minimum=minimum).minimum == minimum and minimum_problem(minimum) == ""


@pytest.mark.parametrize(
    ("minimum", "cap", "words"),
    [
        (0, 0, "from 1"),
        (15, 14, "from 15"),
        (5, 481, "to 480"),
        (5, 320.0, "whole number"),
        (5, True, "whole number"),
    ],
)
def test_a_cap_outside_its_range_is_refused_with_the_range(minimum, cap, words):
    assert words in cap_problem(cap, minimum)
    with pytest.raises(ValueError, match=words):
        Rules(minimum=minimum, cap=cap)

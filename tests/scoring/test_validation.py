"""validate_hand reports every problem at once, in words a judge can act on."""

from __future__ import annotations

import pytest

from scoring.engine import (
    Hand,
    InvalidHandError,
    Meld,
    MeldKind,
    parse_tiles,
    score_hand,
    validate_hand,
)


def test_a_good_hand_has_no_problems():
    assert validate_hand(Hand.from_notation("123m 456p 789s 234s 5p +5p")) == []


def test_every_problem_at_once():
    hand = Hand(
        concealed=parse_tiles("55555p 123m"),
        melds=(Meld(MeldKind.CHOW, parse_tiles("135s")),),
        winning_tile=parse_tiles("5p")[0],
        self_drawn=False,
        seat_wind=None,
        flags=frozenset({"final_draw"}),
        penalty_tiles=parse_tiles("9s"),
    )
    problems = validate_hand(hand)
    text = "\n".join(problems)
    assert "5p appears 6 times: a set has only 4" in text
    assert "the chow 135s is not a run" in text
    assert "wrong tile count" in text
    assert "final_draw (Final Draw) needs a self-drawn win" in text
    assert "penalty tile 9s" in text
    assert "seat wind is missing" in text
    assert len(problems) == 6
    with pytest.raises(InvalidHandError) as caught:
        score_hand(hand)
    assert caught.value.problems == problems


def test_five_of_a_tile_message():
    hand = Hand.from_notation("5555p 123m 789s 234s +5p")
    assert "5p appears 5 times: a set has only 4" in validate_hand(hand)


def test_concealed_non_kong_meld():
    hand = Hand(
        concealed=parse_tiles("456p 789s 234s 5p"),
        melds=(Meld(MeldKind.PUNG, parse_tiles("111m"), concealed=True),),
        winning_tile=parse_tiles("5p")[0],
    )
    assert any("only a kong can be declared concealed" in p for p in validate_hand(hand))


def test_unknown_flag():
    hand = Hand.from_notation("123m 456p 789s 234s 5p +5p")
    odd = Hand(hand.concealed, hand.melds, hand.winning_tile, flags=frozenset({"lucky"}))
    assert any("unknown flag 'lucky'" in p for p in validate_hand(odd))


def test_not_a_winning_hand():
    with pytest.raises(InvalidHandError, match="not a winning hand"):
        score_hand(Hand.from_notation("123m 456p 789s 235s 5p +5p"))


def _replace(text: str, **changes) -> Hand:
    import dataclasses

    return dataclasses.replace(Hand.from_notation(text), **changes)


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        pytest.param(
            _replace("123m 456p 789s 234s 5p +5p", winning_tile=None),
            "the winning tile is missing",
            id="no-winning-tile",
        ),
        pytest.param(
            Hand(concealed=("1m",) * 13, winning_tile=parse_tiles("1m")[0]),
            "concealed tiles must be Tile objects",
            id="concealed-not-tiles",
        ),
        pytest.param(
            _replace("123m 456p 789s 234s 5p +5p", flags=frozenset({1, "heaven"})),
            "unknown flag 1",
            id="flag-not-text",
        ),
    ],
)
def test_score_hand_reports_malformed_objects_instead_of_crashing(hand, words):
    # score_hand skipped validate_hand's type checks: AttributeError / TypeError escaped.
    with pytest.raises(InvalidHandError, match=words):
        score_hand(hand)
    assert any(words in problem for problem in validate_hand(hand))


def test_notation_of_a_hand_with_a_non_text_flag_does_not_crash():
    hand = _replace("123m 456p 789s 234s 5p +5p", flags=frozenset({1, "lucky"}))
    assert hand.notation().endswith("1 lucky")

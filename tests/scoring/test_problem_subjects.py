"""Every problem the engine finds names its subject: the part of the declaration to change.

The desk shows each problem beside the field it is about by reading ``problem.subject``
(`tournament.play.entry.FIELD_OF_SUBJECT`), never by guessing from the message's words.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import (
    ALL_TILES,
    FLAGS,
    SEATS,
    Hand,
    IllegalWinError,
    InvalidHandError,
    Meld,
    MeldKind,
    Problem,
    Subject,
    check_responsibility,
    score_hand,
    settle,
    validate_hand,
)


def _problems(notation: str) -> list[Problem]:
    with pytest.raises(InvalidHandError) as caught:
        score_hand(Hand.from_notation(notation))
    return caught.value.problems


@pytest.mark.parametrize(
    ("notation", "subject", "words"),
    [
        ("123m 456p 789s 234s 5p 6p +7p", Subject.TILES, "wrong tile count"),
        ("5555p 123s 456s 78s +5p", Subject.TILES, "5p appears 5 times"),
        ("123m 456p 789s 12s EE +9s", Subject.TILES, "not a winning hand"),
        ("123m 456p 789s 234s 5p +5p penalty:9m", Subject.PENALTY_TILES, "penalty tile 9m"),
        ("123m 456p 789s 234s 5p +5p final_draw", Subject.FLAGS, "final_draw"),
        ("123m 456p 789s 234s 5p +5p self heaven seat:S", Subject.FLAGS, "heaven"),
        ("123m 456p 789s 234s 5p +5p win_on_kong self", Subject.FLAGS, "win_on_kong"),
        ("123m 456p 789s 234s 5p +5p self robbing_kong", Subject.WIN_TYPE, "robbing_kong"),
        ("123m 456p 789s 234s 5p +5p robbing_kong", Subject.WIN_TYPE, "robs the fourth 5p"),
    ],
)
def test_each_problem_names_what_to_change(notation, subject, words):
    problems = [p for p in _problems(notation) if words in p]
    assert problems, _problems(notation)
    assert {p.subject for p in problems} == {subject}


def test_a_meld_problem_is_about_the_tiles():
    meld = Meld(MeldKind.PUNG, tuple(ALL_TILES[i] for i in (0, 0, 1)))
    assert [p.subject for p in meld.problems()] == [Subject.TILES]


def test_a_hand_without_winning_tile_or_seat_says_so_by_subject():
    hand = Hand(concealed=tuple(ALL_TILES[:13]), melds=(), winning_tile=None, seat_wind="")
    subjects = {p.subject for p in validate_hand(hand)}
    assert {Subject.WINNING_TILE, Subject.SEAT_WIND} <= subjects


def test_payoff_and_responsibility_problems_have_subjects():
    assert [s for s, _ in check_responsibility(winner="S", self_drawn=False, discarder="S")] == [
        Subject.DISCARDER
    ]
    with pytest.raises(InvalidHandError) as caught:
        settle(10, winner="S", self_drawn=False, responsible="S")
    assert [p.subject for p in caught.value.problems] == [Subject.RESPONSIBLE]
    with pytest.raises(InvalidHandError) as caught:
        settle(-1, winner="S", self_drawn=False, responsible=None)
    assert [p.subject for p in caught.value.problems] == [Subject.VALUE]


def test_a_problem_is_its_message_for_every_caller_that_wants_words():
    problem = Problem("penalty tile 9m x1 is not in the hand", Subject.PENALTY_TILES)
    assert problem == "penalty tile 9m x1 is not in the hand"
    assert "; ".join([problem, problem]).count("9m") == 2
    again = pickle.loads(pickle.dumps(problem))
    assert again == problem and again.subject is Subject.PENALTY_TILES
    assert InvalidHandError("odd").problems[0].subject is Subject.TILES  # a plain message


tiles = st.sampled_from(ALL_TILES)


@st.composite
def declared_hands(draw) -> Hand:
    """Any declaration a judge could type: random tiles, melds of any kind, flags, penalty
    tiles and seat; most are not winning hands, some contradict themselves."""
    melds = tuple(
        Meld(
            draw(st.sampled_from(list(MeldKind))),
            tuple(draw(st.lists(tiles, min_size=3, max_size=4))),
            concealed=draw(st.booleans()),
        )
        for _ in range(draw(st.integers(0, 5)))
    )
    return Hand(
        concealed=tuple(draw(st.lists(tiles, min_size=0, max_size=14))),
        melds=melds,
        winning_tile=draw(tiles),
        self_drawn=draw(st.booleans()),
        seat_wind=draw(st.sampled_from([*SEATS, "", "X"])),
        flags=frozenset(draw(st.sets(st.sampled_from([*FLAGS, "lucky"]), max_size=3))),
        penalty_tiles=tuple(draw(st.lists(tiles, max_size=3))),
    )


@given(declared_hands())
def test_every_problem_of_an_invalid_hand_has_a_subject(hand):
    for problem in validate_hand(hand):
        assert isinstance(problem, Problem) and problem.subject in Subject
    try:
        score_hand(hand)
    except InvalidHandError as error:
        assert error.problems
        for problem in error.problems:
            assert isinstance(problem, Problem) and problem.subject in Subject, problem
    except IllegalWinError:
        pass

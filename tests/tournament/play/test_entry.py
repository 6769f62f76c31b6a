"""A judge's entry in, an evaluation out (`tournament.play.entry`): no database involved."""

from types import SimpleNamespace

import pytest

from scoring.engine import Scheme
from tournament.play.entry.evaluation import evaluate, rules_for
from tournament.play.entry.hand_entry import HandEntryData, Seating

SEATING = Seating(players={"E": 1, "S": 2, "W": 3, "N": 4}, names={1: "A", 2: "B", 3: "C", 4: "D"})
TOURNAMENT = SimpleNamespace(
    minimum_points=5, hand_cap=None, payoff_scheme="formal", standard_value=25, false_win_penalty=25
)
RULES = rules_for(TOURNAMENT)


def test_rules_come_from_any_object_with_the_five_settings():
    assert (RULES.minimum, RULES.scheme, RULES.standard_value) == (5, Scheme.FORMAL, 25)
    assert RULES.cap is None
    capped = rules_for(
        SimpleNamespace(**{**vars(TOURNAMENT), "minimum_points": 15, "hand_cap": 320})
    )
    assert (capped.minimum, capped.cap) == (15, 320)


def test_a_discard_win_is_scored_and_paid_without_a_database():
    entry = HandEntryData(
        number=1,
        winner=2,
        win_type="discard",
        discarder=3,
        tiles="123m 456p 789s 234s 5m",
        winning_tile="5m",
    )
    evaluation = evaluate(entry, seating=SEATING, rules=RULES)
    assert evaluation.ok and evaluation.value == 10
    assert evaluation.payments == {1: -10, 2: 30, 3: -10, 4: -10}
    assert sum(evaluation.payments.values()) == 0


def test_seat_winds_follow_the_deal_in_later_hands():
    # RULINGS R14: in hand 2 the player who started South deals, so player 2 is East.
    assert SEATING.wind_of(2, 2) == "E" and SEATING.dealer(2) == 2


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        pytest.param({"winner": None}, "winner", id="no-winner"),
        pytest.param({"discarder": 9}, "discarder", id="not-at-the-table"),
        pytest.param({"tiles": "123x"}, "tiles", id="unreadable-tiles"),
    ],
)
def test_problems_are_tied_to_the_field_to_fix(fields, field):
    values = {
        "number": 1,
        "winner": 2,
        "win_type": "discard",
        "discarder": 3,
        "tiles": "123m 456p 789s 234s 5m",
        "winning_tile": "5m",
        **fields,
    }
    evaluation = evaluate(HandEntryData(**values), seating=SEATING, rules=RULES)
    assert not evaluation.ok and field in evaluation.field_errors()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        pytest.param({"discarder": 3}, "discarder", id="earth-discarder-not-east"),
        pytest.param({"discarder": 1, "immunity": "nobody"}, "immunity", id="earth-immunity"),
    ],
)
def test_blessing_of_earth_is_won_on_easts_first_discard(fields, field):
    # RULINGS R8, R12: the engine's one check, reached from the desk's evaluation.
    values = {
        "number": 1,
        "winner": 2,
        "win_type": "discard",
        "tiles": "123m 456p 789s 234s 5m",
        "winning_tile": "5m",
        "flags": ("earth",),
        **fields,
    }
    evaluation = evaluate(HandEntryData(**values), seating=SEATING, rules=RULES)
    assert field in evaluation.field_errors(), evaluation.errors
    assert any("Blessing of Earth" in message for message in evaluation.field_errors()[field])


def test_blessing_of_earth_on_easts_discard_scores():
    entry = HandEntryData(
        number=1,
        winner=2,
        win_type="discard",
        discarder=1,
        tiles="123m 456p 789s 234s 5m",
        winning_tile="5m",
        flags=("earth",),
    )
    assert evaluate(entry, seating=SEATING, rules=RULES).ok


def test_honours_typed_in_lower_case_are_read():
    entry = HandEntryData(
        number=1, winner=2, win_type="self_draw", tiles="123m 456p 789s ee whwhwh", winning_tile="E"
    )
    evaluation = evaluate(entry, seating=SEATING, rules=RULES)
    assert evaluation.ok, evaluation.errors
    assert evaluation.concealed == "123m 456p 789s E WhWhWh"  # printed canonically


def test_player_lists_name_players_by_the_card_letter_in_every_hand():
    """Issue 19, point 3: the letter first in each choice is the starting wind (the score
    card's letter) in hands 1-16, with the seat wind of that hand beside it (RULINGS R14)."""
    from tournament.play.forms import player_choices

    for number in range(1, 17):
        choices = player_choices(SEATING, number)
        assert [label[0] for _, label in choices] == ["E", "S", "W", "N"]
        for (value, label), (start, pid) in zip(
            choices, sorted(SEATING.players.items(), key=lambda i: "ESWN".index(i[0])), strict=True
        ):
            assert value == str(pid) and label.startswith(f"{start} — {SEATING.names[pid]} (")
            seat = SEATING.wind_of(pid, number)
            assert {"E": "East", "S": "South", "W": "West", "N": "North"}[
                seat
            ] + " this hand" in label
            assert label.endswith("dealer)") == (pid == SEATING.dealer(number))


def test_every_engine_subject_has_a_place_on_the_form():
    from scoring.engine import Subject
    from tournament.play.entry.hand_entry import FIELD_OF_SUBJECT
    from tournament.play.forms import HandForm

    fields = set(HandForm(seating=SEATING, number=1).fields)
    assert set(FIELD_OF_SUBJECT) == set(Subject)
    assert {name for name in FIELD_OF_SUBJECT.values() if name} <= fields


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        pytest.param({"penalty_tiles": "9m"}, "penalty_tiles", id="penalty-tile-not-held"),
        pytest.param({"flags": ("final_draw",)}, "flags", id="flag-against-the-win"),
        pytest.param({"win_type": "robbing_kong"}, "win_type", id="robbed-tile-held"),
        pytest.param({"tiles": "123m 456p 789s 234s 5m 9m"}, "tiles", id="tile-count"),
    ],
)
def test_the_engines_problems_land_on_the_field_they_are_about(fields, field):
    """Issue 21, point 4: the engine names the subject; the desk does not read the words."""
    values = {
        "number": 1,
        "winner": 2,
        "win_type": "discard",
        "discarder": 3,
        "tiles": "123m 456p 789s 234s 5m",
        "winning_tile": "5m",
        **fields,
    }
    evaluation = evaluate(HandEntryData(**values), seating=SEATING, rules=RULES)
    assert list(evaluation.field_errors()) == [field], evaluation.errors

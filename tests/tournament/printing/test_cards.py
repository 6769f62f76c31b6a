"""The score card's layout (`tournament.printing.cards`, pure): dealers, blocks, totals."""

import pytest

from tournament.printing.cards import (
    MIN_ROW_MM,
    TABLE_HEIGHT_MM,
    CardHand,
    CardPenalty,
    CardPlayer,
    CardSession,
    card_layout,
    row_height_mm,
)
from tournament.printing.grid import HEAD_MM, grid_height_mm, grid_svg

PLAYERS = tuple(CardPlayer(wind=w, name=f"Player {w}", number=i) for i, w in enumerate("ESWN", 1))


def session(hands=(), penalties=(), per_session=16, players=PLAYERS):
    return CardSession(
        tournament="Test Open",
        round_number=1,
        table_number=3,
        players=players,
        hands_per_session=per_session,
        hands=tuple(hands),
        penalties=tuple(penalties),
    )


def win(number, amounts, confirmed=True):
    return CardHand(
        number=number,
        outcome="win",
        winner="S",
        win_type="discard",
        discarder="W",
        value=10,
        amounts=amounts,
        confirmed=confirmed,
    )


def test_the_dealer_of_each_hand_is_preprinted_and_moves_on_every_hand():  # RULINGS R14
    card = card_layout(session(), filled=False)
    dealers = [row.dealer for row in card.rows if row.kind == "hand"]
    assert dealers == list("ESWN") * 4
    fifth = [row for row in card.rows if row.kind == "hand"][4]
    assert [cell.dealer for cell in fifth.cells] == [True, False, False, False]


def test_running_totals_follow_every_four_hands_but_the_last():
    card = card_layout(session(), filled=False)
    assert [row.label for row in card.rows if row.kind == "block"] == [
        "After 4",
        "After 8",
        "After 12",
    ]
    assert card.rows[4].kind == "block" and card.rows[-1].label == "16"


def test_filled_card_shows_payments_running_totals_and_penalties_apart():  # RULINGS R13
    hands = [
        win(1, {"E": -10, "S": 30, "W": -10, "N": -10}),
        win(3, {"E": 30, "S": -10, "W": -10, "N": -10}),
    ]
    penalty = CardPenalty(wind="N", name="Player N", amount=30, zero_sum=True, reason="wrong claim")
    card = card_layout(session(hands, [penalty]), filled=True)
    assert card.rows[0].cells[1].text == "+30" and card.rows[0].value == "10"
    assert card.rows[1].cells[0].text == ""  # hand 2 not entered: a blank row
    assert [cell.text for cell in card.rows[4].cells] == ["20", "20", "-20", "-20"]
    assert card.hand_totals == ["20", "20", "-20", "-20"]
    assert card.penalty_totals == ["10", "10", "10", "-30"]
    assert card.totals == ["30", "30", "-10", "-50"]
    assert not card.provisional


def test_a_hand_awaiting_confirmation_makes_the_card_provisional():
    card = card_layout(
        session([win(1, {"S": 30, "E": -10, "W": -10, "N": -10}, False)]), filled=True
    )
    assert card.provisional and card.rows[0].provisional


def test_a_blank_card_ignores_entered_hands():
    card = card_layout(session([win(1, {"S": 30})]), filled=False)
    assert all(cell.text == "" for row in card.rows for cell in row.cells)
    assert card.totals == ["", "", "", ""] and not card.provisional


def test_a_session_with_no_hands_prints_blank_rows_on_the_filled_card():
    card = card_layout(session(), filled=True)
    assert card.hand_count == 16
    assert all(cell.text == "" for row in card.rows if row.kind == "hand" for cell in row.cells)
    assert card.totals == ["0", "0", "0", "0"]


def test_a_hand_numbered_past_the_session_length_still_gets_its_row():
    card = card_layout(session([win(17, {"S": 30})]), filled=True)
    assert card.hand_count == 17


@pytest.mark.parametrize("hands", [8, 16, 20, 24])
def test_the_grid_always_fits_its_height_on_the_page(hands):
    card = card_layout(session(per_session=hands), filled=False)
    assert grid_height_mm(card) <= TABLE_HEIGHT_MM + HEAD_MM + 0.5
    assert card.row_height_mm >= MIN_ROW_MM


def test_more_hands_make_shorter_rows():
    assert row_height_mm(24) < row_height_mm(16) <= 8


def test_the_grid_escapes_names_and_shortens_long_ones():
    players = (CardPlayer("E", "<b>Bobby</b> " + "x" * 100, 1),) + PLAYERS[1:]
    svg = grid_svg(card_layout(session(players=players), filled=False))
    assert "<b>" not in svg and "&lt;b&gt;Bobby" in svg and "x" * 30 not in svg

"""The score card's layout (`tournament.printing.cards`, pure): dealers, blocks, totals."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
from tournament.printing.grid import (
    COLUMNS,
    HEAD_MM,
    MONO_ADVANCE_EM,
    NAME_CHARS,
    PAD,
    PT_TO_MM,
    WIDTH_MM,
    card_grid,
    column_widths,
    grid_height_mm,
)

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


def test_the_grid_heading_shortens_long_names_and_keeps_them_out_of_the_picture():
    players = (CardPlayer("E", "<b>Bobby</b> " + "x" * 100, 1),) + PLAYERS[1:]
    grid = card_grid(card_layout(session(players=players), filled=False))
    east = grid.heading[len(COLUMNS)]
    assert east.label == "E #1" and east.name.startswith("<b>Bobby</b> x")
    assert len(east.name) == NAME_CHARS and east.name.endswith("…")
    assert "Bobby" not in grid.ruling  # the template escapes it; the SVG holds no text


def _column_starts(widths):
    starts = [0]
    for width in widths:
        starts.append(starts[-1] + width)
    return starts


def test_filled_lines_put_every_entry_in_its_column():
    hands = [
        win(1, {"E": -10, "S": 30, "W": -10, "N": -10}),
        CardHand(
            number=2, outcome="false_win", winner="W", amounts={"E": 25, "S": 25, "W": -75, "N": 25}
        ),
        win(3, {"E": 960, "S": -320, "W": -320, "N": -320}, confirmed=False),
    ]
    card = card_layout(session(hands), filled=True)
    grid = card_grid(card)
    _, widths = column_widths(card)
    starts = _column_starts(widths)
    first, second, third = grid.lines[:3]

    def cell(line, column):
        return line.text.ljust(starts[-1])[starts[column] : starts[column + 1]]

    assert cell(first, 0).strip() == "1" and cell(first, 1).strip() == "E"
    assert cell(first, 3).strip() == "Disc." and cell(first, 5).strip() == "10"
    # payments are right-aligned, one character clear of the column's right rule
    assert [cell(first, 6 + j) for j in range(4)] == [
        " " * (w - 3 - PAD) + t + " " * PAD
        for w, t in zip(widths[6:], ["-10", "+30", "-10", "-10"], strict=True)
    ]
    assert cell(second, 3).strip() == "False win" and cell(second, 5).strip() == ""
    assert third.style == "awaiting" and cell(third, 6).strip() == "+960"
    block = grid.lines[4]
    assert block.style == "total" and block.text.startswith(" ")
    assert "Running total after 4" in block.text
    assert [line.text.split()[-1] for line in grid.lines[-3:]] == ["-305", "0", "-305"]
    assert len(grid.lines) == len(card.rows) + 3


@given(hands=st.integers(min_value=1, max_value=30), players=st.integers(min_value=1, max_value=4))
def test_the_grid_is_a_whole_number_of_characters_across_the_card(hands, players):
    card = card_layout(session(per_session=hands, players=PLAYERS[:players]), filled=False)
    char_mm, widths = column_widths(card)
    assert abs(sum(widths) * char_mm - WIDTH_MM) < 1e-9
    for (_, least_mm, longest), width in zip(COLUMNS, widths, strict=False):
        assert width * char_mm >= least_mm - 1e-9 and width >= longest + 2 * PAD
    assert min(widths[len(COLUMNS) :]) >= 8  # room for "+1280" and its padding
    grid = card_grid(card)
    density_mm = min(card.font_size_pt * PT_TO_MM, card.row_height_mm * 0.6)
    assert grid.font_mm <= density_mm + 1e-9
    assert abs(grid.font_mm * MONO_ADVANCE_EM - char_mm) < 1e-9
    assert all(len(line.text) <= sum(widths) for line in grid.lines)
    assert abs(sum(cell.width_mm for cell in grid.heading) - WIDTH_MM) < 0.01

"""Lines of monospaced type holding Chinese (`printing.monospace`, pure): a wide character
counts two columns, so a Chinese card's grid and a slip's places stay aligned."""

from hypothesis import given
from hypothesis import strategies as st

from tests.tournament.printing.test_cards import session, win
from tournament.printing import monospace
from tournament.printing.cards import card_layout
from tournament.printing.grid import card_grid

CHINESE = {
    "Hand": "局",
    "Running total after %(number)s": "第 %(number)s 局後累計",
    "Hand totals": "各局合計",
    "Final total": "總分",
    "Self": "自摸",
    "Disc.": "出銃",
    "False win": "詐和",
}
WINDS = {"E": "東", "S": "南", "W": "西", "N": "北"}


def test_a_wide_character_takes_two_columns():
    assert monospace.columns("第 4 局後累計") == 2 + 1 + 1 + 1 + 2 * 4
    assert monospace.rjust("東", 5) == "   東" and monospace.ljust("東", 3) == "東 "
    assert monospace.cut("總分合計", 5) == "總分"
    assert monospace.runs("E 東南 x") == [("E ", False), ("東南", True), (" x", False)]


@given(st.text(alphabet="abcXYZ 12", max_size=12), st.integers(0, 20))
def test_latin_text_pads_exactly_as_str_does(text, width):
    assert monospace.center(text, width) == text.center(width)
    assert monospace.rjust(text, width) == text.rjust(width)
    assert monospace.ljust(text, width) == text.ljust(width)


def test_a_chinese_cards_lines_are_as_wide_as_the_english_ones():
    card = card_layout(session([win(1, {"E": 30, "S": -10, "W": -10, "N": -10})]), filled=True)
    english = card_grid(card)
    chinese = card_grid(card, lambda text: CHINESE.get(text, text), WINDS)
    assert [line.style for line in chinese.lines] == [line.style for line in english.lines]
    # Every line that ends in the players' figures ends at the same column in both languages
    # (a blank hand row ends early, after its centred dealer, and is not compared).
    figures = [
        (ours, theirs)
        for ours, theirs in zip(chinese.lines, english.lines, strict=True)
        if theirs.text[-1].isdigit()
    ]
    assert len(figures) == 1 + 3 + 3  # hand 1, the three running totals, the final rows
    for ours, theirs in figures:
        assert monospace.columns(ours.text) == len(theirs.text), ours.text
    assert "第 4 局後累計" in chinese.lines[4].text and "東" in chinese.lines[0].text
    assert chinese.heading[0].label == "局" and chinese.heading[6].label.startswith("東")


def test_a_decomposed_accent_pads_as_the_composed_letter():
    composed, decomposed = "Café", "Cafe\u0301"
    assert monospace.columns(decomposed) == monospace.columns(composed) == 4
    assert monospace.ljust(decomposed, 6) == decomposed + "  "
    assert monospace.rjust(decomposed, 6) == "  " + decomposed
    assert monospace.center(decomposed, 6) == " " + decomposed + " "
    assert monospace.columns(monospace.cut(decomposed, 4)) == 4
    assert monospace.columns("東\u0301") == 2  # a mark on a wide character adds nothing

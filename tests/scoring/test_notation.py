"""Tile, meld and hand notation: every accepted form, canonical output, named errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import (
    ALL_TILES,
    Hand,
    Meld,
    MeldKind,
    NotationError,
    Tile,
    format_tiles,
    parse_melds,
    parse_tiles,
)


def T(text):
    return Tile.from_notation(text)


def test_34_tiles_round_trip_and_sort_m_p_s_winds_dragons():
    assert [Tile.from_notation(t.notation()) for t in ALL_TILES] == list(ALL_TILES)
    assert [t.notation() for t in ALL_TILES[25:]] == [
        "8s", "9s", "E", "S", "W", "N", "Wh", "Gr", "Rd",
    ]  # fmt: skip
    assert T("9m") < T("1p") < T("9s") < T("E") < T("N") < T("Wh") < T("Rd")
    assert T("1m").is_terminal and T("E").is_honor and not T("5p").is_terminal
    assert T("5p").suit == "p" and T("5p").number == 5 and T("Rd").number is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("123m 456p 789s", "123m 456p 789s", id="suits"),
        pytest.param("E S W N Wh Gr Rd", "E S W N Wh Gr Rd", id="honour-words"),
        pytest.param("EE", "EE", id="repeated"),
        pytest.param("E E", "EE", id="spaced"),
        pytest.param("RdRdRd", "RdRdRd", id="dragons"),
        pytest.param("1z2z3z4z5z6z7z", "E S W N Wh Gr Rd", id="z-singles"),
        pytest.param("11123z", "EEE S W", id="z-compact"),
        pytest.param("123m,456p", "123m 456p", id="commas"),
        pytest.param("123m456pEE", "123m 456p EE", id="no-separators"),
        pytest.param("🀇🀈🀉", "123m", id="unicode-man"),
        pytest.param("🀙🀐🀀🀄🀅🀆", "1p 1s E Wh Gr Rd", id="unicode-pin-sou-honours"),
        pytest.param("🀄️", "Rd", id="unicode-variation-selector"),
        pytest.param("321m", "123m", id="sorted"),
    ],
)
def test_parse_then_format(text, expected):
    assert format_tiles(parse_tiles(text)) == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("123", "suit letter", id="digits-without-suit"),
        pytest.param("0m", "0 is not a tile", id="zero"),
        pytest.param("8z", "1z-7z", id="bad-z"),
        pytest.param("123m X", "'X'", id="unknown-letter"),
        pytest.param("🀢", "flower", id="flower"),
        pytest.param("5q", "suit letter", id="bad-suit"),
    ],
)
def test_tile_errors_name_the_token(text, words):
    with pytest.raises(NotationError, match="position") as caught:
        parse_tiles(text)
    assert words in str(caught.value)


def test_melds_infer_kind_and_round_trip():
    melds = parse_melds("[345p] [EEE] [5555s] (RdRdRdRd)")
    assert [m.kind for m in melds] == [MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG, MeldKind.KONG]
    assert [m.concealed for m in melds] == [False, False, False, True]
    assert [m.notation() for m in melds] == ["[345p]", "[EEE]", "[5555s]", "(RdRdRdRd)"]
    assert parse_melds("[E E E]") == (Meld(MeldKind.PUNG, (T("E"),) * 3),)
    for meld in melds:
        assert Meld.from_notation(meld.notation()) == meld


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("[346p]", "[346p] is not a set", id="not-a-run"),
        pytest.param("[12m3p]", "is not a set", id="mixed-suits"),
        pytest.param("(EEE)", "only a kong", id="concealed-pung"),
        pytest.param("[789m] 5p", "brackets", id="stray-tiles"),
        pytest.param("[EF]", "'F'", id="bad-tile-inside"),
    ],
)
def test_meld_errors(text, words):
    with pytest.raises(NotationError) as caught:
        parse_melds(text)
    assert words in str(caught.value)


def test_hand_notation_round_trip():
    text = "11123m 456p EE [789s] (RdRdRdRd) +E self seat:S final_draw penalty:5p,6p"
    hand = Hand.from_notation(text)
    assert hand.winning_tile == T("E") and hand.self_drawn and hand.seat_wind == "S"
    assert hand.flags == {"final_draw"} and hand.penalty_tiles == (T("5p"), T("6p"))
    assert len(hand.concealed) == 10 and len(hand.melds) == 2
    assert Hand.from_notation(hand.notation()) == hand
    assert hand.notation() == (
        "11123m 456p EE [789s] (RdRdRdRd) +E self seat:S final_draw penalty:5p,6p"
    )


def test_hand_defaults_discard_and_east():
    hand = Hand.from_notation("123m 456p 789s 234s 5p +5p")
    assert not hand.self_drawn and hand.seat_wind == "E" and not hand.flags


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("123m 456p 789s 234s 5p", "winning tile", id="no-winning-tile"),
        pytest.param("123m +5p +6p", "exactly one winning tile", id="two-winning-tiles"),
        pytest.param("123m +5p seat:X", "seat wind", id="bad-seat"),
        pytest.param("123m +5p lucky", "not a hand word", id="unknown-word"),
        pytest.param("123m +56p", "one tile", id="winning-tile-two"),
        pytest.param("123m ] +5p", "unmatched", id="unmatched"),
    ],
)
def test_hand_errors(text, words):
    with pytest.raises(NotationError) as caught:
        Hand.from_notation(text)
    assert words in str(caught.value)


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        parse_tiles("nonsense")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("123m 456p 789s 23s EE +4s self discard", "'self' and 'discard'", id="how"),
        pytest.param("123m 456p 789s 23s EE +4s seat:S seat:W", "'seat:S' and 'seat:W'", id="seat"),
    ],
)
def test_contradicting_hand_words_are_refused(text, words):
    with pytest.raises(NotationError, match=words):
        Hand.from_notation(text)


def test_repeating_a_hand_word_is_harmless():
    hand = Hand.from_notation("123m 456p 789s 23s EE +4s self self seat:S seat:S")
    assert hand.self_drawn and hand.seat_wind == "S"


# --- honours in any case (issue 14): read wherever unambiguous, printed canonically ----------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("ee", "EE", id="east-lower"),
        pytest.param("e s w n", "E S W N", id="winds-lower"),
        pytest.param("snwe", "E S W N", id="winds-run"),
        pytest.param("wh", "Wh", id="white-lower"),
        pytest.param("WH wH", "WhWh", id="white-any-case"),
        pytest.param("rd Rd RD rD", "RdRdRdRd", id="red-any-case"),
        pytest.param("gr", "Gr", id="green-lower"),
        pytest.param("ww", "WW", id="west-west"),
        pytest.param("wwh", "W Wh", id="west-then-white"),
        pytest.param("ss", "SS", id="south-south"),
        pytest.param("123S", "123s", id="capital-suit-letter-after-digits"),
        pytest.param("55ss", "55s S", id="suit-letter-then-south"),
        pytest.param("5s s", "5s S", id="bamboo-then-south"),
        pytest.param("12m3P4Z", "12m 3p N", id="mixed-case-suits"),
        pytest.param("123m ee rdrdrd", "123m EE RdRdRd", id="mixed"),
    ],
)
def test_honours_read_in_any_case_and_print_canonically(text, expected):
    assert format_tiles(parse_tiles(text)) == " ".join(expected.split())


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("123 s", "suit letter", id="space-breaks-digits-from-suit"),
        pytest.param("r", "not a tile", id="lone-r"),
        pytest.param("m", "not a tile", id="suit-letter-alone"),
        pytest.param("whx", "'x'", id="stray-after-white"),
    ],
)
def test_case_blind_reading_still_refuses_what_is_not_a_tile(text, words):
    with pytest.raises(NotationError, match="position") as caught:
        parse_tiles(text)
    assert words in str(caught.value)


def test_single_tile_spellings():
    assert T("rd") == T("RD") == T("Rd") == T("7z") == T("🀄") == T(" 🀄\ufe0f ")
    assert T("5S") == T("5s") and T("e") == T("E")
    for text in ("55p", "5p,", "x", ""):
        with pytest.raises(NotationError, match="not one tile"):
            T(text)


def test_hand_notation_accepts_lower_case_honours_and_prints_canonical():
    hand = Hand.from_notation("123m 456p 789s wh ee +wh self seat:s")
    assert hand.notation() == "123m 456p 789s EE Wh +Wh self seat:S"
    assert Hand.from_notation(hand.notation()) == hand
    with pytest.raises(NotationError, match="not a hand word"):
        Hand.from_notation("123m 456p 789s 22s 5p +5p selff")


def test_errors_in_one_token_are_placed_in_the_whole_text():
    with pytest.raises(NotationError, match="'05p' at position 7 of '123m 405p'"):
        parse_tiles("123m 405p")
    with pytest.raises(NotationError, match="'05p' at position 2 of '405p'"):
        parse_tiles("405p")  # a failed token is not remembered


# --- typed with a Chinese input method ----------------------------------------------------------


def _full_width(text: str) -> str:
    """``text`` as a Chinese input method types it: full-width ASCII, ideographic spaces."""
    return "".join(
        "\u3000" if ch == " " else chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text
    )


_WORDS = ["123m", "456p", "789s", "EE", "RdRdRd", "Wh", "1z", "55s", "n", "gr", "9m"]


@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=6), st.sampled_from([" ", ",", "、"]))
def test_full_width_tiles_are_the_same_tiles(words, separator):
    text = separator.join(words)
    assert parse_tiles(_full_width(text)) == parse_tiles(text.replace("、", ","))
    assert parse_melds(_full_width("[345p] (RdRdRdRd)")) == parse_melds("[345p] (RdRdRdRd)")
    assert Tile.from_notation(_full_width("Wh")) == Tile.from_notation("Wh")


def test_a_message_names_what_cannot_be_seen_and_escapes_nothing():
    with pytest.raises(NotationError) as refused:
        parse_tiles("12m\x00 3p\u200b")
    said = str(refused.value)
    assert "'U+0000'" in said and "\\x00" not in said and "\\u" not in said
    with pytest.raises(NotationError, match="'１２３ｘ'|'123x'"):
        parse_tiles("１２３ｘ")

"""The wind order and the deal rotation (RULINGS R14), without a database."""

import pytest

from tournament.winds import WINDS, seat_wind_in_hand, starting_wind_of_dealer, wind_order


@pytest.mark.parametrize(
    ("starting", "hand", "expected"),
    [("E", 1, "E"), ("S", 1, "S"), ("S", 2, "E"), ("E", 2, "N"), ("N", 4, "E"), ("E", 5, "E")],
)
def test_seat_winds_rotate_every_hand(starting, hand, expected):
    # RULINGS R14: the deal passes after every hand, draws included.
    assert seat_wind_in_hand(starting, hand) == expected
    assert seat_wind_in_hand(starting_wind_of_dealer(hand), hand) == "E"


def test_the_wind_order_is_the_engines_seat_order():
    from scoring.engine import SEATS

    assert WINDS == tuple(SEATS) == ("E", "S", "W", "N")
    assert sorted("NWSE", key=wind_order) == list(WINDS)

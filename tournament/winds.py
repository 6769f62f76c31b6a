"""The four winds of a table and how they move through a session (RULINGS R14). Pure Python.

Vocabulary
----------
wind            ``"E"``, ``"S"``, ``"W"`` or ``"N"``, always in that order (`WINDS`); the order
                is the scoring engine's seat order, so there is one definition of it.
starting wind   the wind a player sits at in hand 1 of a session (a `Seat` stores it).
seat wind       the wind a player sits at in hand *n*: the deal passes after every hand,
                draws included, so in hand *n* the player who started at index *i* sits at
                index *i - (n - 1)*. Pattern 3.1 Value Honor uses it; there is no prevailing
                wind.
dealer          the player who is East in hand *n*: the one who started at index *n - 1*.
wind name       ``"East"`` ... (`WIND_NAMES`): English, marked for the catalogues; a page says
                it in the reader's language with ``gettext`` (the ``translate_term`` filter).
"""

from __future__ import annotations

from scoring.engine import SEATS
from scoring.engine.messages import gettext_noop

WINDS: tuple[str, ...] = tuple(SEATS)
WIND_NAMES = {
    "E": gettext_noop("East"),
    "S": gettext_noop("South"),
    "W": gettext_noop("West"),
    "N": gettext_noop("North"),
}


def wind_order(wind: str) -> int:
    """0 for East ... 3 for North: the sort key of seats in a table's lists."""
    return WINDS.index(wind)


def seat_wind_in_hand(starting_wind: str, hand_number: int) -> str:
    """The seat wind in hand ``hand_number`` of the player who started at ``starting_wind``."""
    return WINDS[(WINDS.index(starting_wind) - (hand_number - 1)) % 4]


def starting_wind_of_dealer(hand_number: int) -> str:
    """The starting wind of the player who deals (is East in) hand ``hand_number``."""
    return WINDS[(hand_number - 1) % 4]

"""The Zung Jung scoring engine: pure Python, no Django (an import contract enforces it).

Public API (other apps code against these names)::

    Tile, Meld, MeldKind, Hand, Rules, Scheme       value objects (frozen dataclasses, enums)
    parse_tiles, parse_melds, format_tiles          notation (see notation.py, melds.py, hand.py)
    NotationError, InvalidHandError, IllegalWinError   errors, all ValueError subclasses
    Problem, Subject                                a problem's message (a str) and what it is
                                                    about: InvalidHandError.problems and
                                                    validate_hand list Problems
    validate_hand(hand) -> list[Problem]            every problem at once
    score_hand(hand, rules=Rules()) -> Score        Freedom of Count over legal arrangements
    check_responsibility(*, winner, self_drawn, discarder, immunity=False, flags=())
                                                    -> [(subject, message)]: who discarded vs
                                                    the win (RULINGS R8, R12), before settle
    settle(total, *, winner, self_drawn, responsible, rules) -> dict[str, int]
    false_win_deltas(offender, rules) -> dict[str, int]
    SEATS, PATTERNS                                 ("E","S","W","N"); the 44-pattern registry
    MINIMUM_MOST, CAP_MOST, minimum_problem(m), cap_problem(cap, m)
                                                    the winning minimum's and the per-hand
                                                    cap's ranges, and why a value is outside
                                                    them ("" when it is inside; RULINGS R7)
"""

from .decompose import Arrangement, Group, GroupKind, arrangements
from .errors import (
    IllegalWinError,
    InvalidHandError,
    NotationError,
    Problem,
    ScoringError,
    Subject,
)
from .hand import FLAGS, Hand, parse_hand
from .melds import Meld, MeldKind, parse_melds
from .notation import format_tiles, format_tiles_unicode, parse_tiles
from .patterns.catalogue import CHICKEN_HAND, PATTERNS
from .patterns.pattern import Pattern
from .payoff import SEATS, check_responsibility, false_win_deltas, settle
from .rules import (
    CAP_MOST,
    MINIMUM_MOST,
    STANDARD,
    TOURNAMENT,
    Rules,
    Scheme,
    cap_problem,
    minimum_problem,
)
from .score import Score, score_hand
from .tiles import ALL_TILES, Tile
from .validation import validate_hand

__all__ = [
    "ALL_TILES",
    "CAP_MOST",
    "CHICKEN_HAND",
    "FLAGS",
    "MINIMUM_MOST",
    "PATTERNS",
    "SEATS",
    "STANDARD",
    "TOURNAMENT",
    "Arrangement",
    "Group",
    "GroupKind",
    "Hand",
    "IllegalWinError",
    "InvalidHandError",
    "Meld",
    "MeldKind",
    "NotationError",
    "Pattern",
    "Problem",
    "Rules",
    "Scheme",
    "Score",
    "ScoringError",
    "Subject",
    "Tile",
    "arrangements",
    "cap_problem",
    "check_responsibility",
    "false_win_deltas",
    "format_tiles",
    "format_tiles_unicode",
    "minimum_problem",
    "parse_hand",
    "parse_melds",
    "parse_tiles",
    "score_hand",
    "settle",
    "validate_hand",
]

"""What the ranking takes and gives, as plain rows.

Vocabulary
----------
entrant         a player of the tournament as the ranking sees them (`Entrant`): id, name,
                country, club, EMA number, and whether they withdrew or are a substitute.
session result  one player's line of one session (`SessionResult`): round, table, half (2 after
                the round's table change: each half is a session of its own, its card), starting
                wind, hand points (the sum of their payments), penalty points of that session
                (RULINGS R13), hands won and their largest hand. ``score`` is both points.
placing         one session of a player as the player page shows it (`Placing`): score, place
                (a tied place is the mean of the places spanned) and that session's match points.
carried         points a qualifier brought from the previous stage (`tournament.stages`);
                0 in the first stage.
standing        one ranked row (`Standing`): the entrant, their summed points, match points,
                hands won, best session, every placing, and ``rank`` / ``place`` once ranked
                (`ranking.build`). ``total`` is carried + hand points + penalty points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple


@dataclass(frozen=True)
class Entrant:
    player_id: int
    name: str
    country: str = ""
    club: str = ""
    ema_number: str = ""
    withdrawn: bool = False
    substitute: bool = False
    label: str = ""  # the name as shown, told apart from same names (`event.names`)
    order: tuple = ()  # the family-order key of `event.names`: tied players are listed by it
    chinese_name: str = ""  # shown beside the label on Chinese pages (`names.page_name`)


class SessionResult(NamedTuple):
    player_id: int
    round_number: int
    table_number: int
    hand_points: int
    penalty_points: int = 0
    hands_won: int = 0
    largest_hand: int = 0
    wind: str = ""
    half: int = 1

    @property
    def score(self) -> int:
        return self.hand_points + self.penalty_points

    @property
    def card(self) -> tuple[int, int, int]:
        """The session's key: round, half, table (each half of a table change is a card)."""
        return (self.round_number, self.half, self.table_number)


class Placing(NamedTuple):
    """One session of a player as the player page shows it."""

    round_number: int
    table_number: int
    wind: str
    score: int
    place: float  # 1..4, a tied place is the mean of the places spanned (e.g. 2.5)
    match_points: float  # this session's; the standing's total is summed exactly
    half: int = 1  # 2: the table after the round's table change


@dataclass
class Standing:
    entrant: Entrant
    hand_points: int = 0
    penalty_points: int = 0
    match_points: Fraction | float = 0
    hands_won: int = 0
    largest_hand: int = 0
    best_session: int | None = None
    sessions: list[Placing] = field(default_factory=list)
    rank: str = ""
    place: int = 0
    carried: int = 0
    cut_after_round: int | None = None  # set on a player who did not continue after it

    @property
    def player_id(self) -> int:
        return self.entrant.player_id

    @property
    def name(self) -> str:
        return self.entrant.name

    @property
    def label(self) -> str:
        """The name as pages and printouts show it (same names told apart)."""
        return self.entrant.label or self.entrant.name

    @property
    def total(self) -> int:
        return self.carried + self.hand_points + self.penalty_points

    @property
    def sessions_played(self) -> int:
        return len(self.sessions)

    @property
    def match_points_text(self) -> str:
        return number_text(self.match_points)

    @property
    def shared(self) -> bool:
        return self.rank.startswith("=")

    def points_by_round(self) -> dict[int, int]:
        by_round: dict[int, int] = {}
        for placing in self.sessions:
            number = placing.round_number
            by_round[number] = by_round.get(number, 0) + placing.score
        return dict(sorted(by_round.items()))

    def cumulative_by_round(self) -> list[tuple[int, int]]:
        running, points = 0, []
        for number, score in self.points_by_round().items():
            running += score
            points.append((number, running))
        return points


def number_text(value) -> str:
    """Match points for people: 3, 1.5, 2.33, -7.07."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        value = float(value)
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)

"""What the hands of an event say, as figures: plain rows in, figures out (no Django).

Vocabulary
----------
released hand   a hand the viewer may count (the selectors decide, `selectors.released`); every
                row handed to this module is already limited to them.
hands played    for a player, the released hands of every session they sat in (a draw
                included); the denominator of each of their rates.
win             a hand won: self-drawn, on a discard, or robbing a kong (the three win types).
deal-in         a won hand whose winning tile the player discarded (robbing a kong: whose kong
                was robbed); its *cost* is what the player paid on those hands, as a positive
                number of points.
false win       a declared win that was not one (RULINGS R10); the player who declared it.
draw            an exhausted hand: every player of the table counts one.
rate            a count per hand played (0.25 = one hand in four). The *event's* rate is the
                sum of the counts over the sum of the hands played, so it weighs every hand
                alike.
value bin       a range of hand values (`VALUE_BINS`), the bars of the distribution chart.
big hand        a won hand worth `BIG_VALUE` points or more; a *limit* hand is worth `LIMIT`
                or more (RULINGS R6: a sum of 320 or more scores 320; a listed limit its value).
pattern share   how many won hands count the pattern, over every won hand.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .rows import (
    BigHandRow,
    DealInRow,
    OutcomeRow,
    PatternRow,
    SeatRow,
    SessionRow,
    ValueRow,
    WinnerRow,
)

LIMIT = 320  # RULINGS R6, the compound limit
BIG_VALUE = 100  # a big hand: shown with its tiles on the statistics page
BIG_HANDS_SHOWN = 24  # the most big hands listed (the largest first)
VALUE_BINS: tuple[tuple[int, int | None], ...] = (
    (1, 9),
    (10, 19),
    (20, 29),
    (30, 49),
    (50, 99),
    (100, 199),
    (200, 319),
    (320, None),
)

WIN, DRAW, FALSE_WIN = "win", "draw", "false_win"
SELF_DRAW, DISCARD, ROBBING_KONG = "self_draw", "discard", "robbing_kong"


def rate(count: int, hands: int) -> float | None:
    """``count`` per hand played, or None when nothing was played."""
    return count / hands if hands else None


@dataclass
class PlayerLine:
    """One player's figures (see the vocabulary)."""

    player_id: int
    hands: int = 0
    sessions: int = 0  # sessions with a released hand
    self_drawn: int = 0
    on_discard: int = 0
    robbing_kong: int = 0
    won_points: int = 0
    largest: int = 0
    deal_ins: int = 0
    deal_in_cost: int = 0
    false_wins: int = 0
    draws: int = 0
    patterns: Counter = field(default_factory=Counter)

    @property
    def wins(self) -> int:
        return self.self_drawn + self.on_discard + self.robbing_kong

    @property
    def average_won(self) -> float | None:
        return self.won_points / self.wins if self.wins else None

    @property
    def average_cost(self) -> float | None:
        return self.deal_in_cost / self.deal_ins if self.deal_ins else None

    @property
    def win_rate(self) -> float | None:
        return rate(self.wins, self.hands)

    @property
    def self_drawn_rate(self) -> float | None:
        return rate(self.self_drawn, self.hands)

    @property
    def on_discard_rate(self) -> float | None:
        return rate(self.on_discard, self.hands)

    @property
    def robbing_kong_rate(self) -> float | None:
        return rate(self.robbing_kong, self.hands)

    @property
    def deal_in_rate(self) -> float | None:
        return rate(self.deal_ins, self.hands)

    @property
    def false_win_rate(self) -> float | None:
        return rate(self.false_wins, self.hands)

    @property
    def draw_rate(self) -> float | None:
        return rate(self.draws, self.hands)

    def patterns_by_count(self) -> list[tuple[str, int]]:
        """The player's patterns, the most counted first (then by name)."""
        return sorted(self.patterns.items(), key=lambda item: (-item[1], item[0]))


@dataclass
class RoundLine:
    number: int
    hands: int = 0
    wins: int = 0
    draws: int = 0
    false_wins: int = 0


@dataclass(frozen=True)
class ValueBin:
    low: int
    high: int | None  # None: and above
    count: int

    @property
    def label(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class PatternLine:
    name: str
    count: int
    share: float  # of every won hand


@dataclass(frozen=True)
class BigHand:
    row: BigHandRow

    @property
    def limit(self) -> bool:
        return self.row.value >= LIMIT


@dataclass
class CountryLine:
    country: str
    players: int = 0
    hands: int = 0
    wins: int = 0
    won_points: int = 0
    largest: int = 0
    deal_ins: int = 0

    @property
    def win_rate(self) -> float | None:
        return rate(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> float | None:
        return rate(self.deal_ins, self.hands)

    @property
    def average_won(self) -> float | None:
        return self.won_points / self.wins if self.wins else None


@dataclass
class EventFigures:
    """Every figure of an event as one viewer may count it (see the vocabulary)."""

    rounds: list[RoundLine]
    players: dict[int, PlayerLine]
    values: list[ValueBin]
    patterns: list[PatternLine]
    big_hands: list[BigHand]
    countries: list[CountryLine]
    round_limit: int | None = None
    names: dict[int, str] = field(default_factory=dict)  # player id: the name as shown
    chinese_names: dict[int, str] = field(default_factory=dict)  # shown beside on Chinese pages

    @property
    def hands(self) -> int:
        return sum(line.hands for line in self.rounds)

    @property
    def wins(self) -> int:
        return sum(line.wins for line in self.rounds)

    @property
    def draws(self) -> int:
        return sum(line.draws for line in self.rounds)

    @property
    def false_wins(self) -> int:
        return sum(line.false_wins for line in self.rounds)

    @property
    def average(self) -> PlayerLine:
        """The event's figures summed over every player: its rates are the event's averages."""
        total = PlayerLine(player_id=0)
        for line in self.players.values():
            for name in (
                "hands", "self_drawn", "on_discard", "robbing_kong", "won_points",
                "deal_ins", "deal_in_cost", "false_wins", "draws",
            ):  # fmt: skip
                setattr(total, name, getattr(total, name) + getattr(line, name))
            total.largest = max(total.largest, line.largest)
        return total


def round_lines(rows: Iterable[OutcomeRow]) -> list[RoundLine]:
    """Hands, wins, draws and false wins per round, in round order."""
    lines: dict[int, RoundLine] = {}
    for row in rows:
        line = lines.setdefault(row.round_number, RoundLine(row.round_number))
        line.hands += row.count
        if row.outcome == WIN:
            line.wins += row.count
        elif row.outcome == DRAW:
            line.draws += row.count
        elif row.outcome == FALSE_WIN:
            line.false_wins += row.count
    return [lines[number] for number in sorted(lines)]


def value_bins(rows: Iterable[ValueRow]) -> list[ValueBin]:
    """The won hands counted in each `VALUE_BINS` range (every bin, empty ones too)."""
    counts = Counter()
    for value, count in rows:
        for low, high in VALUE_BINS:
            if value is not None and value >= low and (high is None or value <= high):
                counts[low] += count
                break
    return [ValueBin(low, high, counts[low]) for low, high in VALUE_BINS]


def pattern_lines(players: Mapping[int, PlayerLine], wins: int) -> list[PatternLine]:
    """Every pattern counted in a won hand, the most counted first, with its share of wins."""
    total = Counter()
    for line in players.values():
        total.update(line.patterns)
    return [
        PatternLine(name, count, count / wins if wins else 0.0)
        for name, count in sorted(total.items(), key=lambda item: (-item[1], item[0]))
    ]


def player_lines(
    *,
    seats: Iterable[SeatRow],
    sessions: Iterable[SessionRow],
    winners: Iterable[WinnerRow],
    deal_ins: Iterable[DealInRow],
    patterns: Iterable[PatternRow],
) -> dict[int, PlayerLine]:
    """Each seated player's figures, from the rows the selectors read."""
    by_session = {row.session_id: row for row in sessions}
    players: dict[int, PlayerLine] = {}

    def line_of(player_id: int) -> PlayerLine:
        line = players.get(player_id)
        if line is None:  # not `setdefault`: that would make a line for every row
            line = players[player_id] = PlayerLine(player_id)
        return line

    for session_id, player_id in seats:
        line = line_of(player_id)
        played = by_session.get(session_id)
        if played is not None and played.hands:
            line.sessions += 1
            line.hands += played.hands
            line.draws += played.draws
    for row in winners:
        winner_add(line_of(row.player_id), row)
    for player_id, count, cost in deal_ins:
        line = line_of(player_id)
        line.deal_ins += count
        line.deal_in_cost += cost
    decoded: dict[str, list] = {}
    for player_id, combination, count in patterns:
        if isinstance(combination, str):  # as stored: decoded once per distinct list
            if combination not in decoded:
                decoded[combination] = json.loads(combination)
            combination = decoded[combination]
        for name, _points in combination or ():
            line_of(player_id).patterns[name] += count
    return players


def winner_add(line: PlayerLine, row: WinnerRow) -> None:
    """Count a row of wins (or false wins) into ``line``."""
    if row.outcome == FALSE_WIN:
        line.false_wins += row.count
        return
    if row.win_type == SELF_DRAW:
        line.self_drawn += row.count
    elif row.win_type == ROBBING_KONG:
        line.robbing_kong += row.count
    else:
        line.on_discard += row.count
    line.won_points += row.points or 0
    line.largest = max(line.largest, row.largest or 0)


def country_lines(
    players: Mapping[int, PlayerLine], country_of: Mapping[int, str]
) -> list[CountryLine]:
    """The players' figures summed by country (players without one are left out), by name."""
    countries: dict[str, CountryLine] = {}
    for player_id, line in players.items():
        country = country_of.get(player_id, "")
        if not country:
            continue
        summed = countries.setdefault(country, CountryLine(country))
        summed.players += 1
        summed.hands += line.hands
        summed.wins += line.wins
        summed.won_points += line.won_points
        summed.largest = max(summed.largest, line.largest)
        summed.deal_ins += line.deal_ins
    return [countries[name] for name in sorted(countries)]


def big_hands(rows: Iterable[BigHandRow]) -> list[BigHand]:
    """The big hands, the largest first, then by when they were played."""
    ordered = sorted(rows, key=lambda r: (-r.value, r.round_number, r.table_number, r.number))
    return [BigHand(row) for row in ordered[:BIG_HANDS_SHOWN]]


@dataclass(frozen=True)
class PlayerStatistics:
    """One player's figures beside the event's (the player page, the private link, the API)."""

    line: PlayerLine
    average: PlayerLine
    ranks: list[tuple[int, int]]  # (round, place); empty when the standings are not shown
    ranked: int  # how many players the rank history ranks (the rank chart's last place)

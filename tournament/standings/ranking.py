"""Ranking: plain rows in, ranked standings out. Pure Python: no Django, no models.

Vocabulary
----------
entrant         a player of the tournament as the ranking sees them (`Entrant`): id, name,
                country, club, EMA number, and whether they withdrew or are a substitute.
session result  one player's line of one session (`SessionResult`): round, table, half (2 after
                the round's table change: each half is a session of its own, its card), starting
                wind, hand points (the sum of their payments), penalty points of that session
                (RULINGS R13), hands won and their largest hand. ``score`` is both points.
loose penalty   points deducted outside any session (a `Penalty` with no session), per player.
carried         points a qualifier brought from the previous stage (`tournament.stages`);
                0 in the first stage.
total           carried points, plus hand points and penalty points over every counted session,
                plus loose penalties (RULINGS R13, R16).
match points    per session, a tournament setting (`MatchPoints`): ``placing`` gives the
                table's points for 1st..4th by session score, tied players sharing equally the
                places they span (4/2/1/0: two tied firsts get 3 each, RULINGS R16);
                ``sqrt`` gives the sign-kept square root of the session score (the World
                Series of Mahjong 2010 scheme); ``none`` gives nothing.
rank by         ``total`` (RULINGS R16) or ``match_points`` (WSoM 2015/2018: match points first,
                the raw total as the first tie-break).
tie-break       one object of `TIE_BREAKS` (a registry keyed by the strings of the tournament
                setting ``tie_break_order``): a name and one method, ``measure(group, ledger)``,
                giving each player of a tied group a number where higher is better.
rank            1 for the best; players still tied after every tie-break share the rank,
                written "=3" (RULINGS R16); ``place`` is the number alone.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

MATCH_POINT_SCHEMES = ("none", "placing", "sqrt")
RANK_BY = ("total", "match_points")


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


@dataclass(frozen=True)
class RankingRules:
    """The tournament settings the ranking follows."""

    match_points: str = "none"
    placing_table: tuple[int, ...] = (4, 2, 1, 0)
    rank_by: str = "total"
    tie_breaks: tuple[str, ...] = ("points", "match_points", "hands_won")
    hide_withdrawn: bool = False
    hide_substitutes: bool = False

    def __post_init__(self):
        if self.match_points not in MATCH_POINT_SCHEMES:
            raise ValueError(f"Unknown match-point scheme {self.match_points!r}.")
        if self.rank_by not in RANK_BY:
            raise ValueError(f"Unknown ranking {self.rank_by!r}.")
        unknown = [key for key in self.tie_breaks if key not in TIE_BREAKS]
        if unknown:
            raise ValueError(f"Unknown tie-break(s): {', '.join(unknown)}.")

    def chain(self) -> list[str]:
        """The keys applied in order: the ranking's own key first, then the tie-breaks."""
        first = ["match_points", "points"] if self.rank_by == "match_points" else ["points"]
        keys = []
        for key in [*first, *self.tie_breaks]:
            if key not in keys:
                keys.append(key)
        return keys


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


# --- Match points -----------------------------------------------------------------------


SCALE = 60  # match points are summed in sixtieths: exact for ties of up to six players


def _tie_signature(scores: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """For each score, (index of its first place, number of players sharing it)."""
    order = sorted(scores, reverse=True)
    return tuple([(order.index(score), order.count(score)) for score in scores])


@lru_cache(maxsize=4096)
def _placed(
    signature: tuple[tuple[int, int], ...], table: tuple[int, ...]
) -> tuple[tuple[Fraction, Fraction, int], ...]:
    """(place, match points, match points in sixtieths) for each position of a signature."""
    table = table[: len(signature)] + (0,) * max(0, len(signature) - len(table))
    placed = []
    for first, span in signature:
        places = range(first, first + span)
        points = sum(table[i] for i in places)
        placed.append(
            (
                Fraction(sum(p + 1 for p in places), span),
                Fraction(points, span),
                points * SCALE // span,
            )
        )
    return tuple(placed)


@lru_cache(maxsize=4096)
def _placed_for_display(
    signature: tuple[tuple[int, int], ...], table: tuple[int, ...]
) -> tuple[tuple[float, float, int], ...]:
    """As `_placed`, with floats for one session's place and points (light to keep and copy);
    totals are summed exactly from the sixtieths."""
    return tuple((float(p), float(m), s) for p, m, s in _placed(signature, table))


def placing_points(scores: Sequence[int], table: Sequence[int]) -> list[tuple[Fraction, Fraction]]:
    """(place, match points) for each score of one session, in the order given.

    Tied players share equally the places they span (RULINGS R16): with 4/2/1/0, two players
    tied for first get 3 each and place 1.5. The points always sum to the table's sum over the
    places taken.
    """
    return [(place, points) for place, points, _ in _placed(_tie_signature(scores), tuple(table))]


def signed_root(score: int) -> float:
    """The sign-kept square root of a session score (WSoM 2010): -49 gives -7.0."""
    return math.copysign(math.sqrt(abs(score)), score) if score else 0.0


def session_match_points(results: Sequence[SessionResult], rules: RankingRules) -> list[Placing]:
    """The placings of one session's players, in the order given."""
    return [placing for placing, _ in _session_placings(results, rules)]


def _session_placings(results, rules):
    """(placing, match points as summed: sixtieths for placing, floats for roots, 0 for none)."""
    scores = [result.hand_points + result.penalty_points for result in results]
    placed = _placed_for_display(_tie_signature(scores), rules.placing_table)
    scheme = rules.match_points
    out = []
    for result, score, (place, points, sixtieths) in zip(results, scores, placed, strict=True):
        if scheme == "placing":
            match, summed = points, sixtieths
        elif scheme == "sqrt":
            match = summed = signed_root(score)
        else:
            match, summed = 0.0, 0
        out.append(
            (
                Placing(
                    result.round_number,
                    result.table_number,
                    result.wind,
                    score,
                    place,
                    match,
                    result.half,
                ),
                summed,
            )
        )
    return out


ZERO = Fraction(0)


# --- Tie-breaks -------------------------------------------------------------------------


@dataclass
class Ledger:
    """What a tie-break may look at besides the tied rows: every session result, by player."""

    results: dict[int, list[SessionResult]]


class TieBreak:
    key = ""
    name = ""

    def measure(self, group: Sequence[Standing], ledger: Ledger) -> dict[int, object]:
        """Each player of ``group`` to a comparable value; higher is better."""
        raise NotImplementedError


class TotalPoints(TieBreak):
    key, name = "points", "Total points"

    def measure(self, group, ledger):
        return {row.player_id: row.total for row in group}


class MatchPointsBreak(TieBreak):
    key, name = "match_points", "Match points"

    def measure(self, group, ledger):
        return {row.player_id: row.match_points for row in group}


class HandsWon(TieBreak):
    key, name = "hands_won", "Hands won"

    def measure(self, group, ledger):
        return {row.player_id: row.hands_won for row in group}


class BestSession(TieBreak):
    key, name = "best_session", "Best session score"

    def measure(self, group, ledger):
        floor = -(10**9)
        return {
            row.player_id: row.best_session if row.best_session is not None else floor
            for row in group
        }


class HeadToHead(TieBreak):
    """Points each tied player scored in the sessions where they sat with another of the group."""

    key, name = "head_to_head", "Head-to-head points"

    def measure(self, group, ledger):
        ids = {row.player_id for row in group}
        tables: dict[tuple[int, int, int], set[int]] = defaultdict(set)
        for pid in ids:
            for result in ledger.results.get(pid, ()):
                tables[result.card].add(pid)
        values = {}
        for pid in ids:
            values[pid] = sum(
                result.score
                for result in ledger.results.get(pid, ())
                if len(tables[result.card]) > 1
            )
        return values


TIE_BREAKS: dict[str, TieBreak] = {
    tie_break.key: tie_break
    for tie_break in (TotalPoints(), MatchPointsBreak(), HandsWon(), BestSession(), HeadToHead())
}


# --- Ranking ----------------------------------------------------------------------------


def standings_build(
    entrants: Iterable[Entrant],
    results: Iterable[SessionResult],
    rules: RankingRules,
    loose_penalties: dict[int, int] | None = None,
    carried: dict[int, int] | None = None,
) -> list[Standing]:
    """Rank the entrants: best first, each with ``rank`` ("3" or "=3") and ``place``;
    ``carried`` gives each entrant the points they bring from an earlier stage."""
    loose_penalties = loose_penalties or {}
    carried = carried or {}
    rows = {}
    for entrant in entrants:
        if (rules.hide_withdrawn and entrant.withdrawn) or (
            rules.hide_substitutes and entrant.substitute
        ):
            continue
        rows[entrant.player_id] = Standing(
            entrant,
            penalty_points=loose_penalties.get(entrant.player_id, 0),
            carried=carried.get(entrant.player_id, 0),
        )
    by_session: dict[tuple[int, int, int], list[SessionResult]] = defaultdict(list)
    by_player: dict[int, list[SessionResult]] = defaultdict(list)
    for result in results:
        by_session[result.card].append(result)
        by_player[result.player_id].append(result)
    summed: dict[int, int | float] = dict.fromkeys(rows, 0)
    for key in sorted(by_session):  # a fixed order: sums of roots never depend on the input's
        session = sorted(by_session[key])
        for result, (placing, points) in zip(
            session, _session_placings(session, rules), strict=True
        ):
            row = rows.get(result.player_id)
            if row is None:
                continue
            row.hand_points += result.hand_points
            row.penalty_points += result.penalty_points
            summed[result.player_id] += points
            row.hands_won += result.hands_won
            if result.largest_hand > row.largest_hand:
                row.largest_hand = result.largest_hand
            if row.best_session is None or placing.score > row.best_session:
                row.best_session = placing.score
            row.sessions.append(placing)
    for pid, row in rows.items():
        if rules.match_points == "placing":
            row.match_points = Fraction(summed[pid], SCALE)
        elif rules.match_points == "sqrt":
            # Rounding keeps sums that are equal in exact arithmetic equal as floats.
            row.match_points = round(summed[pid], 9)
        else:
            row.match_points = ZERO
    ledger = Ledger(results=by_player)
    groups = _split([list(rows.values())], rules.chain(), ledger)
    ranked: list[Standing] = []
    for group in groups:
        place = len(ranked) + 1
        if len(group) > 1:
            group.sort(key=lambda r: (r.entrant.order, r.entrant.name, r.entrant.player_id))
        rank = f"={place}" if len(group) > 1 else str(place)
        for row in group:
            row.place = place
            row.rank = rank
            ranked.append(row)
    return ranked


def _split(groups: list[list[Standing]], keys: list[str], ledger: Ledger) -> list[list[Standing]]:
    """Break every group by each key in turn, best value first; what stays tied stays together."""
    for key in keys:
        tie_break = TIE_BREAKS[key]
        next_groups = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
                continue
            values = tie_break.measure(group, ledger)
            buckets: dict[object, list[Standing]] = defaultdict(list)
            for row in group:
                buckets[values[row.player_id]].append(row)
            next_groups.extend(buckets[value] for value in sorted(buckets, reverse=True))
        groups = next_groups
    return groups


@dataclass
class CountryRow:
    country: str
    players: int
    total: int
    best_rank: str

    @property
    def average(self) -> float:
        return self.total / self.players if self.players else 0.0


def countries_summarise(standings: Iterable[Standing]) -> list[CountryRow]:
    """Players per country with their total and average, best average first."""
    rows: dict[str, CountryRow] = {}
    for standing in standings:
        country = standing.entrant.country or "—"
        row = rows.get(country)
        if row is None:
            rows[country] = CountryRow(country, 1, standing.total, standing.rank)
        else:
            row.players += 1
            row.total += standing.total
    return sorted(rows.values(), key=lambda r: (-r.average, r.country))


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

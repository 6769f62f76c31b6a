"""Reads for the standings: load kept session scores, hand plain rows to `ranking`.

Vocabulary
----------
board           `Board`: the ranked standings of a tournament as one viewer may see them (up to
                a round, see `tournament.release.counted_round_limit`), with the rules used and
                what is still provisional.
provisional     `Provisional`: sessions with hands that are not reconciled and hands awaiting a
                second entry or a head judge's decision, in the counted rounds; the pages and
                exports that show standings say so plainly.
player card     `PlayerCard`: one player's page: every session (table, wind, score, placing,
                match points), every hand they won or paid on, their penalties, the cumulative
                score by round.

Totals come from `SessionScore` (kept by the play services with every write), so every query
here reads players x rounds rows, never the payments of every hand, and their number is the
same for 100 or 400 players and for 1,600 or 16,000 hands. Writes never happen here.
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field

from django.db.models import Count

from .. import release
from ..models import (
    Hand,
    HandEntry,
    Payment,
    Penalty,
    Registration,
    Round,
    Session,
    SessionScore,
    Tournament,
)
from ..names import player_names
from ..play.selectors import hidden_hands_filter
from ..roles import is_official
from ..winds import wind_order
from .ranking import (
    Entrant,
    RankingRules,
    SessionResult,
    Standing,
    countries_summarise,
    session_match_points,
    standings_build,
)


def ranking_rules(tournament: Tournament, *, hide_withdrawn: bool = False) -> RankingRules:
    return RankingRules(
        match_points=tournament.match_points_scheme if tournament.use_match_points else "none",
        placing_table=tournament.match_points_table(),
        rank_by=tournament.rank_by if tournament.use_match_points else "total",
        tie_breaks=tuple(tournament.tie_breaks()),
        hide_withdrawn=hide_withdrawn,
    )


@dataclass
class Provisional:
    unreconciled: dict[int, list[int]] = field(default_factory=dict)  # round -> table numbers
    pending_hands: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, table)

    @property
    def active(self) -> bool:
        return bool(self.unreconciled or self.pending_hands)

    @property
    def unreconciled_count(self) -> int:
        return sum(len(tables) for tables in self.unreconciled.values())

    @property
    def pending_count(self) -> int:
        return sum(self.pending_hands.values())

    def lines(self) -> list[str]:
        lines = []
        for number, tables in sorted(self.unreconciled.items()):
            lines.append(
                f"Round {number}: {len(tables)} session(s) not reconciled (table"
                f"{'s' if len(tables) > 1 else ''} {', '.join(map(str, tables))})."
            )
        if self.pending_hands:
            where = ", ".join(
                f"round {r} table {t} ({n})" for (r, t), n in sorted(self.pending_hands.items())
            )
            lines.append(
                f"{self.pending_count} hand(s) await a second entry or a head judge: {where}."
            )
        return lines

    def summary(self) -> str:
        parts = []
        if self.unreconciled:
            parts.append(f"{self.unreconciled_count} session(s) not reconciled")
        if self.pending_hands:
            parts.append(f"{self.pending_count} hand(s) awaiting a second entry")
        return "Provisional: " + " and ".join(parts) + "." if parts else ""


@dataclass
class Board:
    tournament: Tournament
    rows: list[Standing]
    rules: RankingRules
    provisional: Provisional
    round_limit: int | None  # None: every round counts

    @property
    def uses_match_points(self) -> bool:
        return self.rules.match_points != "none"


def _round_filter(prefix: str, limit: int | None) -> dict:
    return {} if limit is None else {f"{prefix}__lte": limit}


def entrants(tournament: Tournament) -> list[Entrant]:
    names = player_names(tournament)
    return [
        Entrant(
            player_id=row["player_id"],
            name=row["player__name"],
            country=row["player__country"],
            club=row["player__club"],
            ema_number=row["player__external_id"],
            withdrawn=row["status"] == Registration.Status.WITHDRAWN,
            substitute=row["is_substitute"],
            label=names.label(row["player_id"], row["player__name"]),
            order=names.sort_key(row["player_id"]),
        )
        for row in Registration.objects.filter(tournament=tournament)
        .order_by()
        .values(
            "player_id",
            "player__name",
            "player__country",
            "player__club",
            "player__external_id",
            "status",
            "is_substitute",
        )
    ]


def session_results(tournament: Tournament, round_limit: int | None = None, **filters):
    rows = (
        SessionScore.objects.filter(
            tournament=tournament, **_round_filter("round_number", round_limit), **filters
        )
        .order_by()
        .values_list(
            "player_id",
            "round_number",
            "table_number",
            "hand_points",
            "penalty_points",
            "hands_won",
            "largest_hand",
            "wind",
            "half",
        )
    )
    return list(map(SessionResult._make, rows))


def loose_penalties(tournament: Tournament) -> dict[int, int]:
    """Deductions recorded outside any session (RULINGS R13)."""
    points: dict[int, int] = defaultdict(int)
    for player_id, amount in (
        Penalty.objects.filter(tournament=tournament, session__isnull=True)
        .order_by()
        .values_list("player_id", "amount")
    ):
        points[player_id] -= amount
    return dict(points)


def provisional(tournament: Tournament, round_limit: int | None = None) -> Provisional:
    """What is not final yet in the counted rounds: three small queries."""
    result = Provisional()
    for number, table in (
        Session.objects.filter(
            round__tournament=tournament,
            scores__isnull=False,
            **_round_filter("round__number", round_limit),
        )
        .exclude(status=Session.Status.RECONCILED)
        .values_list("round__number", "table__number")
        .distinct()
        .order_by("round__number", "table__number")
    ):
        result.unreconciled.setdefault(number, []).append(table)
    pending = Hand.objects.filter(
        session__round__tournament=tournament,
        confirmed=False,
        **_round_filter("session__round__number", round_limit),
    )
    for row in (
        pending.order_by()
        .values("session__round__number", "session__table__number")
        .annotate(count=Count("pk"))
    ):
        key = (row["session__round__number"], row["session__table__number"])
        result.pending_hands[key] = row["count"]
    # Mismatches awaiting the head judge are few across all tournaments: reading them from the
    # small table first is cheaper than letting the planner walk every hand of the tournament.
    for tournament_id, number, table in (
        HandEntry.objects.filter(hand__confirmed=True)
        .order_by()
        .values_list(
            "hand__session__round__tournament_id",
            "hand__session__round__number",
            "hand__session__table__number",
        )
    ):
        if tournament_id == tournament.pk and (round_limit is None or number <= round_limit):
            result.pending_hands[(number, table)] = result.pending_hands.get((number, table), 0) + 1
    return result


BOARDS_KEPT = 16  # boards kept per process: a few tournaments x viewer kinds
_boards: OrderedDict[tuple, Board] = OrderedDict()


def board(
    tournament: Tournament, *, round_limit: int | None = None, hide_withdrawn: bool = False
) -> Board:
    """The ranked standings up to ``round_limit``, with what is still provisional.

    Kept in this process under the tournament's last write (read fresh, one small query):
    every write moves it on (`tournament.audit`), so a board is built once per change, not once
    per spectator. A kept board is shared: callers copy ``rows`` before reordering it.
    """
    last_write = (
        Tournament.objects.filter(pk=tournament.pk).values_list("last_write", flat=True).first()
    )
    key = (tournament.pk, last_write, round_limit, hide_withdrawn)
    built = _boards.get(key)
    if built is None:
        built = board_build(tournament, round_limit=round_limit, hide_withdrawn=hide_withdrawn)
        _boards[key] = built
        while len(_boards) > BOARDS_KEPT:
            _boards.popitem(last=False)
    return built


def boards_forget() -> None:
    """Drop every kept board (tests, and after restoring a database)."""
    _boards.clear()


def board_build(
    tournament: Tournament, *, round_limit: int | None = None, hide_withdrawn: bool = False
) -> Board:
    """The board built from the kept session scores (no cache)."""
    rules = ranking_rules(tournament, hide_withdrawn=hide_withdrawn)
    rows = standings_build(
        entrants(tournament),
        session_results(tournament, round_limit),
        rules,
        loose_penalties(tournament),
    )
    return Board(tournament, rows, rules, provisional(tournament, round_limit), round_limit)


def board_for_viewer(user, tournament: Tournament) -> Board:
    """The standings as this viewer may see them: silent rounds and hidden withdrawn players
    apply to the public (`tournament.release`), never to officials."""
    return board_seen(tournament, official=is_official(user, tournament))


def board_seen(tournament: Tournament, *, official: bool) -> Board:
    """The standings as an official, or as the public, sees them."""
    return board(
        tournament,
        round_limit=None if official else release.public_round_limit(tournament),
        hide_withdrawn=tournament.hide_withdrawn and not official,
    )


def countries(board_: Board):
    return countries_summarise(board_.rows)


# --- A player's page --------------------------------------------------------------------


@dataclass
class HandLine:
    round_number: int
    table_number: int
    number: int
    outcome: str
    won: bool
    value: int | None
    amount: int
    confirmed: bool


@dataclass
class PlayerCard:
    standing: Standing
    board: Board
    hands: list[HandLine]
    penalties: list[Penalty]


def player_card(
    tournament: Tournament, player_id: int, *, round_limit: int | None = None, viewer=None
) -> PlayerCard | None:
    """One player's page, or None if they are not registered in the tournament. The hands
    awaiting a blind second entry that ``viewer`` may not see are left out of its hand lines
    (`play.selectors.hidden_hands_filter`: only their entrant and head judges see them)."""
    board_ = board(tournament, round_limit=round_limit)
    standing = next((row for row in board_.rows if row.player_id == player_id), None)
    if standing is None:
        return None
    hands = [
        HandLine(
            round_number=row["hand__session__round__number"],
            table_number=row["hand__session__table__number"],
            number=row["hand__number"],
            outcome=row["hand__outcome"],
            won=row["hand__winner_id"] == player_id and row["amount"] > 0,
            value=row["hand__value"],
            amount=row["amount"],
            confirmed=row["hand__confirmed"],
        )
        for row in Payment.objects.filter(
            player_id=player_id,
            hand__session__round__tournament=tournament,
            **_round_filter("hand__session__round__number", round_limit),
        )
        .exclude(amount=0)
        .exclude(hidden_hands_filter(viewer, "hand__", tournament))
        .values(
            "hand__session__round__number",
            "hand__session__table__number",
            "hand__number",
            "hand__outcome",
            "hand__winner_id",
            "hand__value",
            "hand__confirmed",
            "amount",
        )
        .order_by("hand__session__round__number", "hand__number")
    ]
    penalties = list(
        Penalty.objects.filter(
            tournament=tournament,
            player_id=player_id,
            **_round_filter("session__round__number", round_limit),
        ).select_related("session__round", "session__table")
    )
    if round_limit is not None:  # loose penalties have no round: they always count
        penalties += list(
            Penalty.objects.filter(tournament=tournament, player_id=player_id, session__isnull=True)
        )
    return PlayerCard(standing=standing, board=board_, hands=hands, penalties=penalties)


# --- A round's results by table ---------------------------------------------------------


@dataclass
class TableResult:
    table_number: int
    status: str
    players: list[tuple[str, int, str, int, object, object]]  # wind, id, label, score, place, mp
    half: int = 1  # 2: the table after the round's table change


def round_results(round_: Round) -> list[TableResult]:
    """Every table of a round with its players' session scores, placings and match points."""
    tournament = round_.tournament
    rules = ranking_rules(tournament)
    names = player_names(tournament)
    by_table: dict[tuple[int, int], list] = defaultdict(list)
    statuses = {
        (half, number): status
        for half, number, status in Session.objects.filter(round=round_).values_list(
            "half", "table__number", "status"
        )
    }
    for row in SessionScore.objects.filter(
        tournament_id=round_.tournament_id, round_number=round_.number
    ).values(
        "half",
        "table_number",
        "player_id",
        "player__name",
        "wind",
        "hand_points",
        "penalty_points",
        "hands_won",
        "largest_hand",
    ):
        by_table[(row["half"], row["table_number"])].append(row)
    tables = []
    for half, number in sorted(by_table):
        # Starting winds in the card's order; a row without a seat (a penalty only) comes last.
        rows = sorted(by_table[(half, number)], key=lambda r: wind_order(r["wind"] or "N"))
        results = [
            SessionResult(
                player_id=r["player_id"],
                round_number=round_.number,
                table_number=number,
                hand_points=r["hand_points"],
                penalty_points=r["penalty_points"],
                wind=r["wind"],
                half=half,
            )
            for r in rows
        ]
        placings = session_match_points(results, rules)
        tables.append(
            TableResult(
                half=half,
                table_number=number,
                status=statuses.get((half, number), ""),
                players=[
                    (
                        r["wind"],
                        r["player_id"],
                        names.label(r["player_id"], r["player__name"]),
                        p.score,
                        p.place,
                        p.match_points,
                    )
                    for r, p in zip(rows, placings, strict=True)
                ],
            )
        )
    return tables


def standings(tournament: Tournament, *, round_limit: int | None = None) -> list[Standing]:
    """The ranked rows alone (every player, every counted round)."""
    return list(board(tournament, round_limit=round_limit).rows)

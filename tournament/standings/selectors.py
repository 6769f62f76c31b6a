"""Reads for the standings: load kept session scores, hand plain rows to `ranking`.

Vocabulary
----------
board           `Board`: the ranked standings of a tournament as one viewer may see them (up to
                a round, see `tournament.release.counted_round_limit`), with the rules used and
                what is still provisional.
provisional     `Provisional`: sessions with hands that are not reconciled and hands awaiting a
                second entry or a head judge's decision, in the counted rounds; the pages and
                exports that show standings say so plainly. Also the sessions whose appeal
                window is open (`play.appeals`, until its end time) or that have a hand query
                waiting for the head judge: the rows of their players are marked provisional
                (`Provisional.row_note`). A window closes by the clock, not by a write, so the
                kept board asks its clock (`Provisional.clock`) each time it is read.
stage           a tournament played in stages (`tournament.stages`) ranks the current stage's
                field live, with the points they carried in, above the players cut at earlier
                cuts (`cuts.staged_standings`); ``Board.stage`` is the stage shown.
player card     `PlayerCard`: one player's page: every session (table, wind, score, placing,
                match points), every hand they won or paid on, their penalties, the cumulative
                score by round; `player_card_seen` adds their seats and applies what a viewer
                may see (the page and the API read it alike).

Totals come from `SessionScore` (kept by the play services with every write), so every query
here reads players x rounds rows, never the payments of every hand, and their number is the
same for 100 or 400 players and for 1,600 or 16,000 hands. Writes never happen here.
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from .. import release
from ..event.selectors.seats import player_places
from ..fields import confirmed_cuts, stage_plan
from ..languages import moment_text
from ..models import (
    Hand,
    HandEntry,
    HandQuery,
    Payment,
    Penalty,
    Registration,
    Round,
    Session,
    SessionScore,
    Stage,
    StageCut,
    Tournament,
)
from ..names import PERSON_FIELDS, Names, Person, page_name, player_names, registrations_of
from ..play.appeals import appeal_window
from ..play.selectors import hidden_hands_filter, round_progress
from ..roles import is_official
from ..stages import CutLine, StagePlan
from ..winds import wind_order
from .cuts import CutOutcome, cut_decide, stage_inputs, staged_standings
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
    # (round, table) -> end of its appeal window, for the windows open when the board was built
    appeal_ends: dict[tuple[int, int], dt.datetime] = field(default_factory=dict)
    open_queries: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, table)
    player_tables: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # of the two
    clock: Callable[[], dt.datetime] = field(default=timezone.now, repr=False, compare=False)

    @property
    def open_appeals(self) -> dict[tuple[int, int], dt.datetime]:
        """The appeal windows still open now, by (round, table)."""
        now = self.clock()
        return {key: end for key, end in self.appeal_ends.items() if now < end}

    @property
    def appeals_end(self) -> dt.datetime | None:
        """When the last open appeal window closes."""
        return max(self.open_appeals.values(), default=None)

    def _at(self, moment: dt.datetime) -> str:
        """A window's end as the reader is told it: with its day when not today."""
        return moment_text(moment, self.clock())

    @property
    def active(self) -> bool:
        return bool(
            self.unreconciled or self.pending_hands or self.open_queries or self.open_appeals
        )

    def row_note(self, player_id: int) -> str:
        """Why this player's row is provisional ("" when it is not): a query of their table
        waits for the head judge, or their table's appeal window is open until a time."""
        tables = self.player_tables.get(player_id)
        if not tables:  # most rows: no open window or query at their tables
            return ""
        if any(key in self.open_queries for key in tables):
            return gettext("provisional: a hand query awaits the head judge")
        appeals = self.open_appeals
        ends = [appeals[key] for key in tables if key in appeals]
        if not ends:
            return ""
        return gettext("provisional until %(time)s (appeal window)") % {"time": self._at(max(ends))}

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
                ngettext(
                    "Round %(number)s: %(count)s session(s) not reconciled (table %(tables)s).",
                    "Round %(number)s: %(count)s session(s) not reconciled (tables %(tables)s).",
                    len(tables),
                )
                % {"number": number, "count": len(tables), "tables": ", ".join(map(str, tables))}
            )
        if self.pending_hands:
            where = ", ".join(
                gettext("round %(number)s table %(table)s (%(count)s)")
                % {"number": r, "table": t, "count": n}
                for (r, t), n in sorted(self.pending_hands.items())
            )
            lines.append(
                gettext("%(count)s hand(s) await a second entry or a head judge: %(where)s.")
                % {"count": self.pending_count, "where": where}
            )
        by_round: dict[int, list[tuple[int, dt.datetime]]] = defaultdict(list)
        for (number, table), end in sorted(self.open_appeals.items()):
            by_round[number].append((table, end))
        for number, tables in by_round.items():
            lines.append(
                ngettext(
                    "Round %(number)s: appeal window open until %(time)s (table %(tables)s).",
                    "Round %(number)s: appeal window open until %(time)s (tables %(tables)s).",
                    len(tables),
                )
                % {
                    "number": number,
                    "time": self._at(max(e for _, e in tables)),
                    "tables": ", ".join(str(t) for t, _ in tables),
                }
            )
        for (number, table), count in sorted(self.open_queries.items()):
            lines.append(
                ngettext(
                    "Round %(number)s table %(table)s: %(count)s hand query await the head judge.",
                    "Round %(number)s table %(table)s: %(count)s hand queries await the head "
                    "judge.",
                    count,
                )
                % {"number": number, "table": table, "count": count}
            )
        return lines

    def summary(self) -> str:
        parts = []
        if self.unreconciled:
            parts.append(
                gettext("%(count)s session(s) not reconciled") % {"count": self.unreconciled_count}
            )
        if self.pending_hands:
            parts.append(
                gettext("%(count)s hand(s) awaiting a second entry") % {"count": self.pending_count}
            )
        if self.open_appeals:
            parts.append(
                gettext("appeal window open until %(time)s") % {"time": self._at(self.appeals_end)}
            )
        if self.open_queries:
            parts.append(
                gettext("%(count)s hand query(ies) open")
                % {"count": sum(self.open_queries.values())}
            )
        if not parts:
            return ""
        return gettext("Provisional: %(parts)s.") % {"parts": gettext(" and ").join(parts)}


@dataclass
class Board:
    tournament: Tournament
    rows: list[Standing]
    rules: RankingRules
    provisional: Provisional
    round_limit: int | None  # None: every round counts
    stage: int = 1  # the stage being played (see `cuts.staged_standings`)
    stages: int = 1  # how many stages the tournament has

    @property
    def uses_match_points(self) -> bool:
        return self.rules.match_points != "none"

    @property
    def shows_carried(self) -> bool:
        """A carried column is shown once a cut has carried points into a stage."""
        return self.stage > 1

    @property
    def stage_text(self) -> str:
        if self.stages <= 1:
            return ""
        return gettext("Stage %(stage)s of %(stages)s") % {
            "stage": self.stage,
            "stages": self.stages,
        }


def _round_filter(prefix: str, limit: int | None) -> dict:
    return {} if limit is None else {f"{prefix}__lte": limit}


def entrants(tournament: Tournament) -> list[Entrant]:
    """Every registered player as the ranking sees them, named as everywhere (`player_names`),
    from one read of the registrations."""
    width = len(PERSON_FIELDS)
    rows = list(
        registrations_of(tournament).values_list(
            *PERSON_FIELDS, "player__club", "player__external_id", "status", "is_substitute"
        )
    )
    people = [Person(*row[:width]) for row in rows]
    names = Names(people)
    withdrawn = Registration.Status.WITHDRAWN
    return [
        Entrant(
            player_id=person.player_id,
            name=person.name,
            country=person.country,
            club=club,
            ema_number=external_id,
            withdrawn=status == withdrawn,
            substitute=is_substitute,
            # Romanised: a board is shared by every language (pages, API, exports); a page
            # shows the Chinese name beside it (`names.page_name`, the ``player_name`` filter).
            label=names.romanised(person.player_id, person.name),
            order=names.sort_key(person.player_id),
            chinese_name=person.chinese_name,
        )
        for person, (club, external_id, status, is_substitute) in zip(
            people, (row[width:] for row in rows), strict=True
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


def _appeals(
    result: Provisional, tournament: Tournament, round_limit: int | None, now: dt.datetime
) -> None:
    """The open appeal windows and open hand queries of the counted rounds, and the players of
    their tables: at most three small queries."""
    counted = _round_filter("session__round__number", round_limit)
    sessions: dict[int, tuple[int, int]] = {}
    if tournament.appeal_window_minutes:
        since = now - dt.timedelta(minutes=tournament.appeal_window_minutes)
        for pk, number, table, reconciled_at, closed_at in Session.objects.filter(
            round__tournament=tournament,
            status=Session.Status.RECONCILED,
            reconciled_at__gt=since,
            **_round_filter("round__number", round_limit),
        ).values_list("pk", "round__number", "table__number", "reconciled_at", "appeal_closed_at"):
            window = appeal_window(
                minutes=tournament.appeal_window_minutes,
                reconciled_at=reconciled_at,
                closed_at=closed_at,
            )
            if window.is_open(now):
                result.appeal_ends[(number, table)] = window.ends_at
                sessions[pk] = (number, table)
    for row in (
        HandQuery.objects.filter(
            session__round__tournament=tournament, status=HandQuery.Status.OPEN, **counted
        )
        .order_by()
        .values("session_id", "session__round__number", "session__table__number")
        .annotate(count=Count("pk"))
    ):
        key = (row["session__round__number"], row["session__table__number"])
        result.open_queries[key] = result.open_queries.get(key, 0) + row["count"]
        sessions[row["session_id"]] = key
    if sessions:
        for player_id, session_id in SessionScore.objects.filter(
            Q(session_id__in=list(sessions)), tournament=tournament
        ).values_list("player_id", "session_id"):
            result.player_tables.setdefault(player_id, []).append(sessions[session_id])


def provisional(
    tournament: Tournament,
    round_limit: int | None = None,
    clock: Callable[[], dt.datetime] = timezone.now,
) -> Provisional:
    """What is not final yet in the counted rounds: a few small queries."""
    result = Provisional(clock=clock)
    _appeals(result, tournament, round_limit, clock())
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
    # Mismatches awaiting the head judge: the hands of this tournament among those with a
    # second entry (a small table, read as a subquery first), not the tournament's hands
    # searched for an entry nor every tournament's entries read.
    for number, table in (
        Hand.objects.filter(
            pk__in=HandEntry.objects.values("hand_id"),
            confirmed=True,
            session__round__tournament=tournament,
            **_round_filter("session__round__number", round_limit),
        )
        .order_by()
        .values_list("session__round__number", "session__table__number")
    ):
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
    tournament: Tournament,
    *,
    round_limit: int | None = None,
    hide_withdrawn: bool = False,
    clock: Callable[[], dt.datetime] = timezone.now,
) -> Board:
    """The board built from the kept session scores (no cache); ``clock`` tells the time of
    the appeal windows (tests give their own)."""
    rules = ranking_rules(tournament, hide_withdrawn=hide_withdrawn)
    plan = stage_plan(tournament)
    cuts = _cuts_seen(plan, confirmed_cuts(tournament), round_limit)
    staged = staged_standings(
        entrants(tournament),
        session_results(tournament, round_limit),
        rules,
        plan=plan,
        cuts=cuts,
        loose_penalties=loose_penalties(tournament),
    )
    return Board(
        tournament,
        staged.rows,
        rules,
        provisional(tournament, round_limit, clock),
        round_limit,
        stage=staged.stage,
        stages=len(plan.stages),
    )


def _cuts_seen(plan, cuts, round_limit: int | None) -> dict:
    """The confirmed cuts a viewer counting rounds up to ``round_limit`` may see: a cut after a
    silent round stays hidden with it (consecutive from stage 1)."""
    seen = {}
    for number in sorted(cuts):
        last = plan.stage(number).last_round
        if number - 1 not in seen and number > 1:
            break
        if round_limit is not None and (last is None or last > round_limit):
            break
        seen[number] = cuts[number]
    return seen


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
    places: list = field(
        default_factory=list
    )  # `event.selectors.seats.Place`: see player_card_seen


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
    # Three index-backed reads, flat in the size of the hand table: the player's payments (by
    # player), those hands by primary key, then their sessions by primary key (where the
    # tournament and the round limit are checked). A join from payments planned a hand table
    # scan; a join from the hands to the tournament, on SQLite, a search of every session.
    paid = dict(
        Payment.objects.filter(player_id=player_id)
        .exclude(amount=0)
        .order_by()
        .values_list("hand_id", "amount")
    )
    found = (
        list(
            Hand.objects.filter(pk__in=list(paid))
            .exclude(hidden_hands_filter(viewer, "", tournament))
            .order_by()
            .values_list("pk", "session_id", "number", "outcome", "winner_id", "value", "confirmed")
        )
        if paid
        else []
    )
    places = (
        {
            pk: (round_number, table_number)
            for pk, round_number, table_number in Session.objects.filter(
                pk__in={row[1] for row in found},
                round__tournament=tournament,
                **_round_filter("round__number", round_limit),
            ).values_list("pk", "round__number", "table__number")
        }
        if found
        else {}
    )
    hands = sorted(
        (
            HandLine(
                round_number=places[session_id][0],
                table_number=places[session_id][1],
                number=number,
                outcome=outcome,
                won=winner_id == player_id and paid[pk] > 0,
                value=value,
                amount=paid[pk],
                confirmed=confirmed,
            )
            for pk, session_id, number, outcome, winner_id, value, confirmed in found
            if session_id in places
        ),
        key=lambda line: (line.round_number, line.number),
    )
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


def player_card_seen(user, tournament: Tournament, player_id: int) -> PlayerCard | None:
    """A player's page as ``user`` may see it (`tournament.release`), for the page and the
    API alike: the rounds the viewer may count (silent rounds), the hands they may see (a blind
    second entry) and, in ``places``, the player's seat in each round whose seating they may
    see. None when the player is not registered in the tournament."""
    limit = release.counted_round_limit(user, tournament)
    card = player_card(tournament, player_id, round_limit=limit, viewer=user)
    if card is not None:
        official = is_official(user, tournament)
        card.places = player_places(
            tournament,
            player_id,
            rounds=[
                r for r in tournament.rounds.all() if release.seating_seen(r, official=official)
            ],
        )
    return card


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


# --- A cut before it is confirmed -------------------------------------------------------


@dataclass
class CutPreview:
    """What the organiser sees before confirming the cut that ends stage ``stage``.

    ``problems`` say why it cannot be confirmed yet (earlier cut, rounds unplayed, provisional
    results); ``outcome`` is the cut as it would be made with ``seed`` (None when the stage
    has no cut); ``names`` and ``numbers`` name the players: the page prints each name with
    its number beside it, so a name is the player's shown name in the page's language
    (`names.page_name`: the Chinese name first on a Chinese page), without the label's marks
    ("(#5, ES)"), which would print the number twice; ``confirmed`` is the stored cut once it
    is made (its lines by stage, see `fields.confirmed_cuts`)."""

    stage: int
    description: str
    seed: int
    problems: list[str]
    outcome: CutOutcome | None
    names: dict[int, str]
    numbers: dict[int, int]
    confirmed: tuple[CutLine, ...] | None
    first_round: int
    last_round: int | None
    confirmed_seed: int | None = None


def stage_description(plan: StagePlan, number: int) -> str:
    """`StagePlan.describe` in the reader's language."""
    template, values = plan.description(number)
    if "share" in values:
        share_template, share_values = values["share"]
        values = {**values, "share": gettext(share_template) % share_values}
    return gettext(template) % values


def cut_preview(tournament: Tournament, stage: int, *, seed: int) -> CutPreview:
    """The cut ending ``stage`` as it stands (a fixed number of queries)."""
    plan = stage_plan(tournament)
    if not 1 <= stage <= len(plan.stages):
        raise Stage.DoesNotExist(f"Stage {stage} does not exist.")
    rule = plan.stage(stage)
    cuts = confirmed_cuts(tournament)
    numbers = dict(
        Registration.objects.filter(tournament=tournament).values_list("player_id", "number")
    )
    everyone = entrants(tournament)
    names = {
        entrant.player_id: page_name(entrant.name, entrant.chinese_name) for entrant in everyone
    }
    preview = CutPreview(
        stage=stage,
        description=stage_description(plan, stage),
        seed=seed,
        problems=[],
        outcome=None,
        names=names,
        numbers=numbers,
        confirmed=cuts.get(stage),
        first_round=plan.first_round(stage),
        last_round=rule.last_round,
        confirmed_seed=StageCut.objects.filter(stage__tournament=tournament, stage__number=stage)
        .values_list("seed", flat=True)
        .first(),
    )
    if not rule.has_cut:
        preview.problems.append(
            gettext("Stage %(stage)s is the last stage: it ends with no cut.") % {"stage": stage}
        )
        return preview
    preview.problems.extend(_cut_problems(tournament, plan, cuts, stage))
    if stage > 1 and stage - 1 not in cuts:
        return preview
    field_, results, carried = stage_inputs(
        everyone, session_results(tournament, rule.last_round), plan, cuts, stage
    )
    preview.outcome = cut_decide(
        field_,
        results,
        ranking_rules(tournament),
        size=rule.cut_size,
        share=rule.share,
        seed=seed,
        draw_key=numbers,
        loose_penalties=loose_penalties(tournament),
        carried=carried,
    )
    return preview


def _cut_problems(tournament, plan, cuts, stage: int) -> list[str]:
    """Why the cut ending ``stage`` cannot be confirmed now (empty when it can)."""
    rule = plan.stage(stage)
    if stage in cuts:
        return [
            gettext("The cut after round %(round)s is confirmed already.")
            % {"round": rule.last_round}
        ]
    if stage > 1 and stage - 1 not in cuts:
        return [
            gettext("Confirm the cut after round %(round)s first.")
            % {"round": plan.stage(stage - 1).last_round}
        ]
    first = plan.first_round(stage)
    played = round_progress(tournament).played
    unplayed = [n for n in range(first, rule.last_round + 1) if n not in played]
    problems = []
    if unplayed:
        problems.append(
            gettext(
                "Round(s) %(rounds)s of this stage are not played yet: the cut is made after "
                "round %(round)s."
            )
            % {"rounds": ", ".join(map(str, unplayed)), "round": rule.last_round}
        )
    waiting = provisional(tournament, rule.last_round)
    for number, tables in sorted(waiting.unreconciled.items()):
        if number >= first:
            problems.append(
                gettext(
                    "Round %(number)s: table(s) %(tables)s not reconciled; reconcile them at the "
                    "judges' desk first."
                )
                % {"number": number, "tables": ", ".join(map(str, tables))}
            )
    pending = sum(n for (r, _), n in waiting.pending_hands.items() if r >= first)
    if pending:
        problems.append(
            gettext(
                "%(count)s hand(s) of this stage await a second entry or a head judge's decision."
            )
            % {"count": pending}
        )
    return problems


# --- A confirmed cut whose scores changed since -------------------------------------------


@dataclass(frozen=True)
class CutChanged:
    """A confirmed cut (ending ``stage``, after round ``last_round``) whose stored scores no
    longer match the stage's scores: a hand corrected or a penalty changed in its rounds after
    it was confirmed. ``players`` counts the players whose score differs; ``next_published``
    says the next stage's first round is published (the cut can no longer be undone)."""

    stage: int
    last_round: int
    players: int
    next_published: bool

    @property
    def text(self) -> str:
        start = f"Scores changed after the cut after round {self.last_round} was confirmed"
        first = f"stage {self.stage + 1}'s round 1 (round {self.last_round + 1})"
        if self.next_published:
            return (
                f"{start} ({self.players} player(s)): check it; {first} is published, so the "
                "cut can no longer be undone."
            )
        return (
            f"{start} ({self.players} player(s)): check it (undo and confirm again while "
            f"{first} is unpublished)."
        )


def cuts_changed(tournament: Tournament) -> list[CutChanged]:
    """The confirmed cuts whose stored scores differ from the scores of their stage now, each
    computed as the cut computed it (a fixed number of queries, whatever the cuts or players).

    Loose penalties count as they stood at the confirmation: those recorded after it belong
    to the later stages (they count in every stage's total from then on)."""
    cuts = confirmed_cuts(tournament)
    if not cuts:
        return []
    plan = stage_plan(tournament)
    confirmed_at = dict(
        StageCut.objects.filter(stage__tournament=tournament).values_list(
            "stage__number", "confirmed_at"
        )
    )
    loose_rows = list(
        Penalty.objects.filter(tournament=tournament, session__isnull=True)
        .order_by()
        .values_list("player_id", "amount", "created_at")
    )
    everyone = entrants(tournament)
    last = max(plan.stage(stage).last_round for stage in cuts)
    results = session_results(tournament, last)
    rules = ranking_rules(tournament)
    published = set(
        Round.objects.filter(
            tournament=tournament,
            seating_published=True,
            number__in=[plan.stage(stage).last_round + 1 for stage in cuts],
        ).values_list("number", flat=True)
    )
    changed = []
    for stage, lines in sorted(cuts.items()):
        loose: dict[int, int] = defaultdict(int)
        for player_id, amount, created_at in loose_rows:
            if created_at <= confirmed_at[stage]:
                loose[player_id] -= amount
        field_, in_stage, carried = stage_inputs(everyone, results, plan, cuts, stage)
        totals = {
            row.player_id: row.total
            for row in standings_build(field_, in_stage, rules, dict(loose), carried)
        }
        differ = sum(1 for line in lines if totals.get(line.player_id) != line.score)
        if differ:
            last_round = plan.stage(stage).last_round
            changed.append(CutChanged(stage, last_round, differ, last_round + 1 in published))
    return changed

"""Reads of play: sessions, a session's hands and running totals, hands as entries and snapshots.

Vocabulary
----------
seating         `play.entry.Seating`: a session's players by starting wind (RULINGS R14).
played round    a round marked playing or finished, or with a hand or a penalty at one of its
                tables (`round_is_played`).
opened round    a played round, or one where an official has opened a session's sheet at the
                desk (`Session.opened_at`): its seating never changes again (`round_is_opened`,
                the one rule; judges may already hold forms listing its players).
                `round_progress` answers both for every round of a tournament in one query.
snapshot        a JSON-ready picture of a saved hand for the audit log and conflict messages,
                with a one-line ``summary`` for people.
next number     the lowest hand number of a session not yet entered (a deleted hand leaves a
                gap that is filled first), or None when the session has all its hands.
hand row        a saved hand with its payments in seat order and the running totals after it.
totals          hand payments summed per player; penalties are shown apart (RULINGS R13).
card columns    a session's three final rows as the printed score card has them, per player:
                *Hand totals*, *Penalties* (`play.penalties`) and *Final total*, with the
                numbers a judge typed from the signed card (`CardColumn`).
table's next    the lowest hand number of a session the table has not entered on the table
                page (`TableEntry`), or None when the table has entered them all.
table signal    (hand number, state) for each saved hand of a session, what the desk sees of
                the table's work - never the content of an entry: ``confirmed`` (the table
                entered it and it is confirmed), ``awaiting_desk`` (the table entered it first;
                the desk's entry is awaited), ``mismatch`` (two entries differ: the head judge
                decides), ``awaiting_table`` (the desk has it; the table has not entered it).
                The round desk shows a table's waiting signals and a count of the confirmed
                ones once the table has used the table page (`desk_signals`); the table page
                itself lists them all.
pending         hands awaiting a second entry (double entry) or a head judge's decision.
appeal window   `play.appeals`: when players may still query a session's hands; a *hand query*
                (`HandQuery`) names its hand by session and number, like the audit log.
hidden hand     an unconfirmed hand the viewer may not see (`roles.may_see_unconfirmed_hand`):
                the sheet shows only that it awaits a second entry, and no total shown to that
                viewer counts it, so that nothing on the desk gives its value away.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Count, Exists, F, OuterRef, Q, Subquery, Sum
from django.utils.translation import gettext_lazy

from scoring.engine import NotationError, parse_melds, parse_tiles

from ..models import (
    Hand,
    HandEntry,
    HandQuery,
    Payment,
    Penalty,
    PenaltyPreset,
    Round,
    Seat,
    Session,
    TableEntry,
    TableProposal,
)
from ..names import PERSON_FIELDS, Names, Person, player_names, registrations_of
from ..roles import is_head_judge, may_see_unconfirmed_hand
from ..winds import WINDS, wind_order
from .appeals import AppealWindow, appeal_window
from .entry.hand_entry import ENTRY_FLAGS, HandEntryData, Seating, entry_summary
from .penalties import penalty_points

PLAYED_STATUSES = (Round.Status.PLAYING, Round.Status.FINISHED)


def round_is_played(round_: Round) -> bool:
    """Marked playing or finished, or with hands or penalties (RULINGS R13) at its tables."""
    return (
        round_.status in PLAYED_STATUSES
        or Hand.objects.filter(session__round=round_).exists()
        or Penalty.objects.filter(session__round=round_).exists()
    )


def round_is_opened(round_: Round) -> bool:
    """Played, or one of its sessions opened at the desk: its seating is fixed from then on."""
    return (
        round_is_played(round_)
        or Session.objects.filter(round=round_, opened_at__isnull=False).exists()
    )


class RoundProgress(NamedTuple):
    played: frozenset[int]  # round numbers
    opened: frozenset[int]


def round_progress(tournament) -> RoundProgress:
    """`round_is_played` and `round_is_opened` for every round of ``tournament`` in one query,
    for the pages and services that ask about all the rounds at once."""
    rows = (
        Round.objects.filter(tournament=tournament)
        .values("number", "status")
        .annotate(
            hands=Exists(Hand.objects.filter(session__round=OuterRef("pk"))),
            penalties=Exists(Penalty.objects.filter(session__round=OuterRef("pk"))),
            opened=Exists(Session.objects.filter(round=OuterRef("pk"), opened_at__isnull=False)),
        )
    )
    rows = list(rows)
    played = {r["number"] for r in rows if r["status"] in PLAYED_STATUSES or r["hands"]}
    played |= {r["number"] for r in rows if r["penalties"]}
    opened = played | {r["number"] for r in rows if r["opened"]}
    return RoundProgress(played=frozenset(played), opened=frozenset(opened))


def penalty_presets(tournament) -> list[PenaltyPreset]:
    """The tournament's penalty presets in the desk's order, each with ``used``: how many
    penalties and warnings were recorded from it."""
    return list(
        PenaltyPreset.objects.filter(tournament=tournament)
        .annotate(used=Count("penalties"))
        .order_by("position", "name")
    )


def warnings_of(session) -> list[Penalty]:
    """The warnings (see `play.penalties`) on record for the players of ``session``, in any
    session of the tournament, newest first: the desk shows them before a penalty is given."""
    players = Seat.objects.filter(round=session.round_id, table=session.table_id).values("player")
    return list(
        Penalty.objects.filter(
            tournament_id=session.round.tournament_id, warning=True, player__in=players
        )
        .select_related("player", "preset", "session__round", "session__table")
        .order_by("-created_at")
    )


def tournament_penalties(tournament) -> list[Penalty]:
    """Every penalty of ``tournament``, newest first, each with its player's ``label``."""
    penalties = list(
        Penalty.objects.filter(tournament=tournament)
        .select_related("player", "session__table", "session__round")
        .order_by("-created_at")
    )
    names = player_names(tournament)
    for penalty in penalties:
        penalty.label = names.label(penalty.player_id, penalty.player.name)
    return penalties


def entry_of_hand(hand: Hand) -> HandEntryData:
    """The entry that would reproduce a saved hand."""
    return HandEntryData(
        number=hand.number,
        outcome=hand.outcome,
        winner=hand.winner_id,
        win_type=hand.win_type,
        discarder=hand.discarder_id,
        immunity=hand.immunity,
        responsible=hand.responsible_id,
        tiles=" ".join(part for part in (hand.concealed, hand.melds) if part),
        winning_tile=hand.winning_tile,
        penalty_tiles=hand.penalty_tiles,
        flags=tuple(sorted(f for f in hand.flags if f in ENTRY_FLAGS)),
    )


def hand_snapshot(
    hand: Hand, names: dict[int, str] | None = None, paid: dict[int, int] | None = None
) -> dict:
    """A JSON-ready picture of a saved hand for the audit log and conflict messages.
    ``paid``: its payments (player id -> amount) when the caller has them (it just wrote them)."""
    if names is None:
        names = {p.player_id: p.player.name for p in hand.payments.select_related("player")}
    if paid is None:
        paid = dict(hand.payments.order_by("player_id").values_list("player_id", "amount"))
    payments = {names.get(pid, str(pid)): amount for pid, amount in sorted(paid.items())}
    return {
        "entry": entry_of_hand(hand).as_data(),
        "value": hand.value,
        "payments": payments,
        "version": hand.version,
        "summary": hand_summary(hand, names),
    }


def hand_summary(hand: Hand, names: dict[int, str]) -> str:
    """One line a person can read: "Win by Ann, discard from Bob, 40 points: 123m ... +5p"."""
    return entry_summary(entry_of_hand(hand), hand.value, names)


def seating_of(session: Session) -> Seating:
    """The session's four players by starting wind, with their labels (`names.player_names`).

    One query: the tournament's registrations (the labels tell same names apart among all of
    them), each with its seat wind at this table if it sits there. A table that does not come
    out as four registered players is read seat by seat instead (as it stands)."""
    seat_wind = Seat.objects.filter(
        round_id=session.round_id,
        table_id=session.table_id,
        half=session.half,
        player_id=OuterRef("player_id"),
    ).values("wind")[:1]
    rows = list(
        registrations_of(session.round.tournament_id)
        .annotate(seat_wind=Subquery(seat_wind))
        .values_list("seat_wind", *PERSON_FIELDS)
    )
    # In the seats' own order (`Seat.Meta.ordering`: by wind letter), as the seat-by-seat read
    # below gives them: callers such as the demo's hands depend on it.
    players = dict(sorted((row[0], row[1]) for row in rows if row[0]))
    if len(players) == len(WINDS):
        names = Names(Person(*row[1:]) for row in rows)
        return Seating(players=players, names={pid: names.label(pid) for pid in players.values()})
    seats = Seat.objects.filter(
        round_id=session.round_id, table_id=session.table_id, half=session.half
    )
    seats = list(seats.select_related("player"))
    names = player_names(session.round.tournament_id)  # same names told apart
    return Seating(
        players={seat.wind: seat.player_id for seat in seats},
        names={seat.player_id: names.label(seat.player_id, seat.player.name) for seat in seats},
    )


def session_of(
    tournament, *, round_number: int, table_number: int, half: int = 1
) -> Session | None:
    """The session at table ``table_number`` of round ``round_number`` (in ``half``: 2 after
    the round's table change) of the loaded ``tournament`` (which the session's round carries,
    so it is not read again)."""
    session = (
        Session.objects.select_related("round", "table")
        .filter(
            round__tournament=tournament,
            round__number=round_number,
            table__number=table_number,
            half=half,
        )
        .first()
    )
    if session is not None:
        session.round.tournament = tournament
    return session


def table_session_in_play(round_: Round, table_number: int) -> Session | None:
    """The session the desk opens for "table ``table_number``" of the round (None: no such
    table). Without a table change, the round's one session there. With one, the table number
    means a different card in each half (players move): the second half's card once every
    first-half card of the round is reconciled or once the second half's card at that table
    has a hand; the first half's card until then (docs/formats.md, table change)."""
    sessions = {
        session.half: session
        for session in round_.sessions.filter(table__number=table_number).select_related("table")
    }
    second = sessions.get(2)
    if second is not None and (
        second.hands.exists()
        or not round_.sessions.filter(half=1).exclude(status=Session.Status.RECONCILED).exists()
    ):
        return second
    return sessions.get(1, second)


def session_at(slug: str, *, round_number: int, table_number: int, half: int = 1):
    """`session_of` for the tournament of ``slug``, read with it in the same query (a desk
    session page's address), or None."""
    return (
        Session.objects.select_related("round__tournament", "table")
        .filter(
            round__tournament__slug=slug,
            round__number=round_number,
            table__number=table_number,
            half=half,
        )
        .first()
    )


def session_next_number(session: Session, taken: set[int] | None = None) -> int | None:
    """The session's first hand number not entered yet; ``taken``: its entered numbers, when
    the caller has read them (`services.hands.session_check_open`)."""
    if taken is None:
        taken = set(session.hands.values_list("number", flat=True))
    for number in session.hand_numbers():
        if number not in taken:
            return number
    return None


def table_next_number(session: Session) -> int | None:
    """The first hand of the session (9-16 in a second half) the table has not entered yet."""
    taken = set(
        TableEntry.objects.filter(hand__session=session).values_list("hand__number", flat=True)
    )
    for number in session.hand_numbers():
        if number not in taken:
            return number
    return None


def player_open_session(registration) -> Session | None:
    """The session in play at the registration's player's table (their table in that half),
    with its tournament loaded: the earliest open session of a published round where they sit
    whose hands are not all in yet: neither all entered by the table nor all recorded and
    confirmed at the desk (a hand awaiting its blind second entry may still get it here).
    Rounds published ahead of play wait their turn; a finished table that the desk has not
    reconciled yet gives way to the player's next table. Two queries."""
    sessions = list(
        Session.objects.filter(
            round__tournament_id=registration.tournament_id,
            round__seating_published=True,
            status=Session.Status.OPEN,
            round__seats__player_id=registration.player_id,
            round__seats__table_id=F("table_id"),
            round__seats__half=F("half"),
        )
        .select_related("round", "table")
        .order_by("round__number", "half")
    )
    counts = {
        row["session_id"]: row
        for row in Hand.objects.filter(session__in=sessions)
        .values("session_id")
        .annotate(recorded=Count("pk", filter=Q(confirmed=True)), at_table=Count("table_entry"))
    }
    for session in sessions:
        session.round.tournament = registration.tournament
        count = counts.get(session.pk, {"recorded": 0, "at_table": 0})
        if max(count["recorded"], count["at_table"]) < len(session.hand_numbers()):
            return session
    return None


def table_proposal_waiting(session: Session, registration, number: int | None) -> bool:
    """Whether the player entered hand ``number`` from their link and waits for another."""
    return TableProposal.objects.filter(
        session=session, number=number, registration=registration
    ).exists()


TABLE_SIGNAL_LABELS = {
    "confirmed": gettext_lazy("confirmed by the table"),
    "awaiting_desk": gettext_lazy("entered at the table, awaiting the desk"),
    "mismatch": gettext_lazy("entries differ: head judge"),
    "awaiting_table": gettext_lazy("waiting for the table"),
}


class TableSignal(NamedTuple):
    number: int
    state: str  # a key of TABLE_SIGNAL_LABELS

    @property
    def label(self) -> str:
        return TABLE_SIGNAL_LABELS[self.state]


def table_signals(sessions) -> dict[int, list[TableSignal]]:
    """Session id -> its hands' table signals in hand order, for a queryset of sessions, in
    one query (see the vocabulary; nothing of any entry's content)."""
    rows = (
        Hand.objects.filter(session__in=sessions)
        .annotate(
            at_table=Exists(TableEntry.objects.filter(hand=OuterRef("pk"))),
            differs=Exists(HandEntry.objects.filter(hand=OuterRef("pk"))),
        )
        .order_by("session_id", "number")
        .values_list("session_id", "number", "confirmed", "at_table", "differs")
    )
    signals = defaultdict(list)
    for session_id, number, confirmed, at_table, differs in rows:
        if differs:
            state = "mismatch"
        elif not at_table:
            state = "awaiting_table"
        else:
            state = "confirmed" if confirmed else "awaiting_desk"
        signals[session_id].append(TableSignal(number, state))
    return signals


def session_totals(session: Session) -> dict[int, int]:
    totals = defaultdict(int)
    rows = (
        Payment.objects.filter(hand__session=session)
        .values("player_id")
        .annotate(total=Sum("amount"))
    )
    for row in rows:
        totals[row["player_id"]] = row["total"]
    return totals


@dataclass(frozen=True)
class CardColumn:
    """One player's column of the score card's three final rows, and what the judge typed."""

    wind: str  # starting wind, the card's letter
    name: str
    hands: int  # the card's "Hand totals" row: the entered hands' payments
    penalties: int  # the card's "Penalties" row (RULINGS R13)
    card: int  # typed from the signed card's "Final total" row

    @property
    def final(self) -> int:
        """The card's "Final total" row as the desk computes it: hands plus penalties."""
        return self.hands + self.penalties

    @property
    def difference(self) -> int:
        return self.card - self.final


def card_columns(session: Session, card_totals: dict[int, int] | None = None) -> list[CardColumn]:
    """The card's final rows for this session (hand totals, penalties, final), E S W N, with
    the typed card totals (0 where none were typed). Counts every hand: callers showing it
    to an official must first check that no hand is hidden from them."""
    seating = seating_of(session)
    entered = session_totals(session)
    seated = [seating.players[w] for w in WINDS if w in seating.players]
    penalties = penalty_points(
        (
            (pid, amount, mode == Penalty.Mode.ZERO_SUM)
            for pid, amount, mode in Penalty.objects.filter(session=session).values_list(
                "player_id", "amount", "mode"
            )
        ),
        seated,
    )
    winds = {pid: w for w, pid in seating.players.items()}
    card_totals = card_totals or {}
    return [
        CardColumn(
            wind=winds[pid],
            name=seating.names[pid],
            hands=entered.get(pid, 0),
            penalties=penalties.get(pid, 0),
            card=card_totals.get(pid, 0),
        )
        for pid in seated
    ]


def hidden_hands_filter(viewer, prefix: str = "", tournament=None) -> Q:
    """A filter on hands (``prefix`` e.g. ``"hand__"``) matching those hidden from ``viewer``."""
    if is_head_judge(viewer, tournament):
        return Q(pk__in=[])
    hidden = Q(**{f"{prefix}confirmed": False})
    if viewer is not None and viewer.is_authenticated:
        hidden &= ~Q(**{f"{prefix}entered_by_id": viewer.pk})
    return hidden


def hidden_hand_numbers(viewer, tournament) -> set[tuple[int, int]]:
    """(session id, hand number) of the tournament's hands hidden from ``viewer``."""
    hands = Hand.objects.filter(
        hidden_hands_filter(viewer, tournament=tournament), session__round__tournament=tournament
    )
    return set(hands.values_list("session_id", "number"))


@dataclass
class HandRow:
    hand: Hand
    dealer: str
    amounts: list[int]  # in starting-wind order (the columns of the session table)
    running: list[int]
    mismatch: bool = False
    hidden: bool = False  # awaits a second entry by this viewer: nothing of it is shown

    @property
    def cells(self) -> list[tuple[int, int]]:
        return list(zip(self.amounts, self.running, strict=True))

    @property
    def pictures(self) -> list[tuple[str, object]]:
        """(css class, tiles) groups for ``{% tiles %}``: concealed, each meld, winning tile."""
        hand = self.hand
        if hand.outcome == Hand.Outcome.DRAW or not hand.winning_tile:
            return []
        try:  # Tile objects, since canonical notation writes honours as "EE" or "RdRdRd"
            groups = [("concealed", parse_tiles(hand.concealed))]
            groups += [("meld", meld.tiles) for meld in parse_melds(hand.melds)]
            return groups + [("winning", parse_tiles(hand.winning_tile))]
        except NotationError:
            return [("concealed", f"{hand.concealed} {hand.melds} {hand.winning_tile}")]


@dataclass
class SessionSheet:
    """Everything the session page shows about the hands entered so far."""

    session: Session
    seating: Seating
    columns: list[tuple[str, int, str]]  # (starting wind, player id, name)
    rows: list[HandRow] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    unconfirmed: int = 0
    mismatches: int = 0
    hidden: int = 0

    penalty_points: dict[int, int] = field(default_factory=dict)

    @property
    def players(self) -> list[tuple[str, int, str, int]]:
        """(starting wind, player id, name, final total) in column order: the hands' total
        with the penalties (RULINGS R13), the score card's signed *Final total* row."""
        totals = self.totals or [0] * len(self.columns)
        return [
            (*column, total + self.penalty_points.get(column[1], 0))
            for column, total in zip(self.columns, totals, strict=True)
        ]


def session_sheet(session: Session, *, viewer) -> SessionSheet:
    """The session's hands as ``viewer`` may see them: hidden hands count in no total."""
    seating = seating_of(session)
    columns = [
        (w, seating.players[w], seating.names[seating.players[w]])
        for w in WINDS
        if w in seating.players
    ]
    sheet = SessionSheet(session=session, seating=seating, columns=columns)
    hands = (
        session.hands.select_related("winner", "discarder", "responsible", "entered_by")
        .prefetch_related("payments")
        .annotate(second_count=Count("second_entries"))
        .order_by("number")
    )
    running = [0] * len(columns)
    for hand in hands:
        hidden = not hand.confirmed and not may_see_unconfirmed_hand(
            viewer, hand.entered_by_id, session.round.tournament
        )
        paid = {} if hidden else {p.player_id: p.amount for p in hand.payments.all()}
        amounts = [paid.get(pid, 0) for _, pid, _ in columns]
        running = [r + a for r, a in zip(running, amounts, strict=True)]
        dealer = seating.names.get(seating.dealer(hand.number), "") if len(columns) == 4 else ""
        sheet.rows.append(
            HandRow(
                hand,
                dealer,
                amounts,
                list(running),
                mismatch=hand.second_count > 0,
                hidden=hidden,
            )
        )
        sheet.hidden += hidden
        sheet.unconfirmed += not hand.confirmed
        sheet.mismatches += hand.second_count > 0
    sheet.totals = running if sheet.rows else [0] * len(columns)
    sheet.penalties = list(
        session.penalties.select_related("player", "created_by", "hand", "preset")
    )
    sheet.penalty_points = penalty_points(
        ((p.player_id, p.amount, p.mode == Penalty.Mode.ZERO_SUM) for p in sheet.penalties),
        [pid for _, pid, _ in columns],
    )
    return sheet


@dataclass
class SessionCard:
    """One table on the round desk: players, hands entered, totals, status and, once the table
    has used the table page, its hands that still need someone (`desk_signals`)."""

    session: Session
    players: list[tuple[str, str, int]]  # (starting wind, name, total)
    hands: int
    unconfirmed: int
    mismatches: int
    signals: list[TableSignal] = field(default_factory=list)
    confirmed_at_table: int = 0  # hands the table entered and the desk confirmed


def round_desk(round_: Round, *, viewer) -> list[SessionCard]:
    """The round's tables; the totals shown to ``viewer`` leave out the hands hidden from them.
    A fixed number of queries; no model is made per seat (the names come from `player_names`)."""
    sessions = (
        Session.objects.filter(round=round_)
        .select_related("table")
        .annotate(
            hand_count=Count("hands", distinct=True),
            unconfirmed=Count("hands", filter=Q(hands__confirmed=False), distinct=True),
            mismatches=Count("hands__second_entries", distinct=True),
        )
        .order_by("half", "table__number")
    )
    seats = defaultdict(list)
    names = player_names(round_.tournament_id)
    for half, table_id, wind, player_id in Seat.objects.filter(round=round_).values_list(
        "half", "table_id", "wind", "player_id"
    ):
        seats[(half, table_id)].append((wind, player_id))
    totals = defaultdict(int)
    for row in (
        Payment.objects.filter(hand__session__round=round_)
        .exclude(hidden_hands_filter(viewer, "hand__", round_.tournament))
        .values("hand__session_id", "player_id")
        .annotate(total=Sum("amount"))
    ):
        totals[(row["hand__session_id"], row["player_id"])] = row["total"]
    signals = table_signals(sessions)
    cards = []
    for session in sessions:
        session.round = round_  # its addresses and hand numbers read no more
        ordered = sorted(seats[(session.half, session.table_id)], key=lambda s: wind_order(s[0]))
        shown, confirmed = desk_signals(signals[session.pk])
        cards.append(
            SessionCard(
                session=session,
                players=[
                    (wind, names.label(pid), totals[(session.pk, pid)]) for wind, pid in ordered
                ],
                hands=session.hand_count,
                unconfirmed=session.unconfirmed,
                mismatches=session.mismatches,
                signals=shown,
                confirmed_at_table=confirmed,
            )
        )
    return cards


def desk_signals(signals: list[TableSignal]) -> tuple[list[TableSignal], int]:
    """What the round desk shows of a session's signals: the hands that still wait for someone
    (the desk, the table or the head judge), and how many are confirmed by the table. Nothing
    while the table has not used the table page (every hand ``awaiting_table``): a chip on every
    hand of such tables would bury the ones that say something. The table page lists them all."""
    if all(signal.state == "awaiting_table" for signal in signals):
        return [], 0
    waiting = [signal for signal in signals if signal.state != "confirmed"]
    return waiting, len(signals) - len(waiting)


# --- Appeal windows and hand queries -----------------------------------------------------


def session_appeal_window(session: Session) -> AppealWindow:
    """The session's appeal window (`play.appeals`); its round carries the tournament."""
    return appeal_window(
        minutes=session.round.tournament.appeal_window_minutes,
        reconciled_at=session.reconciled_at
        if session.status == Session.Status.RECONCILED
        else None,
        closed_at=session.appeal_closed_at,
    )


def open_appeal_windows(tournament, now) -> list[tuple[Session, AppealWindow]]:
    """The sessions of ``tournament`` whose appeal window is open at ``now``, with it, in round
    and table order: one query."""
    if not tournament.appeal_window_minutes:
        return []
    since = now - dt.timedelta(minutes=tournament.appeal_window_minutes)
    found = []
    for session in Session.objects.select_related("round__tournament", "table").filter(
        round__tournament=tournament, status=Session.Status.RECONCILED, reconciled_at__gt=since
    ):
        session.round.tournament = tournament
        window = session_appeal_window(session)
        if window.is_open(now):
            found.append((session, window))
    return found


def hand_queries(tournament=None, *, registration=None) -> list[HandQuery]:
    """The hand queries of a tournament (the head judge's queue: open ones first, then the
    answered, newest first), or those one player raised (in the order raised): one query."""
    queries = HandQuery.objects.select_related(
        "session__round__tournament", "session__table", "registration__player", "answered_by"
    )
    if registration is not None:
        return list(queries.filter(registration=registration).order_by("raised_at", "pk"))
    return sorted(
        queries.filter(session__round__tournament=tournament),
        key=lambda q: (q.status != HandQuery.Status.OPEN, -q.raised_at.timestamp(), -q.pk),
    )


def hand_query_hands(queries: list[HandQuery]) -> dict[int, Hand]:
    """The hand each query names (when it still exists), by query id: one query."""
    wanted = Q(pk__in=[])
    for query in queries:
        wanted |= Q(session_id=query.session_id, number=query.hand_number)
    hands = {
        (hand.session_id, hand.number): hand
        for hand in Hand.objects.filter(wanted).select_related("winner", "discarder")
    }
    return {
        query.pk: hands[(query.session_id, query.hand_number)]
        for query in queries
        if (query.session_id, query.hand_number) in hands
    }


@dataclass
class TableHand:
    """One confirmed hand of a player's table as the player's own page shows it."""

    hand: Hand
    winner: str  # the winner's label ("" for a draw)
    discarder: str
    patterns: list[tuple[str, int]]
    amount: int  # what the player gained (+) or paid (-)
    queried: bool = False  # the player has already queried it


@dataclass
class TableSession:
    """A player's session: its round, table, appeal window and confirmed hands."""

    session: Session
    window: AppealWindow
    hands: list[TableHand]


def _player_sessions(registration):
    """The cards the registration's player sat at: their table in each half of a round."""
    return Session.objects.filter(
        Exists(
            Seat.objects.filter(
                round_id=OuterRef("round_id"),
                table_id=OuterRef("table_id"),
                half=OuterRef("half"),
                player_id=registration.player_id,
            )
        ),
        round__tournament_id=registration.tournament_id,
    )


def player_rounds_done(registration) -> set[int]:
    """The round numbers in which every session of the player (both halves after a table
    change) is reconciled: one query."""
    done, playing = set(), set()
    for number, status in _player_sessions(registration).values_list("round__number", "status"):
        (done if status == Session.Status.RECONCILED else playing).add(number)
    return done - playing


def player_table_sessions(
    registration, *, round_limit: int | None, reconciled_only: bool, queried=frozenset()
) -> list[TableSession]:
    """The sessions the registration's player sat in, in rounds whose seating is published (up
    to ``round_limit``; only reconciled ones when ``reconciled_only``), each with every
    confirmed hand of that table: four queries whatever the number of rounds and hands (a hand
    awaiting its second entry is left out: the public never sees one). ``queried``: the
    (session id, hand number) the player queried."""
    tournament = registration.tournament
    player_id = registration.player_id
    sessions = _player_sessions(registration).filter(round__seating_published=True)
    sessions = sessions.select_related("round", "table")
    if round_limit is not None:
        sessions = sessions.filter(round__number__lte=round_limit)
    if reconciled_only:
        sessions = sessions.filter(status=Session.Status.RECONCILED)
    sessions = list(sessions.order_by("round__number"))
    if not sessions:
        return []
    names = player_names(tournament)
    hands = Hand.objects.filter(session__in=sessions, confirmed=True).select_related(
        "winner", "discarder"
    )
    amounts = dict(
        Payment.objects.filter(hand__session__in=sessions, player_id=player_id).values_list(
            "hand_id", "amount"
        )
    )
    by_session: dict[int, list[TableHand]] = defaultdict(list)
    for hand in hands.order_by("number"):
        by_session[hand.session_id].append(
            TableHand(
                hand=hand,
                winner=names.label(hand.winner_id, hand.winner.name) if hand.winner else "",
                discarder=names.label(hand.discarder_id, hand.discarder.name)
                if hand.discarder
                else "",
                patterns=[(str(name), int(points)) for name, points in hand.patterns or []],
                amount=amounts.get(hand.pk, 0),
                queried=(hand.session_id, hand.number) in queried,
            )
        )
    found = []
    for session in sessions:
        session.round.tournament = tournament
        found.append(TableSession(session, session_appeal_window(session), by_session[session.pk]))
    return found


def player_penalties(registration, *, round_limit: int | None) -> list[Penalty]:
    """The penalties against the registration's player (up to ``round_limit``; those outside a
    session always count), with their session's round and table: one query."""
    penalties = Penalty.objects.filter(
        tournament_id=registration.tournament_id, player_id=registration.player_id
    ).select_related("session__round", "session__table")
    if round_limit is not None:
        penalties = penalties.filter(
            Q(session__isnull=True) | Q(session__round__number__lte=round_limit)
        )
    return list(penalties.order_by("created_at", "pk"))

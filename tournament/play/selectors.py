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
pending         hands awaiting a second entry (double entry) or a head judge's decision.
hidden hand     an unconfirmed hand the viewer may not see (`roles.may_see_unconfirmed_hand`):
                the sheet shows only that it awaits a second entry, and no total shown to that
                viewer counts it, so that nothing on the desk gives its value away.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Count, Exists, OuterRef, Q, Sum

from scoring.engine import NotationError, parse_melds, parse_tiles

from ..models import Hand, Payment, Penalty, Round, Seat, Session
from ..names import player_names
from ..roles import is_head_judge, may_see_unconfirmed_hand
from ..winds import WINDS, wind_order
from .entry import ENTRY_FLAGS, HandEntryData, Seating, entry_summary
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


def hand_snapshot(hand: Hand, names: dict[int, str] | None = None) -> dict:
    """A JSON-ready picture of a saved hand for the audit log and conflict messages."""
    if names is None:
        names = {p.player_id: p.player.name for p in hand.payments.select_related("player")}
    payments = {
        names.get(p.player_id, str(p.player_id)): p.amount
        for p in hand.payments.all().order_by("player_id")
    }
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


def session_next_number(session: Session) -> int | None:
    taken = set(session.hands.values_list("number", flat=True))
    for number in session.hand_numbers():
        if number not in taken:
            return number
    return None


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

    @property
    def players(self) -> list[tuple[str, int, str, int]]:
        """(starting wind, player id, name, total) in column order."""
        totals = self.totals or [0] * len(self.columns)
        return [(*column, total) for column, total in zip(self.columns, totals, strict=True)]


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
    sheet.penalties = list(session.penalties.select_related("player", "created_by", "hand"))
    return sheet


@dataclass
class SessionCard:
    """One table on the round desk: players, hands entered, totals, status."""

    session: Session
    players: list[tuple[str, str, int]]  # (starting wind, name, total)
    hands: int
    unconfirmed: int
    mismatches: int


def round_desk(round_: Round, *, viewer) -> list[SessionCard]:
    """The round's tables; the totals shown to ``viewer`` leave out the hands hidden from them."""
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
    for seat in Seat.objects.filter(round=round_).select_related("player"):
        seats[(seat.half, seat.table_id)].append(seat)
    totals = defaultdict(int)
    for row in (
        Payment.objects.filter(hand__session__round=round_)
        .exclude(hidden_hands_filter(viewer, "hand__", round_.tournament))
        .values("hand__session_id", "player_id")
        .annotate(total=Sum("amount"))
    ):
        totals[(row["hand__session_id"], row["player_id"])] = row["total"]
    cards = []
    for session in sessions:
        session.round = round_  # its addresses and hand numbers read no more
        ordered = sorted(seats[(session.half, session.table_id)], key=lambda s: wind_order(s.wind))
        cards.append(
            SessionCard(
                session=session,
                players=[
                    (
                        s.wind,
                        names.label(s.player_id, s.player.name),
                        totals[(session.pk, s.player_id)],
                    )
                    for s in ordered
                ],
                hands=session.hand_count,
                unconfirmed=session.unconfirmed,
                mismatches=session.mismatches,
            )
        )
    return cards

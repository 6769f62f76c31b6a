"""Reads of play: a session's sheet (its hands with running totals) and its card's final rows.

Vocabulary
----------
hand row        a saved hand with its payments in seat order and the running totals after it.
totals          hand payments summed per player; penalties are shown apart (RULINGS R13).
sheet           everything the session page shows about the hands entered so far
                (`SessionSheet`), as one viewer may see it.
pending         hands awaiting a second entry (double entry) or a head judge's decision.
hidden hand     see `selectors.hidden`: the sheet shows only that it awaits a second entry,
                and counts it in no total.
card columns    a session's three final rows as the printed score card has them, per player:
                *Hand totals*, *Penalties* (`play.penalties`) and *Final total*, with the
                numbers a judge typed from the signed card (`CardColumn`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Sum

from scoring.engine import NotationError, parse_melds, parse_tiles

from ...models import Hand, Payment, Penalty, Session
from ...roles import may_see_unconfirmed_hand
from ...winds import WINDS
from ..entry.hand_entry import Seating
from ..penalties import penalty_points
from .sessions import seating_of


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
        if hand.outcome == Hand.Outcome.DRAW:
            return []
        return hand_pictures(hand.concealed, hand.melds, hand.winning_tile)


def hand_pictures(concealed: str, melds: str, winning_tile: str) -> list[tuple[str, object]]:
    """A stored hand's tiles as (css class, tiles) groups for ``{% tiles %}``: the concealed
    tiles, each meld, the winning tile (none without a winning tile); the desk's sheet and the
    statistics' big hands draw them alike."""
    if not winning_tile:
        return []
    try:  # Tile objects, since canonical notation writes honours as "EE" or "RdRdRd"
        groups = [("concealed", parse_tiles(concealed))]
        groups += [("meld", meld.tiles) for meld in parse_melds(melds)]
        return groups + [("winning", parse_tiles(winning_tile))]
    except NotationError:
        return [("concealed", f"{concealed} {melds} {winning_tile}")]


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

"""The score record card's layout, from plain objects. Pure Python: no Django, no models.

Vocabulary
----------
card            one A4 page for one session (a table in a round): the four players, one row
                per hand, block totals, final totals, signature boxes and a QR code.
blank card      printed before the round: every hand row empty but for its dealer.
filled card     printed after entry: every entered hand with its payments and the totals;
                penalties listed apart (RULINGS R13); "provisional" while a hand awaits
                confirmation (double entry).
withheld hand   a hand awaiting a blind second entry, printed for an official who may not see
                it (`roles.may_see_unconfirmed_hand`): its row says only "2nd entry", and no
                total counts it, as on the desk's sheet.
player key      a player is named on the card's rows by the *starting* wind of their seat
                (E, S, W, N), as in the column headings; the dealer of hand *n* is the one who
                started at `winds.starting_wind_of_dealer(n)` (RULINGS R14), pre-printed.
block           four consecutive hands; a block total row after each block but the last keeps
                the running totals ("after hand 8").
density         how tight the rows are: the card always fits one page, so more hands make
                shorter rows and smaller type (`row_height_mm`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.engine.messages import gettext_noop

from ..play.penalties import penalty_effect
from ..winds import WINDS, starting_wind_of_dealer

BLOCK = 4
# Height of the hand table on the page, in millimetres: heading, hand rows, block rows and the
# three final rows (hand totals, penalties, total) share it.
TABLE_HEIGHT_MM = 184.0
MAX_ROW_MM = 8.0
MIN_ROW_MM = 3.6

# The How column's words, in English (translated at the boundary, `grid.card_grid`'s ``say``).
OUTCOME_LABELS = {"draw": gettext_noop("Draw"), "false_win": gettext_noop("False win")}
WIN_TYPE_LABELS = {
    "self_draw": gettext_noop("Self"),
    "discard": gettext_noop("Disc."),
    "robbing_kong": gettext_noop("Rob kong"),
}
WITHHELD_LABEL = gettext_noop("2nd entry")  # fits the How column ("False win", 9 characters)
HOW_LABELS = (*OUTCOME_LABELS.values(), *WIN_TYPE_LABELS.values(), WITHHELD_LABEL)
HAND_RANGE = gettext_noop("hands %(first)s-%(last)s")


@dataclass(frozen=True)
class CardPlayer:
    wind: str  # starting wind
    name: str
    number: int | None = None  # registration number
    chinese_name: str = ""


@dataclass(frozen=True)
class CardHand:
    number: int
    outcome: str  # "win", "draw" or "false_win"
    winner: str = ""  # starting wind of the winner (or of the false winner)
    win_type: str = ""  # "self_draw", "discard", "robbing_kong"
    discarder: str = ""  # starting wind
    value: int | None = None
    amounts: dict[str, int] = field(default_factory=dict)  # starting wind -> points
    confirmed: bool = True
    withheld: bool = False  # awaits a second entry the reader may not see: only its number


@dataclass(frozen=True)
class CardPenalty:
    wind: str
    name: str
    amount: int
    zero_sum: bool
    reason: str
    hand_number: int | None = None

    def effect(self) -> dict[str, int]:
        """Points per starting wind: the offender loses, zero-sum shares go to the others."""
        return penalty_effect(self.wind, self.amount, zero_sum=self.zero_sum, seated=WINDS)


@dataclass(frozen=True)
class CardSession:
    tournament: str
    round_number: int
    table_number: int
    players: tuple[CardPlayer, ...]
    hands_per_session: int  # the last hand number on the card (8 before a change after hand 8)
    address: str = ""  # the session at the judges' desk, for the desk's QR code
    table_address: str = ""  # the session's table page, for the table's QR code
    table_label: str = ""
    hands: tuple[CardHand, ...] = ()
    penalties: tuple[CardPenalty, ...] = ()
    first_hand: int = 1  # 9 on the card of the second half after a change after hand 8
    # The round's table change as this card shows it: on the first half's card where each
    # player goes after it, on the second half's where each came from (empty: no change).
    change: tuple[str, ...] = ()

    @property
    def hand_range(self) -> str:
        """ "hands 9-16" for a card of a round with a table change, else ""."""
        return self.hand_range_in(HAND_RANGE)

    def hand_range_in(self, words: str) -> str:
        """`hand_range` with ``words`` (`HAND_RANGE` in the card's language)."""
        if not self.change:
            return ""
        return words % {"first": self.first_hand, "last": self.hands_per_session}


@dataclass
class Cell:
    text: str = ""
    dealer: bool = False


@dataclass
class Row:
    kind: str  # "hand" or "block"
    label: str
    dealer: str = ""  # starting wind of the dealer (hand rows)
    winner: str = ""
    how: str = ""
    discarder: str = ""
    value: str = ""
    cells: list[Cell] = field(default_factory=list)
    provisional: bool = False
    after: int = 0  # a block row: the hand its running totals are after


@dataclass
class Card:
    session: CardSession
    filled: bool
    players: list[CardPlayer]  # in starting-wind order, E S W N (empty seats left out)
    rows: list[Row]
    hand_totals: list[str]
    penalty_totals: list[str]
    totals: list[str]
    penalties: list[CardPenalty]
    provisional: bool
    row_height_mm: float

    @property
    def hand_count(self) -> int:
        return sum(row.kind == "hand" for row in self.rows)

    @property
    def font_size_pt(self) -> float:
        return round(min(10.0, max(6.5, self.row_height_mm * 1.35)), 1)


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def row_height_mm(hand_rows: int) -> float:
    """Rows share the table's height: hand rows plus a block row every four hands."""
    rows = hand_rows + max(0, (hand_rows - 1) // BLOCK) + 4
    return round(max(MIN_ROW_MM, min(MAX_ROW_MM, TABLE_HEIGHT_MM / rows)), 2)


def card_layout(session: CardSession, *, filled: bool) -> Card:
    """The rows and totals of one card; a blank card ignores the hands entered."""
    players = sorted(session.players, key=lambda p: WINDS.index(p.wind))
    winds = [p.wind for p in players]
    hands = {hand.number: hand for hand in session.hands} if filled else {}
    count = max([session.hands_per_session, *hands])
    running = dict.fromkeys(winds, 0)
    rows: list[Row] = []
    for number in range(session.first_hand, count + 1):
        dealer = starting_wind_of_dealer(number)
        hand = hands.get(number)
        row = Row(kind="hand", label=str(number), dealer=dealer)
        if hand is None:
            row.cells = [Cell(dealer=w == dealer) for w in winds]
        elif hand.withheld:  # blind double entry: nothing of the first entry is printed
            row.how, row.provisional = WITHHELD_LABEL, True
            row.cells = [Cell(dealer=w == dealer) for w in winds]
        else:
            for wind in winds:
                running[wind] += hand.amounts.get(wind, 0)
            row.winner = hand.winner
            row.how = OUTCOME_LABELS.get(hand.outcome) or WIN_TYPE_LABELS.get(hand.win_type, "")
            row.discarder = hand.discarder if hand.win_type != "self_draw" else ""
            row.value = "" if hand.value is None or hand.outcome != "win" else str(hand.value)
            row.cells = [Cell(_signed(hand.amounts.get(w, 0)), dealer=w == dealer) for w in winds]
            row.provisional = not hand.confirmed
        rows.append(row)
        if number % BLOCK == 0 and number < count:
            shown = filled and any(n in hands for n in range(1, number + 1))
            rows.append(
                Row(
                    kind="block",
                    label=f"After {number}",
                    after=number,
                    cells=[Cell(str(running[w]) if shown else "") for w in winds],
                )
            )
    penalties = list(session.penalties) if filled else []
    penalty_points = dict.fromkeys(winds, 0)
    for penalty in penalties:
        for wind, points in penalty.effect().items():
            if wind in penalty_points:
                penalty_points[wind] += points

    def line(values: dict[str, int]) -> list[str]:
        return [str(values[w]) for w in winds] if filled else [""] * len(winds)

    return Card(
        session=session,
        filled=filled,
        players=players,
        rows=rows,
        hand_totals=line(running),
        penalty_totals=line(penalty_points),
        totals=line({w: running[w] + penalty_points[w] for w in winds}),
        penalties=penalties,
        provisional=filled and any(not h.confirmed for h in hands.values()),
        row_height_mm=row_height_mm(count - session.first_hand + 1),
    )

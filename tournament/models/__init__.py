"""The tournament's data: who plays, where they sit, and every hand they play.

Vocabulary
----------
Tournament    one event with its rule settings (minimum points, payoff scheme, penalties...).
Player        a person; a Registration enters a player in one tournament.
Round         one round of play: every active player is seated once (RULINGS R15).
Table         a physical table of the venue, numbered within the tournament.
Seat          a player's table and *starting* wind in a round.
Session       one table's play in one round: its hands, from open to reconciled (its card).
half          1, or 2 after a round's *table change* (`Round.table_change_after`, e.g. after
              hand 8 of 16): players move to new seats; the second half has its own seats and
              sessions (cards) and continues the hand numbers (9-16).
Hand          one hand of a session: a win, an exhaustive draw or a false win, with its tiles
              as notation text and the engine's value and patterns.
Payment       what one player gained or lost in one hand; a hand's payments sum to zero.
Penalty       a judge's penalty outside the hand scores (RULINGS R13).
SessionScore  one player's kept totals in one session (hand points, penalties, wins).
HandEntry     an official's blind second entry of a hand under double entry.
TournamentOfficial  a user's role (judge, head judge, organiser) in one tournament.
AuditEntry    one line of the audit log: who changed what, when, why, before and after.

Seat winds rotate within a session (RULINGS R14): in hand *n* the dealer is the player seated
East at the start moved on *n - 1* seats, and every seat wind follows the dealer.

The models live in three modules: ``event`` (the tournament, its players, rounds, tables, seats
and sessions), ``play`` (hands, payments, penalties) and ``records`` (the desk's second entries
and the audit log). The wind order and the deal rotation are in `tournament.winds`.
"""

from .event import (
    HALVES,
    TIE_BREAKS,
    Player,
    Registration,
    Round,
    Seat,
    Session,
    Table,
    Tournament,
    TournamentOfficial,
    Wind,
    half_hand_numbers,
    split_name,
    validate_tie_breaks,
)
from .play import Hand, Payment, Penalty, SessionScore
from .records import AuditEntry, HandEntry

__all__ = [
    "HALVES",
    "TIE_BREAKS",
    "AuditEntry",
    "Hand",
    "HandEntry",
    "Payment",
    "Penalty",
    "Player",
    "Registration",
    "Round",
    "Seat",
    "Session",
    "SessionScore",
    "Table",
    "Tournament",
    "TournamentOfficial",
    "Wind",
    "half_hand_numbers",
    "split_name",
    "validate_tie_breaks",
]

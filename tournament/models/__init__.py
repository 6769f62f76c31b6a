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
Penalty       a judge's penalty outside the hand scores (RULINGS R13), or a 0-point warning.
PenaltyPreset a named penalty the organiser keeps for the desk (points, mode, warning first).
SessionScore  one player's kept totals in one session (hand points, penalties, wins).
TotalsCheck   one full check of the kept totals against every hand, run in the background for
              the health page (`tournament.play.health`).
HandEntry     an official's blind second entry of a hand under double entry.
TableEntry    the record that the table itself entered a hand on the table page.
TableProposal one player's entry of a hand from their link, until two players agree.
PlayerLink    a player's private link (``/p/<token>/``): their own page without a log-in.
HandQuery     a player's query of a hand during the session's appeal window, and its answer.
appeal window  the minutes after a session is reconciled during which its players may query
              its hands (`Tournament.appeal_window_minutes`; a head judge may close it early).
Stage         consecutive rounds ended by a cut (top N continue, carrying a share of their score).
StageCut      a confirmed cut, with the seed of its draw; StageCutEntry, one player's line of it.
FixedTable    a player seated at one table number in the rounds where it is set.
KeptApartPair two players who must not meet at a table (in every round, or up to a round).
TournamentOfficial  a user's role (judge, head judge, organiser) in one tournament.
OfflineEntry  a hand typed while the desk was offline, as it reached the server: its unique
              idempotency key, what became of it (saved, compared, refused with the reason).
AuditEntry    one line of the audit log: who changed what, when, why, before and after.
Award         an award of the prize-giving: its kind, title and tie rule; its winners are computed
              from the statistics whenever they are shown (`tournament.statistics.awards`).
Job           a file someone asked for (a long printout, the archive), made in the background
              by a worker and kept in Django's default storage (`tournament.jobs`).

Seat winds rotate within a session (RULINGS R14): in hand *n* the dealer is the player seated
East at the start moved on *n - 1* seats, and every seat wind follows the dealer.

The models live in ten modules: ``tournament`` (the tournament and its settings), ``officials``,
``players`` (players, registrations and private links), ``rounds`` (rounds, tables, seats and
sessions), ``play`` (hands, payments, penalties), ``records`` (the desk's second entries and
the audit log), ``stages`` (stages and their cuts), ``seating_rules`` (fixed tables, pairs kept
apart), ``awards`` and ``jobs`` (files made in the background). This package names every
model (Django and the migrations read them here). The wind order and the deal rotation are in
`tournament.winds`.
"""

# In the order the models were always defined (Django registers them as they are imported).
# isort: off
from .tournament import TIE_BREAKS, Tournament, validate_tie_breaks
from .players import Player, PlayerLink, Registration, split_name
from .rounds import HALVES, Round, Seat, Session, Table, Wind, half_hand_numbers, hand_range_label
from .officials import TournamentOfficial
from .jobs import Job
from .play import Hand, Payment, Penalty, PenaltyPreset, SessionScore, TotalsCheck
from .records import AuditEntry, HandEntry, HandQuery, OfflineEntry, TableEntry, TableProposal
from .stages import Stage, StageCut, StageCutEntry
from .seating_rules import FixedTable, KeptApartPair
from .awards import Award

# isort: on

__all__ = [
    "HALVES",
    "TIE_BREAKS",
    "AuditEntry",
    "Award",
    "FixedTable",
    "Hand",
    "HandEntry",
    "HandQuery",
    "Job",
    "KeptApartPair",
    "OfflineEntry",
    "Payment",
    "Penalty",
    "PenaltyPreset",
    "Player",
    "PlayerLink",
    "Registration",
    "Round",
    "Seat",
    "Session",
    "SessionScore",
    "Stage",
    "StageCut",
    "StageCutEntry",
    "Table",
    "TableEntry",
    "TableProposal",
    "TotalsCheck",
    "Tournament",
    "TournamentOfficial",
    "Wind",
    "half_hand_numbers",
    "hand_range_label",
    "split_name",
    "validate_tie_breaks",
]

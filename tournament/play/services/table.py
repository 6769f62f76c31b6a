"""Writes of the table's own entries (a judge at the table, on the table page) and the desk's
entries that may meet them.

Vocabulary
----------
table entry     the table's entry of one hand (`TableEntry`): at most one per hand. Whether it
                is the hand's *first* or *second* entry is decided once, under the session's
                row lock (`session_check_open`), by whether the hand exists when it is saved:
                - no hand yet: the table's entry is saved as the hand (`hand_save`), the first
                  entry; the desk's later entry of that hand is the second;
                - the hand is awaiting its second entry (double entry): the table's entry is
                  that blind second entry (`hand_confirm`): equal confirms, different goes to
                  the head judge's resolve page;
                - the hand is confirmed (double entry off, or two desk entries): the table's
                  entry is a check compared the same way (`hand_check`): equal changes nothing,
                  different makes the hand unconfirmed and goes to the head judge.
table's next    the lowest hand number of the session the table has not entered yet
                (`play.selectors.table_next_number`); the table enters hands in order.
players' entry  with `Tournament.players_confirm_at_table` on, the players of the table may
                enter its hands from their private links instead of a judge: each player's
                entry is a `TableProposal`, blind to everyone, and *provisional*: it is in no
                total, public or official. The entry counts (becomes the table entry, with no
                official, `TableEntry.agreed_by` naming the two players) once two players of
                the table have entered the same content (the same comparison as double
                entry) and they are the winner and a *payer* (`players_agree`).
payer           a player who pays for the hand, whose word the table's entry needs: the
                discarder of a win on a discard; on a self-draw any of the three others; for
                a false win its offender (who pays; with any other player); a draw moves no
                points and needs any two. Two players who pay nothing (the winner and a
                bystander) cannot make a hand count against a third.
desk entry      the desk's save of the session's next hand (`desk_entry_save`): a new hand, or,
                when the table entered that number first (a judge at the table, or two players
                with a payer) and the desk has not entered it yet, the desk's entry is compared
                with the table's as a blind second entry (`hand_confirm`, or `hand_check` when
                the table's entry counts already): equal confirms, different goes to the head
                judge. The desk's entry from the signed card is never refused because the table
                entered the hand first.
draws before    a judge who types a later hand than the session's next (hand 5 while 2-4 are
                not in) is refused with the reason; on their word the rows between are
                recorded as exhaustive draws and their hand saved with the number they typed,
                all in one transaction (`desk_entry_save_after_draws`). Nothing is renumbered.

Nothing of one entry reaches the other side before both exist: these services return only
whether a hand was saved, confirmed or sent to the head judge.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ...audit import public_write
from ...models import Hand, Registration, Session, TableEntry, TableProposal
from ..entry.evaluation import Evaluation, evaluate, rules_for
from ..entry.hand_entry import HandEntryData, Seating
from ..selectors.sessions import seating_of, session_next_number
from ..selectors.table import table_next_number
from .double_entry import hand_check, hand_confirm
from .hands import (
    EntryRejected,
    HandNumberRefused,
    HandNumberTaken,
    hand_preview,
    hand_save_locked,
)
from .sessions import session_check_open


class TableEntryRefused(ValidationError):
    """The table may not enter this hand now (already entered at the table, out of order)."""


@dataclass(frozen=True)
class EntryOutcome:
    """What became of an entry: the hand, and ``result``: ``"first"`` (saved, awaiting the
    other side under double entry, or simply saved), ``"confirmed"`` (both entries agree) or
    ``"mismatch"`` (sent to the head judge)."""

    hand: Hand
    result: str


def _compare(hand: Hand, entry: HandEntryData, user, seating: Seating | None = None) -> str:
    """The table's or desk's entry of a saved hand, compared with it (see the vocabulary).
    ``seating``: the session's, when the caller has read it (else the comparison reads it)."""
    if hand.second_entries.exists():
        raise TableEntryRefused(
            f"Hand {hand.number} already has two different entries waiting for the head judge: "
            "nothing was saved. Ask the head judge to resolve it first."
        )
    if hand.confirmed:
        mismatch = hand_check(hand=hand, entry=entry, user=user, seating=seating)
    else:
        mismatch = hand_confirm(hand=hand, entry=entry, user=user, seating=seating)
    return "confirmed" if mismatch is None else "mismatch"


@public_write
def table_entry_save(
    *, session: Session, entry: HandEntryData, user, seating: Seating | None = None
) -> EntryOutcome:
    """The table's entry of its next hand: the hand's first entry, or the second compared with
    the desk's (see the vocabulary). Refused for a session that is not open, a hand number
    other than the table's next, and a hand the table has entered already."""
    session_check_open(session)  # holds the session row: the desk's save of it waits
    return _table_entry(session, entry, user, seating)


def _table_entry(session, entry, user, seating=None, agreed_by=()) -> EntryOutcome:
    _check_table_number(session, entry.number)
    hand = Hand.objects.filter(session=session, number=entry.number).first()
    if hand is None:
        hand = hand_save_locked(session=session, entry=entry, user=user, seating=seating)
        result = "first"
    else:
        result = _compare(hand, entry, user, seating)
    TableProposal.objects.filter(session=session, number=entry.number).delete()  # settled
    table_entry = TableEntry.objects.create(hand=hand, entered_by=user, first=result == "first")
    table_entry.agreed_by.set(agreed_by)
    return EntryOutcome(hand=hand, result=result)


def _check_table_number(session, number) -> None:
    """Refuse a hand the table has entered already, or one that is not the table's next."""
    if TableEntry.objects.filter(hand__session=session, hand__number=number).exists():
        raise TableEntryRefused(
            f"Hand {number} of {session} has already been entered at the table: each hand is "
            "entered once at the table. Nothing was saved; if it is wrong, tell a head judge."
        )
    expected = table_next_number(session)
    if expected is None:
        raise TableEntryRefused(
            f"All {len(session.hand_numbers())} hands of {session} have been "
            "entered at the table. Nothing was saved."
        )
    if number != expected:
        raise TableEntryRefused(
            f"Hand {number} cannot be entered now: the table's next hand is hand {expected}. "
            "Hands are entered in order. Nothing was saved."
        )


@dataclass(frozen=True)
class ProposalOutcome:
    """A player's entry: ``agreed`` None while it waits for another player of the table, else
    what became of the agreed entry (`EntryOutcome`)."""

    agreed: EntryOutcome | None


def players_agree(evaluation: Evaluation, players: set[int]) -> bool:
    """Whether ``players`` (player ids) who entered the same ``evaluation`` make it count: the
    winner (a false win's offender) and a *payer* among them (see the vocabulary)."""
    entry = evaluation.entry
    if entry.outcome == "draw":
        return len(players) >= 2
    if entry.winner not in players:
        return False
    if entry.outcome != "win":  # a false win: its offender pays, and is one of them
        return True
    if entry.win_type != "self_draw" and entry.discarder:
        return entry.discarder in players
    payers = {pid for pid, amount in evaluation.payments.items() if amount < 0}
    return bool(payers & (players - {entry.winner}))


def _agree(mine: Evaluation, theirs: Evaluation, players: set[int]) -> bool:
    """Two players' entries count when they agree field by field (as double entry compares)
    and the two are the winner and a payer (`players_agree`)."""
    return mine.signature() == theirs.signature() and players_agree(mine, players)


@public_write
def table_proposal_save(
    *, session: Session, registration: Registration, entry: HandEntryData
) -> ProposalOutcome:
    """A player's entry of the table's next hand from their private link (see the vocabulary).
    Refused when the organiser has not switched players' entries on, for a player who does not
    sit at this table, a session that is not open, a number other than the table's next, and a
    second entry of the same hand by the same player."""
    session_check_open(session)
    tournament = session.round.tournament
    if not tournament.players_confirm_at_table:
        raise TableEntryRefused(
            "Hands are entered at the table by a judge in this tournament: call a judge."
        )
    seating = seating_of(session)
    if registration.player_id not in seating.names:
        raise TableEntryRefused("You do not sit at this table in this round: nothing was saved.")
    _check_table_number(session, entry.number)
    if TableProposal.objects.filter(
        session=session, number=entry.number, registration=registration
    ).exists():
        raise TableEntryRefused(
            _(
                "You have already entered hand %(number)s: it counts when the winner and the "
                "player who pays for it (the discarder; on a self-draw, any other player) have "
                "entered the same. Nothing was saved."
            )
            % {"number": entry.number}
        )
    evaluation = hand_preview(session=session, entry=entry, seating=seating)
    if not evaluation.ok:
        raise EntryRejected(evaluation)
    others = TableProposal.objects.filter(session=session, number=entry.number).select_related(
        "registration"
    )
    others = list(others)
    TableProposal.objects.create(
        session=session,
        number=entry.number,
        registration=registration,
        data=evaluation.entry.as_data(),
    )
    rules = rules_for(tournament)
    for other in others:
        theirs = evaluate(HandEntryData.from_data(other.data), seating=seating, rules=rules)
        if _agree(evaluation, theirs, {registration.player_id, other.registration.player_id}):
            TableProposal.objects.filter(session=session, number=entry.number).delete()
            agreed_by = [registration.pk, other.registration_id]
            done = _table_entry(session, evaluation.entry, None, seating, agreed_by=agreed_by)
            return ProposalOutcome(agreed=done)
    return ProposalOutcome(agreed=None)


@public_write
def desk_entry_save(
    *, session: Session, entry: HandEntryData, user, seating: Seating | None = None
) -> EntryOutcome:
    """The desk's entry of the session's next hand (`hand_save`); when the table entered this
    number first and the desk has not entered it yet, the desk's entry is compared with the
    table's (a blind second entry: `hand_confirm`, or `hand_check` when the table's entry
    counts already) instead of a refusal. A number the desk entered itself is refused as
    before."""
    taken = session_check_open(session, with_numbers=True)  # under the row lock, once
    try:
        return EntryOutcome(
            hand=hand_save_locked(
                session=session, entry=entry, user=user, seating=seating, taken=taken
            ),
            result="first",
        )
    except HandNumberTaken:
        hand = Hand.objects.filter(
            session=session,
            number=entry.number,
            table_entry__first=True,  # the table's entry is the hand ...
            confirmed_by__isnull=True,  # ... and no official has compared it yet
            second_entries__isnull=True,
        ).first()
        if hand is None or hand.entered_by_id == user.pk:
            raise
        return EntryOutcome(hand=hand, result=_compare(hand, entry, user, seating))


@public_write
def desk_entry_save_after_draws(
    *, session: Session, entry: HandEntryData, user, seating: Seating | None = None
) -> EntryOutcome:
    """Each hand from the session's next one up to ``entry.number`` (not included) recorded as
    an exhaustive draw, then ``entry`` saved as typed: the judge's one key when the rows of the
    card between were drawn (see *draws before*). Refused, with nothing saved, unless the
    typed number is after the session's next one; any refusal of the entry itself undoes the
    draws (one transaction)."""
    taken = session_check_open(session, with_numbers=True)
    expected = session_next_number(session, taken)
    if expected is None or entry.number <= expected:
        raise HandNumberRefused(
            _("There are no hands to record as draws before hand %(number)s. Nothing was saved.")
            % {"number": entry.number}
        )
    seating = seating or seating_of(session)
    for number in range(expected, entry.number):
        draw = HandEntryData(number=number, outcome="draw")
        hand_save_locked(session=session, entry=draw, user=user, seating=seating, taken=taken)
        taken.add(number)
    hand = hand_save_locked(session=session, entry=entry, user=user, seating=seating, taken=taken)
    return EntryOutcome(hand=hand, result="first")

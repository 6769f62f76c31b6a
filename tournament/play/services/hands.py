"""Writes for hands at the judges' desk: preview, save, correct, delete.

Vocabulary
----------
entry           a `HandEntryData` (see `tournament.play.entry.hand_entry`): one official's
                entry of a hand.
preview         the evaluation of an entry without saving anything.
save            a new hand with its four payments, in one transaction. Its number must be the
                session's *next number* (`session_next_number`): the number decides the seat
                winds (RULINGS R14), so any other is refused (`HandNumberRefused`); the unique
                constraint on (session, number) turns a second save of the same number into
                `HandNumberTaken`. The first hand of a round sets the round *playing*.
correction      an edit or deletion of a saved hand: needs a reason and the *version* the
                official started from (optimistic locking); a stale version raises
                `StaleHandError` carrying the hand as it now stands. Logged in the audit log.
double entry    (a tournament setting) a saved hand stays unconfirmed until another official
                enters it again blind (`services.double_entry`); a correction is then a new
                single entry.

Every function is ``<noun>_<verb>`` with keyword-only arguments; writes are atomic and refused
on sessions that are not open (RULINGS R15). The steps of a hand write (``_checked``,
``_apply``, ``_pay``, ``_locked``, ``_audit_hand``) serve `services.double_entry` too: private
to the services package, so that the write walk (`tests/tournament/test_last_write.py`) sees
only services.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.translation import translate_message

from ...audit import audit_record, public_write
from ...models import AuditEntry, Hand, HandEntry, Payment, Round, Session
from ..entry.evaluation import Evaluation, evaluate, rules_for
from ..entry.hand_entry import HandEntryData, Seating
from ..labels import session_label
from ..selectors.sessions import seating_of, session_next_number
from ..selectors.snapshots import hand_snapshot
from .scores import session_scores_add, session_scores_refresh, session_scores_write
from .sessions import session_check_open


class EntryRejected(ValidationError):
    """The entry has errors (or is an illegal win); ``evaluation`` says which."""

    def __init__(self, evaluation: Evaluation):
        messages = [translate_message(message) for _, message in evaluation.errors]
        if evaluation.illegal:
            messages.append(translate_message(evaluation.illegal))
        super().__init__(messages or [_("The hand could not be scored.")])
        self.evaluation = evaluation


class HandNumberTaken(ValidationError):
    """Another official already saved this hand number in this session."""


class HandNumberRefused(ValidationError):
    """The entry's number is not the session's next number (RULINGS R14)."""


class StaleHandError(ValidationError):
    """The hand changed since the official opened it; ``current`` is its snapshot now."""

    def __init__(self, message: str, current: dict | None):
        super().__init__(message)
        self.current = current


def hand_preview(
    *, session: Session, entry: HandEntryData, seating: Seating | None = None
) -> Evaluation:
    """Score an entry for the live preview; nothing is saved. ``seating``: the session's, when
    the caller has read it already (it cannot change once the desk opened the session)."""
    evaluation = evaluate(
        entry, seating=seating or seating_of(session), rules=rules_for(session.round.tournament)
    )
    numbers = session.hand_numbers()
    if entry.number not in numbers:
        evaluation.add(
            "number", f"Hand numbers run from {numbers[0]} to {numbers[-1]} (RULINGS R15)."
        )
    return evaluation


def _checked(session: Session, entry: HandEntryData, seating: Seating | None = None) -> Evaluation:
    evaluation = hand_preview(session=session, entry=entry, seating=seating)
    if not evaluation.ok:
        raise EntryRejected(evaluation)
    return evaluation


def _apply(hand: Hand, evaluation: Evaluation) -> None:
    entry = evaluation.entry
    keeps_tiles = entry.outcome != Hand.Outcome.DRAW
    hand.number = entry.number
    hand.outcome = entry.outcome
    hand.winner_id = entry.winner if keeps_tiles else None
    is_win = entry.outcome == Hand.Outcome.WIN
    hand.win_type = entry.win_type if is_win else ""
    hand.discarder_id = entry.discarder if is_win and entry.win_type != "self_draw" else None
    hand.immunity = entry.immunity if hand.discarder_id else ""
    hand.responsible_id = entry.responsible if hand.immunity == Hand.Immunity.OTHER else None
    hand.concealed = evaluation.concealed if keeps_tiles else ""
    hand.melds = evaluation.melds if keeps_tiles else ""
    hand.winning_tile = evaluation.winning_tile if keeps_tiles else ""
    hand.penalty_tiles = evaluation.penalty_tiles if keeps_tiles else ""
    for flag in ("final_draw", "final_discard", "win_on_kong", "heaven", "earth"):
        setattr(hand, flag, is_win and flag in entry.flags)
    hand.value = evaluation.value
    hand.patterns = (
        [[pattern.name, points] for pattern, points in evaluation.score.patterns]
        if evaluation.score
        else []
    )


def _pay(hand: Hand, evaluation: Evaluation, *, new: bool = False) -> None:
    if not new:  # a new hand has no payments to replace
        Payment.objects.filter(hand=hand).delete()
    Payment.objects.bulk_create(
        Payment(hand=hand, player_id=pid, amount=amount)
        for pid, amount in sorted(evaluation.payments.items())
    )


def _taken_message(session: Session, number: int) -> str:
    other = Hand.objects.filter(session=session, number=number).select_related("entered_by")
    other = other.first()
    values = {"number": number, "session": session_label(session)}
    if other and other.entered_by:
        values["by"] = str(other.entered_by)
        saved = _("Hand %(number)s of %(session)s has already been saved by %(by)s.") % values
    else:
        saved = _("Hand %(number)s of %(session)s has already been saved.") % values
    return saved + " " + _("Nothing was saved: reload the session and enter the next hand.")


def _number_taken(session: Session, number: int) -> bool:
    """The friendly early check; the unique constraint is what really guards the number."""
    return Hand.objects.filter(session=session, number=number).exists()


def _check_next_number(session: Session, number: int, taken: set[int] | None = None) -> None:
    """Refuse any number but the session's next one: it decides the seat winds (R14).
    ``taken``: the session's entered numbers, when read with its lock."""
    expected = session_next_number(session, taken)
    if expected is not None and number == expected:
        return
    if _number_taken(session, number):
        raise HandNumberTaken(_taken_message(session, number))
    if expected is None:
        raise HandNumberRefused(
            _("All %(count)s hands of %(session)s are entered. Nothing was saved.")
            % {"count": len(session.hand_numbers()), "session": session_label(session)}
        )
    raise HandNumberRefused(
        _(
            "Hand %(number)s cannot be entered now: the next hand of %(session)s is hand "
            "%(next)s. Hands are entered in order, because the number decides the seat winds "
            "(RULINGS R14). Nothing was saved."
        )
        % {"number": number, "session": session_label(session), "next": expected}
    )


def _round_starts(session: Session) -> None:
    """The round's first hand sets it playing (a seated or draft round). A round the session
    was loaded with as playing or later is not written again (no round goes back to seated
    once it has a hand)."""
    if session.round.status not in (Round.Status.DRAFT, Round.Status.SEATED):
        return
    Round.objects.filter(
        pk=session.round_id, status__in=[Round.Status.DRAFT, Round.Status.SEATED]
    ).update(status=Round.Status.PLAYING)


@public_write
def hand_save(
    *, session: Session, entry: HandEntryData, user, seating: Seating | None = None
) -> Hand:
    """Save a new hand with its four payments (and its audit line) in one transaction.

    The entry is evaluated once and the seating read once (or taken from ``seating``, the
    desk's, read for its form: a session's seating is fixed once the desk opened it).
    """
    taken = session_check_open(session, with_numbers=True)
    return hand_save_locked(session=session, entry=entry, user=user, seating=seating, taken=taken)


def hand_save_locked(
    *,
    session: Session,
    entry: HandEntryData,
    user,
    seating: Seating | None = None,
    taken: set[int] | None = None,
) -> Hand:
    """`hand_save` for a write that already holds the session's row (`session_check_open`)
    inside its own unit of work: the table's and the desk's entries (`services.table`).
    ``taken``: the session's entered numbers, read with the lock."""
    _check_next_number(session, entry.number, taken)
    seating = seating or seating_of(session)
    evaluation = _checked(session, entry, seating)
    hand = Hand(session=session, entered_by=user)
    _apply(hand, evaluation)
    hand.confirmed = not session.round.tournament.double_entry
    try:
        with transaction.atomic():
            hand.save()
    except IntegrityError:
        # Two officials saving the same number at once: the database constraint decides.
        if Hand.objects.filter(session=session, number=entry.number).exists():
            raise HandNumberTaken(_taken_message(session, entry.number)) from None
        raise
    _pay(hand, evaluation, new=True)
    if taken:  # the session had hands: its kept rows are there, add this one
        paid = evaluation.payments
        session_scores_add(session=session, hand=hand, paid=paid, seated=seating.players)
    else:
        session_scores_write(session=session, seated=seating.players)
    _round_starts(session)
    _audit_hand(AuditEntry.Action.CREATE, hand, user, seating.names, paid=evaluation.payments)
    return hand


_AS_IT_STANDS = object()


def _audit_hand(action: str, hand: Hand, user, names: dict[int, str], **change) -> None:
    """The audit line of every hand write: ``before``, ``after`` (by default the hand as it now
    stands, with its payments ``paid`` when the write has them; None once deleted) and
    ``reason`` as the change gives them."""
    after = change.get("after", _AS_IT_STANDS)
    audit_record(
        session=hand.session,
        action=action,
        user=user,
        hand_number=hand.number,
        reason=change.get("reason", ""),
        before=change.get("before"),
        after=hand_snapshot(hand, names, change.get("paid")) if after is _AS_IT_STANDS else after,
    )


def _locked(hand: Hand, version: int) -> Hand:
    current = Hand.objects.select_for_update().filter(pk=hand.pk).first()
    if current is None:
        raise StaleHandError(
            _("Hand %(number)s was deleted by someone else in the meantime.")
            % {"number": hand.number},
            None,
        )
    if current.version != version:
        snapshot = hand_snapshot(current)
        by = f" by {current.entered_by}" if current.entered_by else ""
        raise StaleHandError(
            f"Hand {hand.number} was changed{by} while you were editing it (you started from "
            f"version {version}, it is now version {current.version}). Nothing was saved: "
            "check their change below and edit again if needed.",
            snapshot,
        )
    return current


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give the reason for this change; it goes into the audit log."))
    return reason


@public_write
def hand_correct(
    *,
    hand: Hand,
    entry: HandEntryData,
    user,
    reason: str,
    version: int,
    seating: Seating | None = None,
) -> Hand:
    """Edit a saved hand: reason required, refused if ``version`` is stale; audited.

    Like `hand_save`: the entry is evaluated once and the seating read once (or taken from
    ``seating``, the desk's, read for its form)."""
    session = hand.session
    session_check_open(session)
    reason = _reason(reason)
    current = _locked(hand, version)
    current.session = session  # the loaded one, with its round and tournament
    if entry.number != current.number:
        raise ValidationError(_("A correction keeps the hand number; delete and re-enter instead."))
    seating = seating or seating_of(session)
    evaluation = _checked(session, entry, seating)
    names = seating.names
    before = hand_snapshot(current, names)
    _apply(current, evaluation)
    current.version = version + 1
    if session.round.tournament.double_entry:
        # A correction is a new single entry: another official must confirm it again.
        current.confirmed, current.confirmed_by, current.entered_by = False, None, user
    current.save()
    _pay(current, evaluation)
    session_scores_write(session=session, seated=seating.players)
    HandEntry.objects.filter(hand=current).delete()
    _audit_hand(
        AuditEntry.Action.CORRECT,
        current,
        user,
        names,
        before=before,
        reason=reason,
        paid=evaluation.payments,
    )
    return current


@public_write
def hand_delete(*, hand: Hand, user, reason: str, version: int) -> None:
    """Delete a saved hand and its payments: reason required, optimistic lock, audited."""
    session = hand.session
    session_check_open(session)
    reason = _reason(reason)
    current = _locked(hand, version)
    names = seating_of(session).names
    before = hand_snapshot(current, names)
    current.penalties.update(hand=None)
    current.delete()
    session_scores_refresh(session=session)
    _audit_hand(
        AuditEntry.Action.DELETE, current, user, names, before=before, after=None, reason=reason
    )

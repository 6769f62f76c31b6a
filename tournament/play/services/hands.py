"""Writes for hands at the judges' desk: preview, save, correct, delete, confirm, resolve.

Vocabulary
----------
entry           a `HandEntryData` (see `tournament.play.entry`): one official's entry of a hand.
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
                enters it again blind: equal entries confirm it, a different one is kept as a
                `HandEntry` (a *mismatch*) for the head judge to resolve. Nobody confirms their
                own entry.

Every function is ``<noun>_<verb>`` with keyword-only arguments; writes are atomic and refused
on sessions that are not open (RULINGS R15).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from scoring.translation import translate_message

from ...audit import audit_record, public_write
from ...models import AuditEntry, Hand, HandEntry, Payment, Round, Session
from ..entry import Evaluation, HandEntryData, Seating, entry_summary, evaluate, rules_for
from ..labels import session_label
from ..selectors.sessions import seating_of, session_next_number
from ..selectors.snapshots import entry_of_hand, hand_snapshot
from .scores import session_scores_add, session_scores_refresh, session_scores_write


class EntryRejected(ValidationError):
    """The entry has errors (or is an illegal win); ``evaluation`` says which."""

    def __init__(self, evaluation: Evaluation):
        messages = [translate_message(message) for _, message in evaluation.errors]
        if evaluation.illegal:
            messages.append(translate_message(evaluation.illegal))
        super().__init__(messages or [_("The hand could not be scored.")])
        self.evaluation = evaluation


#: A session's status inside a sentence ("... was reconciled by ann").
CLOSED_WORDS = {
    Session.Status.RECONCILED: pgettext_lazy("session was ...", "reconciled"),
    Session.Status.CLOSED: pgettext_lazy("session was ...", "closed"),
}


class HandNumberTaken(ValidationError):
    """Another official already saved this hand number in this session."""


class HandNumberRefused(ValidationError):
    """The entry's number is not the session's next number (RULINGS R14)."""


class SessionClosedError(ValidationError):
    """The session is no longer open (reconciled or closed, perhaps a moment ago)."""


class StaleHandError(ValidationError):
    """The hand changed since the official opened it; ``current`` is its snapshot now."""

    def __init__(self, message: str, current: dict | None):
        super().__init__(message)
        self.current = current


def session_check_open(session: Session, *, with_numbers: bool = False) -> set[int] | None:
    """Refuse unless the session is open *in the database*, and hold its row until commit.

    The caller's object may be stale (another official reconciled the session since it was
    read); the row lock also makes a concurrent `session_reconcile` wait for this write.
    ``with_numbers``: the same query also returns the hand numbers entered in the session (a
    save's next number; a number saved meanwhile is still refused by the unique constraint).
    """
    locked = Session.objects.select_for_update(of=("self",)).filter(pk=session.pk)
    fields = ("status", "reconciled_by_id", "reconciled_at")
    if not with_numbers:
        status, by, at = locked.values_list(*fields).get()
        taken = None
    else:
        rows = list(locked.values_list(*fields, "hands__number"))
        if not rows:
            raise Session.DoesNotExist(f"Session {session.pk} does not exist.")
        status, by, at, _ = rows[0]
        taken = {row[3] for row in rows if row[3] is not None}
    session.status = status
    if session.status != Session.Status.OPEN:
        # No join under FOR UPDATE (PostgreSQL refuses it on a nullable side): name them now.
        by = get_user_model().objects.filter(pk=by).values_list("username", flat=True).first()
        raise SessionClosedError(_closed_message(session, by, at))
    return taken


def _closed_message(session: Session, by: str | None, at) -> str:
    """ "Round 1, Table 2 was reconciled by ann at 14:05: nothing was saved. ..." """
    values = {
        "session": session_label(session),
        "status": CLOSED_WORDS.get(session.status) or session.get_status_display().lower(),
        "by": by,
        "at": f"{timezone.localtime(at):%H:%M}" if at else "",
    }
    if by and at:
        text = _("%(session)s was %(status)s by %(by)s at %(at)s: nothing was saved.")
    elif by:
        text = _("%(session)s was %(status)s by %(by)s: nothing was saved.")
    else:
        text = _("%(session)s was %(status)s: nothing was saved.")
    return text % values + " " + _("A head judge must reopen it before hands can change.")


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


def evaluation_names(session: Session) -> dict[int, str]:
    return seating_of(session).names


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
    names = evaluation_names(session)
    before = hand_snapshot(current, names)
    current.penalties.update(hand=None)
    current.delete()
    session_scores_refresh(session=session)
    _audit_hand(
        AuditEntry.Action.DELETE, current, user, names, before=before, after=None, reason=reason
    )


@public_write
def hand_confirm(*, hand: Hand, entry: HandEntryData, user) -> HandEntry | None:
    """A blind second entry: confirms the hand when it matches, else records a mismatch.

    Returns None when confirmed, the stored `HandEntry` on a mismatch.
    """
    session = hand.session
    session_check_open(session)
    current = Hand.objects.select_for_update().get(pk=hand.pk)
    if current.confirmed:
        raise ValidationError(
            _("Hand %(number)s is already confirmed.") % {"number": current.number}
        )
    return _second_entry(session, current, entry, user)


@public_write
def hand_check(*, hand: Hand, entry: HandEntryData, user) -> HandEntry | None:
    """A further entry of a hand that is already confirmed (the table's, after the desk's):
    compared exactly as a second entry; a match changes nothing but who confirmed it, a
    different entry makes the hand unconfirmed again and goes to the head judge as a mismatch.

    Returns None when it matches, the stored `HandEntry` on a mismatch.
    """
    session = hand.session
    session_check_open(session)
    current = Hand.objects.select_for_update().get(pk=hand.pk)
    if not current.confirmed:
        raise ValidationError(
            _("Hand %(number)s awaits its second entry.") % {"number": current.number}
        )
    current.confirmed = False  # until the comparison below confirms it again
    return _second_entry(session, current, entry, user)


def _second_entry(session: Session, current: Hand, entry: HandEntryData, user):
    """Compare a blind entry with the saved hand (locked, unconfirmed): confirm it when both
    agree, else keep the entry as a mismatch for the head judge (the hand stays unconfirmed)."""
    if entry.number != current.number:
        raise ValidationError(
            _("This is the second entry of hand %(number)s: keep its hand number.")
            % {"number": current.number}
        )
    if user is not None and current.entered_by_id == user.pk:
        raise PermissionDenied(
            _("You entered this hand yourself: another official must enter it again to confirm it.")
        )
    second = _checked(session, entry)
    first = hand_preview(session=session, entry=entry_of_hand(current))
    names = evaluation_names(session)
    if first.signature() == second.signature():
        current.confirmed, current.confirmed_by = True, user
        current.save(update_fields=["confirmed", "confirmed_by", "updated_at"])
        HandEntry.objects.filter(hand=current).delete()
        session_scores_refresh(session=session)  # a confirmed hand counts from now on
        _audit_hand(AuditEntry.Action.CONFIRM, current, user, names)
        return None
    current.save(update_fields=["confirmed", "updated_at"])
    stored = HandEntry.objects.create(
        hand=current, data=second.entry.as_data(), entered_by=user, hand_version=current.version
    )
    session_scores_refresh(session=session)  # an unconfirmed hand counts once resolved
    after = {
        "entry": second.entry.as_data(),
        "value": second.value,
        "summary": entry_summary(second.entry, second.value, names),
    }
    before = hand_snapshot(current, names)
    _audit_hand(AuditEntry.Action.MISMATCH, current, user, names, before=before, after=after)
    return stored


@public_write
def hand_resolve(*, hand: Hand, second: HandEntry, keep: str, user, version: int) -> Hand:
    """The head judge settles a mismatch by keeping the ``"first"`` or ``"second"`` entry."""
    session = hand.session
    session_check_open(session)
    if keep not in ("first", "second"):
        raise ValidationError(_("Keep either the first or the second entry."))
    current = _locked(hand, version)
    kept_by = current.entered_by_id if keep == "first" else second.entered_by_id
    if kept_by == user.pk:
        raise PermissionDenied(_("You cannot confirm your own entry: another official must."))
    names = evaluation_names(session)
    before = hand_snapshot(current, names)
    if keep == "second":
        kept = HandEntryData.from_data(second.data)
        if kept.number != current.number:
            raise ValidationError(
                _(
                    "That entry is for hand %(kept)s, not hand %(number)s: keep the first entry "
                    "or correct the hand instead."
                )
                % {"kept": kept.number, "number": current.number}
            )
        evaluation = _checked(session, kept)
        _apply(current, evaluation)
        current.entered_by_id = second.entered_by_id
        _pay(current, evaluation)
    current.confirmed, current.confirmed_by = True, user
    current.version = version + 1
    current.save()
    HandEntry.objects.filter(hand=current).delete()
    session_scores_refresh(session=session)  # the kept entry counts from now on
    reason = f"Kept the {keep} entry."
    _audit_hand(AuditEntry.Action.RESOLVE, current, user, names, before=before, reason=reason)
    return current

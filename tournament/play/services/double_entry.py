"""Writes for double entry at the judges' desk: a blind second entry, a check, a resolution.

Vocabulary
----------
double entry    (a tournament setting) a saved hand stays unconfirmed until another official
                enters it again blind: equal entries confirm it, a different one is kept as a
                `HandEntry` (a *mismatch*) for the head judge to resolve. Nobody confirms their
                own entry.
second entry    the blind entry of a saved, unconfirmed hand (`hand_confirm`).
check           a further entry of a hand already confirmed (the table's after the desk's,
                `hand_check`): compared exactly as a second entry.
first, second   in a mismatch, the saved hand's entry and the stored `HandEntry`.
resolve         the head judge keeps the first or the second entry (`hand_resolve`); the hand
                is then confirmed.
seating         the session's, read once per write (or taken from the caller, who read it for
                its form): both entries are evaluated against it and the audit line names its
                players. Each entry is evaluated once.

Every function is ``<noun>_<verb>`` with keyword-only arguments; writes are atomic and refused
on sessions that are not open (RULINGS R15). Hand writes themselves: `services.hands`.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _

from ...audit import public_write
from ...models import AuditEntry, Hand, HandEntry, Session
from ..entry.hand_entry import HandEntryData, Seating, entry_summary
from ..selectors.sessions import seating_of
from ..selectors.snapshots import entry_of_hand, hand_snapshot
from .hands import _apply, _audit_hand, _checked, _locked, _pay, hand_preview
from .scores import session_scores_refresh
from .sessions import session_check_open


@public_write
def hand_confirm(
    *, hand: Hand, entry: HandEntryData, user, seating: Seating | None = None
) -> HandEntry | None:
    """A blind second entry: confirms the hand when it matches, else records a mismatch.

    Returns None when confirmed, the stored `HandEntry` on a mismatch. ``seating``: the
    session's, when the caller has read it already.
    """
    session = hand.session
    session_check_open(session)
    current = Hand.objects.select_for_update().get(pk=hand.pk)
    if current.confirmed:
        raise ValidationError(
            _("Hand %(number)s is already confirmed.") % {"number": current.number}
        )
    return _second_entry(session, current, entry, user, seating)


@public_write
def hand_check(
    *, hand: Hand, entry: HandEntryData, user, seating: Seating | None = None
) -> HandEntry | None:
    """A further entry of a hand that is already confirmed (the table's, after the desk's):
    compared exactly as a second entry; a match changes nothing but who confirmed it, a
    different entry makes the hand unconfirmed again and goes to the head judge as a mismatch.

    Returns None when it matches, the stored `HandEntry` on a mismatch. ``seating``: the
    session's, when the caller has read it already.
    """
    session = hand.session
    session_check_open(session)
    current = Hand.objects.select_for_update().get(pk=hand.pk)
    if not current.confirmed:
        raise ValidationError(
            _("Hand %(number)s awaits its second entry.") % {"number": current.number}
        )
    current.confirmed = False  # until the comparison below confirms it again
    return _second_entry(session, current, entry, user, seating)


def _second_entry(
    session: Session, current: Hand, entry: HandEntryData, user, seating: Seating | None
) -> HandEntry | None:
    """Compare a blind entry with the saved hand (locked, unconfirmed): confirm it when both
    agree, else keep the entry as a mismatch for the head judge (the hand stays unconfirmed).
    Both entries are evaluated once, against the one seating (``seating``, or read here)."""
    if entry.number != current.number:
        raise ValidationError(
            _("This is the second entry of hand %(number)s: keep its hand number.")
            % {"number": current.number}
        )
    if user is not None and current.entered_by_id == user.pk:
        raise PermissionDenied(
            _("You entered this hand yourself: another official must enter it again to confirm it.")
        )
    seating = seating or seating_of(session)
    second = _checked(session, entry, seating)
    first = hand_preview(session=session, entry=entry_of_hand(current), seating=seating)
    names = seating.names
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
    """The head judge settles a mismatch by keeping the ``"first"`` or ``"second"`` entry.

    The seating is read once (for the audit line's names and the kept entry's evaluation);
    the kept second entry is evaluated once."""
    session = hand.session
    session_check_open(session)
    if keep not in ("first", "second"):
        raise ValidationError(_("Keep either the first or the second entry."))
    current = _locked(hand, version)
    kept_by = current.entered_by_id if keep == "first" else second.entered_by_id
    if kept_by == user.pk:
        raise PermissionDenied(_("You cannot confirm your own entry: another official must."))
    seating = seating_of(session)
    before = hand_snapshot(current, seating.names)
    if keep == "second":
        _keep_second(session, current, second, seating)
    current.confirmed, current.confirmed_by = True, user
    current.version = version + 1
    current.save()
    HandEntry.objects.filter(hand=current).delete()
    session_scores_refresh(session=session)  # the kept entry counts from now on
    reason = f"Kept the {keep} entry."
    _audit_hand(
        AuditEntry.Action.RESOLVE, current, user, seating.names, before=before, reason=reason
    )
    return current


def _keep_second(session: Session, current: Hand, second: HandEntry, seating: Seating) -> None:
    """The hand becomes the second entry (checked, its payments replaced); not saved yet."""
    kept = HandEntryData.from_data(second.data)
    if kept.number != current.number:
        raise ValidationError(
            _(
                "That entry is for hand %(kept)s, not hand %(number)s: keep the first entry "
                "or correct the hand instead."
            )
            % {"kept": kept.number, "number": current.number}
        )
    evaluation = _checked(session, kept, seating)
    _apply(current, evaluation)
    current.entered_by_id = second.entered_by_id
    _pay(current, evaluation)

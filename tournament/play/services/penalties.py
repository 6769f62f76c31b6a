"""Writes for penalties at the judges' desk: record, correct, delete.

Vocabulary
----------
penalty         RULINGS R13: points a player loses outside the hand scores, with a reason and a
                mode: *zero-sum* (the other three players of the session get a third each, so
                the amount is a multiple of 3) or *deduction* (only the player loses). Recorded,
                corrected or deleted only while the session is open; a correction or deletion
                needs the reason for the change. All audited.
preset          a tournament's named penalty (`PenaltyPreset`, terms in `play.penalties`):
                recorded *from a preset*, the preset gives the amount, mode and reason, and
                under *warning first* the player's first one is a 0-point *warning*.
snapshot        the penalty as the audit log keeps it: in English, whatever the judge's
                language, with a one-line *summary*.

Every function is ``<noun>_<verb>`` with keyword-only arguments; every write refreshes the
session's kept totals (`services.scores`).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext as _

from ...audit import audit_record, public_write
from ...models import AuditEntry, Hand, Penalty, PenaltyPreset, Session
from ..penalties import PresetOutcome, PresetTerms, preset_outcome
from ..selectors.sessions import seating_of
from .scores import session_scores_refresh
from .sessions import session_check_open


@translation.override("en")
def penalty_summary(penalty: Penalty, names: dict[int, str]) -> str:
    """ "Ann loses 9: paid to the other three players. Wrong claim (hand 3)" for the audit log;
    "Ann is warned: Talking: warning" for a warning. Stored: in English whatever the judge's
    language."""
    name = names.get(penalty.player_id, f"player {penalty.player_id}")
    hand = f" (hand {penalty.hand.number})" if penalty.hand_id else ""
    if penalty.warning:
        return f"{name} is warned: {penalty.reason}{hand}"
    mode = penalty.get_mode_display().lower()
    return f"{name} loses {penalty.amount}: {mode}. {penalty.reason}{hand}"


@translation.override("en")
def _penalty_snapshot(penalty: Penalty, names: dict[int, str]) -> dict:
    """The penalty as the audit log keeps it (English, like every stored text)."""
    return {
        "player": names.get(penalty.player_id, str(penalty.player_id)),
        "amount": penalty.amount,
        "mode": penalty.get_mode_display(),
        "reason": penalty.reason,
        "summary": penalty_summary(penalty, names),
    }


def _penalty_write(penalty: Penalty, *, session, seating, hand_number, fields) -> None:
    """Fill, check and save a penalty, then refresh the session's kept totals (one place)."""
    _penalty_fill(penalty, session=session, seating=seating, hand_number=hand_number, **fields)
    penalty.save()
    session_scores_refresh(session=session)


def _penalty_fill(
    penalty: Penalty, *, session, seating, player_id, amount, mode, reason, hand_number
):
    """Set a penalty's fields from the form's values and validate it; nothing is saved."""
    if player_id not in seating.names:
        raise ValidationError({"player": _("Choose one of the four players of this table.")})
    hand = None
    if hand_number:
        hand = Hand.objects.filter(session=session, number=hand_number).first()
        if hand is None:
            raise ValidationError(
                {
                    "hand_number": _("Hand %(number)s has not been entered.")
                    % {"number": hand_number}
                }
            )
    penalty.player_id, penalty.hand = player_id, hand
    penalty.amount, penalty.mode, penalty.reason = amount, mode, (reason or "").strip()
    penalty.full_clean()


@public_write
def penalty_record(
    *,
    session: Session,
    player_id: int,
    amount: int | None = None,
    mode: str = Penalty.Mode.DEDUCTION,
    reason: str,
    user,
    hand_number: int | None = None,
    preset_id: int | None = None,
    count: int = 1,
) -> Penalty:
    """Record a penalty against a player of an open session (RULINGS R13); audited.

    With ``preset_id`` the tournament's preset gives the amount (its points x ``count``), the
    mode and the reason (``reason`` is then an optional note added to it); under *warning
    first* the player's first record of that preset is a 0-point warning.
    """
    session_check_open(session)
    seating = seating_of(session)
    penalty = Penalty(tournament_id=session.round.tournament_id, session=session, created_by=user)
    if preset_id is not None:
        outcome = _preset_outcome(session, preset_id, player_id, count, reason)
        penalty.preset_id, penalty.warning = preset_id, outcome.warning
        amount, mode, reason = outcome.amount, outcome.mode, outcome.reason
    elif amount is None:
        raise ValidationError({"amount": _("Give the points, or choose a preset.")})
    fields = {"player_id": player_id, "amount": amount, "mode": mode, "reason": reason}
    _penalty_write(
        penalty, session=session, seating=seating, hand_number=hand_number, fields=fields
    )
    audit_record(
        session=session,
        action=AuditEntry.Action.WARNING if penalty.warning else AuditEntry.Action.PENALTY,
        user=user,
        hand_number=hand_number,
        reason=penalty.reason,
        after=_penalty_snapshot(penalty, seating.names),
    )
    return penalty


def _preset_outcome(session, preset_id, player_id, count, note) -> PresetOutcome:
    """Amount, mode, reason and warning of a penalty recorded from a preset; the preset's row
    is locked, so two judges recording it at once give one warning, not two."""
    preset = (
        PenaltyPreset.objects.select_for_update()
        .filter(pk=preset_id, tournament_id=session.round.tournament_id)
        .first()
    )
    if preset is None:
        raise ValidationError({"preset": _("Choose one of this tournament's penalty presets.")})
    if not isinstance(count, int) or not 1 <= count <= 100:
        raise ValidationError({"count": _("Give how many times, 1 to 100.")})
    terms = PresetTerms.of(preset)
    warned_before = Penalty.objects.filter(preset=preset, player_id=player_id).exists()
    return preset_outcome(terms, count=count, warned_before=warned_before, note=note or "")


def _change_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(
            {"change_reason": _("Give the reason for this change; it goes into the audit log.")}
        )
    return reason


@public_write
def penalty_correct(
    *,
    penalty: Penalty,
    player_id: int,
    amount: int,
    mode: str,
    reason: str,
    change_reason: str,
    user,
    hand_number: int | None = None,
) -> Penalty:
    """Correct a penalty of an open session: the reason for the change is required; audited."""
    session = penalty.session
    session_check_open(session)
    if penalty.warning:
        raise ValidationError(
            _(
                "A warning cannot be corrected: delete it (give the reason) and record the right "
                "penalty or warning."
            )
        )
    change_reason = _change_reason(change_reason)
    penalty = (
        Penalty.objects.select_for_update(of=("self",)).select_related("hand").get(pk=penalty.pk)
    )
    seating = seating_of(session)
    before = _penalty_snapshot(penalty, seating.names)
    fields = {"player_id": player_id, "amount": amount, "mode": mode, "reason": reason}
    _penalty_write(
        penalty, session=session, seating=seating, hand_number=hand_number, fields=fields
    )
    audit_record(
        session=session,
        action=AuditEntry.Action.PENALTY_CORRECT,
        user=user,
        hand_number=hand_number,
        reason=change_reason,
        before=before,
        after=_penalty_snapshot(penalty, seating.names),
    )
    return penalty


@public_write
def penalty_delete(*, penalty: Penalty, reason: str, user) -> None:
    """Delete a penalty: the reason is required; audited. A penalty of a session needs the
    session open (a head judge reopens a reconciled one first); one recorded outside any
    session (from the organiser's pages) can go at any time."""
    session = penalty.session
    if session is not None:
        session_check_open(session)
    reason = _change_reason(reason)
    penalty = (
        Penalty.objects.select_for_update(of=("self",))
        .select_related("hand", "player")
        .get(pk=penalty.pk)
    )
    names = seating_of(session).names if session else {penalty.player_id: penalty.player.name}
    before = _penalty_snapshot(penalty, names)
    hand_number = penalty.hand.number if penalty.hand_id else None
    penalty.delete()
    if session is not None:
        session_scores_refresh(session=session)
    audit_record(
        session=session,
        tournament=penalty.tournament,
        action=AuditEntry.Action.PENALTY_DELETE,
        user=user,
        hand_number=hand_number,
        reason=reason,
        before=before,
    )

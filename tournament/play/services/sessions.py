"""Writes for sessions at the judges' desk: penalties, reconciliation, reopening.

Vocabulary
----------
penalty         RULINGS R13: points a player loses outside the hand scores, with a reason and a
                mode: *zero-sum* (the other three players of the session get a third each, so
                the amount is a multiple of 3) or *deduction* (only the player loses).
card totals     the four final totals written on the signed paper score card.
reconcile       compare the card totals with the totals of the entered hands (penalties are
                kept apart, RULINGS R13); when every player agrees, and no hand awaits
                confirmation, the session is closed as *reconciled*; otherwise the differences
                are returned and the session stays open.
reopen          a head judge sets a closed session back to open, with a reason.
opened          an official opened the session's sheet at the desk (`session_mark_opened`):
                from then on its round's seating is fixed (`play.selectors.round_is_opened`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import OperationalError, transaction
from django.utils import timezone

from ...audit import audit_record
from ...busy import is_database_busy
from ...models import AuditEntry, Hand, HandEntry, Penalty, Session
from ...winds import WINDS
from ..selectors import seating_of, session_totals
from .hands import session_check_open


def session_mark_opened(*, session: Session) -> None:
    """Record, once, that the desk opened this session; later calls change nothing.

    When the database is busy the mark waits for the next page load or save (a save makes the
    round played anyway); the page itself must not fail for it.
    """
    if session.opened_at is None:
        now = timezone.now()
        try:
            Session.objects.filter(pk=session.pk, opened_at__isnull=True).update(opened_at=now)
        except OperationalError as error:
            if not is_database_busy(error):
                raise
            return
        session.opened_at = now


@transaction.atomic
def penalty_record(
    *,
    session: Session,
    player_id: int,
    amount: int,
    mode: str,
    reason: str,
    user,
    hand_number: int | None = None,
) -> Penalty:
    """Record a penalty against a player of the session (RULINGS R13); audited."""
    seating = seating_of(session)
    if player_id not in seating.names:
        raise ValidationError({"player": "This player does not sit at this table."})
    hand = None
    if hand_number:
        hand = Hand.objects.filter(session=session, number=hand_number).first()
        if hand is None:
            raise ValidationError({"hand_number": f"Hand {hand_number} has not been entered."})
    penalty = Penalty(
        tournament_id=session.round.tournament_id,
        session=session,
        hand=hand,
        player_id=player_id,
        amount=amount,
        mode=mode,
        reason=(reason or "").strip(),
        created_by=user,
    )
    penalty.full_clean()
    penalty.save()
    audit_record(
        session=session,
        action=AuditEntry.Action.PENALTY,
        user=user,
        hand_number=hand_number,
        reason=penalty.reason,
        after={
            "player": seating.names[player_id],
            "amount": amount,
            "mode": penalty.get_mode_display(),
        },
    )
    return penalty


@dataclass
class Reconciliation:
    session: Session
    rows: list[tuple[str, int, int, int]]  # (name, card total, entered total, difference)
    problems: list[str]

    @property
    def matches(self) -> bool:
        return not self.problems and all(diff == 0 for *_, diff in self.rows)


@transaction.atomic
def session_reconcile(*, session: Session, card_totals: dict[int, int], user) -> Reconciliation:
    """Compare the score card with the entered hands; close the session when they agree."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    session_check_open(session)
    seating = seating_of(session)
    if set(card_totals) != set(seating.names):
        raise ValidationError("Give the card total of each of the four players.")
    entered = session_totals(session)
    rows = [
        (name, card_totals[pid], entered.get(pid, 0), card_totals[pid] - entered.get(pid, 0))
        for pid, name in ((seating.players[w], seating.names[seating.players[w]]) for w in WINDS)
    ]
    problems = []
    if sum(card_totals.values()) != 0:
        problems.append(
            f"The card totals add up to {sum(card_totals.values()):+d}, not 0: check the card."
        )
    unconfirmed = session.hands.filter(confirmed=False).count()
    if unconfirmed:
        problems.append(f"{unconfirmed} hand(s) still await their second entry.")
    if HandEntry.objects.filter(hand__session=session).exists():
        problems.append("A mismatch between two entries awaits the head judge.")
    if not session.hands.exists():
        problems.append("No hands have been entered for this session.")
    result = Reconciliation(session=session, rows=rows, problems=problems)
    session.card_totals = {str(pid): total for pid, total in card_totals.items()}
    details = {name: {"card": card, "entered": got} for name, card, got, _ in rows}
    if result.matches:
        session.status = Session.Status.RECONCILED
        session.reconciled_by, session.reconciled_at = user, timezone.now()
        action = AuditEntry.Action.RECONCILE
    else:
        action = AuditEntry.Action.RECONCILE_FAILED
    session.save(update_fields=["card_totals", "status", "reconciled_by", "reconciled_at"])
    audit_record(
        session=session, action=action, user=user, reason="; ".join(problems), after=details
    )
    return result


@transaction.atomic
def session_reopen(*, session: Session, user, reason: str) -> Session:
    """A head judge reopens a closed session so hands can be corrected again; audited."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError("Give the reason for reopening the session.")
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.status == Session.Status.OPEN:
        raise ValidationError(f"{session} is already open.")
    before = {"status": session.status}
    session.status = Session.Status.OPEN
    session.reconciled_by, session.reconciled_at = None, None
    session.save(update_fields=["status", "reconciled_by", "reconciled_at"])
    audit_record(
        session=session,
        action=AuditEntry.Action.REOPEN,
        user=user,
        reason=reason,
        before=before,
        after={"status": session.status},
    )
    return session

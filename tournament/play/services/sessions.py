"""Writes for sessions at the judges' desk: penalties, reconciliation, reopening.

Vocabulary
----------
penalty         RULINGS R13: points a player loses outside the hand scores, with a reason and a
                mode: *zero-sum* (the other three players of the session get a third each, so
                the amount is a multiple of 3) or *deduction* (only the player loses). Recorded,
                corrected or deleted only while the session is open; a correction or deletion
                needs the reason for the change. All audited. Recorded *from a preset* (see
                `play.penalties`), the preset gives the amount, mode and reason, and under
                *warning first* the player's first one is a 0-point *warning*.
card totals     the four numbers of the *Final total* row of the signed paper score card.
card columns    the card's three final rows per player as the printed card has them: *Hand
                totals* (the entered hands' payments), *Penalties* (their effect, RULINGS R13,
                `play.penalties`) and *Final total* (the sum of the two).
reconcile       compare the card totals with the final totals (hands plus penalties); when
                every player agrees, and no hand awaits confirmation, the session is closed as
                *reconciled*; otherwise the differences are returned and the session stays
                open. Typed numbers equal to the hand totals mean the penalties were forgotten,
                and the headline says so.
reopen          a head judge sets a closed session back to open, with a reason.
round status    follows its sessions: *playing* from its first hand (`hand_save`), *finished*
                once every session is reconciled, *playing* again when one is reopened.
opened          an official opened the session's sheet at the desk (`session_mark_opened`):
                from then on its round's seating is fixed (`play.selectors.round_is_opened`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import OperationalError
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring.engine.messages import Message, gettext_noop

from ...audit import audit_record, public_write
from ...busy import is_database_busy
from ...models import AuditEntry, Hand, HandEntry, Penalty, PenaltyPreset, Round, Session
from ..labels import session_label
from ..penalties import PresetOutcome, PresetTerms, preset_outcome
from ..selectors.sessions import seating_of
from ..selectors.sheet import CardColumn, card_columns
from .hands import session_check_open
from .scores import session_scores_refresh


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
    terms = PresetTerms(
        name=preset.name,
        points=preset.points,
        per=preset.per,
        mode=preset.mode,
        warning_first=preset.warning_first,
    )
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


@dataclass
class Reconciliation:
    """The outcome of comparing a score card; ``headline`` says what is actually wrong."""

    session: Session
    columns: list[CardColumn]
    problems: list[str]
    withheld: bool = False  # hands await a second entry: the entered totals are not compared

    @property
    def rows(self) -> list[tuple[str, int, int, int]]:
        """(name, card total, entered final total, difference) per player, E S W N."""
        return [(c.name, c.card, c.final, c.difference) for c in self.columns]

    @property
    def totals_agree(self) -> bool:
        return all(column.difference == 0 for column in self.columns)

    @property
    def matches(self) -> bool:
        return not self.problems and self.totals_agree

    @property
    def penalties_forgotten(self) -> bool:
        """The typed numbers are the hand totals: the card's penalties were left out."""
        return (
            any(column.penalties for column in self.columns)
            and not self.totals_agree
            and all(column.card == column.hands for column in self.columns)
        )

    @property
    def headline(self) -> str:
        if self.matches:
            return Message(gettext_noop("The score card and the entered hands agree."))
        if self.penalties_forgotten:
            return Message(
                gettext_noop(
                    "The numbers typed are the hand totals without this session's penalties: "
                    "type the card's Final total row (hand totals plus penalties), and if the "
                    "card's Final total leaves the penalties out, add them on the card and have "
                    "the players sign the change."
                )
            )
        if not self.totals_agree:
            return Message(gettext_noop("The score card and the entered hands differ."))
        return Message(
            gettext_noop(
                "Every total agrees with the score card, but the session cannot close yet."
            )
        )


def _hands(numbers: list[int], *, lower: bool = False) -> Message:
    """ "Hand 3" or "Hands 3, 5 and 9" ("hand 3" ... inside a sentence), a `Message` that the
    page translates (the reconcile page's headline and problems are all messages)."""
    if len(numbers) == 1:
        one = gettext_noop("hand %(number)s") if lower else gettext_noop("Hand %(number)s")
        return Message(one, number=numbers[0])
    listed = ", ".join(str(n) for n in numbers[:-1])
    if lower:
        return Message(
            gettext_noop("hands %(listed)s and %(last)s"), listed=listed, last=numbers[-1]
        )
    return Message(gettext_noop("Hands %(listed)s and %(last)s"), listed=listed, last=numbers[-1])


@public_write
def session_reconcile(*, session: Session, card_totals: dict[int, int], user) -> Reconciliation:
    """Compare the score card with the entered hands; close the session when they agree."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    session_check_open(session)
    seating = seating_of(session)
    if set(card_totals) != set(seating.names):
        raise ValidationError(_("Give the card total of each of the four players."))
    columns = card_columns(session, card_totals)
    problems = []
    typed, expected = sum(card_totals.values()), sum(column.final for column in columns)
    if typed != expected:
        values = {"typed": f"{typed:+d}", "expected": f"{expected or 0:+d}", "deduct": -expected}
        if expected:
            text = gettext_noop(
                "The card totals add up to %(typed)s, not %(expected)s (the penalties deduct "
                "%(deduct)s): check the card."
            )
        else:
            text = gettext_noop(
                "The card totals add up to %(typed)s, not %(expected)s: check the card."
            )
        problems.append(Message(text, **values))
    mismatched = sorted(
        set(HandEntry.objects.filter(hand__session=session).values_list("hand__number", flat=True))
    )
    pending = [
        number
        for number in session.hands.filter(confirmed=False).values_list("number", flat=True)
        if number not in mismatched
    ]
    if pending:
        if len(pending) == 1:
            text = gettext_noop(
                "%(hands)s still awaits a second entry by another official (double entry)."
            )
        else:
            text = gettext_noop(
                "%(hands)s still await a second entry by another official (double entry)."
            )
        problems.append(Message(text, hands=_hands(pending)))
    if mismatched:
        text = gettext_noop("The two entries of %(hands)s differ: a head judge must resolve them.")
        problems.append(Message(text, hands=_hands(mismatched, lower=True)))
    numbers = set(session.hands.values_list("number", flat=True))
    if not numbers:
        problems.append(Message(gettext_noop("No hands have been entered for this session.")))
    first = session.hand_numbers()[0]  # 9 on the card after a table change after hand 8
    missing = sorted(set(range(first, max(numbers, default=0) + 1)) - numbers)
    if missing:
        if len(missing) == 1:
            text = gettext_noop(
                "%(hands)s is missing (a deleted hand is not renumbered): enter it again."
            )
        else:
            text = gettext_noop(
                "%(hands)s are missing (a deleted hand is not renumbered): enter them again."
            )
        problems.append(Message(text, hands=_hands(missing)))
    withheld = bool(pending or mismatched)
    result = Reconciliation(session=session, columns=columns, problems=problems, withheld=withheld)
    session.card_totals = {str(pid): total for pid, total in card_totals.items()}
    if withheld:
        # Blind double entry: every official reads the audit log, and the totals (typed or
        # entered) would give away the hands awaiting a second entry; the problems say why.
        details = {"summary": "Totals not compared: hands await a second entry or a decision."}
    else:
        details = {
            c.name: {"card": c.card, "hands": c.hands, "penalties": c.penalties, "final": c.final}
            for c in columns
        }
        details["summary"] = "; ".join(
            f"{c.name}: card {c.card}, entered {c.final}"
            + (f" (hands {c.hands}, penalties {c.penalties:+d})" if c.penalties else "")
            for c in columns
        )
    if result.matches:
        session.status = Session.Status.RECONCILED
        session.reconciled_by, session.reconciled_at = user, timezone.now()
        session.appeal_closed_at = None  # a new reconciliation opens a new appeal window
        action = AuditEntry.Action.RECONCILE
    else:
        action = AuditEntry.Action.RECONCILE_FAILED
    session.save(
        update_fields=[
            "card_totals",
            "status",
            "reconciled_by",
            "reconciled_at",
            "appeal_closed_at",
        ]
    )
    if result.matches:
        _round_follows_sessions(session.round_id)
    audit_record(
        session=session, action=action, user=user, reason="; ".join(problems), after=details
    )
    return result


def _round_follows_sessions(round_id: int) -> None:
    """Finished when every session is reconciled; playing again when one is reopened."""
    sessions = Session.objects.filter(round_id=round_id)
    if sessions.exclude(status=Session.Status.RECONCILED).exists():
        Round.objects.filter(pk=round_id, status=Round.Status.FINISHED).update(
            status=Round.Status.PLAYING
        )
    else:
        Round.objects.filter(pk=round_id).update(status=Round.Status.FINISHED)


@public_write
def session_reopen(*, session: Session, user, reason: str) -> Session:
    """A head judge reopens a closed session so hands can be corrected again; audited."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give the reason for reopening the session."))
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.status == Session.Status.OPEN:
        raise ValidationError(
            _("%(session)s is already open.") % {"session": session_label(session)}
        )
    with translation.override("en"):  # stored: English whatever the judge's language
        before = {"status": session.status, "summary": str(session.get_status_display())}
    session.status = Session.Status.OPEN
    session.reconciled_by, session.reconciled_at = None, None
    session.save(update_fields=["status", "reconciled_by", "reconciled_at"])
    _round_follows_sessions(session.round_id)
    audit_record(
        session=session,
        action=AuditEntry.Action.REOPEN,
        user=user,
        reason=reason,
        before=before,
        after={"status": session.status, "summary": "Open"},
    )
    return session

"""Writes for the appeal window: a player's hand query, the head judge's answer, closing a
session's window early.

Vocabulary
----------
query           `HandQuery`: a player flags one hand of their own table from their private
                link, with a short text, while the session's appeal window is open
                (`play.appeals`) and the session's results are released to the public (the
                page shows the hand and its form only then: not while the results are held,
                nor in a silent round; `_results_released`). One query per player and hand.
answer          a head judge *upholds* a query (the hand is then corrected through the desk's
                normal correction flow, audited there) or *dismisses* it with a reason; the
                player reads the answer on their link.
close early     a head judge ends a session's open appeal window now; queries already raised
                stay open until answered.

Every write here is audited. ``now`` is the clock (tests pass their own; the pages use the
server's).
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from ... import release
from ...audit import audit_record, public_write
from ...models import AuditEntry, Hand, HandQuery, Registration, Seat, Session
from ...web.languages import moment_text
from ..labels import session_label
from ..selectors.queries import session_appeal_window

TEXT_LENGTH = HandQuery.TEXT_LENGTH


def _at(moment) -> str:
    """A time the player or head judge is told, with its day when not today."""
    return moment_text(moment)


def _text(text: str, *, field: str, missing: str) -> str:
    text = " ".join((text or "").split())
    if not text:
        raise ValidationError({field: missing})
    if len(text) > TEXT_LENGTH:
        raise ValidationError(
            {
                field: _("Keep it to %(most)s characters (this has %(length)s): shorten it.")
                % {"most": TEXT_LENGTH, "length": len(text)}
            }
        )
    return text


def _results_released(session: Session) -> bool:
    """Whether the public sees this session's results, as the player's page shows them:
    results public, not a silent round, and reconciled when the tournament holds results until
    reconciliation (`tournament.release`)."""
    tournament = session.round.tournament
    if not release.results_visible(AnonymousUser(), tournament):
        return False
    limit = release.public_round_limit(tournament)
    if limit is not None and session.round.number > limit:
        return False
    return not (
        tournament.hold_unreconciled_results and session.status != Session.Status.RECONCILED
    )


@public_write
def hand_query_raise(
    *, registration: Registration, session: Session, hand_number: int, text: str, now=None
) -> HandQuery:
    """The player of ``registration`` queries hand ``hand_number`` of ``session`` (their own
    table's) during its appeal window."""
    now = now or timezone.now()
    text = _text(
        text,
        field="text",
        missing=_("Say in a few words what you think is wrong with this hand."),
    )
    session = (
        Session.objects.select_for_update().select_related("round__tournament").get(pk=session.pk)
    )
    _check_hand_of_own_table(session, registration, hand_number)
    _check_window_open(session, now)
    _check_not_queried_yet(session, registration, hand_number)
    try:
        with transaction.atomic():
            query = HandQuery.objects.create(
                session=session,
                hand_number=hand_number,
                registration=registration,
                text=text,
                raised_at=now,
            )
    except IntegrityError:  # the same query sent twice at once: the first one counts
        raise ValidationError(
            _("You already queried hand %(number)s.") % {"number": hand_number}
        ) from None
    audit_record(
        session=session,
        action=AuditEntry.Action.QUERY,
        user=None,
        hand_number=hand_number,
        reason=text,
        after={"summary": f"{registration.player.name} queried hand {hand_number}: {text}"},
    )
    return query


def _check_hand_of_own_table(session: Session, registration: Registration, hand_number: int):
    """Refuse a hand that is not of the player's own table, not entered, or not public yet."""
    if (
        session.round.tournament_id != registration.tournament_id
        or not Seat.objects.filter(
            round_id=session.round_id,
            table_id=session.table_id,
            half=session.half,
            player_id=registration.player_id,
        ).exists()
    ):
        raise ValidationError(_("You can only query the hands of your own table."))
    if not Hand.objects.filter(session=session, number=hand_number).exists():
        raise ValidationError(
            _("Your table has no hand %(number)s in this round.") % {"number": hand_number}
        )
    if not _results_released(session):
        raise ValidationError(
            _(
                "The results of round %(number)s are not public yet, so its hands cannot be "
                "queried from your link. Speak to the head judge if something is wrong."
            )
            % {"number": session.round.number}
        )


def _check_window_open(session: Session, now) -> None:
    """Refuse unless the tournament takes queries and the session's appeal window is open."""
    window = session_appeal_window(session)
    if not session.round.tournament.appeal_window_minutes:
        raise ValidationError(
            _("This tournament takes no hand queries through the players' links: ask a judge.")
        )
    if window.ends_at is None:
        raise ValidationError(
            _(
                "Hands can be queried once your table's score card is checked at the desk; "
                "the appeal window opens then."
            )
        )
    if not window.is_open(now):
        raise ValidationError(
            _(
                "The appeal window for this session closed at %(time)s: no more queries can be "
                "raised here. Speak to the head judge."
            )
            % {"time": _at(window.ends_at)}
        )


def _check_not_queried_yet(session: Session, registration: Registration, hand_number: int):
    """One query per player and hand."""
    earlier = HandQuery.objects.filter(
        session=session, hand_number=hand_number, registration=registration
    ).first()
    if earlier is not None:
        raise ValidationError(
            _("You already queried hand %(number)s (at %(time)s); its answer will show here.")
            % {"number": hand_number, "time": _at(earlier.raised_at)}
        )


@public_write
def hand_query_answer(*, query: HandQuery, upheld: bool, answer: str, user, now=None) -> HandQuery:
    """A head judge answers an open query: upheld (the hand is corrected at the desk) or
    dismissed, with a reason the player reads."""
    query = (
        HandQuery.objects.select_for_update()
        .select_related("session__round", "registration__player")
        .get(pk=query.pk)
    )
    if query.status != HandQuery.Status.OPEN:
        raise ValidationError(
            _("This query was already answered (%(status)s); reload the queue.")
            % {"status": query.get_status_display().lower()}
        )
    if upheld:  # no words needed: the status says it, in the player's language
        answer = " ".join((answer or "").split())
        answer = _text(answer, field="answer", missing="") if answer else ""
    else:
        answer = _text(
            answer,
            field="answer",
            missing=_("Give the reason for dismissing the query: the player reads it."),
        )
    query.status = HandQuery.Status.UPHELD if upheld else HandQuery.Status.DISMISSED
    query.answer, query.answered_by, query.answered_at = answer, user, now or timezone.now()
    query.save(update_fields=["status", "answer", "answered_by", "answered_at"])
    audit_record(
        session=query.session,
        action=AuditEntry.Action.QUERY_ANSWER,
        user=user,
        hand_number=query.hand_number,
        reason=answer,
        after={"summary": _answer_summary(query)},
    )
    return query


@translation.override("en")
def _answer_summary(query: HandQuery) -> str:
    """ "Upheld the query of Ann on hand 3: ..." for the audit log: stored, so in English
    whatever the head judge's language."""
    summary = (
        f"{query.get_status_display()} the query of "
        f"{query.registration.player.name} on hand {query.hand_number}"
    )
    return f"{summary}: {query.answer}" if query.answer else summary


@public_write
def session_appeal_close(*, session: Session, user, now=None) -> Session:
    """A head judge closes the session's open appeal window now."""
    now = now or timezone.now()
    session = (
        Session.objects.select_for_update().select_related("round__tournament").get(pk=session.pk)
    )
    window = session_appeal_window(session)
    if not window.is_open(now):
        values = {"session": session_label(session)}
        if window.ends_at:
            values["time"] = _at(window.ends_at)
            refusal = _("The appeal window of %(session)s is not open (it closed at %(time)s).")
        else:
            refusal = _("The appeal window of %(session)s is not open.")
        raise ValidationError(refusal % values)
    session.appeal_closed_at = now
    session.save(update_fields=["appeal_closed_at"])
    audit_record(
        session=session,
        action=AuditEntry.Action.APPEAL_CLOSE,
        user=user,
        before={"summary": f"Appeal window open until {_at(window.ends_at)}"},
        after={"summary": f"Appeal window closed early at {_at(now)}"},
    )
    return session

"""Writes for a session's life at the judges' desk: open, opened, reconciled, reopened.

Vocabulary
----------
open            a session takes hand and penalty writes only while open (RULINGS R15);
                `session_check_open` is the one guard, holding the session's row until commit.
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

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import OperationalError
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from scoring.engine.messages import Message, gettext_noop

from ...audit import audit_record, public_write
from ...models import AuditEntry, HandEntry, Round, Session
from ...web.busy import is_database_busy
from ..labels import session_label
from ..selectors.sessions import seating_of
from ..selectors.sheet import CardColumn, card_columns

#: A session's status inside a sentence ("... was reconciled by ann").
CLOSED_WORDS = {
    Session.Status.RECONCILED: pgettext_lazy("session was ...", "reconciled"),
    Session.Status.CLOSED: pgettext_lazy("session was ...", "closed"),
}


class SessionClosedError(ValidationError):
    """The session is no longer open (reconciled or closed, perhaps a moment ago)."""


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
    problems = _sum_problems(card_totals, columns)
    awaited = _awaited_problems(session)
    problems += awaited + _missing_problems(session)
    withheld = bool(awaited)
    result = Reconciliation(session=session, columns=columns, problems=problems, withheld=withheld)
    session.card_totals = {str(pid): total for pid, total in card_totals.items()}
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
    details = _reconcile_details(columns, withheld=withheld)
    audit_record(
        session=session, action=action, user=user, reason="; ".join(problems), after=details
    )
    return result


#: A reconciliation's problems about hands: (the sentence for one hand, for more).
AWAITING_SECOND_ENTRY = (
    gettext_noop("%(hands)s still awaits a second entry by another official (double entry)."),
    gettext_noop("%(hands)s still await a second entry by another official (double entry)."),
)
MISSING = (
    gettext_noop("%(hands)s is missing (a deleted hand is not renumbered): enter it again."),
    gettext_noop("%(hands)s are missing (a deleted hand is not renumbered): enter them again."),
)


def _about_hands(numbers: list[int], one: str, more: str) -> Message:
    """A problem about the hands ``numbers``: the sentence ``one`` for one hand, else ``more``
    (both marked, with ``%(hands)s`` where the hands are named)."""
    return Message(one if len(numbers) == 1 else more, hands=_hands(numbers))


def _sum_problems(card_totals: dict[int, int], columns: list[CardColumn]) -> list[Message]:
    """The card's totals must add up to the entered final totals' sum (zero but for
    deductions)."""
    typed, expected = sum(card_totals.values()), sum(column.final for column in columns)
    if typed == expected:
        return []
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
    return [Message(text, **values)]


def _awaited_problems(session: Session) -> list[Message]:
    """Hands still awaiting a second entry, then hands whose two entries differ (double entry):
    while there are any, the totals are withheld."""
    problems = []
    mismatched = sorted(
        set(HandEntry.objects.filter(hand__session=session).values_list("hand__number", flat=True))
    )
    pending = [
        number
        for number in session.hands.filter(confirmed=False).values_list("number", flat=True)
        if number not in mismatched
    ]
    if pending:
        problems.append(_about_hands(pending, *AWAITING_SECOND_ENTRY))
    if mismatched:
        text = gettext_noop("The two entries of %(hands)s differ: a head judge must resolve them.")
        problems.append(Message(text, hands=_hands(mismatched, lower=True)))
    return problems


def _missing_problems(session: Session) -> list[Message]:
    """No hand at all, or hand numbers skipped (a deleted hand is not renumbered)."""
    problems = []
    numbers = set(session.hands.values_list("number", flat=True))
    if not numbers:
        problems.append(Message(gettext_noop("No hands have been entered for this session.")))
    first = session.hand_numbers()[0]  # 9 on the card after a table change after hand 8
    missing = sorted(set(range(first, max(numbers, default=0) + 1)) - numbers)
    if missing:
        problems.append(_about_hands(missing, *MISSING))
    return problems


def _reconcile_details(columns: list[CardColumn], *, withheld: bool) -> dict:
    """What the audit line keeps of a reconciliation: each player's card, hands, penalties and
    final total, and a summary; nothing of them while totals are withheld."""
    if withheld:
        # Blind double entry: every official reads the audit log, and the totals (typed or
        # entered) would give away the hands awaiting a second entry; the problems say why.
        return {"summary": "Totals not compared: hands await a second entry or a decision."}
    details = {
        c.name: {"card": c.card, "hands": c.hands, "penalties": c.penalties, "final": c.final}
        for c in columns
    }
    details["summary"] = "; ".join(
        f"{c.name}: card {c.card}, entered {c.final}"
        + (f" (hands {c.hands}, penalties {c.penalties:+d})" if c.penalties else "")
        for c in columns
    )
    return details


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

"""A session's sheet with the hand form and its live preview; correcting and deleting a hand.

Vocabulary: see `tournament.play.services.hands` (entry, preview, correction) and
`tournament.play.selectors` (sheet, next number).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import OperationalError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ...play.forms import HandForm, optional_int
from ...play.preview import preview_context
from ...play.selectors import sheet as sheet_selectors
from ...play.selectors.sessions import seating_of, session_next_number
from ...play.selectors.snapshots import entry_of_hand
from ...play.services import hands as hand_services
from ...play.services import sessions as session_services
from ...play.services import table as table_services
from ...web.busy import BUSY_MESSAGE, is_database_busy
from ...winds import starting_wind_of_dealer
from ..forms import CorrectionForm, DeleteForm
from .common import (
    closed_session_page,
    deletion_message,
    errors_onto,
    hand_or_404,
    hand_or_none,
    rebase_on_current,
    session_context,
    session_page,
    session_url,
    visible_hand_or_403,
)

SECOND_ENTRY_MESSAGES = {
    "confirmed": gettext_lazy(
        "Hand %(number)s was entered at the table a moment ago: your entry agrees, the "
        "hand is confirmed."
    ),
    "mismatch": gettext_lazy(
        "Hand %(number)s was entered at the table a moment ago and your entry differs: "
        "a head judge will compare them."
    ),
}


def _entry(form, *, as_false_win=False):
    """The entry of a bound, valid form (as a false win when the judge asked for it)."""
    entry = form.entry()
    return replace(entry, outcome="false_win") if as_false_win else entry


def _evaluate(form, session, *, as_false_win=False, seating=None):
    """The entry of a bound, valid form and its evaluation (nothing saved)."""
    entry = _entry(form, as_false_win=as_false_win)
    return entry, hand_services.hand_preview(session=session, entry=entry, seating=seating)


def _sheet_page(request, session, form, evaluation, status=200):
    sheet = sheet_selectors.session_sheet(session, viewer=request.user)
    next_number = session_next_number(session)
    number = next_number
    if form.is_bound:
        number = optional_int(form.data.get("number")) or next_number
    # A later hand than the next (the rows between not in): offered as one key, never assumed.
    draws_before = bool(next_number and number and number > next_number)
    if draws_before and number > max(session.hand_numbers()):
        draws_before = False
    context = session_context(
        session,
        sheet=sheet,
        next_number=next_number,
        hand_number=number,
        draws_before=draws_before,
        dealer=f"{starting_wind_of_dealer(number)} · "  # the card's letter (RULINGS R14)
        + sheet.seating.names.get(sheet.seating.dealer(number), "")
        if number and len(sheet.seating.players) == 4
        else "",
        preview_url=session_url(session, "hand_preview"),
        **preview_context(form, evaluation, sheet.seating),
    )
    return render(request, "tournament/desk/session.html", context, status=status)


def _draws_recorded(first: int, last: int) -> str:
    if first == last:
        return _("Hand %(number)s recorded as an exhaustive draw.") % {"number": first}
    return _("Hands %(first)s-%(last)s recorded as exhaustive draws.") % {
        "first": first,
        "last": last,
    }


def _hand_saved(hand) -> str:
    """The message of a hand the desk entered first."""
    if hand.outcome == "draw":
        saved = _("Hand %(number)s saved: a draw.")
    elif hand.outcome == "false_win":
        saved = _("Hand %(number)s saved: a false win.")
    else:
        saved = _("Hand %(number)s saved: %(value)s points.")
    saved %= {"number": hand.number, "value": hand.value or 0}
    if not hand.confirmed:
        saved += " " + _("It awaits a second entry (double entry).")
    return saved


@session_page()
def session_sheet(request, session):
    """The session's hands so far and the form for the next one (a POST saves it)."""
    session_services.session_mark_opened(session=session)
    seating = seating_of(session)
    if request.method != "POST":
        next_number = session_next_number(session)
        initial = {"number": next_number, "outcome": "win", "win_type": "discard"}
        form = HandForm(initial=initial, seating=seating, number=next_number or 1)
        return _sheet_page(request, session, form, None)
    # The posted number names the players' seat winds; the service checks it is the next one.
    posted = optional_int(request.POST.get("number"))
    number = posted or session_next_number(session) or 1
    form = HandForm(request.POST, seating=seating, number=number)
    if not form.is_valid():
        return _sheet_page(request, session, form, None, status=422)
    return _hand_save(request, session, form, seating)


def _hand_save(request, session, form, seating):
    """Save the hand of a valid form (with the seating read for the form: one seating read,
    one evaluation), then back to the sheet; or the sheet again with the refusal."""
    entry = _entry(form, as_false_win=bool(request.POST.get("as_false_win")))
    save, drawn_from = table_services.desk_entry_save, None
    if request.POST.get("draws_before"):  # the judge's word: the rows between were draws
        save = table_services.desk_entry_save_after_draws
        drawn_from = session_next_number(session)
    evaluation = None
    try:
        done = save(session=session, entry=entry, user=request.user, seating=seating)
    except hand_services.EntryRejected as error:
        evaluation = error.evaluation
        errors_onto(form, evaluation)
    except hand_services.HandNumberTaken as error:
        form.add_error("number", error.messages[0])
    except hand_services.HandNumberRefused as error:
        form.add_error("number", error.messages[0])
    except ValidationError as error:
        form.add_error(None, error)
    except OperationalError as error:
        if not is_database_busy(error):
            raise
        # The hand stays in the form: the judge presses Save again in a moment.
        form.add_error(None, BUSY_MESSAGE)
        evaluation = hand_services.hand_preview(session=session, entry=entry, seating=seating)
        return _sheet_page(request, session, form, evaluation, status=503)
    else:
        hand = done.hand
        if done.result != "first":  # the table saved this hand a moment before the desk
            messages.success(request, SECOND_ENTRY_MESSAGES[done.result] % {"number": hand.number})
            return redirect(session_url(session))
        if drawn_from and hand.number > drawn_from:  # the draws before it, on their word
            messages.success(request, _draws_recorded(drawn_from, hand.number - 1))
        messages.success(request, _hand_saved(hand))
        return redirect(session_url(session))
    if evaluation is None:  # refused before scoring (number, closed): still show the hand
        evaluation = hand_services.hand_preview(session=session, entry=entry, seating=seating)
    return _sheet_page(request, session, form, evaluation, status=422)


@session_page()
@require_POST
def hand_preview(request, session):
    """The htmx live preview: the parsed hand, arrangement, patterns, payments or the errors."""
    seating = seating_of(session)
    form = HandForm(request.POST, seating=seating, number=1)
    evaluation = _evaluate(form, session)[1] if form.is_valid() else None
    return render(
        request,
        "tournament/play/_preview.html",
        {**preview_context(form, evaluation, seating), "offer_false_win": True},
    )


def _correction_of_a_deleted_hand(request, session, number):
    """A correction whose hand was deleted meanwhile: say so, and offer what the judge typed
    as a new entry of that hand number (nothing is saved until they press Save)."""
    seating = seating_of(session)
    form = HandForm(request.POST, seating=seating, number=number)
    evaluation = _evaluate(form, session)[1] if form.is_valid() else None
    form.add_error(
        None,
        deletion_message(session, number)
        + " "
        + _("Your correction is below as a new hand %(number)s: save it if the hand stands.")
        % {"number": number},
    )
    return _sheet_page(request, session, form, evaluation, status=409)


@session_page()
def hand_edit(request, session, number):
    hand = hand_or_none(session, number)
    if request.method == "POST" and hand is None:
        return _correction_of_a_deleted_hand(request, session, number)
    hand = visible_hand_or_403(request, hand or hand_or_404(session, number))
    closed = closed_session_page(
        request, session, _("Correct hand %(number)s") % {"number": number}
    )
    if closed:
        return closed
    seating = seating_of(session)
    if request.method != "POST":
        initial = CorrectionForm.initial_from(entry_of_hand(hand))
        form = CorrectionForm(
            initial={**initial, "version": hand.version}, seating=seating, number=number
        )
        return _correction_page(request, session, seating, hand=hand, form=form)
    form = CorrectionForm(request.POST, seating=seating, number=number)
    if not form.is_valid():
        return _correction_page(request, session, seating, hand=hand, form=form)
    return _hand_correct(request, session, hand, form, seating, number)


def _hand_correct(request, session, hand, form, seating, number: int):
    """Correct the hand from a valid form (evaluated once, in the service, with the seating
    read for the form), then back to the sheet; or the form again with the refusal, re-based
    on the hand as it now stands after a conflict."""
    entry = _entry(form)
    conflict = evaluation = None
    busy = False
    try:
        hand_services.hand_correct(
            hand=hand, entry=entry, user=request.user, seating=seating, **form.change_args()
        )
    except hand_services.StaleHandError as error:
        if error.current is None:
            return _correction_of_a_deleted_hand(request, session, number)
        make_form = partial(CorrectionForm, seating=seating, number=number)
        gone, hand, form = rebase_on_current(request, session, number, error, make_form)
        if gone:
            return gone
        conflict = error
    except hand_services.EntryRejected as error:
        evaluation = error.evaluation
        errors_onto(form, evaluation)
    except ValidationError as error:
        form.add_error(None, error)
    except OperationalError as error:
        if not is_database_busy(error):
            raise
        form.add_error(None, BUSY_MESSAGE)  # the correction stays in the form
        busy = True
    else:
        messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
        return redirect(session_url(session))
    if evaluation is None:  # refused before scoring: the page still shows the hand
        evaluation = hand_services.hand_preview(session=session, entry=entry, seating=seating)
    return _correction_page(
        request,
        session,
        seating,
        hand=hand,
        form=form,
        conflict=conflict,
        evaluation=evaluation,
        busy=busy,
    )


def _correction_page(
    request, session, seating, *, hand, form, conflict=None, evaluation=None, busy=False
):
    context = session_context(
        session,
        hand=hand,
        conflict=conflict,
        preview_url=session_url(session, "hand_preview"),
        **preview_context(form, evaluation, seating),
    )
    status = 503 if busy else 409 if conflict else (422 if form.is_bound else 200)
    return render(request, "tournament/desk/hand_edit.html", context, status=status)


def _after_deletion(later: list[int], number: int) -> str:
    """What the judge must do after deleting hand ``number``: nothing is renumbered (R14)."""
    if not later:
        return _("Hand %(number)s is the next hand to enter.") % {"number": number}
    if len(later) == 1:
        kept = _(
            "Nothing is renumbered: hand %(first)s keeps its number and seat winds (RULINGS R14)."
        )
    else:
        kept = _(
            "Nothing is renumbered: hands %(first)s to %(last)s keep their numbers and seat winds "
            "(RULINGS R14)."
        )
    again = _(
        "Enter hand %(number)s again from the score card straight away: the desk offers it next, "
        "and the session cannot be reconciled while it is missing."
    )
    return " ".join([kept % {"first": later[0], "last": later[-1]}, again % {"number": number}])


@session_page()
def hand_delete(request, session, number):
    if request.method == "POST" and hand_or_none(session, number) is None:
        messages.warning(request, deletion_message(session, number))
        return redirect(session_url(session))
    hand = visible_hand_or_403(request, hand_or_404(session, number))
    closed = closed_session_page(request, session, _("Delete hand %(number)s") % {"number": number})
    if closed:
        return closed
    later = list(session.hands.filter(number__gt=number).values_list("number", flat=True))
    conflict = None
    if request.method == "POST":
        form = DeleteForm(request.POST)
        if form.is_valid():
            try:
                hand_services.hand_delete(hand=hand, user=request.user, **form.change_args())
            except hand_services.StaleHandError as error:
                gone, hand, form = rebase_on_current(request, session, number, error, DeleteForm)
                if gone:
                    return gone
                conflict = error
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(
                    request,
                    " ".join(
                        [
                            _("Hand %(number)s deleted.") % {"number": number},
                            _after_deletion(later, number),
                        ]
                    ),
                )
                return redirect(session_url(session))
    else:
        form = DeleteForm(initial={"version": hand.version})
    context = session_context(
        session,
        hand=hand,
        form=form,
        conflict=conflict,
        later=later,
        what_next=_after_deletion(later, number),
    )
    return render(
        request, "tournament/desk/hand_delete.html", context, status=409 if conflict else 200
    )

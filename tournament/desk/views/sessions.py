"""Around a session: penalties, reconciliation with the signed score card, reopening.

Vocabulary: see `tournament.play.services.sessions` (penalty, card totals, reconcile, reopen).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render

from ...play import selectors
from ...play.services import sessions as session_services
from ...roles import head_judge_required
from ..forms import CardForm, PenaltyForm, ReasonForm
from .common import session_context, session_page, session_url


@session_page()
def penalty_record(request, session):
    seating = selectors.seating_of(session)
    form = PenaltyForm(request.POST or None, seating=seating)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            session_services.penalty_record(
                session=session,
                player_id=data["player"],
                amount=data["amount"],
                mode=data["mode"],
                reason=data["reason"],
                hand_number=data["hand_number"],
                user=request.user,
            )
        except ValidationError as error:
            if hasattr(error, "error_dict"):
                for field, errors in error.error_dict.items():
                    form.add_error(field if field in form.fields else None, errors)
            else:
                form.add_error(None, error)
        else:
            messages.success(request, "Penalty recorded (RULINGS R13).")
            return redirect(session_url(session))
    return render(request, "tournament/desk/penalty.html", session_context(session, form=form))


@session_page()
def session_reconcile(request, session):
    seating = selectors.seating_of(session)
    form = CardForm(request.POST or None, seating=seating)
    result = None
    if request.method == "POST" and form.is_valid():
        try:
            result = session_services.session_reconcile(
                session=session, card_totals=form.card_totals(), user=request.user
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            if result.matches:
                messages.success(request, f"{session} reconciled and closed.")
                return redirect(session_url(session))
    context = session_context(
        session, form=form, result=result, sheet=selectors.session_sheet(session)
    )
    return render(request, "tournament/desk/reconcile.html", context)


@session_page(head_judge_required)
def session_reopen(request, session):
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            session_services.session_reopen(
                session=session, user=request.user, reason=form.cleaned_data["reason"]
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, f"{session} reopened.")
            return redirect(session_url(session))
    return render(request, "tournament/desk/reopen.html", session_context(session, form=form))

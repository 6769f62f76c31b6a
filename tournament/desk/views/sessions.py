"""Around a session: penalties, reconciliation with the signed score card, reopening.

Vocabulary: see `tournament.play.services.sessions` (penalty, card totals, reconcile, reopen).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from ...models import Penalty
from ...play.labels import session_label
from ...play.selectors.penalties import penalty_presets, warnings_of
from ...play.selectors.sessions import seating_of
from ...play.selectors.sheet import session_sheet
from ...play.services import penalties as penalty_services
from ...play.services import sessions as session_services
from ...roles import HEAD_JUDGE
from ...web.writes import service_write
from ..forms import CardForm, PenaltyCorrectionForm, PenaltyRecordForm, ReasonForm
from .common import closed_session_page, session_context, session_page, session_url


def _penalty_or_404(session, penalty_id: int) -> Penalty:
    return get_object_or_404(
        Penalty.objects.select_related("player", "hand", "preset"), session=session, pk=penalty_id
    )


@session_page()
def penalty_record(request, session):
    seating = seating_of(session)
    presets = penalty_presets(session.round.tournament)
    form = PenaltyRecordForm(request.POST or None, seating=seating, presets=presets)
    if request.method == "POST" and form.is_valid():
        answer = service_write(
            request,
            lambda: penalty_services.penalty_record(
                session=session, user=request.user, **form.penalty_args()
            ),
            form=form,
            done=lambda penalty: _penalty_recorded(penalty, seating),
            then=session_url(session),
        )
        if answer is not None:
            return answer
    warnings = warnings_of(session)
    context = session_context(session, form=form, warnings=warnings)
    return render(request, "tournament/desk/penalty.html", context)


def _penalty_recorded(penalty, seating) -> str:
    if penalty.warning:
        return _(
            "Warning recorded for %(player)s: no points this time; the next one for the same "
            "reason deducts (RULINGS R13)."
        ) % {"player": seating.names[penalty.player_id]}
    return _("Penalty recorded (RULINGS R13).")


@session_page()
def penalty_correct(request, session, penalty_id):
    penalty = _penalty_or_404(session, penalty_id)
    seating = seating_of(session)
    initial = PenaltyCorrectionForm.initial_from(penalty)
    form = PenaltyCorrectionForm(request.POST or None, initial=initial, seating=seating)
    if request.method == "POST" and form.is_valid():
        answer = service_write(
            request,
            lambda: penalty_services.penalty_correct(
                penalty=penalty,
                change_reason=form.cleaned_data["change_reason"],
                user=request.user,
                **form.penalty_args(),
            ),
            form=form,
            done=_("Penalty corrected; the change is in the audit log."),
            then=session_url(session),
        )
        if answer is not None:
            return answer
    context = session_context(session, form=form, penalty=penalty)
    return render(request, "tournament/desk/penalty.html", context)


@session_page()
def penalty_delete(request, session, penalty_id):
    penalty = _penalty_or_404(session, penalty_id)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        answer = service_write(
            request,
            lambda: penalty_services.penalty_delete(
                penalty=penalty, reason=form.cleaned_data["reason"], user=request.user
            ),
            form=form,
            done=_("Penalty deleted; the deletion is in the audit log."),
            then=session_url(session),
        )
        if answer is not None:
            return answer
    context = session_context(session, form=form, penalty=penalty)
    return render(request, "tournament/desk/penalty_delete.html", context)


@session_page()
def session_reconcile(request, session):
    closed = closed_session_page(request, session, _("Reconcile"))
    if closed:
        return closed
    seating = seating_of(session)
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
                messages.success(
                    request,
                    _("%(session)s reconciled and closed.") % {"session": session_label(session)},
                )
                return redirect(session_url(session))
    context = session_context(
        session,
        form=form,
        result=result,
        sheet=session_sheet(session, viewer=request.user),
    )
    return render(request, "tournament/desk/reconcile.html", context)


@session_page(HEAD_JUDGE)
def session_reopen(request, session):
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        answer = service_write(
            request,
            lambda: session_services.session_reopen(
                session=session, user=request.user, reason=form.cleaned_data["reason"]
            ),
            form=form,
            done=lambda value: _("%(session)s reopened.") % {"session": session_label(session)},
            then=session_url(session),
        )
        if answer is not None:
            return answer
    return render(request, "tournament/desk/reopen.html", session_context(session, form=form))

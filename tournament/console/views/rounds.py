"""Repairs a head judge makes from the console: a round's status, and deleting a penalty (with
the reason, kept by the audit log). Writes: `event.services.rounds.round_status_set`,
`play.services.sessions.penalty_delete`."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...event.services.rounds import round_status_set
from ...form_errors import error_text
from ...models import Penalty, Round
from ...play import selectors as play_selectors
from ...play.services import sessions as session_services
from ...roles import HEAD_JUDGE
from ..forms import PenaltyDeleteForm, RoundStatusForm
from .common import console_page


@console_page(HEAD_JUDGE)
def rounds(request, tournament):
    context = {
        "tournament": tournament,
        "rounds": [
            (r, RoundStatusForm(initial={"status": r.status})) for r in tournament.rounds.all()
        ],
        "penalties": play_selectors.tournament_penalties(tournament),
        "delete_form": PenaltyDeleteForm(),
    }
    return render(request, "tournament/event/rounds.html", context)


@console_page(HEAD_JUDGE)
@require_POST
def round_status(request, tournament, number):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    form = RoundStatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a known status."))
    else:
        try:
            round_status_set(round_=round_, status=form.cleaned_data["status"], user=request.user)
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(
                request,
                _("Round %(round)s is now %(status)s.")
                % {"round": number, "status": round_.get_status_display()},
            )
    return redirect("event:rounds", slug=tournament.slug)


@console_page(HEAD_JUDGE)
@require_POST
def penalty_delete(request, tournament, pk):
    penalty = get_object_or_404(Penalty, tournament=tournament, pk=pk)
    form = PenaltyDeleteForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, _("Say why the penalty is deleted; the reason goes in the audit log.")
        )
    else:
        try:
            session_services.penalty_delete(
                penalty=penalty, user=request.user, reason=form.cleaned_data["reason"]
            )
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(request, _("Penalty deleted; the audit log keeps it."))
    return redirect("event:rounds", slug=tournament.slug)

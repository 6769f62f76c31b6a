"""Repairs a head judge makes from the console: a round's status, and deleting a penalty (with
the reason, kept by the audit log). Writes: `event.services.round_status_set`,
`play.services.penalties.penalty_delete`."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...event.services.rounds import round_status_set
from ...models import Penalty, Round
from ...play.selectors.penalties import tournament_penalties
from ...play.services import penalties as penalty_services
from ...roles import HEAD_JUDGE
from ...web.writes import service_write
from ..forms.rounds import PenaltyDeleteForm, RoundStatusForm
from .common import console_page


@console_page(HEAD_JUDGE)
def rounds(request, tournament):
    context = {
        "tournament": tournament,
        "rounds": [
            (r, RoundStatusForm(initial={"status": r.status})) for r in tournament.rounds.all()
        ],
        "penalties": tournament_penalties(tournament),
        "delete_form": PenaltyDeleteForm(),
    }
    return render(request, "tournament/console/rounds.html", context)


@console_page(HEAD_JUDGE)
@require_POST
def round_status(request, tournament, number):
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    form = RoundStatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a known status."))
        return redirect("console:rounds", slug=tournament.slug)
    return service_write(
        request,
        lambda: round_status_set(
            round_=round_, status=form.cleaned_data["status"], user=request.user
        ),
        done=lambda value: (
            _("Round %(round)s is now %(status)s.")
            % {"round": number, "status": round_.get_status_display()}
        ),
        then=reverse("console:rounds", args=[tournament.slug]),
    )


@console_page(HEAD_JUDGE)
@require_POST
def penalty_delete(request, tournament, pk):
    penalty = get_object_or_404(Penalty, tournament=tournament, pk=pk)
    form = PenaltyDeleteForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, _("Say why the penalty is deleted; the reason goes in the audit log.")
        )
        return redirect("console:rounds", slug=tournament.slug)
    return service_write(
        request,
        lambda: penalty_services.penalty_delete(
            penalty=penalty, user=request.user, reason=form.cleaned_data["reason"]
        ),
        done=_("Penalty deleted; the audit log keeps it."),
        then=reverse("console:rounds", args=[tournament.slug]),
    )

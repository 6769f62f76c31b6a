"""The table page for players: with the organiser's setting on, a player enters the hands of
their table from their private link (``/p/<token>/table/``), blind and provisional (in no total),
until the winner and the player who pays for the hand agree (`table_services.players_agree`).

Vocabulary: see `tournament.play.services.table` (players' entry, table's next) and
`tournament.public.views.links` (link page). The page shows the player's open session only:
which hands the table has entered, never anyone's entry nor the desk's.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.translation import translate_message

from ...play.forms import PlayerHandForm
from ...play.preview import plain_words, preview_context
from ...play.selectors.sessions import seating_of
from ...play.selectors.table import (
    player_open_session,
    table_next_number,
    table_proposal_waiting,
    table_signals,
)
from ...play.services import hands as hand_services
from ...play.services import table as table_services
from .links import link_page


def _refused(request, message: str, status: int):
    return render(request, "tournament/links/refused.html", {"message": message}, status=status)


def _session_or_refusal(request, registration):
    if not registration.tournament.players_confirm_at_table:
        message = _("Hands are entered at the table by a judge in this tournament: call a judge.")
        return None, _refused(request, message, 403)
    session = player_open_session(registration)
    if session is None:
        return None, _refused(request, _("You have no table in play right now."), 404)
    return session, None


def _errors_onto(form, evaluation) -> None:
    for name, message in evaluation.errors:
        form.add_error(
            name if name in form.fields else None, plain_words(translate_message(message))
        )


@link_page
def player_table(request, registration):
    """The form for the table's next hand and the table's progress (a POST saves an entry)."""
    session, refusal = _session_or_refusal(request, registration)
    if refusal:
        return refusal
    token = request.resolver_match.kwargs["token"]
    seating = seating_of(session)
    next_number = table_next_number(session)
    status = 200
    if request.method == "POST":
        form = PlayerHandForm(request.POST, seating=seating, number=next_number or 1)
        if form.is_valid():
            try:
                done = table_services.table_proposal_save(
                    session=session, registration=registration, entry=form.entry()
                )
            except hand_services.EntryRejected as error:
                _errors_onto(form, error.evaluation)
            except ValidationError as error:
                form.add_error(None, error)
            else:
                number = form.cleaned_data["number"]
                if done.agreed is None:
                    messages.success(
                        request,
                        _(
                            "Your entry of hand %(number)s is saved. It counts when the winner "
                            "and the player who pays for it (the discarder; on a self-draw, any "
                            "other player) have entered the same."
                        )
                        % {"number": number},
                    )
                else:
                    messages.success(
                        request,
                        _("Hand %(number)s: two players agree; it counts.") % {"number": number},
                    )
                return redirect("public:player_table", token=token)
        status = 422
    else:
        initial = {"number": next_number, "outcome": "win", "win_type": "discard"}
        form = PlayerHandForm(initial=initial, seating=seating, number=next_number or 1)
    context = {
        "tournament": registration.tournament,
        "registration": registration,
        "session": session,
        "next_number": next_number,
        "waiting": table_proposal_waiting(session, registration, next_number),
        "signals": table_signals([session.pk]).get(session.pk, []),
        "action": reverse("public:player_table", kwargs={"token": token}),
        "preview_url": reverse("public:player_table_preview", kwargs={"token": token}),
        **preview_context(form, None, seating, for_players=True),
    }
    return render(request, "tournament/links/table.html", context, status=status)


@require_POST
@link_page
def player_table_preview(request, registration):
    """The live preview of the player's entry (nothing saved, nothing of anyone else's)."""
    session, refusal = _session_or_refusal(request, registration)
    if refusal:
        return refusal
    seating = seating_of(session)
    form = PlayerHandForm(request.POST, seating=seating, number=1)
    evaluation = None
    if form.is_valid():
        evaluation = hand_services.hand_preview(
            session=session, entry=form.entry(), seating=seating
        )
    return render(
        request,
        "tournament/play/_preview.html",
        preview_context(form, evaluation, seating, for_players=True),
    )

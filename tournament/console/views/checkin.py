"""The roll call before a round: who is present (all at once, or one by one from the keyboard),
and seating the round with the players present. Writes: `event.services` (the roll call),
`seating.services.round_seat_from_roll_call` (the seats)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...event.selectors.roll_call import roll_call
from ...event.selectors.roster import withdrawn_numbers
from ...event.services.roll_call import checkin_set, roll_call_save
from ...play.selectors.rounds import round_progress
from ...seating.services.one_round import round_seat_from_roll_call
from ...stage_selectors import round_field
from ...web.form_errors import error_text
from .. import selectors as console_selectors
from ..forms.roster import PlayerForm
from ..forms.seating import SeatRoundForm
from .common import ROUND_NUMBER_MAX, checkin_url, console_page


def _checkin_round(tournament, request) -> int:
    """The round asked for (``?round=``), else the next round to prepare."""
    facts, _ = console_selectors.event_facts(tournament)
    number = facts.next_round if not facts.next_round_played else facts.next_round + 1
    try:
        asked = max(1, int(request.GET.get("round", number)))
    except ValueError:
        return number
    return asked if asked <= ROUND_NUMBER_MAX else number


def _counts(registrations) -> dict:
    present = sum(1 for r in registrations if r.present)
    return {
        "present": present,
        "absent": len(registrations) - present,
        "total": len(registrations),
        "remainder": present % 4,
        "missing": -present % 4,
    }


@console_page()
def checkin(request, tournament):
    number = _checkin_round(tournament, request)
    if request.method == "POST":
        present_ids = {int(pk) for pk in request.POST.getlist("present") if pk.isdecimal()}
        if request.POST.get("all_present"):
            present_ids = {reg.pk for reg in roll_call(tournament, number)}
        roll_call_save(tournament=tournament, round_number=number, present_ids=present_ids)
        messages.success(request, _("Roll call saved."))
        return redirect(f"{request.path}?round={number}")
    registrations = roll_call(tournament, number)
    round_ = tournament.rounds.filter(number=number).first()
    context = {
        "tournament": tournament,
        "number": number,
        "registrations": registrations,
        "counts": _counts(registrations),
        "seat_form": SeatRoundForm(),
        "substitute_form": PlayerForm(),
        "round": round_,
        "played": bool(round_ and number in round_progress(tournament).played),
        "withdrawn_numbers": withdrawn_numbers(tournament),
        "field": round_field(tournament, number),  # waits for a cut: say so, link to it
    }
    return render(request, "tournament/console/checkin.html", context)


@console_page()
@require_POST
def checkin_toggle(request, tournament):
    """One player present or absent (the page's keyboard toggles); answers the new counts."""
    try:
        data = json.loads(request.body or b"{}")
        number, registration_id = int(data["round"]), int(data["registration"])
        present = bool(data["present"])
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": _("Send round, registration and present.")}, status=400)
    if not 1 <= number <= ROUND_NUMBER_MAX:
        return JsonResponse({"error": _("No round %(number)s.") % {"number": number}}, status=400)
    checkin_set(
        tournament=tournament,
        round_number=number,
        registration_ids=[registration_id],
        present=present,
    )
    return JsonResponse(_counts(roll_call(tournament, number)))


@console_page()
@require_POST
def round_seat(request, tournament, number):
    """Seat one round with the players checked in for it (and the prepared rounds after it
    again, see `seating.services.round_seat_from_roll_call`)."""
    if not 1 <= number <= ROUND_NUMBER_MAX:
        raise Http404(_("No round %(number)s.") % {"number": number})
    form = SeatRoundForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose what to do with players who do not fill a table."))
        return redirect(checkin_url(tournament, number))
    try:
        plan = round_seat_from_roll_call(
            tournament=tournament,
            number=number,
            seed=form.cleaned_data["seed"] or 0,
            odd_players=form.cleaned_data["odd_players"],
        )
    except ValidationError as error:
        messages.error(request, error_text(error))
        return redirect(checkin_url(tournament, number))
    messages.success(request, plan.describe())
    return redirect("console:seating_round", slug=tournament.slug, number=number)

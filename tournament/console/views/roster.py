"""The roster: the players list (searched, paginated), add, edit, withdraw, reinstate, a
substitute, and the export as CSV. Writes: `event.services`, and `seating.services` for the
roster changes that reseat (withdraw, reinstate, a substitute)."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...event.selectors import roster as roster_selectors
from ...event.selectors.links import link_expiry, link_in_force
from ...event.selectors.seats import last_seated_round_number
from ...event.services.registrations import player_update, registration_add
from ...event.spreadsheet import row_escape
from ...form_errors import error_text, service_error_onto
from ...models import Registration, Tournament
from ...seating.services.roster import roster_reinstate, roster_substitute, roster_withdraw
from ..forms import PlayerForm, WithdrawForm
from .common import console_page


def _player_values(data: dict) -> dict:
    return {key: value for key, value in data.items() if key != "number"}


def _registration(tournament: Tournament, number: int) -> Registration:
    registration = get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, number=number
    )
    registration.tournament = tournament
    return registration


def _reseated(rounds) -> str:
    if not rounds:
        return ""
    return " " + _("Reseated round(s) %(rounds)s.") % {"rounds": ", ".join(map(str, rounds))}


def _linked(registration: Registration) -> str:
    """What the message adds when the new player got a private link with their registration
    (the tournament's links are issued: `event.links.player_links_follow`)."""
    if link_in_force(registration) is None:
        return ""
    return " " + _(
        "The tournament's private links are issued, so they got theirs too: print their slip "
        "for it."
    )


@console_page()
def roster(request, tournament):
    query = request.GET.get("q", "").strip()
    page = Paginator(roster_selectors.roster(tournament, query), 50).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "tournament/event/roster.html",
        {"tournament": tournament, "page": page, "query": query},
    )


@console_page()
def player_add(request, tournament):
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            registration = registration_add(
                tournament=tournament,
                number=form.cleaned_data["number"],
                user=request.user,
                **_player_values(form.cleaned_data),
            )
        except ValidationError as error:
            service_error_onto(form, error)
        else:
            messages.success(
                request,
                _("Registered %(player)s.") % {"player": registration} + _linked(registration),
            )
            if "again" in request.POST:
                return redirect("event:player_add", slug=tournament.slug)
            return redirect("event:roster", slug=tournament.slug)
    return render(
        request,
        "tournament/event/player_form.html",
        {"tournament": tournament, "form": form, "title": _("Add a player"), "again": True},
    )


@console_page()
def player_edit(request, tournament, number):
    registration = _registration(tournament, number)
    player = registration.player
    initial = {
        "given_name": player.given_name,
        "family_name": player.family_name,
        "chinese_name": player.chinese_name,
        "country": player.country.code,
        "club": player.club,
        "external_id": player.external_id,
        "number": registration.number,
    }
    form = PlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        changes = dict(form.cleaned_data)
        if changes["number"] is None:
            changes["number"] = registration.number
        try:
            player_update(registration=registration, changes=changes, user=request.user)
        except ValidationError as error:
            service_error_onto(form, error)
        else:
            messages.success(request, _("Saved %(player)s.") % {"player": registration})
            return redirect("event:roster", slug=tournament.slug)
    link = link_in_force(registration)
    context = {
        "tournament": tournament,
        "form": form,
        "registration": registration,
        "title": _("Edit %(player)s") % {"player": registration},
        "link": link,
        "link_expiry": link and link_expiry(link, tournament),
        "today": timezone.localdate(),
        "withdraw_form": WithdrawForm(
            initial={"from_round": last_seated_round_number(tournament) or 1}
        ),
    }
    return render(request, "tournament/event/player_form.html", context)


@console_page()
def player_withdraw(request, tournament, number):
    registration = _registration(tournament, number)
    form = WithdrawForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        from_round = form.cleaned_data["from_round"]
        try:
            reseated = roster_withdraw(
                registration=registration, from_round=from_round, user=request.user
            )
        except ValidationError as error:
            service_error_onto(form, error)
        else:
            withdrawn = _("%(player)s withdrawn from round %(round)s on.") % {
                "player": registration.player,
                "round": from_round,
            }
            messages.success(request, withdrawn + _reseated(reseated))
            return redirect("event:roster", slug=tournament.slug)
    return render(
        request,
        "tournament/event/player_withdraw.html",
        {"tournament": tournament, "registration": registration, "form": form},
    )


@console_page()
@require_POST
def player_reinstate(request, tournament, number):
    registration = _registration(tournament, number)
    try:
        reseated = roster_reinstate(registration=registration, user=request.user)
    except ValidationError as error:
        messages.error(request, error_text(error))
    else:
        messages.success(
            request,
            _("%(player)s is back in the event.") % {"player": registration.player}
            + _reseated(reseated),
        )
    return redirect("event:roster", slug=tournament.slug)


@console_page()
def substitute_add(request, tournament):
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            registration = roster_substitute(
                tournament=tournament,
                number=form.cleaned_data["number"],
                user=request.user,
                **_player_values(form.cleaned_data),
            )
        except ValidationError as error:
            service_error_onto(form, error)
        else:
            messages.success(
                request,
                _("Substitute %(player)s registered.") % {"player": registration}
                + _linked(registration),
            )
            if request.POST.get("next") == "checkin":
                return redirect("event:checkin", slug=tournament.slug)
            return redirect("event:roster", slug=tournament.slug)
    return render(
        request,
        "tournament/event/player_form.html",
        {
            "tournament": tournament,
            "form": form,
            "title": _("Add a substitute"),
            "substitute": True,
        },
    )


EXPORT_HEADER = [
    "number",
    "given name",
    "family name",
    "Chinese name",
    "country",
    "club",
    "external id",
    "status",
    "substitute",
]


@console_page()
def roster_export(request, tournament):
    """The roster as CSV; every cell goes through `spreadsheet.cell_escape` (formula injection)."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-players.csv"'
    response.write("\ufeff")  # Excel reads UTF-8 with a BOM
    writer = csv.writer(response)
    writer.writerow(EXPORT_HEADER)
    for reg in roster_selectors.roster(tournament):
        player = reg.player
        writer.writerow(
            row_escape(
                [
                    reg.number,
                    player.given_name,
                    player.family_name,
                    player.chinese_name,
                    player.country.code,
                    player.club,
                    player.external_id,
                    reg.status,
                    "yes" if reg.is_substitute else "",
                ]
            )
        )
    return response

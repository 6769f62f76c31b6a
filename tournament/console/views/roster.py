"""The roster: the players list (searched, paginated), add, edit, withdraw, reinstate, a
substitute, and the export as CSV. Writes: `event.services`, and `seating.services` for the
roster changes that reseat (withdraw, reinstate, a substitute)."""

from __future__ import annotations

import csv

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...event.selectors import roster as roster_selectors
from ...event.selectors.links import link_expiry, link_in_force
from ...event.selectors.seats import last_seated_round_number
from ...event.services.registrations import player_update, registration_add
from ...event.spreadsheet import row_escape
from ...models import Registration, Tournament
from ...seating.services.roster import roster_reinstate, roster_substitute, roster_withdraw
from ...web.writes import service_write
from ..forms.roster import PlayerForm, WithdrawForm
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
        "tournament/console/roster.html",
        {"tournament": tournament, "page": page, "query": query},
    )


def _new_player_page(request, tournament, add, *, done: str, then: str, page: dict):
    """The form that registers a new player through ``add`` (`event.services.registration_add`
    or `seating.services.roster_substitute`); ``done`` names the player, ``page`` is what the
    form's page says about it (its title, its buttons)."""
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        answer = service_write(
            request,
            lambda: add(
                tournament=tournament,
                number=form.cleaned_data["number"],
                user=request.user,
                **_player_values(form.cleaned_data),
            ),
            form=form,
            done=lambda registration: done % {"player": registration} + _linked(registration),
            then=then,
        )
        if answer is not None:
            return answer
    context = {"tournament": tournament, "form": form, **page}
    return render(request, "tournament/console/player_form.html", context)


@console_page()
def player_add(request, tournament):
    then = "console:player_add" if "again" in request.POST else "console:roster"
    return _new_player_page(
        request,
        tournament,
        registration_add,
        done=_("Registered %(player)s."),
        then=reverse(then, args=[tournament.slug]),
        page={"title": _("Add a player"), "again": True},
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
        answer = service_write(
            request,
            lambda: player_update(registration=registration, changes=changes, user=request.user),
            form=form,
            done=lambda value: _("Saved %(player)s.") % {"player": registration},
            then=reverse("console:roster", args=[tournament.slug]),
        )
        if answer is not None:
            return answer
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
    return render(request, "tournament/console/player_form.html", context)


@console_page()
def player_withdraw(request, tournament, number):
    registration = _registration(tournament, number)
    form = WithdrawForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        from_round = form.cleaned_data["from_round"]
        withdrawn = _("%(player)s withdrawn from round %(round)s on.")
        answer = service_write(
            request,
            lambda: roster_withdraw(
                registration=registration, from_round=from_round, user=request.user
            ),
            form=form,
            done=lambda reseated: (
                withdrawn % {"player": registration.player, "round": from_round}
                + _reseated(reseated)
            ),
            then=reverse("console:roster", args=[tournament.slug]),
        )
        if answer is not None:
            return answer
    return render(
        request,
        "tournament/console/player_withdraw.html",
        {"tournament": tournament, "registration": registration, "form": form},
    )


@console_page()
@require_POST
def player_reinstate(request, tournament, number):
    registration = _registration(tournament, number)
    back = _("%(player)s is back in the event.")
    return service_write(
        request,
        lambda: roster_reinstate(registration=registration, user=request.user),
        done=lambda reseated: back % {"player": registration.player} + _reseated(reseated),
        then=reverse("console:roster", args=[tournament.slug]),
    )


@console_page()
def substitute_add(request, tournament):
    then = "console:checkin" if request.POST.get("next") == "checkin" else "console:roster"
    return _new_player_page(
        request,
        tournament,
        roster_substitute,
        done=_("Substitute %(player)s registered."),
        then=reverse(then, args=[tournament.slug]),
        page={"title": _("Add a substitute"), "substitute": True},
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
    response["Content-Disposition"] = content_disposition_header(
        True, f"{tournament.slug}-players.csv"
    )
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

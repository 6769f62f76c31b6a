"""The players' private links on the console: issue, re-issue or revoke one player's link (on
the player's page; re-issuing and revoking ask first, since the old link stops working), issue
links for every player at once, and the links as CSV for mailing (name, number, country, link).
Writes: `event.links`."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ...event import links as link_services
from ...event.selectors.links import link_path, link_tokens
from ...event.selectors.roster import roster
from ...event.spreadsheet import row_escape
from ...models import Registration
from ...web.writes import service_write
from .common import console_page

LINK_ACTIONS = {
    "issue": gettext_lazy("Issue a private link"),
    "reissue": gettext_lazy("Replace the private link"),
    "revoke": gettext_lazy("Revoke the private link"),
}


def link_address(request, token: str) -> str:
    return request.build_absolute_uri(link_path(token))


@console_page()
def player_link(request, tournament, number):
    registration = get_object_or_404(
        Registration.objects.select_related("player"), tournament=tournament, number=number
    )
    registration.tournament = tournament
    action = request.POST.get("action") or request.GET.get("action", "")
    if action not in LINK_ACTIONS:
        action = "issue"
    if request.method == "POST":
        if action == "revoke":
            write, done = (
                link_services.player_link_revoke,
                _("The private link of %(player)s no longer works."),
            )
        else:
            write, done = link_services.player_link_issue, _("%(player)s has a new private link.")
        return service_write(
            request,
            lambda: write(registration=registration, user=request.user),
            done=lambda value: done % {"player": registration},
            then=reverse("console:player_edit", args=[tournament.slug, number]),
        )
    context = {
        "tournament": tournament,
        "registration": registration,
        "action": action,
        "title": LINK_ACTIONS[action],
    }
    return render(request, "tournament/console/player_link.html", context)


@console_page()
@require_POST
def links_issue_all(request, tournament):
    issued = link_services.player_links_issue_all(tournament=tournament, user=request.user)
    messages.success(
        request,
        _("Issued %(count)s private link(s).") % {"count": issued}
        if issued
        else _("Every player already has a link."),
    )
    return redirect("console:roster", slug=tournament.slug)


@console_page()
def links_export(request, tournament):
    """Every link in force as CSV (formula-escaped cells), in player-number order."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        True, f"{tournament.slug}-private-links.csv"
    )
    response["Cache-Control"] = "private, no-store"
    response.write("\ufeff")  # Excel reads UTF-8 with a BOM
    writer = csv.writer(response)
    writer.writerow(["name", "number", "country", "link"])
    tokens = link_tokens(tournament)
    for reg in roster(tournament):
        if reg.pk in tokens:
            writer.writerow(
                row_escape(
                    [
                        reg.player.name,
                        reg.number,
                        reg.player.country.code,
                        link_address(request, tokens[reg.pk]),
                    ]
                )
            )
    return response

"""The tournament itself: create one, edit its settings, delete one without hands, hide or show
one. Writes: `event.services` (create, update) and `event.removal` (delete, hide)."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...event import removal
from ...event.services import tournaments as tournaments_services
from ...event.services.tournaments import tournament_update
from ...roles import global_organiser_required
from ...web.writes import service_write
from ..forms.tournament import (
    TournamentCreateForm,
    TournamentDeleteForm,
    TournamentEditForm,
    TournamentHiddenForm,
)
from .common import console_page


@global_organiser_required
def tournament_create(request):
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        answer = service_write(
            request,
            lambda: tournaments_services.tournament_create(user=request.user, **form.cleaned_data),
            form=form,
            done=lambda tournament: (
                _("%(name)s created. Next: register the players.") % {"name": tournament.name}
            ),
            then=lambda tournament: reverse("console:dashboard", args=[tournament.slug]),
        )
        if answer is not None:
            return answer
    same_name = form.is_bound and (
        form.has_error("name", "same_name") or bool(request.POST.get("same_name_ok"))
    )
    context = {"form": form, "ask_same_name": same_name}
    return render(request, "tournament/console/tournament_create.html", context)


@console_page()
def tournament_delete(request, tournament):
    """Delete a tournament without hands (its name typed), or hide or show one."""
    played = removal.tournament_is_played(tournament)
    form = TournamentDeleteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        answer = service_write(
            request,
            lambda: removal.tournament_delete(
                tournament=tournament, typed_name=form.cleaned_data["name"], user=request.user
            ),
            form=form,
            done=lambda value: _("%(name)s deleted.") % {"name": tournament.name},
            then="public:home",
        )
        if answer is not None:
            return answer
    context = {
        "tournament": tournament,
        "form": form,
        "played": played,
        "player_count": tournament.registrations.count(),
        "round_count": tournament.rounds.count(),
    }
    return render(request, "tournament/console/tournament_delete.html", context)


@console_page()
@require_POST
def tournament_hidden(request, tournament):
    form = TournamentHiddenForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose to hide the tournament or to show it."))
        return redirect("console:tournament_delete", slug=tournament.slug)
    hidden = form.cleaned_data["hidden"]
    removal.tournament_hidden_set(tournament=tournament, hidden=hidden, user=request.user)
    if hidden:
        messages.success(
            request,
            _(
                "%(name)s is hidden: its public pages answer 'not found' and the lists leave it "
                "out. Officials still see it."
            )
            % {"name": tournament.name},
        )
    else:
        messages.success(
            request, _("%(name)s is shown on the public pages again.") % {"name": tournament.name}
        )
    return redirect("console:tournament_delete", slug=tournament.slug)


@console_page()
def tournament_edit(request, tournament):
    # The form cleans into a copy: the page's heading keeps the saved name until it is saved.
    form = TournamentEditForm(request.POST or None, instance=copy.copy(tournament))
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        answer = service_write(
            request,
            lambda: tournament_update(tournament=tournament, changes=changes, user=request.user),
            form=form,
            done=_("Tournament saved."),
            then=reverse("console:dashboard", args=[tournament.slug]),
        )
        if answer is not None:
            return answer
    return render(
        request, "tournament/console/tournament_edit.html", {"tournament": tournament, "form": form}
    )

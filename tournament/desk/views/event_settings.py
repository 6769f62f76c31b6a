"""The tournament's settings that a head judge may change during the event; audited."""

from __future__ import annotations

import copy

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from ...event.services import settings as settings_services
from ...event.services.settings import SETTINGS_FIELDS, highest_hand_number, tournament_has_hands
from ...models import Session
from ...roles import HEAD_JUDGE
from ...web.writes import service_write
from ..forms import SettingsForm
from .common import desk_page


@desk_page(HEAD_JUDGE)
def tournament_settings_update(request, tournament):
    form = SettingsForm(
        request.POST or None,
        # The form cleans into a copy: the page keeps the saved settings until they are saved.
        instance=copy.copy(tournament),
        has_hands=tournament_has_hands(tournament),
        highest_hand=highest_hand_number(tournament),
    )
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in SETTINGS_FIELDS}
        answer = service_write(
            request,
            lambda: settings_services.tournament_settings_update(
                tournament=tournament, changes=changes, user=request.user
            ),
            form=form,
            done=_("Tournament settings saved."),
            then=reverse("desk:home", args=[tournament.slug]),
        )
        if answer is not None:
            return answer
    closed = Session.objects.filter(round__tournament=tournament).exclude(status="open").count()
    context = {"tournament": tournament, "form": form, "closed_sessions": closed}
    return render(request, "tournament/desk/settings.html", context)

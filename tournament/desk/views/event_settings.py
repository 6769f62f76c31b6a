"""The tournament's settings that a head judge may change during the event; audited."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from ...event.services import settings as settings_services
from ...event.services.settings import SETTINGS_FIELDS, highest_hand_number, tournament_has_hands
from ...form_errors import service_error_onto
from ...models import Session
from ...roles import HEAD_JUDGE
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
        try:
            settings_services.tournament_settings_update(
                tournament=tournament, changes=changes, user=request.user
            )
        except ValidationError as error:
            service_error_onto(form, error)
        else:
            messages.success(request, _("Tournament settings saved."))
            return redirect("desk:home", slug=tournament.slug)
    closed = Session.objects.filter(round__tournament=tournament).exclude(status="open").count()
    context = {"tournament": tournament, "form": form, "closed_sessions": closed}
    return render(request, "tournament/desk/settings.html", context)

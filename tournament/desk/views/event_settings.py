"""The tournament's settings that a head judge may change during the event; audited."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render

from ...event import services as event_services
from ...models import Session, Tournament
from ...roles import head_judge_required
from ..forms import SettingsForm


@head_judge_required
def tournament_settings_update(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    form = SettingsForm(
        request.POST or None,
        instance=Tournament.objects.get(pk=tournament.pk),
        has_hands=event_services.tournament_has_hands(tournament),
        highest_hand=event_services.highest_hand_number(tournament),
    )
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in event_services.SETTINGS_FIELDS}
        try:
            event_services.tournament_settings_update(
                tournament=tournament, changes=changes, user=request.user
            )
        except ValidationError as error:
            if hasattr(error, "error_dict"):
                for name, errors in error.error_dict.items():
                    form.add_error(name if name in form.fields else None, errors)
            else:
                form.add_error(None, error)
        else:
            messages.success(request, "Tournament settings saved.")
            return redirect("desk:home", slug=slug)
    closed = Session.objects.filter(round__tournament=tournament).exclude(status="open").count()
    context = {"tournament": tournament, "form": form, "closed_sessions": closed}
    return render(request, "tournament/desk/settings.html", context)

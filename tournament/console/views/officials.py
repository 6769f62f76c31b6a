"""Officials of one tournament: add one (a new log-in gets a generated password, shown once)
or remove one. Writes: `event.services`."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...event.selectors import tournaments as tournaments_selectors
from ...event.services import officials as officials_services
from ...event.services.officials import official_add
from ...models import TournamentOfficial
from ...web.form_errors import service_error_onto
from ..forms.officials import OfficialForm
from .common import console_page


@console_page()
def officials(request, tournament):
    form = OfficialForm(request.POST or None)
    password = None
    if request.method == "POST" and form.is_valid():
        try:
            official, password = official_add(tournament=tournament, **form.cleaned_data)
        except ValidationError as error:
            service_error_onto(form, error)
        else:
            messages.success(
                request,
                _("%(user)s is now %(role)s of %(tournament)s.")
                % {
                    "user": official.user.username,
                    "role": official.get_role_display().lower(),
                    "tournament": tournament.name,
                },
            )
            if password is None:
                return redirect("console:officials", slug=tournament.slug)
            form = OfficialForm()
    context = {
        "tournament": tournament,
        "form": form,
        "officials": tournaments_selectors.officials(tournament),
        "password": password,
        "new_username": request.POST.get("username", "") if password else "",
    }
    response = render(request, "tournament/console/officials.html", context)
    response["Cache-Control"] = "no-store"  # the generated password is shown once
    return response


@console_page()
@require_POST
def official_remove(request, tournament, pk):
    official = get_object_or_404(
        TournamentOfficial.objects.select_related("user"), tournament=tournament, pk=pk
    )
    officials_services.official_remove(official=official)
    messages.success(
        request,
        _("%(user)s is no longer an official here.") % {"user": official.user.username},
    )
    return redirect("console:officials", slug=tournament.slug)

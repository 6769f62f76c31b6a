"""The tournament's penalty presets: list, add, edit, delete (after a confirmation page; a
used preset stays) and load an example set with one click. Writes:
`play.services.presets`. Vocabulary: see `tournament.play.penalties`."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...models import PenaltyPreset
from ...play.penalties import EXAMPLE_SETS
from ...play.selectors import penalties as penalty_selectors
from ...play.services import presets as preset_services
from ...web.writes import service_write
from ..forms.presets import ExampleSetForm, PenaltyPresetForm
from .common import console_page


def _list_url(tournament) -> str:
    return reverse("console:penalty_presets", args=[tournament.slug])


def _back_to_list(tournament):
    return redirect(_list_url(tournament))


@console_page()
def penalty_presets(request, tournament):
    """The list, and the form that adds one."""
    form = PenaltyPresetForm(request.POST or None, instance=PenaltyPreset(tournament=tournament))
    if request.method == "POST" and form.is_valid():
        values = {name: form.cleaned_data[name] for name in form.Meta.fields}
        answer = service_write(
            request,
            lambda: preset_services.penalty_preset_save(
                tournament=tournament, values=values, user=request.user
            ),
            form=form,
            done=lambda preset: (
                _("Preset %(name)s added; the desk offers it now.") % {"name": preset.name}
            ),
            then=_list_url(tournament),
        )
        if answer is not None:
            return answer
    context = {
        "tournament": tournament,
        "form": form,
        "presets": penalty_selectors.penalty_presets(tournament),
        "examples": [(key, label, terms) for key, (label, terms) in EXAMPLE_SETS.items()],
    }
    return render(request, "tournament/console/penalty_presets.html", context)


@console_page()
def penalty_preset_edit(request, tournament, pk):
    preset = get_object_or_404(PenaltyPreset, tournament=tournament, pk=pk)
    # The form cleans into a copy: the page's heading keeps the saved name until it is saved.
    form = PenaltyPresetForm(request.POST or None, instance=copy.copy(preset))
    if request.method == "POST" and form.is_valid():
        values = {name: form.cleaned_data[name] for name in form.Meta.fields}
        answer = service_write(
            request,
            lambda: preset_services.penalty_preset_save(
                tournament=tournament, preset=preset, values=values, user=request.user
            ),
            form=form,
            done=_("Preset %(name)s saved. Penalties already recorded keep their points.")
            % {"name": values["name"]},
            then=_list_url(tournament),
        )
        if answer is not None:
            return answer
    context = {"tournament": tournament, "form": form, "preset": preset}
    return render(request, "tournament/console/penalty_preset_edit.html", context)


@console_page()
def penalty_preset_delete(request, tournament, pk):
    """GET: the confirmation page (or why it cannot go); POST: delete."""
    preset = get_object_or_404(PenaltyPreset, tournament=tournament, pk=pk)
    used = preset.penalties.count()
    if request.method == "POST":
        return service_write(
            request,
            lambda: preset_services.penalty_preset_delete(preset=preset, user=request.user),
            done=lambda value: _("Preset %(name)s deleted.") % {"name": preset.name},
            then=_list_url(tournament),
        )
    context = {"tournament": tournament, "preset": preset, "used": used}
    return render(request, "tournament/console/penalty_preset_delete.html", context)


@console_page()
@require_POST
def penalty_presets_load(request, tournament):
    form = ExampleSetForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the example sets listed."))
        return _back_to_list(tournament)
    label = EXAMPLE_SETS[form.cleaned_data["example"]][0]
    added = preset_services.penalty_presets_load(
        tournament=tournament, example=form.cleaned_data["example"], user=request.user
    )
    if added:
        names = ", ".join(preset.name for preset in added)
        messages.success(request, _("Loaded %(set)s: %(names)s.") % {"set": label, "names": names})
    else:
        messages.info(
            request,
            _("Every preset of %(set)s is in the list already; none added.") % {"set": label},
        )
    return _back_to_list(tournament)

"""The console's penalty preset forms: a preset, and one of the example sets to load."""

from django import forms
from django.utils.translation import gettext_lazy

from ...event.labels import PRESET_LABELS, labels_for
from ...models import PenaltyPreset
from ...play.penalties import EXAMPLE_SETS
from ...play.services.presets import PRESET_FIELDS


class PenaltyPresetForm(forms.ModelForm):
    class Meta:
        model = PenaltyPreset
        fields = list(PRESET_FIELDS)
        labels = labels_for(PRESET_LABELS, PRESET_FIELDS)


class ExampleSetForm(forms.Form):
    example = forms.ChoiceField(
        choices=[(key, label) for key, (label, _terms) in EXAMPLE_SETS.items()],
        error_messages={"invalid_choice": gettext_lazy("Choose one of the example sets listed.")},
    )

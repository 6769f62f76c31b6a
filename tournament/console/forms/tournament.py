"""The console's tournament forms: create one (with its rules' preset), edit its settings,
delete it (its name typed) or hide it from the public pages.

Vocabulary
----------
date input      ``<input type=date>``, whose value is always ISO ``YYYY-MM-DD`` (`DateInput`).
"""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...event.labels import TOURNAMENT_HELP_TEXTS, TOURNAMENT_LABELS, labels_for
from ...event.services.tournaments import EDIT_FIELDS, PRESETS
from ...models import Tournament
from ...play.forms import MinimumField

ISO_DATE = "%Y-%m-%d"


class DateInput(forms.DateInput):
    """``<input type=date>``: browsers accept only ISO ``YYYY-MM-DD`` as its value, whatever the
    site's display format (en-GB shows 31/12/2026, which a date input reads as empty)."""

    input_type = "date"

    def __init__(self, attrs=None, format=None):
        super().__init__(attrs=attrs, format=format or ISO_DATE)


class TournamentCreateForm(forms.Form):
    name = forms.CharField(max_length=200, label=gettext_lazy("Name"))
    start_date = forms.DateField(widget=DateInput, label=gettext_lazy("Start date"))
    end_date = forms.DateField(widget=DateInput, label=gettext_lazy("End date"))
    venue = forms.CharField(max_length=200, required=False, label=gettext_lazy("Venue"))
    preset = forms.ChoiceField(
        choices=[(key, preset["label"]) for key, preset in PRESETS.items()],
        initial="zj_tournament",
        widget=forms.RadioSelect,
        label=gettext_lazy("Rules"),
    )
    same_name_ok = forms.BooleanField(
        required=False,
        label=gettext_lazy("Yes, create another tournament with this name"),
        help_text=gettext_lazy("Shown when a tournament of that name exists already."),
    )

    def clean(self):
        data = super().clean()
        if (
            data.get("start_date")
            and data.get("end_date")
            and data["end_date"] < data["start_date"]
        ):
            self.add_error("end_date", _("The last day cannot come before the first day."))
        return data


class TournamentEditForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = list(EDIT_FIELDS)
        labels = labels_for(TOURNAMENT_LABELS, EDIT_FIELDS)
        help_texts = labels_for(TOURNAMENT_HELP_TEXTS, EDIT_FIELDS)
        widgets = {"start_date": DateInput, "end_date": DateInput}
        field_classes = {"minimum_points": MinimumField}


class TournamentDeleteForm(forms.Form):
    name = forms.CharField(
        max_length=200, label=gettext_lazy("Type the tournament's name to delete it")
    )


class TournamentHiddenForm(forms.Form):
    hidden = forms.TypedChoiceField(
        choices=[
            ("1", gettext_lazy("Hide from the public pages")),
            ("0", gettext_lazy("Show on the public pages")),
        ],
        coerce=lambda value: value == "1",
    )

"""Forms of the judges' desk beyond the hand form (which is `tournament.play.forms.HandForm`).

Vocabulary
----------
correction      the hand form plus a required reason and the hidden version it started from.
card form       the four final totals from the signed score card.
"""

from __future__ import annotations

from django import forms

from ..event.services import SETTINGS_FIELDS
from ..models import Penalty, Tournament
from ..play.entry import Seating
from ..play.forms import HandForm
from ..winds import WIND_NAMES, WINDS, wind_order


class ChangeFields:
    """A change to a saved hand carries its reason and the version it started from."""

    def change_args(self) -> dict:
        return {"reason": self.cleaned_data["reason"], "version": self.cleaned_data["version"]}


class CorrectionForm(ChangeFields, HandForm):
    reason = forms.CharField(
        max_length=300, label="Reason for the correction", help_text="Kept in the audit log."
    )
    version = forms.IntegerField(widget=forms.HiddenInput)


class DeleteForm(ChangeFields, forms.Form):
    reason = forms.CharField(max_length=300, label="Reason for deleting this hand")
    version = forms.IntegerField(widget=forms.HiddenInput)


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=300, label="Reason")


class PenaltyForm(forms.Form):
    player = forms.TypedChoiceField(coerce=int)
    amount = forms.IntegerField(min_value=1, max_value=10000)
    mode = forms.ChoiceField(choices=Penalty.Mode.choices, initial=Penalty.Mode.DEDUCTION)
    reason = forms.CharField(max_length=300, help_text="e.g. wrong claim, misconduct, lateness.")
    hand_number = forms.IntegerField(required=False, min_value=1, label="Hand no. (optional)")

    def __init__(self, *args, seating: Seating, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [
            (str(pid), f"{WIND_NAMES[w]} · {seating.names[pid]}")
            for w, pid in sorted(seating.players.items(), key=lambda item: wind_order(item[0]))
        ]


class CardForm(forms.Form):
    """The final totals of the signed score card, one field per player (starting wind order)."""

    def __init__(self, *args, seating: Seating, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = []
        for wind in WINDS:
            pid = seating.players.get(wind)
            if pid is None:
                continue
            name = f"p{pid}"
            self.fields[name] = forms.IntegerField(
                label=f"{WIND_NAMES[wind]} · {seating.names[pid]}",
                widget=forms.NumberInput(attrs={"class": "number-input", "inputmode": "numeric"}),
            )
            self.players.append(pid)

    def card_totals(self) -> dict[int, int]:
        return {pid: self.cleaned_data[f"p{pid}"] for pid in self.players}


class SettingsForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = list(SETTINGS_FIELDS)

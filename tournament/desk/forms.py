"""Forms of the judges' desk beyond the hand form (which is `tournament.play.forms.HandForm`).

Vocabulary
----------
correction      the hand form plus a required reason and the hidden version it started from.
preset choice   the penalty form's list of the tournament's penalty presets: choosing one
                takes its points, mode and reason (a warning first where it says so); "Other"
                is a free penalty with its own points and reason.
card form       the four numbers of the signed score card's *Final total* row (hands plus
                penalties), one per player named as the card names them (starting wind).
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.translation import translate_message

from ..event.labels import TOURNAMENT_HELP_TEXTS, TOURNAMENT_LABELS, labels_for
from ..event.services.settings import FROZEN_REASON, SCORING_RULES, SETTINGS_FIELDS
from ..models import Penalty, Tournament
from ..play.entry.hand_entry import Seating
from ..play.forms import HandForm, MinimumField
from ..play.penalties import shipped_word
from ..winds import WINDS, wind_order

#: The penalty modes in the reader's language (the model keeps its English labels).
MODE_CHOICES = [
    (Penalty.Mode.ZERO_SUM, _("Paid to the other three players")),
    (Penalty.Mode.DEDUCTION, _("Deducted from the player's total")),
]


class ChangeFields:
    """A change to a saved hand carries its reason and the version it started from."""

    def change_args(self) -> dict:
        return {"reason": self.cleaned_data["reason"], "version": self.cleaned_data["version"]}


class CorrectionForm(ChangeFields, HandForm):
    reason = forms.CharField(
        max_length=300,
        label=_("Reason for the correction"),
        help_text=_("Kept in the audit log."),
    )
    version = forms.IntegerField(widget=forms.HiddenInput)


class DeleteForm(ChangeFields, forms.Form):
    reason = forms.CharField(max_length=300, label=_("Reason for deleting this hand"))
    version = forms.IntegerField(widget=forms.HiddenInput)


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=300, label=_("Reason"))


class PenaltyForm(forms.Form):
    """A penalty (RULINGS R13). No player is chosen in advance: a wrong default once recorded a
    deduction against the wrong player."""

    player = forms.TypedChoiceField(
        coerce=int,
        label=_("Player"),
        error_messages={"required": _("Choose the player who is penalised.")},
    )
    amount = forms.IntegerField(min_value=1, max_value=10000, label=_("Amount"))
    mode = forms.ChoiceField(
        choices=MODE_CHOICES, initial=Penalty.Mode.DEDUCTION, label=pgettext_lazy("penalty", "Mode")
    )
    reason = forms.CharField(
        max_length=300, label=_("Reason"), help_text=_("e.g. wrong claim, misconduct, lateness.")
    )
    hand_number = forms.IntegerField(required=False, min_value=1, label=_("Hand no. (optional)"))

    def __init__(self, *args, seating: Seating, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", gettext("— choose the player —"))] + [
            (str(pid), f"{w} · {seating.names[pid]}")
            for w, pid in sorted(seating.players.items(), key=lambda item: wind_order(item[0]))
        ]
        self.fields["player"].widget.attrs["autofocus"] = True

    def penalty_args(self) -> dict:
        data = self.cleaned_data
        return {
            "player_id": data["player"],
            "amount": data["amount"],
            "mode": data["mode"],
            "reason": data["reason"],
            "hand_number": data["hand_number"],
        }

    @staticmethod
    def initial_from(penalty) -> dict:
        return {
            "player": penalty.player_id,
            "amount": penalty.amount,
            "mode": penalty.mode,
            "reason": penalty.reason,
            "hand_number": penalty.hand.number if penalty.hand_id else None,
        }


OTHER = ""


class PenaltyRecordForm(PenaltyForm):
    """A new penalty: one of the tournament's presets (see the vocabulary), or "Other" with
    its own points, mode and reason."""

    preset = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        label=_("Penalty"),
        help_text=_("A preset gives the points and reason; choose Other for a free penalty."),
    )
    count = forms.IntegerField(
        min_value=1,
        max_value=100,
        required=False,
        label=_("How many (for a preset counted per unit, e.g. missed games)"),
    )
    field_order = ["player", "preset", "count", "amount", "mode", "reason", "hand_number"]

    def __init__(self, *args, presets=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.presets = {preset.pk: preset for preset in presets}
        self.fields["preset"].choices = [
            (str(preset.pk), preset_label(preset)) for preset in presets
        ] + [(OTHER, gettext("Other (give the points and the reason)"))]
        if not presets:
            for name in ("preset", "count"):
                self.fields[name].widget = forms.HiddenInput()
        for name in ("amount", "mode", "reason"):
            self.fields[name].required = False
        self.fields["reason"].help_text = gettext(
            "With a preset: an optional note. Otherwise the reason, e.g. wrong claim."
        )

    def clean(self):
        data = super().clean()
        if data.get("preset") is None:
            if "amount" in data and data.get("amount") is None:
                self.add_error("amount", gettext("Give the points, or choose a preset."))
            if "reason" in data and not (data.get("reason") or "").strip():
                self.add_error(
                    "reason", gettext("Give the reason for a penalty that is not a preset.")
                )
        return data

    def penalty_args(self) -> dict:
        args = super().penalty_args()
        if self.cleaned_data.get("preset") is not None:
            args.update(
                preset_id=self.cleaned_data["preset"], count=self.cleaned_data["count"] or 1
            )
            args.pop("amount")
            args.pop("mode")
        elif not args["mode"]:
            args["mode"] = Penalty.Mode.DEDUCTION
        return args


def preset_label(preset) -> str:
    """ "Talking: 30 (warning first)", "Late arrival: 30 per missed game"."""
    values = {
        "name": translate_message(shipped_word(preset.name)),
        "points": preset.points,
        "per": translate_message(shipped_word(preset.per)),
    }
    if preset.per and preset.warning_first:
        text = gettext("%(name)s: %(points)s per %(per)s (warning first)")
    elif preset.per:
        text = gettext("%(name)s: %(points)s per %(per)s")
    elif preset.warning_first:
        text = gettext("%(name)s: %(points)s (warning first)")
    else:
        text = "%(name)s: %(points)s"
    return text % values


class PenaltyCorrectionForm(PenaltyForm):
    change_reason = forms.CharField(
        max_length=300,
        label=_("Reason for the correction"),
        help_text=_("Kept in the audit log."),
    )


class CardForm(forms.Form):
    """The Final total row of the signed score card, one field per player (starting wind order)."""

    def __init__(self, *args, seating: Seating, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = []
        for wind in WINDS:
            pid = seating.players.get(wind)
            if pid is None:
                continue
            name = f"p{pid}"
            self.fields[name] = forms.IntegerField(
                label=gettext("%(wind)s · %(name)s: Final total")
                % {"wind": wind, "name": seating.names[pid]},
                widget=forms.NumberInput(attrs={"class": "number-input", "inputmode": "numeric"}),
            )
            self.players.append(pid)

    def card_totals(self) -> dict[int, int]:
        return {pid: self.cleaned_data[f"p{pid}"] for pid in self.players}


class SettingsForm(forms.ModelForm):
    """The settings a head judge may change; the scoring rules are shown but frozen once the
    tournament has hands, and hands per session cannot go below the highest hand entered."""

    class Meta:
        model = Tournament
        fields = list(SETTINGS_FIELDS)
        labels = labels_for(TOURNAMENT_LABELS, SETTINGS_FIELDS)
        help_texts = labels_for(TOURNAMENT_HELP_TEXTS, SETTINGS_FIELDS)
        field_classes = {"minimum_points": MinimumField}

    def __init__(self, *args, has_hands: bool, highest_hand: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.highest_hand = highest_hand
        self.frozen = list(SCORING_RULES) if has_hands else []
        for name in self.frozen:
            self.fields[name].disabled = True
            self.fields[name].help_text = gettext(FROZEN_REASON)
        if highest_hand:
            hands = self.fields["hands_per_session"]
            hands.min_value = max(highest_hand, 1)
            hands.widget.attrs["min"] = hands.min_value
            more = gettext("A table already has hand %(number)s: no fewer than that.")
            hands.help_text = f"{hands.help_text} {more % {'number': highest_hand}}"

    def clean_hands_per_session(self):
        value = self.cleaned_data["hands_per_session"]
        # Below 1 the model's own range (1 to 64) answers; "a table already has hand N" only
        # when a table has one.
        if value is not None and self.highest_hand and 1 <= value < self.highest_hand:
            raise forms.ValidationError(
                gettext("A table already has hand %(number)s: hands per session cannot be fewer.")
                % {"number": self.highest_hand}
            )
        return value


class QueryAnswerForm(forms.Form):
    """A head judge's answer to a player's hand query."""

    decision = forms.ChoiceField(
        choices=[("dismissed", _("Dismiss")), ("upheld", _("Uphold (then correct the hand)"))],
        widget=forms.RadioSelect,
        label=_("Decision"),
        error_messages={"required": _("Choose to uphold or to dismiss the query.")},
    )
    answer = forms.CharField(
        max_length=300,
        required=False,
        label=_("Answer the player reads (required to dismiss)"),
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": 300}),
    )

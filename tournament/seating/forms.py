"""Forms for the organiser's seating page."""

from django import forms

from ..models import Player


class GenerateSeatingForm(forms.Form):
    total_rounds = forms.IntegerField(
        min_value=1,
        max_value=30,
        label="Rounds in the event",
        help_text="Published and played rounds keep their seating; the rounds after them are "
        "generated.",
    )
    seed = forms.IntegerField(
        min_value=0, initial=0, help_text="The same seed gives the same seating."
    )
    odd_players = forms.ChoiceField(
        choices=[
            ("error", "Stop and let me add substitutes"),
            ("byes", "Sit players out in turn (byes)"),
        ],
        initial="error",
        widget=forms.RadioSelect,
        label="If the player count is not a multiple of 4",
    )


class SwapSeatsForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Player.objects.none(), label="Player")
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label="swaps seats with")

    def __init__(self, *args, round_, **kwargs):
        super().__init__(*args, **kwargs)
        seated = Player.objects.filter(seats__round=round_).order_by("name")
        self.fields["first"].queryset = seated
        self.fields["second"].queryset = seated

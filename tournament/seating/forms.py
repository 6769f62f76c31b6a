"""Forms for the organiser's seating page."""

from django import forms
from django.db.models.functions import Lower

from ..models import Player
from ..names import player_names


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
        # Family-name order; every player shown by their label (`event.names`).
        self.names = player_names(round_.tournament_id)
        seated = Player.objects.filter(seats__round=round_).order_by(
            Lower("family_name"), Lower("given_name"), "pk"
        )
        for name in ("first", "second"):
            self.fields[name].queryset = seated
            self.fields[name].label_from_instance = self.label_of

    def label_of(self, player: Player) -> str:
        return self.names.label(player.pk, player.name)

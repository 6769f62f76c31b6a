"""The console's seating forms: seat a round from the roll call, generate the event's
seating, a round's table change, and two players swapping seats (named by number).
"""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...event.selectors.seats import seated_by_number
from ...models import Player
from ...names import player_names


def odd_players_field() -> forms.ChoiceField:
    """What to do when the players do not fill tables of four: stop, or byes in turn."""
    return forms.ChoiceField(
        choices=[
            ("error", gettext_lazy("Stop and let me add substitutes")),
            ("byes", gettext_lazy("Sit players out in turn (byes)")),
        ],
        initial="error",
        widget=forms.RadioSelect,
        label=gettext_lazy("If the player count is not a multiple of 4"),
    )


class SeatRoundForm(forms.Form):
    odd_players = forms.ChoiceField(
        choices=[
            ("byes", gettext_lazy("Sit the extra players out (byes)")),
            ("error", gettext_lazy("Stop: I will add substitutes")),
        ],
        initial="byes",
        widget=forms.RadioSelect,
        label=gettext_lazy("If the players present do not fill tables of four"),
    )
    seed = forms.IntegerField(min_value=0, initial=0, required=False, label=gettext_lazy("Seed"))


class GenerateSeatingForm(forms.Form):
    total_rounds = forms.IntegerField(
        min_value=1,
        max_value=30,
        label=gettext_lazy("Rounds in the event"),
        help_text=gettext_lazy(
            "Published and played rounds keep their seating; the rounds after them are generated."
        ),
    )
    seed = forms.IntegerField(
        min_value=0,
        initial=0,
        label=gettext_lazy("Seed"),
        help_text=gettext_lazy("The same seed gives the same seating."),
    )
    odd_players = odd_players_field()


MAX_PLAYER_NUMBER = 2_147_483_647  # Registration.number is a PositiveIntegerField


class TableChangeForm(forms.Form):
    """A round's table change: players move to new tables after this hand (empty: none)."""

    after_hand = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=64,
        label=gettext_lazy("Change tables after hand"),
        help_text=gettext_lazy(
            "e.g. 8 of 16: hands 9 to 16 are played at new tables, seated again to meet new "
            "opponents. Leave empty for no change."
        ),
    )


class SwapSeatsForm(forms.Form):
    """Two players of a round swap seats, each named by their player number (the number the
    seating shows beside each name): two short fields, not two lists of every player."""

    first = forms.IntegerField(
        label=gettext_lazy("Player number"), min_value=1, max_value=MAX_PLAYER_NUMBER
    )
    second = forms.IntegerField(
        label=gettext_lazy("swaps seats with number"), min_value=1, max_value=MAX_PLAYER_NUMBER
    )

    def __init__(self, *args, round_, **kwargs):
        super().__init__(*args, **kwargs)
        self.round_ = round_
        self.names = player_names(round_.tournament_id)
        for field in self.fields.values():
            field.widget.attrs.update(inputmode="numeric", autocomplete="off", size=6)

    def _seated(self, number: int) -> Player:
        player, seated = seated_by_number(self.round_, number)
        if player is None:
            raise forms.ValidationError(
                _(
                    "No player has number %(number)s in this tournament: type the number shown "
                    "beside the name in the seat table below."
                )
                % {"number": number}
            )
        if not seated:
            raise forms.ValidationError(
                _(
                    "%(player)s (#%(number)s) is not seated in round %(round)s: pick a player "
                    "from the seat table below."
                )
                % {"player": self.label_of(player), "number": number, "round": self.round_.number}
            )
        return player

    def clean_first(self) -> Player:
        return self._seated(self.cleaned_data["first"])

    def clean_second(self) -> Player:
        return self._seated(self.cleaned_data["second"])

    def label_of(self, player: Player) -> str:
        return self.names.label(player.pk, player.name)

"""The console's forms for the final rounds' seating: seat one round by a method, fix a
player's table, keep two players apart. Players are named by their registration number (the
number printed beside every name), as in the swap form.
"""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...models import Player, Registration, Round
from .seating import MAX_PLAYER_NUMBER, odd_players_field

ROUND_MAX = 999


def _round_field(label, *, required=True, help_text=""):
    return forms.IntegerField(
        label=label, min_value=1, max_value=ROUND_MAX, required=required, help_text=help_text
    )


class _ByNumber(forms.Form):
    """A form whose ``number_fields`` name players by registration number."""

    number_fields: tuple[str, ...] = ()

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        for name in self.number_fields:
            self.fields[name].widget.attrs.update(inputmode="numeric", autocomplete="off", size=6)

    def _player(self, name: str) -> Player:
        number = self.cleaned_data[name]
        found = (
            Registration.objects.filter(tournament=self.tournament, number=number)
            .select_related("player")
            .first()
        )
        if found is None:
            raise forms.ValidationError(
                _(
                    "No player has number %(number)s in this tournament: type the number shown "
                    "beside the name on the players page."
                )
                % {"number": number}
            )
        return found.player


def _player_number_field(label):
    return forms.IntegerField(label=label, min_value=1, max_value=MAX_PLAYER_NUMBER)


class FixedTableForm(_ByNumber):
    number_fields = ("player",)

    player = _player_number_field(gettext_lazy("Player number"))
    table = forms.IntegerField(label=gettext_lazy("Table"), min_value=1, max_value=ROUND_MAX)
    first_round = _round_field(
        gettext_lazy("From round"), required=False, help_text=gettext_lazy("Empty: round 1.")
    )
    last_round = _round_field(
        gettext_lazy("Up to round"), required=False, help_text=gettext_lazy("Empty: every round.")
    )

    def clean_player(self) -> Player:
        return self._player("player")


class KeptApartForm(_ByNumber):
    number_fields = ("player_a", "player_b")

    player_a = _player_number_field(gettext_lazy("Player number"))
    player_b = _player_number_field(gettext_lazy("never meets number"))
    until_round = _round_field(
        gettext_lazy("Up to round"),
        required=False,
        help_text=gettext_lazy("Empty: in every round. A number: only in the rounds up to it."),
    )

    def clean_player_a(self) -> Player:
        return self._player("player_a")

    def clean_player_b(self) -> Player:
        return self._player("player_b")


class SeatByMethodForm(forms.Form):
    """Seat one round by a method: at random, by standings or Swiss."""

    number = _round_field(gettext_lazy("Round"))
    method = forms.ChoiceField(
        choices=Round.SeatingMethod.choices,
        initial=Round.SeatingMethod.STANDINGS,
        widget=forms.RadioSelect,
        label=gettext_lazy("Seating method"),
    )
    repeat_limit = forms.IntegerField(
        min_value=0,
        max_value=ROUND_MAX,
        initial=0,
        required=False,
        label=gettext_lazy("Repeat meetings allowed (Swiss)"),
        help_text=gettext_lazy(
            "Swiss moves players down the ranking to avoid pairs who met before; it refuses "
            "when the round would need more repeat meetings than this."
        ),
    )
    seed = forms.IntegerField(min_value=0, initial=0, required=False, label=gettext_lazy("Seed"))
    odd_players = odd_players_field()

    def clean_repeat_limit(self) -> int:
        return self.cleaned_data["repeat_limit"] or 0

    def clean_seed(self) -> int:
        return self.cleaned_data["seed"] or 0

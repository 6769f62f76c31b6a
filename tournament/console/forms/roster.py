"""The console's roster forms: a player (names, country, club, external id, number) and a
player's withdrawal from a round on.
"""

from django import forms
from django.utils.translation import gettext_lazy
from django_countries import countries
from django_countries.fields import LazyTypedChoiceField


def _country_choices() -> list[tuple[str, str]]:
    """No country, then the countries named and sorted in the reader's language (read when
    the form is shown, not when the module loads)."""
    return [("", "—")] + list(countries)


class PlayerForm(forms.Form):
    given_name = forms.CharField(max_length=80, required=False, label=gettext_lazy("Given name"))
    family_name = forms.CharField(max_length=80, label=gettext_lazy("Family name"))
    chinese_name = forms.CharField(
        max_length=60, required=False, label=gettext_lazy("Chinese name")
    )
    country = LazyTypedChoiceField(
        choices=_country_choices, required=False, label=gettext_lazy("Country")
    )
    club = forms.CharField(max_length=120, required=False, label=gettext_lazy("Club"))
    external_id = forms.CharField(
        max_length=40,
        required=False,
        label=gettext_lazy("External id"),
        help_text=gettext_lazy("e.g. an EMA number"),
    )
    number = forms.IntegerField(
        min_value=1,
        required=False,
        label=gettext_lazy("Number"),
        help_text=gettext_lazy("Left empty: the next free number."),
    )


class WithdrawForm(forms.Form):
    from_round = forms.IntegerField(
        min_value=1,
        label=gettext_lazy("Withdraw from round"),
        help_text=gettext_lazy(
            "Rounds before it keep the player's seats; played rounds never change."
        ),
    )

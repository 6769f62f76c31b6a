"""The public's forms: a player's hand query from their private link."""

from django import forms
from django.utils.translation import gettext_lazy

from ..models import HandQuery


class HandQueryForm(forms.Form):
    """One hand of the player's table to query, with what they think is wrong."""

    round_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=999)
    table_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=9999)
    half = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2, required=False)
    hand_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=999)
    text = forms.CharField(
        label=gettext_lazy("What is wrong with this hand?"),
        max_length=HandQuery.TEXT_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": HandQuery.TEXT_LENGTH}),
        error_messages={
            "required": gettext_lazy("Say in a few words what you think is wrong with this hand."),
            "max_length": gettext_lazy(
                "Keep it to %(limit_value)d characters (this has %(show_value)d): shorten it."
            ),
        },
    )

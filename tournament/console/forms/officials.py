"""The console's officials form: a user name (an existing account, or a new one) and the
role they get in the tournament.
"""

from django import forms
from django.utils.translation import gettext_lazy

from ...models import TournamentOfficial


class OfficialForm(forms.Form):
    username = forms.CharField(max_length=150, label=gettext_lazy("User name"))
    role = forms.ChoiceField(
        choices=[
            (TournamentOfficial.Role.JUDGE, gettext_lazy("Judge")),
            (TournamentOfficial.Role.HEAD_JUDGE, gettext_lazy("Head judge")),
            (TournamentOfficial.Role.ORGANISER, gettext_lazy("Organiser")),
        ],
        label=gettext_lazy("Role"),
    )
    create = forms.BooleanField(
        required=False,
        label=gettext_lazy("New account (a password is generated and shown once)"),
    )

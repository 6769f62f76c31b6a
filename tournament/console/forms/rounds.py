"""The console's round forms: a round's status, and the reason a penalty is deleted (kept in
the audit log).
"""

from django import forms
from django.utils.translation import gettext_lazy

from ...models import Round


class RoundStatusForm(forms.Form):
    status = forms.ChoiceField(choices=Round.Status.choices, label=gettext_lazy("Status"))


class PenaltyDeleteForm(forms.Form):
    reason = forms.CharField(
        max_length=300,
        label=gettext_lazy("Reason"),
        help_text=gettext_lazy("Kept in the audit log."),
    )

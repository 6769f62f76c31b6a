"""The console's form for an award: its kind from the list, its title, its tie rule and what
some kinds need (the fewest deal-ins' minimum sessions, the best of a category's country or
club)."""

from django import forms
from django.utils.translation import gettext_lazy

from ...models import Award

MIN_SESSIONS_MOST = 100


class AwardForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Award"), choices=Award.Kind.choices)
    title = forms.CharField(
        label=gettext_lazy("Title"),
        max_length=100,
        help_text=gettext_lazy("As the projector and the certificate show it."),
    )
    tie_rule = forms.ChoiceField(
        label=gettext_lazy("When players tie"),
        choices=Award.TieRule.choices,
        initial=Award.TieRule.SHARED,
    )
    min_sessions = forms.IntegerField(
        label=gettext_lazy("Fewest deal-ins: at least this many sessions"),
        min_value=0,
        max_value=MIN_SESSIONS_MOST,
        required=False,
        initial=0,
    )
    category = forms.ChoiceField(
        label=gettext_lazy("Best of a category: which"),
        choices=Award.Category.choices,
        required=False,
    )
    category_value = forms.CharField(
        label=gettext_lazy("Best of a category: the country code or club"),
        max_length=100,
        required=False,
    )

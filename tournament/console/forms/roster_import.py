"""The console's roster import form: a file (CSV, TSV or XLSX) or pasted rows, whether the
first row names the columns, and what each column holds when it does not.

Vocabulary
----------
column      one of the import's eight columns, chosen among the roster's fields
            (`COLUMN_CHOICES`) or ignored.
"""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from ...event import roster_bridge
from ...event.roster_files import MAX_BYTES, FileProblem, size_check
from ...event.roster_import import FIELD_LABELS, FIELDS


def _lazy_text(message: str, **values) -> str:
    """``message`` (marked with ``gettext_noop``) with its named values, translated when shown:
    for labels and help texts fixed when the module loads."""
    return lazy(lambda: _(message) % values, str)()


def _column_label(number: int) -> str:
    return _lazy_text(gettext_noop("Column %(number)s"), number=number)


COLUMN_CHOICES = [("", gettext_lazy("(ignore)"))] + [
    (name, gettext_lazy(FIELD_LABELS[name].template)) for name in FIELDS
]


class ImportForm(forms.Form):
    file = forms.FileField(
        required=False,
        label=gettext_lazy("File"),
        help_text=_lazy_text(
            gettext_noop(
                "CSV or TSV (UTF-8, or as Excel saves it in Chinese or Western European), or "
                "XLSX; at most %(megabytes)s MB."
            ),
            megabytes=MAX_BYTES // 1024 // 1024,
        ),
    )
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        label=gettext_lazy("Or paste rows"),
        help_text=gettext_lazy("Tab- or comma-separated, e.g. copied from a spreadsheet."),
    )
    header = forms.ChoiceField(
        choices=[
            ("auto", gettext_lazy("Tell from the first row")),
            ("yes", gettext_lazy("The first row names the columns")),
            ("no", gettext_lazy("No header: use the columns chosen below")),
        ],
        initial="auto",
        label=gettext_lazy("Header"),
    )
    column_1 = forms.ChoiceField(
        choices=COLUMN_CHOICES, required=False, label=_column_label(1), initial="given_name"
    )
    column_2 = forms.ChoiceField(
        choices=COLUMN_CHOICES, required=False, label=_column_label(2), initial="family_name"
    )
    column_3 = forms.ChoiceField(
        choices=COLUMN_CHOICES, required=False, label=_column_label(3), initial="country"
    )
    column_4 = forms.ChoiceField(
        choices=COLUMN_CHOICES, required=False, label=_column_label(4), initial="club"
    )
    column_5 = forms.ChoiceField(
        choices=COLUMN_CHOICES, required=False, label=_column_label(5), initial="external_id"
    )
    column_6 = forms.ChoiceField(choices=COLUMN_CHOICES, required=False, label=_column_label(6))
    column_7 = forms.ChoiceField(choices=COLUMN_CHOICES, required=False, label=_column_label(7))
    column_8 = forms.ChoiceField(choices=COLUMN_CHOICES, required=False, label=_column_label(8))

    def clean_file(self):
        upload = self.cleaned_data.get("file")
        if upload is not None:
            try:
                size_check(upload.size)  # refused before reading a byte of it
            except FileProblem as problem:
                raise forms.ValidationError(roster_bridge.shown(problem.text)) from None
        return upload

    def clean(self):
        data = super().clean()
        if not data.get("file") and not (data.get("text") or "").strip() and not self.errors:
            raise forms.ValidationError(_("Choose a file or paste some rows."))
        return data

    def chosen_columns(self) -> list[str | None]:
        columns = [self.cleaned_data.get(f"column_{i}") or None for i in range(1, 9)]
        while columns and columns[-1] is None:
            columns.pop()
        return columns

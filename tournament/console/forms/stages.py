"""The console's stage forms: the cuts, one a line ("after round, how many continue,
share"), and a cut confirmed (with its draw's seed) or undone.
"""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...stages import share_parse, share_text


class StagesForm(forms.Form):
    """The cuts of the tournament, one a line: "after round, how many continue, share"."""

    cuts = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "2, 128, 1/4\n4, 64, 1/4"}),
        required=False,
        label=gettext_lazy("Cuts"),
        help_text=gettext_lazy(
            "One cut a line: the round it follows, how many players continue, and the share of "
            "their score they carry (none, 1/4, 1/2, whole). E.g. “2, 128, 1/4”. Leave empty for "
            "one stage holding every round."
        ),
    )

    def clean_cuts(self):
        cuts = []
        for number, line in enumerate(self.cleaned_data["cuts"].splitlines(), start=1):
            if not line.strip():
                continue
            parts = [part.strip() for part in line.split(",")]
            if len(parts) != 3:
                raise forms.ValidationError(
                    _(
                        "Line %(line)s (%(text)s): give three things separated by commas: the "
                        "round, how many continue, the share (e.g. 2, 128, 1/4)."
                    )
                    % {"line": number, "text": repr(line.strip())}
                )
            try:
                last_round, size = int(parts[0]), int(parts[1])
            except ValueError:
                raise forms.ValidationError(
                    _(
                        "Line %(line)s: the round and the number of players are whole numbers "
                        "(e.g. 2, 128, 1/4)."
                    )
                    % {"line": number}
                ) from None
            if not 1 <= last_round <= 1000 or not 1 <= size <= 100_000:
                raise forms.ValidationError(
                    _(
                        "Line %(line)s: the round is between 1 and 1000 and the number of players "
                        "between 1 and 100,000."
                    )
                    % {"line": number}
                )
            try:
                share = share_parse(parts[2])
            except ValueError as error:
                raise forms.ValidationError(
                    _("Line %(line)s: %(problem)s") % {"line": number, "problem": error}
                ) from None
            cuts.append((last_round, size, share))
        return cuts

    @staticmethod
    def initial_text(plan) -> str:
        return "\n".join(
            f"{rule.last_round}, {rule.cut_size}, {share_text(rule.share)}" for rule in plan.cuts
        )


class CutConfirmForm(forms.Form):
    seed = forms.IntegerField(min_value=0, max_value=2**63 - 1, widget=forms.HiddenInput)


class CutUndoForm(forms.Form):
    sure = forms.BooleanField(
        label=gettext_lazy(
            "Yes, undo this cut: every player is back in the stage's standings, and the rounds "
            "prepared for the next stage are removed."
        ),
        error_messages={"required": gettext_lazy("Tick the box to undo the cut.")},
    )

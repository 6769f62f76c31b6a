"""Forms of the organiser's console: the tournament (create, edit, delete or hide), players,
withdrawal, the import, the roll call, officials, round status and penalties, penalty presets,
the seating page (generate, swap), and the stages with their cuts.

Forms only check and clean input; the writes are the domain packages' services
(`event.services`, `seating.services` for roster changes that reseat).
"""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from django_countries import countries
from django_countries.fields import LazyTypedChoiceField

from ..event import roster_bridge
from ..event.labels import PRESET_LABELS, TOURNAMENT_HELP_TEXTS, TOURNAMENT_LABELS, labels_for
from ..event.roster_columns import FIELD_LABELS, FIELDS
from ..event.roster_files import MAX_BYTES, FileProblem, size_check
from ..event.selectors.seats import seated_by_number
from ..event.services.tournaments import EDIT_FIELDS, PRESETS
from ..models import PenaltyPreset, Player, Round, Tournament, TournamentOfficial
from ..names import player_names
from ..play.forms import MinimumField
from ..play.penalties import EXAMPLE_SETS
from ..play.services.presets import PRESET_FIELDS
from ..stages import share_parse, share_text

ISO_DATE = "%Y-%m-%d"


def _lazy_text(message: str, **values) -> str:
    """``message`` (marked with ``gettext_noop``) with its named values, translated when shown:
    for labels and help texts fixed when the module loads."""
    return lazy(lambda: _(message) % values, str)()


def _column_label(number: int) -> str:
    return _lazy_text(gettext_noop("Column %(number)s"), number=number)


def _country_choices() -> list[tuple[str, str]]:
    """No country, then the countries named and sorted in the reader's language (read when
    the form is shown, not when the module loads)."""
    return [("", "—")] + list(countries)


class DateInput(forms.DateInput):
    """``<input type=date>``: browsers accept only ISO ``YYYY-MM-DD`` as its value, whatever the
    site's display format (en-GB shows 31/12/2026, which a date input reads as empty)."""

    input_type = "date"

    def __init__(self, attrs=None, format=None):
        super().__init__(attrs=attrs, format=format or ISO_DATE)


class TournamentCreateForm(forms.Form):
    name = forms.CharField(max_length=200, label=gettext_lazy("Name"))
    start_date = forms.DateField(widget=DateInput, label=gettext_lazy("Start date"))
    end_date = forms.DateField(widget=DateInput, label=gettext_lazy("End date"))
    venue = forms.CharField(max_length=200, required=False, label=gettext_lazy("Venue"))
    preset = forms.ChoiceField(
        choices=[(key, preset["label"]) for key, preset in PRESETS.items()],
        initial="zj_tournament",
        widget=forms.RadioSelect,
        label=gettext_lazy("Rules"),
    )
    same_name_ok = forms.BooleanField(
        required=False,
        label=gettext_lazy("Yes, create another tournament with this name"),
        help_text=gettext_lazy("Shown when a tournament of that name exists already."),
    )

    def clean(self):
        data = super().clean()
        if (
            data.get("start_date")
            and data.get("end_date")
            and data["end_date"] < data["start_date"]
        ):
            self.add_error("end_date", _("The last day cannot come before the first day."))
        return data


class TournamentEditForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = list(EDIT_FIELDS)
        labels = labels_for(TOURNAMENT_LABELS, EDIT_FIELDS)
        help_texts = labels_for(TOURNAMENT_HELP_TEXTS, EDIT_FIELDS)
        widgets = {"start_date": DateInput, "end_date": DateInput}
        field_classes = {"minimum_points": MinimumField}


class TournamentDeleteForm(forms.Form):
    name = forms.CharField(
        max_length=200, label=gettext_lazy("Type the tournament's name to delete it")
    )


class TournamentHiddenForm(forms.Form):
    hidden = forms.TypedChoiceField(
        choices=[
            ("1", gettext_lazy("Hide from the public pages")),
            ("0", gettext_lazy("Show on the public pages")),
        ],
        coerce=lambda value: value == "1",
    )


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


class RoundStatusForm(forms.Form):
    status = forms.ChoiceField(choices=Round.Status.choices, label=gettext_lazy("Status"))


class PenaltyDeleteForm(forms.Form):
    reason = forms.CharField(
        max_length=300,
        label=gettext_lazy("Reason"),
        help_text=gettext_lazy("Kept in the audit log."),
    )


class PenaltyPresetForm(forms.ModelForm):
    class Meta:
        model = PenaltyPreset
        fields = list(PRESET_FIELDS)
        labels = labels_for(PRESET_LABELS, PRESET_FIELDS)


class ExampleSetForm(forms.Form):
    example = forms.ChoiceField(
        choices=[(key, label) for key, (label, _terms) in EXAMPLE_SETS.items()],
        error_messages={"invalid_choice": gettext_lazy("Choose one of the example sets listed.")},
    )


# --- seating ------------------------------------------------------------------------------------


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
    odd_players = forms.ChoiceField(
        choices=[
            ("error", gettext_lazy("Stop and let me add substitutes")),
            ("byes", gettext_lazy("Sit players out in turn (byes)")),
        ],
        initial="error",
        widget=forms.RadioSelect,
        label=gettext_lazy("If the player count is not a multiple of 4"),
    )


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


# --- stages and cuts ----------------------------------------------------------------------------


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

"""The hand form shared by the judges' desk and the public calculator. Forms only read input:
the writes are in `tournament.play.services`.

Vocabulary
----------
hand form       one hand of a session: outcome, players (named by the score card's letter, the
                starting wind, with their seat wind in *this* hand beside it, RULINGS R14),
                tiles and flags. Tab order follows a judge's dictation:
                winner, how, discarder, hand, winning tile - then Enter saves.
calculator form the hand form with seats instead of players (nothing saved); opened from a
                tournament's menu (``?rules=<slug>``) it starts from that tournament's
                minimum, cap and scheme.
key letter      the letter a judge types in a list to choose: the English word's first letter
                (S self-draw, D discard or draw, W win, F false win, R robbing a kong; the
                players by the card's letter E S W N). A Chinese label starts with the same
                letter (``S · 自摸``), so the desk's keys work the same in every language.
minimum field   the winning minimum as a setting (RULINGS R7): the usual values offered as
                choices (`MINIMUM_PRESETS`: 0, 5, 15) plus "Other" with any number of points
                from 0 to 320; the console's and the desk's settings forms both use it.

The desk's other forms (correction, deletion, penalty, score card, settings) are in
`tournament.desk.forms`.
"""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine import CAP_MOST, MINIMUM_MOST, cap_problem, minimum_problem
from scoring.fields import TileField, TilesField
from scoring.translation import translate_message

from ..models import Hand, Tournament
from ..winds import WIND_NAMES, WINDS
from .entry.hand_entry import ENTRY_FLAGS, FLAG_LABELS, HandEntryData, Seating, seat_note
from .preview import plain_words

NOBODY = [("", "—")]

#: The usual winning minimums (RULINGS R7): standard ZJ, the World Series, Mahjong Australia's ACT.
MINIMUM_PRESETS = {
    0: _("0 · no minimum (a Chicken Hand wins)"),
    5: _("5 · World Series of Mahjong"),
    15: _("15 · ACT (Mahjong Australia)"),
}
OTHER_MINIMUM = "other"
CHOOSE_MINIMUM = _("Choose the winning minimum: 0, 5, 15, or Other with a number of points.")


def _keyed(key: str, label) -> str:
    text = str(label)
    return text if text[:1].casefold() == key.casefold() else f"{key} · {text}"


#: A choice's label that starts with its key letter in every language (see *key letter*).
keyed = lazy(_keyed, str)

#: The hand's choices in the reader's language (the models keep their English labels).
OUTCOME_CHOICES = [
    (Hand.Outcome.WIN, keyed("W", pgettext_lazy("outcome", "Win"))),
    (Hand.Outcome.DRAW, keyed("D", _("Draw (exhaustive)"))),
    (Hand.Outcome.FALSE_WIN, keyed("F", _("False win"))),
]
WIN_TYPE_CHOICES = [
    (Hand.WinType.SELF_DRAW, keyed("S", _("Self-draw"))),
    (Hand.WinType.DISCARD, keyed("D", pgettext_lazy("win type", "Discard"))),
    (Hand.WinType.ROBBING_KONG, keyed("R", _("Robbing a kong"))),
]
IMMUNITY_CHOICES = [
    (Hand.Immunity.NONE, keyed("N", _("None: the discarder is responsible"))),
    (Hand.Immunity.OTHER, keyed("A", _("Another player is responsible"))),
    (Hand.Immunity.NOBODY, keyed("N", _("Nobody is responsible (the winner had discarded it)"))),
]
SCHEME_CHOICES = [
    (Tournament.Scheme.FORMAL, _("Formal competition scheme")),
    (Tournament.Scheme.UNIFORM, _("Uniform (everyone pays the value)")),
]


class MinimumWidget(forms.MultiWidget):
    """The choices of `MINIMUM_PRESETS` and "Other", then a number box for the other value."""

    def __init__(self, attrs=None):
        choices = [(str(points), label) for points, label in MINIMUM_PRESETS.items()]
        widgets = {
            "": forms.RadioSelect(choices=choices + [(OTHER_MINIMUM, _("Other:"))]),
            "other": forms.NumberInput(
                attrs={
                    "min": 0,
                    "max": MINIMUM_MOST,
                    "inputmode": "numeric",
                    "class": "short",
                    # Its label is the "Other:" choice before it: a screen reader needs its own.
                    "aria-label": _("The other winning minimum, in points"),
                }
            ),
        }
        super().__init__(widgets, attrs)

    def decompress(self, value):
        if value is None or value == "":
            return [None, None]
        if int(value) in MINIMUM_PRESETS:
            return [str(value), None]
        return [OTHER_MINIMUM, value]


class MinimumField(forms.MultiValueField):
    """The winning minimum: a preset or any whole number of points from 0 to 320 (RULINGS R7)."""

    widget = MinimumWidget

    def __init__(self, **kwargs):
        for name in ("max_value", "min_value", "coerce", "choices", "empty_value", "max_length"):
            kwargs.pop(name, None)
        fields = (
            forms.CharField(required=False),
            forms.CharField(required=False),
        )
        kwargs["error_messages"] = {"required": CHOOSE_MINIMUM}
        super().__init__(fields, require_all_fields=False, **kwargs)

    def compress(self, data_list):
        choice, other = (list(data_list) + [None, None])[:2]
        if not choice:
            raise forms.ValidationError(CHOOSE_MINIMUM)
        text = (other or "").strip() if choice == OTHER_MINIMUM else choice
        if not text:
            raise forms.ValidationError(
                gettext("Type the winning minimum beside Other: a whole number from 0 to %(most)s.")
                % {"most": MINIMUM_MOST}
            )
        try:
            value = int(text)
        except ValueError:
            raise forms.ValidationError(
                gettext(
                    "%(text)s is not a whole number: type the winning minimum in points, 0 to "
                    "%(most)s."
                )
                % {"text": repr(text), "most": MINIMUM_MOST}
            ) from None
        problem = minimum_problem(value)
        if problem:
            raise forms.ValidationError(translate_message(problem))
        return value


def player_choices(seating: Seating, number: int) -> list[tuple[str, str]]:
    """ "E — Alan Chan (South this hand)" ... by the score card's letter (starting wind), in
    the card's order, in every hand: typing the card's letter in the list chooses the player.
    The seat wind of hand ``number`` (RULINGS R14) is shown beside it."""
    return [
        (str(pid), f"{start} — {seating.names[pid]} ({translate_message(seat_note(seat))})")
        for start, pid, seat in seating.in_card_order(number)
    ]


def optional_int(value):
    """The typed value as a number, or None when it is empty or not a whole number."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def player_field(label, help_text) -> forms.TypedChoiceField:
    """One of the session's players by id, or nobody; the form sets the choices (its seating)."""
    return forms.TypedChoiceField(
        required=False, coerce=int, empty_value=None, label=label, help_text=help_text
    )


class HandForm(forms.Form):
    number = forms.IntegerField(min_value=1, label=_("Hand no."))
    outcome = forms.ChoiceField(
        choices=OUTCOME_CHOICES, initial=Hand.Outcome.WIN, label=_("Outcome")
    )
    winner = player_field(_("Winner"), _("For a false win: the offender."))
    win_type = forms.ChoiceField(
        required=False,
        label=_("How"),
        choices=NOBODY + WIN_TYPE_CHOICES,
        initial=Hand.WinType.DISCARD,
    )
    discarder = player_field(_("Discarder"), _("Robbing a kong: who declared the kong (R12)."))
    tiles = TilesField(
        allow_melds=True,
        label=pgettext_lazy("the form's field", "Hand"),
        help_text=_(
            "Concealed tiles, then sets declared before the win: exposed [345p], "
            "concealed kong (RdRdRdRd). With or without the winning tile."
        ),
    )
    winning_tile = TileField(label=_("Winning tile"))
    flags = forms.MultipleChoiceField(
        required=False,
        choices=[(flag, _(FLAG_LABELS[flag].template)) for flag in ENTRY_FLAGS],
        widget=forms.CheckboxSelectMultiple,
        label=_("Flags"),
    )
    penalty_tiles = TilesField(label=_("Penalty tiles"), help_text=_("RULINGS R9."))
    immunity = forms.ChoiceField(
        required=False,
        choices=IMMUNITY_CHOICES,
        label=_("Same-Round Immunity"),
        help_text=_("RULINGS R12: who pays a big hand won on a discard."),
    )
    responsible = player_field(_("Responsible"), _("Only with immunity 'another player'."))

    def __init__(self, *args, seating: Seating, number: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.seating = seating
        shown = optional_int(self.data.get("number")) if self.is_bound else None
        choices = player_choices(seating, shown or number) if len(seating.players) == 4 else []
        for name in ("winner", "discarder", "responsible"):
            self.fields[name].choices = NOBODY + choices
        if choices:  # Blessing of Earth chooses the dealer as discarder (play.js), any language
            dealer = seating.dealer(shown or number)
            self.fields["discarder"].widget.attrs["data-dealer"] = str(dealer)
        # The hand number comes filled with the session's next one; a judge reading a later
        # row of the card may type its number, and is then refused with the reason (R14: the
        # number decides the seat winds), never silently given the next number.
        self.fields["number"].widget.attrs.update({"class": "number-input", "inputmode": "numeric"})
        self.fields["tiles"].widget.attrs.update(
            {"placeholder": "123m 456p 789s EE [WhWhWh]", "class": "tile-input wide"}
        )
        self.fields["winning_tile"].widget.attrs.update({"placeholder": "5p", "size": "5"})
        self.fields["penalty_tiles"].widget.attrs.update(
            {"placeholder": pgettext_lazy("no penalty tiles", "none")}
        )
        if not self.is_bound:
            self.fields["winner"].widget.attrs["autofocus"] = True

    def entry(self) -> HandEntryData:
        """The typed entry, with what does not apply to its outcome cleared."""
        data = self.cleaned_data
        entry = HandEntryData(
            number=data["number"],
            outcome=data["outcome"],
            winner=data.get("winner"),
            win_type=data.get("win_type") or "",
            discarder=data.get("discarder"),
            immunity=data.get("immunity") or "",
            responsible=data.get("responsible"),
            tiles=data.get("tiles") or "",
            winning_tile=data.get("winning_tile") or "",
            penalty_tiles=data.get("penalty_tiles") or "",
            flags=tuple(sorted(data.get("flags") or ())),
        )
        return entry.normalised()

    @staticmethod
    def initial_from(entry: HandEntryData) -> dict:
        data = entry.as_data()
        return {key: ("" if value is None else value) for key, value in data.items()}


def help_in_plain_words(form) -> None:
    """Players read plain words: the rule numbers in the fields' help are for judges."""
    for field in form.fields.values():
        field.help_text = plain_words(str(field.help_text or ""))


class PlayerHandForm(HandForm):
    """The hand form on a player's table page (their private link): the desk's fields, with
    the help in plain words."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        help_in_plain_words(self)


class CalculatorForm(HandForm):
    """The public calculator: players are the four seats, hand 1 (so seat = starting wind)."""

    minimum = forms.IntegerField(
        label=_("Winning minimum"),
        min_value=0,
        max_value=MINIMUM_MOST,
        initial=5,
        required=False,
        help_text=_("Points a hand needs to win: 0 = none, 5 = World Series, 15 = ACT."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "short"}),
    )
    cap = forms.IntegerField(
        label=_("Per-hand cap (optional)"),
        min_value=1,
        max_value=CAP_MOST,
        required=False,
        help_text=_("No hand is worth more, e.g. 320. Empty: none."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "short"}),
    )
    scheme = forms.ChoiceField(
        choices=SCHEME_CHOICES,
        initial=Tournament.Scheme.FORMAL,
        required=False,
        label=_("Scheme"),
    )

    # A shared address may carry only the tiles: score them as East's self-draw by default.
    URL_DEFAULTS = {"outcome": "win", "winner": "1", "win_type": "self_draw", "minimum": "5"}

    def __init__(self, data=None, *, tournament: Tournament | None = None, **kwargs):
        # Opened from a tournament's menu: its minimum, cap and scheme, not the usual 5.
        self.tournament = tournament
        rules = {}
        if tournament is not None:
            rules = {"minimum": tournament.minimum_points, "scheme": tournament.payoff_scheme}
            if tournament.hand_cap:
                rules["cap"] = tournament.hand_cap
            kwargs["initial"] = {**rules, **kwargs.get("initial", {})}
        if data is not None:
            data = data.copy()
            for key, value in {**self.URL_DEFAULTS, **rules}.items():
                if not data.get(key):
                    data[key] = value
        super().__init__(data, seating=calculator_seating(), number=1, **kwargs)
        self.fields["number"].required = False
        self.fields["number"].widget = forms.HiddenInput()
        for name in ("winner", "discarder", "responsible"):
            self.fields[name].choices = NOBODY + [
                (str(i), _keyed(w, gettext(WIND_NAMES[w]))) for i, w in enumerate(WINDS, start=1)
            ]
        # Players read plain words: the rule numbers in the help are for judges.
        self.fields["penalty_tiles"].help_text = gettext(
            "The winner's penalty tiles, if any: each must lie in a set concealed at the win."
        )
        help_in_plain_words(self)

    def clean_minimum(self):
        value = self.cleaned_data.get("minimum")
        return 5 if value is None else value

    def clean(self):
        data = super().clean()
        minimum, cap = data.get("minimum"), data.get("cap")
        if minimum is not None and cap is not None and cap_problem(cap, minimum):
            self.add_error("cap", plain_words(translate_message(cap_problem(cap, minimum))))
        return data

    def entry(self) -> HandEntryData:
        self.cleaned_data["number"] = 1
        return super().entry()


def calculator_seating() -> Seating:
    """Seats as players: 1 = East ... 4 = North; hand 1, so nobody has moved (RULINGS R14)."""
    return Seating(
        players={w: i for i, w in enumerate(WINDS, start=1)},
        names={i: gettext(WIND_NAMES[w]) for i, w in enumerate(WINDS, start=1)},
    )

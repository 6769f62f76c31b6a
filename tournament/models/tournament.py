"""The tournament: one event with its rule settings (minimum points, payoff scheme, penalties,
match points, tie-breaks, what the public sees...).

Vocabulary
----------
Tournament          one event with its rule settings; its ``last_write`` is its version (the
                    public pages' caching follows it).
tie-break           a key of `TIE_BREAKS`, applied in the order of ``tie_break_order``.

See the package docstring for the rest of the vocabulary.
"""

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine import CAP_MOST, MINIMUM_MOST, cap_problem


def _filled(text, **params) -> str:
    """``text`` (lazy) with ``params`` put in when it is shown, in the language of that moment:
    field texts are built once, at import, and read in each viewer's language."""
    return lazy(lambda: str(text) % params, str)()


match_points_validator = RegexValidator(
    r"^\s*-?\d+\s*(,\s*-?\d+\s*){3}$",
    _(
        "Give four whole numbers separated by commas, for 1st, 2nd, 3rd and 4th place, "
        "e.g. 4,2,1,0."
    ),
)

TIE_BREAKS = {
    "points": _("Total points"),
    "match_points": _("Match points"),
    "hands_won": _("Hands won"),
    "best_session": _("Best session score"),
    "head_to_head": _("Head-to-head points"),
}


def validate_tie_breaks(value: str) -> None:
    keys = [key.strip() for key in value.split(",") if key.strip()]
    unknown = [key for key in keys if key not in TIE_BREAKS]
    if unknown:
        raise ValidationError(
            _("Unknown tie-break %(unknown)s. Use a comma-separated list of: %(known)s."),
            params={"unknown": ", ".join(unknown), "known": ", ".join(TIE_BREAKS)},
        )
    if len(set(keys)) != len(keys):
        raise ValidationError(_("Each tie-break may appear only once."))


class Tournament(models.Model):
    class Scheme(models.TextChoices):
        FORMAL = "formal", _("Formal competition scheme")
        UNIFORM = "uniform", _("Uniform (everyone pays the value)")

    class SeparateBy(models.TextChoices):
        NONE = "", _("Do not separate")
        CLUB = "club", _("Keep club members apart")
        COUNTRY = "country", _("Keep compatriots apart")

    name = models.CharField(max_length=200)
    slug = models.SlugField(
        max_length=80, unique=True, help_text=_("Short name used in web addresses.")
    )
    start_date = models.DateField()
    end_date = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    minimum_points = models.PositiveSmallIntegerField(
        default=5,
        validators=[MaxValueValidator(MINIMUM_MOST)],
        help_text=_filled(
            _(
                "RULINGS R7: points a hand needs to win, 0 to %(most)s (0 = none, 5 = "
                "World Series, 15 = ACT); a win worth less is a false win."
            ),
            most=MINIMUM_MOST,
        ),
    )
    hand_cap = models.PositiveSmallIntegerField(
        _("per-hand cap"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(CAP_MOST)],
        help_text=_filled(
            _(
                "RULINGS R7a: no hand is worth more than this (e.g. 320); empty = none. At "
                "least the winning minimum, at most %(most)s."
            ),
            most=CAP_MOST,
        ),
    )
    payoff_scheme = models.CharField(
        max_length=10,
        choices=Scheme.choices,
        default=Scheme.FORMAL,
        help_text=_(
            "RULINGS R11: formal scheme (the responsible player pays big hands) or uniform."
        ),
    )
    standard_value = models.PositiveSmallIntegerField(
        default=25,
        validators=[MinValueValidator(1), MaxValueValidator(320)],
        help_text=_(
            "Formal scheme: a discard win above this value is paid mostly by the discarder "
            "(1 to 320, the limit)."
        ),
    )
    hands_per_session = models.PositiveSmallIntegerField(
        default=16,
        validators=[MinValueValidator(1), MaxValueValidator(64)],
        help_text=_("RULINGS R15: hands in a session (1 to 64)."),
    )
    # Bounded on every database: SQLite would store a 64-bit penalty, and three times it no
    # longer fits in the payments' integers.
    false_win_penalty = models.PositiveSmallIntegerField(
        default=25,
        validators=[MinValueValidator(1), MaxValueValidator(320)],
        help_text=_(
            "RULINGS R10: points the offender pays to each of the other three players (1 to 320)."
        ),
    )
    use_match_points = models.BooleanField(
        default=False, help_text=_("RULINGS R16: award match points per session placing.")
    )
    match_points = models.CharField(
        max_length=60,
        default="4,2,1,0",
        validators=[match_points_validator],
        help_text=_("Match points for 1st, 2nd, 3rd and 4th place in a session; ties split them."),
    )
    tie_break_order = models.CharField(
        max_length=200,
        default="points,match_points,hands_won",
        validators=[validate_tie_breaks],
        help_text=_filled(
            _("Comma-separated, first applied first. Known: %(known)s."),
            known=", ".join(TIE_BREAKS),
        ),
    )
    results_public = models.BooleanField(
        default=True,
        help_text=_("Show round results and players' scores on the public pages."),
    )
    match_points_scheme = models.CharField(
        max_length=10,
        choices=[
            ("placing", _("By session placing")),
            ("sqrt", _("Sign-kept square root (WSoM 2010)")),
        ],
        default="placing",
        help_text=_("RULINGS R16: how match points are given, when they are used."),
    )
    rank_by = models.CharField(
        max_length=15,
        choices=[("total", _("Total points")), ("match_points", _("Match points, then total"))],
        default="total",
        help_text=_("What the standings are ranked by (RULINGS R16)."),
    )
    standings_public = models.BooleanField(
        default=True, help_text=_("Show the standings (and the country view) on the public pages.")
    )
    silent_rounds = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("Hide the last N played rounds from the public standings and player pages."),
    )
    hold_unreconciled_results = models.BooleanField(
        default=False,
        help_text=_("Keep a round's results from the public until every session is reconciled."),
    )
    hide_withdrawn = models.BooleanField(
        default=False, help_text=_("Leave withdrawn players out of the public standings.")
    )
    last_write = models.DateTimeField(
        auto_now=True, help_text="When anything of this tournament last changed (public caching)."
    )
    double_entry = models.BooleanField(
        default=False,
        help_text=_(
            "Every hand must be entered again, blind, by a second official to be confirmed."
        ),
    )
    players_confirm_at_table = models.BooleanField(
        default=False,
        verbose_name=_("players confirm hands at the table"),
        help_text=_(
            "Besides judges, the players of a table may enter its hands from their private "
            "links: a hand counts once the winner and another player of the table agree."
        ),
    )
    seating_separate_by = models.CharField(
        max_length=10,
        choices=SeparateBy.choices,
        default=SeparateBy.NONE,
        blank=True,
        help_text=_("Seating tries (softly) to keep club members or compatriots apart."),
    )
    hidden = models.BooleanField(
        default=False,
        help_text=_(
            "Hidden from the public pages and lists (officials still see it): for a "
            "tournament created by mistake that already has hands and so cannot be deleted."
        ),
    )
    appeal_window_minutes = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(1440)],
        verbose_name=_("appeal window (minutes)"),
        help_text=_(
            "Minutes after a session is reconciled during which its players may query a "
            "hand; its results stay provisional until then (0 = no appeal window, up to 1440)."
        ),
    )

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
                violation_error_message=_("The last day cannot come before the first day."),
            ),
            models.CheckConstraint(
                condition=Q(minimum_points__lte=MINIMUM_MOST),
                name="tournament_minimum_points_in_range",
                violation_error_message=_filled(
                    _("The winning minimum is 0 to %(most)s points."), most=MINIMUM_MOST
                ),
            ),
            models.CheckConstraint(
                condition=Q(hand_cap__isnull=True)
                | (
                    Q(hand_cap__gte=1, hand_cap__lte=CAP_MOST)
                    & Q(hand_cap__gte=models.F("minimum_points"))
                ),
                name="tournament_hand_cap_in_range",
                violation_error_message=_filled(
                    _(
                        "The per-hand cap is at least 1 and at least the winning minimum, at "
                        "most %(most)s points."
                    ),
                    most=CAP_MOST,
                ),
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("public:tournament_detail", kwargs={"slug": self.slug})

    def clean(self):
        if self.minimum_points is not None and self.minimum_points <= MINIMUM_MOST:
            problem = cap_problem(self.hand_cap, self.minimum_points)
            if problem:
                raise ValidationError({"hand_cap": problem})

    @property
    def minimum_label(self) -> str:
        """ "5-point minimum", "No minimum", with ", capped at 320" when there is a cap."""
        if self.minimum_points:
            text = gettext("%(points)s-point minimum") % {"points": self.minimum_points}
        else:
            text = gettext("No minimum")
        if self.hand_cap:
            return gettext("%(minimum)s, capped at %(cap)s") % {
                "minimum": text,
                "cap": self.hand_cap,
            }
        return text

    def match_points_table(self) -> tuple[int, int, int, int]:
        return tuple(int(part) for part in self.match_points.split(","))

    def tie_breaks(self) -> list[str]:
        return [key.strip() for key in self.tie_break_order.split(",") if key.strip()]

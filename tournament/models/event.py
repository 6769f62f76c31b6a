"""The event: tournament settings, players and registrations, rounds, tables, seats, sessions.

See the package docstring for the vocabulary.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from scoring.engine import CAP_MOST, MINIMUM_MOST, cap_problem

from ..winds import WINDS, starting_wind_of_dealer

HALVES = (1, 2)


def _filled(text, **params) -> str:
    """``text`` (lazy) with ``params`` put in when it is shown, in the language of that moment:
    field texts are built once, at import, and read in each viewer's language."""
    return lazy(lambda: str(text) % params, str)()


def half_hand_numbers(half: int, change_after: int | None, hands_per_session: int) -> range:
    """Hand numbers of ``half`` of a round whose players change tables after hand
    ``change_after`` (None: no change, the first half plays them all)."""
    if change_after is None:
        return range(1, hands_per_session + 1) if half == 1 else range(0)
    if half == 1:
        return range(1, change_after + 1)
    return range(change_after + 1, hands_per_session + 1)


def hand_range_label(numbers: range) -> str:
    """ "hands 9-16": how a half is named on cards and pages (a round in two halves)."""
    return gettext("hands %(first)s-%(last)s") % {"first": numbers.start, "last": numbers.stop - 1}


class Wind(models.TextChoices):
    EAST = "E", _("East")
    SOUTH = "S", _("South")
    WEST = "W", _("West")
    NORTH = "N", _("North")


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


def split_name(name: str) -> tuple[str, str]:
    """(given name, family name) of a one-line name: the last word is the family name."""
    words = name.split()
    if len(words) <= 1:
        return "", " ".join(words)
    return " ".join(words[:-1]), words[-1]


class Player(models.Model):
    """A person. ``name`` is the display name, derived on save from the given and family names
    ("Given Family"), so that every list and ordering on ``name`` keeps working; a player
    created with ``name`` alone has it split (the last word is the family name)."""

    given_name = models.CharField(max_length=80, blank=True)
    family_name = models.CharField(max_length=80, blank=True)
    name = models.CharField(
        max_length=161,
        blank=True,
        help_text=_("Name as printed on score cards: derived from the given and family names."),
    )
    chinese_name = models.CharField(max_length=60, blank=True)
    country = CountryField(blank=True, help_text=_("Country or region (ISO 3166 code)."))
    club = models.CharField(max_length=120, blank=True)
    external_id = models.CharField(
        max_length=40,
        blank=True,
        verbose_name=_("external id"),
        help_text=_("An id from outside, such as an EMA number. Unique when given."),
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["external_id"],
                condition=~Q(external_id=""),
                name="player_external_id_unique",
                violation_error_message=_("Another player already has this external id."),
            )
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.derive_name()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"given_name", "family_name"} & set(update_fields):
            kwargs["update_fields"] = set(update_fields) | {"name"}
        super().save(*args, **kwargs)

    def clean(self):
        self.derive_name()
        if not self.name:
            raise ValidationError({"family_name": _("Give at least a family name.")})

    def derive_name(self) -> None:
        if self.given_name or self.family_name:
            self.given_name, self.family_name = self.given_name.strip(), self.family_name.strip()
            self.name = " ".join(part for part in (self.given_name, self.family_name) if part)
        elif self.name:
            self.given_name, self.family_name = split_name(self.name)
            self.name = " ".join(self.name.split())


def registered_after(registered_at, seated_at) -> bool:
    """Whether a player registered at ``registered_at`` came after a round seated at
    ``seated_at``: they were not in its draw, so sitting it out is no bye but *not yet
    registered*. An unknown time (a row older than these fields) counts as from the start."""
    return bool(registered_at and seated_at and registered_at > seated_at)


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", pgettext_lazy("registration status", "Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    number = models.PositiveIntegerField(help_text=_("Player number in this tournament."))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    is_substitute = models.BooleanField(
        default=False,
        help_text=_("A substitute fills a seat so that every table has four players."),
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("A withdrawn player keeps the seats of the rounds before this one."),
    )
    checked_in_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("The round this player was last checked in (present) for, at the roll call."),
    )
    # Empty for the registrations made before it was kept: they count as registered from the
    # start. A round seated before this time is one the player was not yet registered for.
    registered_at = models.DateTimeField(null=True, blank=True, default=timezone.now)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="registration_player_once",
                violation_error_message=_("This player is already registered in this tournament."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "number"],
                name="registration_number_unique",
                violation_error_message=_("Another player already has this number."),
            ),
        ]

    def __str__(self):
        return f"{self.number}. {self.player}"

    def registered_after(self, round_: "Round") -> bool:
        """Whether this player registered after ``round_`` was seated (`registered_after`)."""
        return registered_after(self.registered_at, round_.seated_at)


#: Characters a reader takes for one another on a slip or a phone's keyboard, each mapped to the
#: one that stands for its group: a token typed with any of them is read as if it had the other.
LOOK_ALIKES = str.maketrans({"o": "0", "i": "1", "l": "1", "_": "-"})


def token_folded(token: str) -> str:
    """``token`` as it reads to a person: lower case, look-alikes (`LOOK_ALIKES`) made one. Two
    tokens that fold alike are the same token to someone typing it from a slip."""
    return token.lower().translate(LOOK_ALIKES)


class PlayerLink(models.Model):
    """A player's private link (``/p/<token>/``): no log-in, whoever holds the token sees that
    player's own page. ``token`` is the whole secret (`tournament.event.links`); ``key``, its
    first `PlayerLink.KEY_LENGTH` characters, is what the database looks up, and the rest is
    compared in constant time (`tournament.event.selectors.links.registration_of_link`);
    ``folded_key`` is the key as `token_folded` reads it, looked up when a typed token is not
    found as it was typed. A revoked link stays, so that its holder is told it was replaced
    rather than that it never existed; a registration has at most one link in force."""

    KEY_LENGTH = 12

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="links")
    key = models.CharField(max_length=KEY_LENGTH, unique=True)
    folded_key = models.CharField(max_length=KEY_LENGTH, db_index=True, default="")
    token = models.CharField(max_length=64)
    issued_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["registration", "-issued_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["registration"],
                condition=Q(revoked_at__isnull=True),
                name="player_link_one_in_force",
                violation_error_message=_("This player already has a private link in force."),
            )
        ]

    def __str__(self):
        state = "revoked" if self.revoked_at else "in force"
        return f"Private link of {self.registration} ({state})"

    @classmethod
    def of_token(cls, token: str, **fields) -> "PlayerLink":
        """An unsaved link whose token is ``token``, with its keys made from it."""
        key = token[: cls.KEY_LENGTH]
        return cls(key=key, folded_key=token_folded(key), token=token, **fields)


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        SEATED = "seated", _("Seated")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    seating_published = models.BooleanField(
        default=False, help_text=_("Show this round's seating on the public pages.")
    )
    clock_ends_at = models.DateTimeField(
        null=True, blank=True, help_text=_("The round clock: when time is called (while running).")
    )
    clock_paused_left = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("The round clock: seconds left while it is paused.")
    )
    # When the round was last seated (`seating.services.seats.round_seat`); empty for rounds seated
    # before it was kept. Players registered after it were not in its draw: no byes for them.
    seated_at = models.DateTimeField(null=True, blank=True)
    table_change_after = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_(
            "Players change tables after this hand (e.g. 8 of 16): the round is played in "
            "two halves, each with its own seats and cards. Empty: one half, no change."
        ),
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"],
                name="round_number_unique",
                violation_error_message=_("This tournament already has a round with this number."),
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(table_change_after__isnull=True) | Q(table_change_after__gte=1),
                name="round_table_change_after_positive",
            ),
        ]

    def __str__(self):
        return f"Round {self.number}"

    def get_absolute_url(self):
        return reverse(
            "public:round_detail", kwargs={"slug": self.tournament.slug, "number": self.number}
        )

    @property
    def halves(self) -> tuple[int, ...]:
        """(1,) for a round played at one table; (1, 2) with a table change."""
        return (1,) if self.table_change_after is None else HALVES

    def hand_numbers(self, half: int) -> range:
        """The hand numbers played in ``half``: they continue across the change (9-16)."""
        return half_hand_numbers(half, self.table_change_after, self.tournament.hands_per_session)

    def hand_range(self, half: int) -> str:
        """ "hands 9-16" for ``half`` of a round with a table change; "" without one."""
        return "" if self.table_change_after is None else hand_range_label(self.hand_numbers(half))


class Table(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    label = models.CharField(max_length=60, blank=True, help_text=_("e.g. 'By the window'."))

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"],
                name="table_number_unique",
                violation_error_message=_("This tournament already has a table with this number."),
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self):
        return f"Table {self.number}" + (f" ({self.label})" if self.label else "")


class Seat(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    wind = models.CharField(
        max_length=1, choices=Wind.choices, help_text=_("Starting wind for the session (R14).")
    )
    half = models.PositiveSmallIntegerField(
        default=1,
        help_text=_("1, or 2 for the seat after the round's table change."),
    )

    class Meta:
        ordering = ["round", "half", "table__number", "wind"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "half", "player"],
                name="seat_player_once_per_half",
                violation_error_message=_(
                    "This player already has a seat in this half of the round."
                ),
            ),
            models.UniqueConstraint(
                fields=["round", "half", "table", "wind"],
                name="seat_wind_once_per_table_half",
                violation_error_message=_(
                    "This wind is already taken at this table in this round."
                ),
            ),
            models.CheckConstraint(condition=Q(wind__in=WINDS), name="seat_wind_valid"),
            models.CheckConstraint(condition=Q(half__in=HALVES), name="seat_half_valid"),
        ]

    def __str__(self):
        return f"{self.round} {self.table}: {self.get_wind_display()} {self.player}"

    def clean(self):
        if self.table_id and self.round_id and self.table.tournament_id != self.round.tournament_id:
            raise ValidationError({"table": _("This table belongs to another tournament.")})
        if self.round_id and self.table_id:
            others = Seat.objects.filter(
                round_id=self.round_id, table_id=self.table_id, half=self.half
            )
            if self.pk:
                others = others.exclude(pk=self.pk)
            if others.count() >= 4:
                raise ValidationError(_("This table already has four players in this round."))


class Session(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("session status", "Open")
        CLOSED = "closed", pgettext_lazy("session status", "Closed")
        RECONCILED = "reconciled", _("Reconciled")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sessions")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="sessions")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    card_totals = models.JSONField(
        null=True,
        blank=True,
        help_text=_("Final totals typed from the signed score card: {player id: points}."),
    )
    reconciled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sessions_reconciled",
    )
    reconciled_at = models.DateTimeField(null=True, blank=True)
    clock_extra = models.PositiveIntegerField(
        default=0, help_text=_("Seconds this table plays beyond the round clock.")
    )
    half = models.PositiveSmallIntegerField(
        default=1,
        help_text=_("1, or 2 for the play after the round's table change: its own card and seats."),
    )
    opened_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When an official first opened this session's sheet at the desk; from then on "
        "the round's seating never changes (`play.selectors.round_is_opened`).",
    )
    appeal_closed_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_(
            "When a head judge closed this session's appeal window early (cleared when "
            "the session is reconciled again)."
        ),
    )

    class Meta:
        ordering = ["round", "half", "table__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "half", "table"],
                name="session_once_per_table_and_half",
                violation_error_message=_("This table already has a session in this round."),
            ),
            models.CheckConstraint(condition=Q(half__in=HALVES), name="session_half_valid"),
        ]

    def __str__(self):
        where = f"{self.round}, {self.table}"
        return where if self.half == 1 else f"{where}, hands after the change"

    def desk_url(self, name: str = "session_sheet", **extra) -> str:
        """The address of this session's page ``name`` at the judges' desk."""
        kwargs = {
            "slug": self.round.tournament.slug,
            "round_number": self.round.number,
            "table_number": self.table.number,
            **({"half": self.half} if self.half != 1 else {}),
            **extra,
        }
        return reverse(f"desk:{name}", kwargs=kwargs)

    def hand_numbers(self) -> range:
        """The hand numbers this session plays (9-16 for a second half after hand 8)."""
        return self.round.hand_numbers(self.half)

    @property
    def hand_range(self) -> str:
        """ "hands 9-16" for a session of a round with a table change; "" without one."""
        return self.round.hand_range(self.half)

    def seats_by_wind(self) -> dict[str, "Seat"]:
        """The four seats of this session keyed by starting wind."""
        return {
            seat.wind: seat
            for seat in Seat.objects.filter(
                round_id=self.round_id, table_id=self.table_id, half=self.half
            ).select_related("player")
        }

    def dealer(self, hand_number: int):
        """The player dealing hand ``hand_number`` (RULINGS R14), or None if not seated."""
        seat = self.seats_by_wind().get(starting_wind_of_dealer(hand_number))
        return seat.player if seat else None


class TournamentOfficial(models.Model):
    """A user's role in one tournament: judges and head judges of *this* event
    (`tournament.roles` decides what each may do)."""

    class Role(models.TextChoices):
        JUDGE = "judge", _("Judge")
        HEAD_JUDGE = "head_judge", _("Head judge")
        ORGANISER = "organiser", _("Organiser")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="officials")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="official_roles"
    )
    role = models.CharField(max_length=12, choices=Role.choices, default=Role.JUDGE)

    class Meta:
        ordering = ["tournament", "role", "user__username"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"],
                name="official_once_per_tournament",
                violation_error_message=_("This user is already an official of this tournament."),
            )
        ]

    def __str__(self):
        return f"{self.user} ({self.get_role_display()}, {self.tournament})"

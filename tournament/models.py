"""The tournament's data: who plays, where they sit, and every hand they play.

Vocabulary
----------
Tournament    one event with its rule settings (minimum points, payoff scheme, penalties...).
Player        a person; a Registration enters a player in one tournament.
Round         one round of play: every active player is seated once (RULINGS R15).
Table         a physical table of the venue, numbered within the tournament.
Seat          a player's table and *starting* wind in a round.
Session       one table's play in one round: its hands, from open to reconciled.
Hand          one hand of a session: a win, an exhaustive draw or a false win, with its tiles
              as notation text and the engine's value and patterns.
Payment       what one player gained or lost in one hand; a hand's payments sum to zero.
Penalty       a judge's penalty outside the hand scores (RULINGS R13).

Seat winds rotate within a session (RULINGS R14): in hand *n* the dealer is the player seated
East at the start moved on *n - 1* seats, and every seat wind follows the dealer.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse

WINDS = ("E", "S", "W", "N")


def seat_wind_in_hand(starting_wind: str, hand_number: int) -> str:
    """The seat wind in hand ``hand_number`` of the player who started at ``starting_wind``.

    RULINGS R14: the deal passes after every hand, draws included, so in hand *n* the player
    who started at wind index *i* sits at wind index *i - (n - 1)*.
    """
    return WINDS[(WINDS.index(starting_wind) - (hand_number - 1)) % 4]


def starting_wind_of_dealer(hand_number: int) -> str:
    """The starting wind of the player who deals hand ``hand_number`` (RULINGS R14)."""
    return WINDS[(hand_number - 1) % 4]


class Wind(models.TextChoices):
    EAST = "E", "East"
    SOUTH = "S", "South"
    WEST = "W", "West"
    NORTH = "N", "North"


match_points_validator = RegexValidator(
    r"^\s*-?\d+\s*(,\s*-?\d+\s*){3}$",
    "Give four whole numbers separated by commas, for 1st, 2nd, 3rd and 4th place, e.g. 4,2,1,0.",
)

TIE_BREAKS = {
    "points": "Total points",
    "match_points": "Match points",
    "hands_won": "Hands won",
    "best_session": "Best session score",
    "head_to_head": "Head-to-head points",
}


def validate_tie_breaks(value: str) -> None:
    keys = [key.strip() for key in value.split(",") if key.strip()]
    unknown = [key for key in keys if key not in TIE_BREAKS]
    if unknown:
        raise ValidationError(
            "Unknown tie-break %(unknown)s. Use a comma-separated list of: %(known)s.",
            params={"unknown": ", ".join(unknown), "known": ", ".join(TIE_BREAKS)},
        )
    if len(set(keys)) != len(keys):
        raise ValidationError("Each tie-break may appear only once.")


class Tournament(models.Model):
    class Scheme(models.TextChoices):
        FORMAL = "formal", "Formal competition scheme"
        UNIFORM = "uniform", "Uniform (everyone pays the value)"

    class SeparateBy(models.TextChoices):
        NONE = "", "Do not separate"
        CLUB = "club", "Keep club members apart"
        COUNTRY = "country", "Keep compatriots apart"

    name = models.CharField(max_length=200)
    slug = models.SlugField(
        max_length=80, unique=True, help_text="Short name used in web addresses."
    )
    start_date = models.DateField()
    end_date = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    minimum_points = models.PositiveSmallIntegerField(
        choices=[(0, "No minimum"), (5, "5-point minimum")],
        default=5,
        help_text="RULINGS R7: with the 5-point minimum a Chicken Hand is a false win.",
    )
    payoff_scheme = models.CharField(
        max_length=10,
        choices=Scheme.choices,
        default=Scheme.FORMAL,
        help_text="RULINGS R11: formal scheme (the responsible player pays big hands) or uniform.",
    )
    standard_value = models.PositiveSmallIntegerField(
        default=25,
        validators=[MinValueValidator(1)],
        help_text="Formal scheme: a discard win above this value is paid mostly by the discarder.",
    )
    hands_per_session = models.PositiveSmallIntegerField(
        default=16, validators=[MinValueValidator(1)], help_text="RULINGS R15: hands in a session."
    )
    false_win_penalty = models.PositiveSmallIntegerField(
        default=25,
        help_text="RULINGS R10: points the offender pays to each of the other three players.",
    )
    use_match_points = models.BooleanField(
        default=False, help_text="RULINGS R16: award match points per session placing."
    )
    match_points = models.CharField(
        max_length=60,
        default="4,2,1,0",
        validators=[match_points_validator],
        help_text="Match points for 1st, 2nd, 3rd and 4th place in a session; ties split them.",
    )
    tie_break_order = models.CharField(
        max_length=200,
        default="points,match_points,hands_won",
        validators=[validate_tie_breaks],
        help_text="Comma-separated, first applied first. Known: " + ", ".join(TIE_BREAKS) + ".",
    )
    results_public = models.BooleanField(
        default=True, help_text="Show standings and results on the public pages."
    )
    double_entry = models.BooleanField(
        default=False,
        help_text="Every hand must be entered again, blind, by a second official to be confirmed.",
    )
    seating_separate_by = models.CharField(
        max_length=10,
        choices=SeparateBy.choices,
        default=SeparateBy.NONE,
        blank=True,
        help_text="Seating tries (softly) to keep club members or compatriots apart.",
    )

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
                violation_error_message="The last day cannot come before the first day.",
            ),
            models.CheckConstraint(
                condition=Q(minimum_points__in=[0, 5]),
                name="tournament_minimum_points_0_or_5",
                violation_error_message="The minimum is either 0 or 5 points.",
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournament_detail", kwargs={"slug": self.slug})

    def match_points_table(self) -> tuple[int, int, int, int]:
        return tuple(int(part) for part in self.match_points.split(","))

    def tie_breaks(self) -> list[str]:
        return [key.strip() for key in self.tie_break_order.split(",") if key.strip()]


class Player(models.Model):
    name = models.CharField(max_length=120, help_text="Name as printed on score cards.")
    chinese_name = models.CharField(max_length=60, blank=True)
    country = models.CharField(max_length=60, blank=True, help_text="Country or region.")
    club = models.CharField(max_length=120, blank=True)
    external_id = models.CharField(
        max_length=40,
        blank=True,
        verbose_name="external id",
        help_text="An id from outside, such as an EMA number. Unique when given.",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["external_id"],
                condition=~Q(external_id=""),
                name="player_external_id_unique",
                violation_error_message="Another player already has this external id.",
            )
        ]

    def __str__(self):
        return self.name


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        WITHDRAWN = "withdrawn", "Withdrawn"

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    number = models.PositiveIntegerField(help_text="Player number in this tournament.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    is_substitute = models.BooleanField(
        default=False, help_text="A substitute fills a seat so that every table has four players."
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="registration_player_once",
                violation_error_message="This player is already registered in this tournament.",
            ),
            models.UniqueConstraint(
                fields=["tournament", "number"],
                name="registration_number_unique",
                violation_error_message="Another player already has this number.",
            ),
        ]

    def __str__(self):
        return f"{self.number}. {self.player}"


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        SEATED = "seated", "Seated"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    seating_published = models.BooleanField(
        default=False, help_text="Show this round's seating on the public pages."
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"],
                name="round_number_unique",
                violation_error_message="This tournament already has a round with this number.",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self):
        return f"Round {self.number}"

    def get_absolute_url(self):
        return reverse("round_detail", kwargs={"slug": self.tournament.slug, "number": self.number})


class Table(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    label = models.CharField(max_length=60, blank=True, help_text="e.g. 'By the window'.")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"],
                name="table_number_unique",
                violation_error_message="This tournament already has a table with this number.",
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
        max_length=1, choices=Wind.choices, help_text="Starting wind for the session (R14)."
    )

    class Meta:
        ordering = ["round", "table__number", "wind"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player"],
                name="seat_player_once_per_round",
                violation_error_message="This player already has a seat in this round.",
            ),
            models.UniqueConstraint(
                fields=["round", "table", "wind"],
                name="seat_wind_once_per_table",
                violation_error_message="This wind is already taken at this table in this round.",
            ),
            models.CheckConstraint(condition=Q(wind__in=WINDS), name="seat_wind_valid"),
        ]

    def __str__(self):
        return f"{self.round} {self.table}: {self.get_wind_display()} {self.player}"

    def clean(self):
        if self.table_id and self.round_id and self.table.tournament_id != self.round.tournament_id:
            raise ValidationError({"table": "This table belongs to another tournament."})
        if self.round_id and self.table_id:
            others = Seat.objects.filter(round_id=self.round_id, table_id=self.table_id)
            if self.pk:
                others = others.exclude(pk=self.pk)
            if others.count() >= 4:
                raise ValidationError("This table already has four players in this round.")


class Session(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CLOSED = "closed", "Closed"
        RECONCILED = "reconciled", "Reconciled"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sessions")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="sessions")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    card_totals = models.JSONField(
        null=True,
        blank=True,
        help_text="Final totals typed from the signed score card: {player id: points}.",
    )
    reconciled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sessions_reconciled",
    )
    reconciled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table"],
                name="session_once_per_table_and_round",
                violation_error_message="This table already has a session in this round.",
            )
        ]

    def __str__(self):
        return f"{self.round}, {self.table}"

    def seats_by_wind(self) -> dict[str, "Seat"]:
        """The four seats of this session keyed by starting wind."""
        return {
            seat.wind: seat
            for seat in Seat.objects.filter(
                round_id=self.round_id, table_id=self.table_id
            ).select_related("player")
        }

    def dealer(self, hand_number: int):
        """The player dealing hand ``hand_number`` (RULINGS R14), or None if not seated."""
        seat = self.seats_by_wind().get(starting_wind_of_dealer(hand_number))
        return seat.player if seat else None


class Hand(models.Model):
    class Outcome(models.TextChoices):
        WIN = "win", "Win"
        DRAW = "draw", "Draw (exhaustive)"
        FALSE_WIN = "false_win", "False win"

    class WinType(models.TextChoices):
        SELF_DRAW = "self_draw", "Self-draw"
        DISCARD = "discard", "Discard"
        ROBBING_KONG = "robbing_kong", "Robbing a kong"

    class Immunity(models.TextChoices):
        NONE = "", "None: the discarder is responsible"
        OTHER = "other", "Another player is responsible"
        NOBODY = "nobody", "Nobody is responsible (the winner had discarded it)"

    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    winner = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hands_won",
        help_text="The winner; for a false win, the player who declared it.",
    )
    win_type = models.CharField(max_length=12, choices=WinType.choices, blank=True)
    discarder = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hands_discarded",
        help_text="Who discarded the winning tile (robbing a kong: who declared the kong).",
    )
    immunity = models.CharField(
        max_length=8,
        choices=Immunity.choices,
        blank=True,
        default=Immunity.NONE,
        verbose_name="same-round immunity",
        help_text="RULINGS R12.",
    )
    responsible = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hands_responsible",
        help_text="RULINGS R12: who pays for a big hand on a discard.",
    )
    concealed = models.CharField(
        max_length=200, blank=True, help_text="Concealed tiles before the winning tile."
    )
    melds = models.CharField(
        max_length=200,
        blank=True,
        help_text="Declared sets: exposed in [square brackets], concealed kongs in (round).",
    )
    winning_tile = models.CharField(max_length=8, blank=True)
    penalty_tiles = models.CharField(max_length=100, blank=True)
    final_draw = models.BooleanField(default=False)
    final_discard = models.BooleanField(default=False)
    win_on_kong = models.BooleanField(default=False)
    heaven = models.BooleanField(default=False, verbose_name="Blessing of Heaven")
    earth = models.BooleanField(default=False, verbose_name="Blessing of Earth")
    value = models.IntegerField(null=True, blank=True, help_text="Points of the hand as scored.")
    patterns = models.JSONField(
        default=list, blank=True, help_text="[[pattern name, points], ...] as scored."
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hands_entered",
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=1, help_text="Optimistic locking counter.")
    confirmed = models.BooleanField(
        default=True, help_text="False while a double-entry hand awaits its second entry."
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hands_confirmed",
    )

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "number"],
                name="hand_number_unique_per_session",
                violation_error_message="This session already has a hand with this number.",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(
                condition=Q(outcome="draw", winner__isnull=True)
                | Q(outcome__in=["win", "false_win"], winner__isnull=False),
                name="hand_winner_matches_outcome",
                violation_error_message="A win or false win needs its player; a draw has none.",
            ),
            models.CheckConstraint(
                condition=~Q(outcome="win") | ~Q(win_type=""),
                name="hand_win_has_type",
                violation_error_message="A win must say how it was won.",
            ),
        ]

    def __str__(self):
        return f"{self.session}, hand {self.number}"

    @property
    def flags(self) -> list[str]:
        names = ["final_draw", "final_discard", "win_on_kong", "heaven", "earth"]
        flags = [name for name in names if getattr(self, name)]
        if self.win_type == self.WinType.ROBBING_KONG:
            flags.append("robbing_kong")
        return flags

    def dealer(self):
        return self.session.dealer(self.number)


class Payment(models.Model):
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="payments")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="payments")
    amount = models.IntegerField(help_text="Points gained (positive) or paid (negative).")

    class Meta:
        ordering = ["hand", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "player"],
                name="payment_once_per_player",
                violation_error_message="This player already has a payment for this hand.",
            )
        ]

    def __str__(self):
        return f"{self.player}: {self.amount:+d}"


class Penalty(models.Model):
    class Mode(models.TextChoices):
        ZERO_SUM = "zero_sum", "Paid to the other three players"
        DEDUCTION = "deduction", "Deducted from the player's total"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="penalties")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="penalties")
    session = models.ForeignKey(
        Session, on_delete=models.PROTECT, null=True, blank=True, related_name="penalties"
    )
    hand = models.ForeignKey(
        Hand, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    amount = models.PositiveIntegerField(
        validators=[MinValueValidator(1)], help_text="Points the player loses (RULINGS R13)."
    )
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.DEDUCTION)
    reason = models.CharField(max_length=300, help_text="e.g. wrong claim, misconduct, lateness.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "-created_at"]
        verbose_name_plural = "penalties"
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gte=1),
                name="penalty_amount_positive",
                violation_error_message="A penalty must be at least 1 point.",
            )
        ]

    def __str__(self):
        return f"{self.player} -{self.amount} ({self.reason})"

    def clean(self):
        # RULINGS R13: a zero-sum penalty is shared by the three other players of a session.
        if self.mode == self.Mode.ZERO_SUM:
            errors = {}
            if self.session_id is None:
                errors["session"] = "A zero-sum penalty needs the session whose players it pays."
            if self.amount and self.amount % 3:
                errors["amount"] = (
                    f"{self.amount} cannot be shared equally by three players: "
                    "use a multiple of 3, or the deduction mode."
                )
            if errors:
                raise ValidationError(errors)


class HandEntry(models.Model):
    """A blind second entry of a hand under double entry that did not match the first.

    ``data`` holds the entry in the form's terms (see ``tournament.hand_scoring.HandInput``).
    The head judge resolves it by keeping one of the two entries.
    """

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="second_entries")
    data = models.JSONField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hand_entries"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    hand_version = models.PositiveIntegerField(help_text="The hand version it was compared with.")

    class Meta:
        ordering = ["hand", "-entered_at"]
        verbose_name_plural = "hand entries"

    def __str__(self):
        return f"Second entry of {self.hand} by {self.entered_by}"


class AuditEntry(models.Model):
    """One recorded change made at the judges' desk: who, when, why, before and after."""

    class Action(models.TextChoices):
        CREATE = "create", "Hand entered"
        CORRECT = "correct", "Hand corrected"
        DELETE = "delete", "Hand deleted"
        CONFIRM = "confirm", "Hand confirmed"
        MISMATCH = "mismatch", "Second entry differs"
        RESOLVE = "resolve", "Mismatch resolved"
        PENALTY = "penalty", "Penalty recorded"
        RECONCILE = "reconcile", "Session reconciled"
        RECONCILE_FAILED = "reconcile_failed", "Score card differs"
        REOPEN = "reopen", "Session reopened"
        SETTINGS = "settings", "Settings changed"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    session = models.ForeignKey(
        Session, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit"
    )
    hand_number = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=20, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(max_length=300, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "audit entries"

    def __str__(self):
        where = f" hand {self.hand_number}" if self.hand_number else ""
        return f"{self.get_action_display()}{where} by {self.user} at {self.created_at:%H:%M}"

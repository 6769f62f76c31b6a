"""Play: hands with their payments, penalties and the tournament's penalty presets (RULINGS R13).

See the package docstring for the vocabulary.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .players import Player
from .rounds import Session
from .tournament import Tournament


class Hand(models.Model):
    class Outcome(models.TextChoices):
        WIN = "win", pgettext_lazy("hand outcome", "Win")
        DRAW = "draw", _("Draw (exhaustive)")
        FALSE_WIN = "false_win", _("False win")

    class WinType(models.TextChoices):
        SELF_DRAW = "self_draw", _("Self-draw")
        DISCARD = "discard", pgettext_lazy("win type", "Discard")
        ROBBING_KONG = "robbing_kong", _("Robbing a kong")

    class Immunity(models.TextChoices):
        NONE = "", _("None: the discarder is responsible")
        OTHER = "other", _("Another player is responsible")
        NOBODY = "nobody", _("Nobody is responsible (the winner had discarded it)")

    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    winner = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hands_won",
        help_text=_("The winner; for a false win, the player who declared it."),
    )
    win_type = models.CharField(max_length=12, choices=WinType.choices, blank=True)
    discarder = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hands_discarded",
        help_text=_("Who discarded the winning tile (robbing a kong: who declared the kong)."),
    )
    immunity = models.CharField(
        max_length=8,
        choices=Immunity.choices,
        blank=True,
        default=Immunity.NONE,
        verbose_name=_("same-round immunity"),
        help_text=_("RULINGS R12."),
    )
    responsible = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hands_responsible",
        help_text=_("RULINGS R12: who pays for a big hand on a discard."),
    )
    concealed = models.CharField(
        max_length=200, blank=True, help_text=_("Concealed tiles before the winning tile.")
    )
    melds = models.CharField(
        max_length=200,
        blank=True,
        help_text=_("Declared sets: exposed in [square brackets], concealed kongs in (round)."),
    )
    winning_tile = models.CharField(max_length=8, blank=True)
    penalty_tiles = models.CharField(max_length=100, blank=True)
    final_draw = models.BooleanField(default=False)
    final_discard = models.BooleanField(default=False)
    win_on_kong = models.BooleanField(default=False)
    heaven = models.BooleanField(default=False, verbose_name=_("Blessing of Heaven"))
    earth = models.BooleanField(default=False, verbose_name=_("Blessing of Earth"))
    value = models.IntegerField(null=True, blank=True, help_text=_("Points of the hand as scored."))
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
        default=True, help_text=_("False while a double-entry hand awaits its second entry.")
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
        indexes = [
            # The standings' "provisional" line reads the few unconfirmed hands cheaply.
            models.Index(fields=["session"], condition=Q(confirmed=False), name="hand_unconfirmed")
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "number"],
                name="hand_number_unique_per_session",
                violation_error_message=_("This session already has a hand with this number."),
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(
                condition=Q(outcome="draw", winner__isnull=True)
                | Q(outcome__in=["win", "false_win"], winner__isnull=False),
                name="hand_winner_matches_outcome",
                violation_error_message=_("A win or false win needs its player; a draw has none."),
            ),
            models.CheckConstraint(
                condition=~Q(outcome="win") | ~Q(win_type=""),
                name="hand_win_has_type",
                violation_error_message=_("A win must say how it was won."),
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
    amount = models.IntegerField(help_text=_("Points gained (positive) or paid (negative)."))

    class Meta:
        ordering = ["hand", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "player"],
                name="payment_once_per_player",
                violation_error_message=_("This player already has a payment for this hand."),
            )
        ]

    def __str__(self):
        return f"{self.player}: {self.amount:+d}"


class PenaltyMode(models.TextChoices):
    ZERO_SUM = "zero_sum", _("Paid to the other three players")
    DEDUCTION = "deduction", _("Deducted from the player's total")


class PenaltyPreset(models.Model):
    """A named penalty an organiser keeps for the desk (RULINGS R13): its points, mode, an
    optional unit the points count per ("missed game": the desk asks how many), and whether
    a player is warned first (a 0-point warning before their first deduction for it)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="penalty_presets"
    )
    name = models.CharField(max_length=100, help_text=_("e.g. Talking, Late arrival."))
    points = models.PositiveIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(10000)],
        help_text=_("Points the player loses (per unit, when a unit is given), 1 to 10,000."),
    )
    per = models.CharField(
        _("per"),
        max_length=40,
        blank=True,
        help_text=_(
            "Optional unit the points count per, e.g. 'missed game'; the desk asks how many."
        ),
    )
    mode = models.CharField(
        max_length=10, choices=PenaltyMode.choices, default=PenaltyMode.DEDUCTION
    )
    warning_first = models.BooleanField(
        default=False,
        help_text=_("The first time for a player, the desk records a warning (0 points) instead."),
    )
    position = models.PositiveSmallIntegerField(default=0, help_text=_("Order in the desk's list."))

    class Meta:
        ordering = ["tournament", "position", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"],
                name="penalty_preset_name_unique",
                violation_error_message=_("This tournament has a preset of that name already."),
            ),
            models.CheckConstraint(
                condition=Q(points__gte=1),
                name="penalty_preset_points_positive",
                violation_error_message=_("A preset penalty is at least 1 point."),
            ),
        ]

    def __str__(self):
        return self.name

    def clean(self):
        if self.mode == PenaltyMode.ZERO_SUM and self.points and self.points % 3:
            raise ValidationError(
                {
                    "points": _(
                        "%(points)s cannot be shared equally by three players: use a "
                        "multiple of 3, or the deduction mode."
                    )
                    % {"points": self.points}
                }
            )


class Penalty(models.Model):
    Mode = PenaltyMode

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="penalties")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="penalties")
    session = models.ForeignKey(
        Session, on_delete=models.PROTECT, null=True, blank=True, related_name="penalties"
    )
    hand = models.ForeignKey(
        Hand, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    amount = models.PositiveIntegerField(
        validators=[MaxValueValidator(10000)],
        help_text=_("Points the player loses (RULINGS R13), 1 to 10,000; 0 for a warning."),
    )
    preset = models.ForeignKey(
        PenaltyPreset,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="penalties",
        help_text=_("The organiser's preset it was recorded from, if any."),
    )
    warning = models.BooleanField(
        default=False, help_text=_("A warning before the first deduction for a preset: 0 points.")
    )
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.DEDUCTION)
    reason = models.CharField(
        max_length=300, help_text=_("e.g. wrong claim, misconduct, lateness.")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "-created_at"]
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gte=1, warning=False) | Q(amount=0, warning=True),
                name="penalty_amount_positive",
                violation_error_message=_("A penalty must be at least 1 point (a warning is 0)."),
            )
        ]

    def __str__(self):
        if self.warning:
            return f"{self.player} warned ({self.reason})"
        return f"{self.player} -{self.amount} ({self.reason})"

    def clean(self):
        if self.warning and self.amount:
            raise ValidationError({"amount": _("A warning is worth 0 points.")})
        if not self.warning and self.amount is not None and self.amount < 1:
            raise ValidationError({"amount": _("A penalty must be at least 1 point.")})
        # RULINGS R13: a zero-sum penalty is shared by the three other players of a session.
        if self.mode == self.Mode.ZERO_SUM:
            errors = {}
            if self.session_id is None:
                errors["session"] = _("A zero-sum penalty needs the session whose players it pays.")
            if self.amount and self.amount % 3:
                errors["amount"] = _(
                    "%(points)s cannot be shared equally by three players: use a "
                    "multiple of 3, or the deduction mode."
                ) % {"points": self.amount}
            if errors:
                raise ValidationError(errors)


class SessionScore(models.Model):
    """One player's totals in one session, kept by the play services in the same transaction as
    every hand or penalty write, so that the standings read players x rounds rows, not hands.

    ``hand_points`` always equals the sum of the player's payments in the session's confirmed
    hands (a hand awaiting its blind second entry counts once confirmed), and
    ``penalty_points`` their penalties of the session (RULINGS R13); the health page checks it.
    The tournament, round and table numbers are copied from the session so that the standings
    read one table without joins (a played round is never reseated).
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="session_scores"
    )
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="scores")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="session_scores")
    round_number = models.PositiveSmallIntegerField(help_text="The session's round, kept here.")
    table_number = models.PositiveSmallIntegerField(help_text="The session's table, kept here.")
    half = models.PositiveSmallIntegerField(default=1, help_text="The session's half, kept here.")
    wind = models.CharField(max_length=1, blank=True, help_text=_("Starting wind (RULINGS R14)."))
    hand_points = models.IntegerField(default=0)
    penalty_points = models.IntegerField(default=0)
    hands_won = models.PositiveSmallIntegerField(default=0)
    largest_hand = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round_number", "half", "table_number", "player_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "player"], name="session_score_once_per_player"
            )
        ]

    def __str__(self):
        return f"{self.session}: {self.player} {self.hand_points:+d}"


class TotalsCheck(models.Model):
    """One full check of a tournament's kept session totals (`SessionScore`) against every
    hand's payments, wins and penalties, run by a background worker for the health page
    (`tournament.play.health`): what it found stays on the page until fixed, and the sessions
    written after it started are checked again by the page itself.

    ``drifted`` and ``unbalanced`` are session ids (drift; payments that do not sum to zero).
    """

    class State(models.TextChoices):
        QUEUED = "queued", _("Waiting for a worker")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="totals_checks"
    )
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    asked_at = models.DateTimeField()
    started_at = models.DateTimeField(
        null=True, blank=True, help_text="Before its first read: writes after it are not in it."
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    drifted = models.JSONField(default=list, blank=True, help_text="Session ids.")
    unbalanced = models.JSONField(default=list, blank=True, help_text="Session ids.")
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["-asked_at", "-pk"]

    def __str__(self):
        return f"{self.tournament}: totals check {self.state} ({self.asked_at:%Y-%m-%d %H:%M})"

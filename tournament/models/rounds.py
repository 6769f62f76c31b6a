"""Rounds of play: a round, the venue's tables, each player's seat (table and starting wind)
and each table's session (its card), in halves when the round has a table change.

Vocabulary
----------
half        1, or 2 after a round's *table change* (`Round.table_change_after`): the second
            half has its own seats and sessions and continues the hand numbers
            (`half_hand_numbers`, named "hands 9-16" by `hand_range_label`).
Wind        a seat's starting wind (RULINGS R14).

See the package docstring for the rest of the vocabulary.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ..winds import WINDS, starting_wind_of_dealer
from .players import Player
from .tournament import Tournament

HALVES = (1, 2)


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


class Round(models.Model):
    class SeatingMethod(models.TextChoices):
        """How the round's tables are filled (`tournament.seating.request.SEATING_METHODS`)."""

        RANDOM = "random", _("Random, no repeats")
        STANDINGS = "standings", _("By standings (top tables)")
        SWISS = "swiss", _("Swiss (near ranks, few repeats)")

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
    # When the round was last seated (`seating.services.round_seat`); empty for rounds seated
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
    seating_method = models.CharField(
        max_length=10, choices=SeatingMethod.choices, default=SeatingMethod.RANDOM
    )
    repeat_limit = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("Swiss: the most repeat meetings the round may have."),
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
            models.CheckConstraint(
                condition=Q(seating_method__in=["random", "standings", "swiss"]),
                name="round_seating_method_valid",
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

    @property
    def by_standings(self) -> bool:
        """Seated from the standings after the previous round (by standings, or Swiss)."""
        return self.seating_method != Round.SeatingMethod.RANDOM

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

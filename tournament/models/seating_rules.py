"""The organiser's seating rules: players given a fixed table, and pairs kept apart.

Vocabulary
----------
FixedTable      a player seated at one table number in every round from ``first_round`` to
                ``last_round`` (empty: no bound on that side): a wheelchair place, a table near
                the door, a streamed table. One per player per tournament.
KeptApartPair   two players who must not meet at a table (family, teammates), in every round
                or only up to ``until_round``. Stored once per pair, the lower player id first
                (`KeptApartPair.ordered`), so a pair cannot be entered twice either way round.

The seating algorithm reads them as `tournament.seating.request.SeatingConstraints`
(`seating.rule_selectors.seating_constraints`); only the seating services write them.
"""

from __future__ import annotations

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .players import Player
from .tournament import Tournament


class FixedTable(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="fixed_tables"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="fixed_tables")
    table = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1)], help_text=_("The table number the player sits at.")
    )
    first_round = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1)]
    )
    last_round = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1)]
    )

    class Meta:
        ordering = ["tournament", "table", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="fixed_table_player_once",
                violation_error_message=_("This player already has a fixed table."),
            ),
            models.CheckConstraint(condition=Q(table__gte=1), name="fixed_table_positive"),
            models.CheckConstraint(
                condition=Q(first_round__isnull=True)
                | Q(last_round__isnull=True)
                | Q(first_round__lte=F("last_round")),
                name="fixed_table_rounds_in_order",
                violation_error_message=_("The first round comes after the last round."),
            ),
        ]

    def __str__(self):
        return f"{self.player} at table {self.table}"


class KeptApartPair(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="kept_apart_pairs"
    )
    player_a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    until_round = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1)]
    )

    class Meta:
        ordering = ["tournament", "player_a", "player_b"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player_a", "player_b"],
                name="kept_apart_pair_once",
                violation_error_message=_("These two players are already kept apart."),
            ),
            models.CheckConstraint(
                condition=Q(player_a__lt=F("player_b")),
                name="kept_apart_pair_ordered",
                violation_error_message=_("A pair kept apart is two different players."),
            ),
        ]

    def __str__(self):
        return f"{self.player_a} apart from {self.player_b}"

    @staticmethod
    def ordered(a: int, b: int) -> tuple[int, int]:
        """The pair's ids as stored: the lower first."""
        return (a, b) if a < b else (b, a)

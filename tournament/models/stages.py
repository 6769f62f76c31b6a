"""Stages and cuts: a tournament played in stages, each ended by a cut but the last.

Vocabulary
----------
Stage          consecutive rounds of a tournament, numbered from 1. A stage with a ``last_round``
               ends with a cut: its top ``cut_size`` players continue into the next stage, each
               carrying ``carry_numerator / carry_denominator`` of their score (0/1: nothing,
               1/4, 1/2, 1/1: the whole). The last stage has neither. A tournament without
               stage rows is one stage holding every round (`tournament.stages`).
StageCut       a cut as the organiser confirmed it: the seed of its random draw, the order of
               the tie-breaks it applied, who confirmed it and when.
StageCutEntry  one player's line of a confirmed cut: their position (1, 2, ... after every
               tie-break and the draw), the rank the standings show them, their score at the
               cut, what they carry into the next stage, whether they qualified, and their lot
               when the draw placed them.
"""

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from ..stages import CutLine
from .players import Player
from .tournament import Tournament


class Stage(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    last_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("The round after which the cut is made (none: last stage)."),
    )
    cut_size = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("How many players continue into the next stage.")
    )
    carry_numerator = models.PositiveIntegerField(default=0)
    carry_denominator = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"],
                name="stage_number_unique",
                violation_error_message=_("This tournament already has a stage with this number."),
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="stage_number_positive"),
            models.CheckConstraint(
                condition=Q(carry_denominator__gte=1)
                & Q(carry_numerator__lte=F("carry_denominator")),
                name="stage_carry_is_a_share",
                violation_error_message=_("The carried share is between none and the whole score."),
            ),
            models.CheckConstraint(
                condition=Q(last_round__isnull=True, cut_size__isnull=True)
                | Q(last_round__gte=1, cut_size__gte=1),
                name="stage_cut_has_round_and_size",
                violation_error_message=_("A cut needs both its round and how many continue."),
            ),
        ]

    def __str__(self):
        return f"Stage {self.number}"


class StageCut(models.Model):
    stage = models.OneToOneField(Stage, on_delete=models.CASCADE, related_name="cut")
    seed = models.PositiveBigIntegerField(help_text=_("The seed of the random draw at the cut."))
    tie_breaks = models.CharField(
        max_length=200, help_text=_("The order the ties were broken in, before the draw.")
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    confirmed_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Cut after {self.stage}"


class StageCutEntry(models.Model):
    cut = models.ForeignKey(StageCut, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="cut_entries")
    position = models.PositiveIntegerField(help_text=_("1 for the best, after the draw."))
    rank = models.CharField(max_length=12, help_text=_("The rank shown, e.g. '=3'."))
    score = models.IntegerField(help_text=_("The player's total at the cut."))
    carried = models.IntegerField(default=0, help_text=_("Points carried into the next stage."))
    qualified = models.BooleanField()
    lot = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("The player's place in the draw, when drawn.")
    )

    class Meta:
        ordering = ["cut", "position"]
        verbose_name_plural = _("stage cut entries")
        constraints = [
            models.UniqueConstraint(fields=["cut", "player"], name="cut_entry_player_once"),
            models.UniqueConstraint(fields=["cut", "position"], name="cut_entry_position_once"),
        ]

    def __str__(self):
        return f"{self.cut}: {self.position}. {self.player}"

    @classmethod
    def of_line(cls, cut: StageCut, line: CutLine) -> "StageCutEntry":
        """The unsaved row of one line of a cut (`tournament.stages.CutLine`)."""
        return cls(
            cut=cut,
            player_id=line.player_id,
            position=line.position,
            rank=line.rank,
            score=line.score,
            carried=line.carried,
            qualified=line.qualified,
            lot=line.lot,
        )

"""The awards an organiser gives at the prize-giving, defined from a list of kinds.

Vocabulary
----------
Award           one award of a tournament: its ``kind`` (what decides it, `Award.Kind`), the
                ``title`` printed on the screen and the certificate, the ``tie_rule`` that says
                who takes it when players tie on its figure, and what some kinds need: the
                fewest deal-ins counts players with at least ``min_sessions`` sessions; the
                best of a category names it (``category``: a country or a club, and
                ``category_value``, e.g. "DK"). ``position`` orders the awards (the projector
                shows them in that order); ``published`` releases it to the projector.

The winners are never stored: they are computed from the statistics whenever they are shown
(`tournament.statistics.awards`), so an award can never disagree with the hands.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class Award(models.Model):
    class Kind(models.TextChoices):
        BEST_HAND = "best_hand", _("Best hand (the highest hand value)")
        MOST_WINS = "most_wins", _("Most hands won")
        FEWEST_DEAL_INS = "fewest_deal_ins", _("Fewest deal-ins per hand played")
        BEST_NEWCOMER = "best_newcomer", _("Best newcomer (first tournament on this site)")
        BEST_OF_CATEGORY = "best_of_category", _("Best of a country or a club")

    class TieRule(models.TextChoices):
        SHARED = "shared", _("Tied players share the award")
        STANDINGS = "standings", _("The tied player placed higher in the standings takes it")

    class Category(models.TextChoices):
        NONE = "", _("None")
        COUNTRY = "country", _("Country")
        CLUB = "club", _("Club")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="awards")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    title = models.CharField(
        max_length=100, help_text=_("As the projector and the certificate show it.")
    )
    tie_rule = models.CharField(max_length=10, choices=TieRule.choices, default=TieRule.SHARED)
    min_sessions = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(100)],
        help_text=_("Fewest deal-ins: only players with at least this many sessions count."),
    )
    category = models.CharField(max_length=8, choices=Category.choices, blank=True, default="")
    category_value = models.CharField(
        max_length=100, blank=True, help_text=_("Best of a category: the country code or club.")
    )
    position = models.PositiveSmallIntegerField(default=0)
    published = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "position", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="best_of_category") | (~Q(category="") & ~Q(category_value="")),
                name="award_category_named",
                violation_error_message=_("Best of a category needs the category and its name."),
            )
        ]

    def __str__(self):
        return self.title

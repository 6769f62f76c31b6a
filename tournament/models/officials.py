"""The officials: a user's role (judge, head judge, organiser) in one tournament
(`TournamentOfficial`); what each role may do is `tournament.roles`.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


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

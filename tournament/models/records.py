"""Records of the desk's work: blind second entries (double entry) and the audit log.

See the package docstring for the vocabulary.
"""

from django.conf import settings
from django.db import models

from .event import Session, Tournament
from .play import Hand


class HandEntry(models.Model):
    """A blind second entry of a hand under double entry that did not match the first.

    ``data`` holds the entry in the form's terms (see ``tournament.play.entry.HandEntryData``).
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
        PENALTY_CORRECT = "penalty_correct", "Penalty corrected"
        PENALTY_DELETE = "penalty_delete", "Penalty deleted"
        RECONCILE = "reconcile", "Session reconciled"
        RECONCILE_FAILED = "reconcile_failed", "Score card differs"
        REOPEN = "reopen", "Session reopened"
        SETTINGS = "settings", "Settings changed"
        ROSTER = "roster", "Roster changed"
        STAGES = "stages", "Stages changed"
        CUT = "cut", "Cut confirmed"
        CUT_UNDO = "cut_undo", "Cut undone"

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
        indexes = [models.Index(fields=["tournament", "created_at"], name="audit_tournament_time")]

    def __str__(self):
        where = f" hand {self.hand_number}" if self.hand_number else ""
        return f"{self.get_action_display()}{where} by {self.user} at {self.created_at:%H:%M}"

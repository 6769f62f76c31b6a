"""Files made in the background: a long printout or an archive asked for on a page, made by a
worker, kept in Django's default storage. See `tournament.jobs` for the vocabulary.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class Job(models.Model):
    """One file someone asked for, and how far its making has come.

    The same file asked again at the same version of the tournament (``key`` and ``version``)
    is this row again: twenty clicks make one PDF. A public printout is the same row again
    while what the public may see of it is the same (``key`` and ``released``), whatever
    the version. A failed job is asked again with *Try again*, on the same row.
    """

    class Kind(models.TextChoices):
        PRINTOUT = "printout", _("Printout")
        ARCHIVE = "archive", _("Archive")

    class State(models.TextChoices):
        QUEUED = "queued", _("Waiting for a worker")
        RUNNING = "running", _("Being made")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="jobs")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    name = models.CharField(max_length=120, help_text=_("What the file is, for people."))
    parameters = models.JSONField(
        default=dict, help_text="What the file is made from: the printout, round, viewer..."
    )
    key = models.CharField(max_length=64, help_text="A digest of the kind and the parameters.")
    version = models.DateTimeField(
        help_text="The tournament's last write when it was asked for: a later write supersedes it."
    )
    released = models.CharField(
        max_length=64,
        blank=True,
        help_text=(
            "A public printout's: a digest of the released content it is made from (empty for "
            "an official's job, which follows the version)."
        ),
    )
    asked_from = models.GenericIPAddressField(
        null=True, blank=True, help_text="The address a visitor without a log-in asked from."
    )
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("Empty when a visitor without a log-in asked."),
    )
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0, help_text=_("Per cent, 0-100."))
    step = models.CharField(max_length=120, blank=True, help_text=_("What the worker is doing."))
    error = models.TextField(blank=True, help_text=_("Why it failed, for the person who asked."))
    file = models.FileField(upload_to="jobs/", max_length=255, blank=True)
    filename = models.CharField(max_length=160, blank=True)
    content_type = models.CharField(max_length=100, blank=True)
    size = models.PositiveBigIntegerField(default=0)
    task_id = models.CharField(max_length=64, blank=True, help_text="The task framework's id.")
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "key", "version"],
                name="job_once_per_version",
            ),
            models.CheckConstraint(
                condition=models.Q(progress__lte=100), name="job_progress_at_most_100"
            ),
        ]
        indexes = [models.Index(fields=["state", "updated_at"], name="job_state_updated")]

    def __str__(self):
        return f"{self.name} ({self.get_state_display().lower()})"

    @staticmethod
    def stamped(**fields) -> dict:
        """``fields`` with ``updated_at`` now, for a queryset's ``update`` (which skips
        ``auto_now``): every write of a job's state or progress is news of it."""
        return {"updated_at": timezone.now(), **fields}

    @property
    def pending(self) -> bool:
        """Queued or running: its page keeps asking."""
        return self.state in (self.State.QUEUED, self.State.RUNNING)

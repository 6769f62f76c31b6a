"""Records of the desk's work: blind second entries (double entry), hands typed offline and
the audit log.

See the package docstring for the vocabulary.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .play import Hand
from .players import Registration
from .rounds import Session
from .tournament import Tournament


class HandEntry(models.Model):
    """A blind second entry of a hand under double entry that did not match the first.

    ``data`` holds the entry in the form's terms (see ``tournament.play.entry.HandEntryData``).
    The head judge resolves it by keeping one of the two entries.
    """

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="second_entries")
    data = models.JSONField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hand_entries",
        help_text=_("Empty when the players of the table made the entry (their private links)."),
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    hand_version = models.PositiveIntegerField(help_text="The hand version it was compared with.")

    class Meta:
        ordering = ["hand", "-entered_at"]
        verbose_name_plural = _("hand entries")

    def __str__(self):
        return f"Second entry of {self.hand} by {self.entered_by}"


class TableEntry(models.Model):
    """The table's own entry of a hand, made on the table page (a judge at the table).

    The entry itself lives where every entry lives: in the `Hand` when the table entered the
    hand first (``first``), else it was compared with the desk's entry as a blind second entry
    (confirmed, or kept as a `HandEntry` mismatch for the head judge). This row records only
    that the table has entered the hand, who and when, so that a second table entry of the
    same hand is refused and the desk sees which hands the table has confirmed.
    """

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="table_entry")
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="table_entries",
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    first = models.BooleanField(
        help_text=_("The table entered the hand before the desk (the hand is the table's entry).")
    )
    agreed_by = models.ManyToManyField(
        Registration,
        blank=True,
        related_name="table_entries",
        help_text=_("The two players whose private links agreed on the entry (no judge)."),
    )

    class Meta:
        ordering = ["hand"]
        verbose_name_plural = _("table entries")

    def __str__(self):
        return f"Table entry of {self.hand}"


class TableProposal(models.Model):
    """One player's entry of a hand from their private link (players confirm at the table).

    It waits, blind to everyone, until another player of the table enters the same hand with
    the same content, the winner (for a false win its offender) being one of the two; the
    agreed entry then becomes the table's entry (`TableEntry`) and the proposals go.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="proposals")
    number = models.PositiveSmallIntegerField()
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="table_proposals"
    )
    data = models.JSONField(help_text="The entry in the form's terms (HandEntryData).")
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "number", "entered_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "number", "registration"],
                name="table_proposal_once_per_player",
                violation_error_message=_("You have already entered this hand."),
            )
        ]

    def __str__(self):
        return f"{self.registration}'s entry of {self.session}, hand {self.number}"


class HandQuery(models.Model):
    """A player's query of one hand of their table, raised from their private link during the
    session's appeal window and answered by a head judge: upheld (the hand is then corrected
    through the desk's correction flow) or dismissed with a reason. The hand is named by its
    session and number, as in the audit log, so that a correction or a deletion of the hand
    keeps the query."""

    TEXT_LENGTH = 300

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for the head judge")
        UPHELD = "upheld", _("Upheld")
        DISMISSED = "dismissed", _("Dismissed")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="queries")
    hand_number = models.PositiveSmallIntegerField()
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="queries")
    text = models.CharField(max_length=TEXT_LENGTH)
    raised_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    answer = models.CharField(max_length=TEXT_LENGTH, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hand_queries_answered",
    )
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["raised_at", "pk"]
        verbose_name_plural = _("hand queries")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "hand_number", "registration"],
                name="hand_query_once_per_player",
                violation_error_message=_("You have already queried this hand."),
            )
        ]

    def __str__(self):
        return f"Query of hand {self.hand_number} ({self.session}) by {self.registration}"


class OfflineEntry(models.Model):
    """One hand typed while the desk was offline, as it reached the server: its idempotency
    ``key`` (made in the browser when it was typed) is unique, so a retry or a second tab
    never makes a hand twice; ``digest`` fixes what was typed, so a replayed key with another
    body is refused, never applied. ``result`` says what became of it (``reason`` for a
    refusal); ``data`` keeps the typed fields for the health page and the judge's correction.
    """

    class Place(models.TextChoices):
        DESK = "desk", _("Desk")
        TABLE = "table", _("At the table")

    class Result(models.TextChoices):
        SAVED = "saved", _("Saved")
        CONFIRMED = "confirmed", _("Confirmed")
        MISMATCH = "mismatch", _("Second entry differs")
        REFUSED = "refused", _("Refused")

    key = models.UUIDField(unique=True)
    digest = models.CharField(max_length=64)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="offline_entries"
    )
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="offline_entries")
    place = models.CharField(max_length=5, choices=Place.choices)
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    data = models.JSONField()
    typed_at = models.DateTimeField()
    received_at = models.DateTimeField(auto_now_add=True)
    result = models.CharField(max_length=10, choices=Result.choices)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["received_at", "pk"]
        verbose_name_plural = _("offline entries")

    def __str__(self):
        return f"Offline entry {self.key} of hand {self.number} ({self.result})"


class AuditEntry(models.Model):
    """One recorded change made at the judges' desk: who, when, why, before and after."""

    class Action(models.TextChoices):
        CREATE = "create", _("Hand entered")
        CORRECT = "correct", _("Hand corrected")
        DELETE = "delete", _("Hand deleted")
        CONFIRM = "confirm", _("Hand confirmed")
        MISMATCH = "mismatch", _("Second entry differs")
        RESOLVE = "resolve", _("Mismatch resolved")
        PENALTY = "penalty", _("Penalty recorded")
        PENALTY_CORRECT = "penalty_correct", _("Penalty corrected")
        PENALTY_DELETE = "penalty_delete", _("Penalty deleted")
        RECONCILE = "reconcile", _("Session reconciled")
        RECONCILE_FAILED = "reconcile_failed", _("Score card differs")
        REOPEN = "reopen", _("Session reopened")
        SETTINGS = "settings", _("Settings changed")
        ROSTER = "roster", _("Roster changed")
        PRESETS = "presets", _("Penalty presets changed")
        WARNING = "warning", _("Warning recorded")
        LINK = "link", _("Private link issued or revoked")
        QUERY = "query", _("Hand queried")
        QUERY_ANSWER = "query_answer", _("Query answered")
        APPEAL_CLOSE = "appeal_close", _("Appeal window closed")
        STAGES = "stages", _("Stages changed")
        CUT = "cut", _("Cut confirmed")
        CUT_UNDO = "cut_undo", _("Cut undone")
        SEATING_RULES = "seating_rules", _("Seating rules changed")
        AWARDS = "awards", _("Awards changed")
        OFFLINE = "offline", _("Hand typed offline received")

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
        verbose_name_plural = _("audit entries")
        indexes = [models.Index(fields=["tournament", "created_at"], name="audit_tournament_time")]

    def __str__(self):
        where = f" hand {self.hand_number}" if self.hand_number else ""
        return f"{self.get_action_display()}{where} by {self.user} at {self.created_at:%H:%M}"

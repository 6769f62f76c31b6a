"""The players: a person (`Player`), their entry in one tournament (`Registration`) and their
private link (`PlayerLink`).

Vocabulary
----------
name                a player's display name, "Given Family", derived from the given and family
                    names on save (`split_name` cuts a one-line name: the last word is the
                    family name).
registered after    a player registered after a round was seated: not in its draw, so sitting
                    it out is no bye but *not yet registered* (`registered_after`).
token               the whole secret of a private link; two tokens that fold alike
                    (`token_folded`, `LOOK_ALIKES`) are the same to someone typing one.

See the package docstring for the rest of the vocabulary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_countries.fields import CountryField

from .tournament import Tournament

if TYPE_CHECKING:
    from .rounds import Round


def split_name(name: str) -> tuple[str, str]:
    """(given name, family name) of a one-line name: the last word is the family name."""
    words = name.split()
    if len(words) <= 1:
        return "", " ".join(words)
    return " ".join(words[:-1]), words[-1]


class Player(models.Model):
    """A person. ``name`` is the display name, derived on save from the given and family names
    ("Given Family"), so that every list and ordering on ``name`` keeps working; a player
    created with ``name`` alone has it split (the last word is the family name)."""

    given_name = models.CharField(max_length=80, blank=True)
    family_name = models.CharField(max_length=80, blank=True)
    name = models.CharField(
        max_length=161,
        blank=True,
        help_text=_("Name as printed on score cards: derived from the given and family names."),
    )
    chinese_name = models.CharField(max_length=60, blank=True)
    country = CountryField(blank=True, help_text=_("Country or region (ISO 3166 code)."))
    club = models.CharField(max_length=120, blank=True)
    external_id = models.CharField(
        max_length=40,
        blank=True,
        verbose_name=_("external id"),
        help_text=_("An id from outside, such as an EMA number. Unique when given."),
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["external_id"],
                condition=~Q(external_id=""),
                name="player_external_id_unique",
                violation_error_message=_("Another player already has this external id."),
            )
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.derive_name()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"given_name", "family_name"} & set(update_fields):
            kwargs["update_fields"] = set(update_fields) | {"name"}
        super().save(*args, **kwargs)

    def clean(self):
        self.derive_name()
        if not self.name:
            raise ValidationError({"family_name": _("Give at least a family name.")})

    def derive_name(self) -> None:
        if self.given_name or self.family_name:
            self.given_name, self.family_name = self.given_name.strip(), self.family_name.strip()
            self.name = " ".join(part for part in (self.given_name, self.family_name) if part)
        elif self.name:
            self.given_name, self.family_name = split_name(self.name)
            self.name = " ".join(self.name.split())


def registered_after(registered_at, seated_at) -> bool:
    """Whether a player registered at ``registered_at`` came after a round seated at
    ``seated_at``: they were not in its draw, so sitting it out is no bye but *not yet
    registered*. An unknown time (a row older than these fields) counts as from the start."""
    return bool(registered_at and seated_at and registered_at > seated_at)


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", pgettext_lazy("registration status", "Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    number = models.PositiveIntegerField(help_text=_("Player number in this tournament."))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    is_substitute = models.BooleanField(
        default=False,
        help_text=_("A substitute fills a seat so that every table has four players."),
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("A withdrawn player keeps the seats of the rounds before this one."),
    )
    checked_in_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("The round this player was last checked in (present) for, at the roll call."),
    )
    # Empty for the registrations made before it was kept: they count as registered from the
    # start. A round seated before this time is one the player was not yet registered for.
    registered_at = models.DateTimeField(null=True, blank=True, default=timezone.now)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="registration_player_once",
                violation_error_message=_("This player is already registered in this tournament."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "number"],
                name="registration_number_unique",
                violation_error_message=_("Another player already has this number."),
            ),
        ]

    def __str__(self):
        return f"{self.number}. {self.player}"

    def registered_after(self, round_: Round) -> bool:
        """Whether this player registered after ``round_`` was seated (`registered_after`)."""
        return registered_after(self.registered_at, round_.seated_at)


#: Characters a reader takes for one another on a slip or a phone's keyboard, each mapped to the
#: one that stands for its group: a token typed with any of them is read as if it had the other.
LOOK_ALIKES = str.maketrans({"o": "0", "i": "1", "l": "1", "_": "-"})


def token_folded(token: str) -> str:
    """``token`` as it reads to a person: lower case, look-alikes (`LOOK_ALIKES`) made one. Two
    tokens that fold alike are the same token to someone typing it from a slip."""
    return token.lower().translate(LOOK_ALIKES)


class PlayerLink(models.Model):
    """A player's private link (``/p/<token>/``): no log-in, whoever holds the token sees that
    player's own page. ``token`` is the whole secret (`tournament.event.links`); ``key``, its
    first `PlayerLink.KEY_LENGTH` characters, is what the database looks up, and the rest is
    compared in constant time (`tournament.event.selectors.registration_of_link`);
    ``folded_key`` is the key as `token_folded` reads it, looked up when a typed token is not
    found as it was typed. A revoked link stays, so that its holder is told it was replaced
    rather than that it never existed; a registration has at most one link in force."""

    KEY_LENGTH = 12

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="links")
    key = models.CharField(max_length=KEY_LENGTH, unique=True)
    folded_key = models.CharField(max_length=KEY_LENGTH, db_index=True, default="")
    token = models.CharField(max_length=64)
    issued_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["registration", "-issued_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["registration"],
                condition=Q(revoked_at__isnull=True),
                name="player_link_one_in_force",
                violation_error_message=_("This player already has a private link in force."),
            )
        ]

    def __str__(self):
        state = "revoked" if self.revoked_at else "in force"
        return f"Private link of {self.registration} ({state})"

    @classmethod
    def of_token(cls, token: str, **fields) -> PlayerLink:
        """An unsaved link whose token is ``token``, with its keys made from it."""
        key = token[: cls.KEY_LENGTH]
        return cls(key=key, folded_key=token_folded(key), token=token, **fields)

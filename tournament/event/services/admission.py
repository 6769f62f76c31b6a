"""The door into the roster: every registration made anywhere comes in through `roster_admit`.

A player added on the console, a substitute, an import, the demo, an archive: each is an
*admission*, and `player_build` is the one constructor of players. Writes here are public writes
(`tournament.audit.public_write`: they move the tournament's last write) and run in one
transaction, so a failure leaves nothing half-saved.

Vocabulary: a *roster entry* (`RosterEntry`) is one player to register, by name and facts; an
*admission* (`Admission`) is one registration to make, of a new player from an entry or of a
known player, under a number; *where* names its row in messages ("Player 12"). *Validated*
means the models' own field checks and the name rules (`tournament.name_characters`).
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.translation import translate_message

from ...audit import public_write
from ...models import Player, Registration, Tournament
from ...name_characters import NAME_FIELDS, name_problems
from ..links import player_links_follow


@dataclass(frozen=True)
class RosterEntry:
    """One player to register; ``name`` alone is split (the last word is the family name)."""

    name: str = ""
    given_name: str = ""
    family_name: str = ""
    country: str = ""
    club: str = ""
    chinese_name: str = ""
    external_id: str = ""


@dataclass(frozen=True)
class Admission:
    """One registration to make: a new player from ``entry``, or the known player
    ``player_id``, under ``number``; ``where`` names the row in messages ("Player 12")."""

    number: int
    entry: RosterEntry | None = None
    player_id: int | None = None
    status: str = Registration.Status.ACTIVE
    is_substitute: bool = False
    checked_in_round: int | None = None
    where: str = ""


ROSTER_CHANGED = gettext_lazy(
    "The roster changed while you were importing (a number or external id is now taken); "
    "check the preview again. Nothing was saved."
)


def player_build(entry: RosterEntry) -> Player:
    """The one constructor of players: an unsaved `Player` from ``entry``, its display name
    derived (a bulk insert does not call `Player.save`)."""
    player = Player(
        name=entry.name,
        given_name=entry.given_name,
        family_name=entry.family_name,
        country=entry.country,
        club=entry.club,
        chinese_name=entry.chinese_name,
        external_id=entry.external_id.strip(),
    )
    player.derive_name()
    return player


def _full_clean(instance, **options) -> None:
    """``instance.full_clean(**options)``, and for a player the name rules too
    (`tournament.name_characters`: no direction or control characters, not only invisible
    ones), every message on its field."""
    errors: dict = {}
    try:
        instance.full_clean(**options)
    except ValidationError as error:
        errors = error.update_error_dict(errors)
    if isinstance(instance, Player):
        values = {field: getattr(instance, field) for field in NAME_FIELDS}
        for field, problem in name_problems(values).items():
            errors.setdefault(field, []).append(translate_message(problem))
    if errors:
        raise ValidationError(errors)


def _validated(instance, where: str, unique: bool = True) -> None:
    """``instance.full_clean()`` (`_full_clean`); with ``where``, its messages are put as
    "where: field: ...". Without ``unique``, nothing is asked of the database: neither
    uniqueness nor whether the rows it refers to exist (see `roster_admit`)."""
    references = [] if unique else [f.name for f in instance._meta.fields if f.is_relation]
    try:
        _full_clean(
            instance, exclude=references, validate_unique=unique, validate_constraints=unique
        )
    except ValidationError as error:
        if not where:
            raise
        details = "; ".join(
            " ".join(messages) if field == "__all__" else f"{field}: {' '.join(messages)}"
            for field, messages in error.message_dict.items()
        )
        raise ValidationError(f"{where}: {details}") from None


@public_write
def roster_admit(
    *,
    tournament: Tournament,
    admissions: Iterable[Admission],
    checked: bool = False,
    validate_unique: bool = True,
    user=None,
) -> list[Registration]:
    """The door into the roster: create the new players and make every registration, all or
    nothing. Each player and registration is validated first (field errors as the models say
    them) unless ``checked``: an import plan checked every row against the roster already, so
    the rows are only written, in bulk; a row the database refuses meanwhile (a number or an
    external id taken) is `ROSTER_CHANGED`. Without ``validate_unique`` the fields are
    validated but a taken number or external id is left to the database to refuse, as one
    error for the whole roster, and the tournament and players are not looked up again,
    instead of queries per row: for a new tournament's roster whose numbers were checked and
    whose known external ids name their players (an archive's, 400 players at a world
    championship). When the tournament's private links are issued, each new player gets theirs
    in the same transaction (`links.player_links_follow`; audited as ``user``)."""
    admissions = list(admissions)
    players = [
        player_build(admission.entry) if admission.player_id is None else None
        for admission in admissions
    ]
    if not checked:
        _validated_each(admissions, players, validate_unique)
    try:
        with transaction.atomic():
            created = Player.objects.bulk_create([p for p in players if p is not None])
            if any(player.pk is None for player in created):  # backends without RETURNING
                raise ValidationError(_("This database cannot add players in bulk."))
            registrations = [
                Registration(
                    tournament=tournament,
                    player_id=admission.player_id or player.pk,
                    number=admission.number,
                    status=admission.status,
                    is_substitute=admission.is_substitute,
                    checked_in_round=admission.checked_in_round,
                )
                for admission, player in zip(admissions, players, strict=True)
            ]
            if not checked:
                _validated_each(admissions, registrations, validate_unique)
            Registration.objects.bulk_create(registrations)
            player_links_follow(
                tournament=tournament,
                registration_ids=[registration.pk for registration in registrations],
                user=user,
            )
    except IntegrityError as error:
        raise _refused(checked) from error
    return registrations


def _validated_each(admissions: list[Admission], instances: list, unique: bool) -> None:
    """`_validated` for the player or registration (None: none to make) of each admission."""
    for admission, instance in zip(admissions, instances, strict=True):
        if instance is not None:
            _validated(instance, admission.where, unique)


def _refused(checked: bool) -> ValidationError:
    """Why the database refused the roster: for a checked plan, it changed meanwhile."""
    if checked:
        return ValidationError(ROSTER_CHANGED)
    return ValidationError(
        _(
            "Two of these registrations share a number, a player or an external id (or the "
            "roster changed meanwhile). Nothing was saved."
        )
    )

"""Taking a tournament away: deleting one created by mistake, hiding one that has been played.

Vocabulary
----------
played      the tournament has hands or penalties: a record of play that is never destroyed, so
            it cannot be deleted, only hidden.
delete      the tournament goes, with its registrations, rounds, seating, tables and officials;
            players registered nowhere else go with it (they came in with the mistake). Refused
            unless the organiser typed the tournament's name exactly. The tournament's own audit
            log goes with it, so the deletion is logged in the site's log instead (the admin's
            *Recent actions*, `LogEntry`) and on the ``tournament.event`` logger.
hidden      `Tournament.hidden`: public pages of the tournament answer 404 and public lists leave
            it out; officials of the tournament still see everything (`tournament.release`).
            Hiding and showing again are audited as a settings change.

Each function is one public write (`tournament.audit.public_write`): nothing is half-deleted,
and the public pages stop answering from their validators.
"""

from __future__ import annotations

import logging

from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ..audit import audit_record, public_write
from ..models import AuditEntry, Hand, Penalty, Player, Tournament

logger = logging.getLogger("tournament.event")


def tournament_is_played(tournament: Tournament) -> bool:
    """Hands or penalties recorded: the tournament may be hidden but never deleted."""
    return (
        Hand.objects.filter(session__round__tournament=tournament).exists()
        or Penalty.objects.filter(tournament=tournament).exists()
    )


@public_write
def tournament_delete(*, tournament: Tournament, typed_name: str, user) -> None:
    """Delete a tournament without hands or penalties, once its name is typed exactly."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if typed_name.strip() != tournament.name.strip():
        raise ValidationError(
            {
                "name": _("Type the tournament's name exactly as shown, %(name)s, to delete it.")
                % {"name": repr(tournament.name)}
            }
        )
    if tournament_is_played(tournament):
        raise ValidationError(
            _(
                "%(name)s has hands or penalties, which are never deleted: hide it from the "
                "public pages instead."
            )
            % {"name": tournament.name}
        )
    player_ids = list(tournament.registrations.values_list("player_id", flat=True))
    name, slug, pk = tournament.name, tournament.slug, tournament.pk
    # Seats and sessions protect the tables: remove the rounds (and with them seats and
    # sessions) first, then everything else the tournament owns goes with it.
    tournament.rounds.all().delete()
    tournament.delete()
    # Players who came in with this tournament only: registered, seated and scored nowhere else.
    Player.objects.filter(pk__in=player_ids, registrations__isnull=True, seats__isnull=True).filter(
        payments__isnull=True, penalties__isnull=True, session_scores__isnull=True
    ).delete()
    if user is not None and user.is_authenticated:
        LogEntry.objects.create(
            user_id=user.pk,
            content_type=ContentType.objects.get_for_model(Tournament),
            object_id=str(pk),
            object_repr=name[:200],
            action_flag=DELETION,
            change_message=f"Deleted on the organiser's pages (slug {slug}, no hands).",
        )
    logger.warning(
        "Tournament %r (slug %s) deleted by %s", name, slug, getattr(user, "username", None)
    )


@public_write
def tournament_hidden_set(*, tournament: Tournament, hidden: bool, user) -> Tournament:
    """Hide the tournament from the public pages, or show it again; audited."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.hidden == hidden:
        return tournament
    tournament.hidden = hidden
    tournament.save(update_fields=["hidden"])

    def state(value):
        return {"hidden": value, "summary": "Hidden from the public" if value else "Public"}

    audit_record(
        session=None,
        tournament=tournament,
        action=AuditEntry.Action.SETTINGS,
        user=user,
        before=state(not hidden),
        after=state(hidden),
    )
    return tournament

"""Writes to the players' private links: issue (or re-issue), revoke, issue for everyone, and
for the players registered after that.

Vocabulary: a *link* is a `PlayerLink`, a player's own address ``/p/<token>/`` that needs no
log-in; its *token* is 32 characters drawn by `secrets` from `selectors.TOKEN_ALPHABET`, which
has no look-alikes (158 random bits; the first links were `secrets.token_urlsafe`, 192 bits, and
keep working as issued). A link is *in force* until it is *revoked* or *expires*
(`selectors.links.link_expiry`: 30 days after the tournament's last day, or after the day it was
issued if that is later); *re-issuing* revokes the link in force and makes a new one, so a lost
or shared slip can be replaced. A tournament's links are *issued* once any of its players holds
one in force: from then on a player registered later gets theirs with the registration
(`player_links_follow`), so that their slip carries their private link like everyone else's.
Each write is audited with who made it; the token never enters the audit log. Reading a token
back is `tournament.event.selectors.links.registration_of_link`.
"""

import secrets

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from ..audit import audit_record, public_write
from ..models import AuditEntry, PlayerLink, Registration, Tournament
from .selectors.links import LINK_LENGTH, TOKEN_ALPHABET


def token_new(choice=secrets.choice) -> str:
    """A fresh token: the one place tokens are made (``choice`` picks each character; a test
    may give its own)."""
    return "".join(choice(TOKEN_ALPHABET) for _ in range(LINK_LENGTH))


def player_link_build(registration_id: int, now) -> PlayerLink:
    """A new, unsaved link with a fresh token."""
    return PlayerLink.of_token(token_new(), registration_id=registration_id, issued_at=now)


def _link_audit(tournament, user, summary: str, *, revoked: bool = False) -> None:
    """The audit line of a private link change: ``summary`` is what the links are after it (or,
    for a link ``revoked``, what was before it)."""
    audit_record(
        session=None,
        tournament=tournament,
        action=AuditEntry.Action.LINK,
        user=user,
        **{"before" if revoked else "after": {"summary": summary}},
    )


def _who(registration: Registration) -> str:
    return f"{registration.player.name} (#{registration.number})"


@public_write
def player_link_issue(*, registration: Registration, user) -> PlayerLink:
    """Give the player a new private link; the link in force, if any, stops working."""
    now = timezone.now()
    revoked = PlayerLink.objects.filter(registration=registration, revoked_at__isnull=True).update(
        revoked_at=now
    )
    link = player_link_build(registration.pk, now)
    link.save()
    verb = "Replaced the private link" if revoked else "Issued a private link"
    _link_audit(registration.tournament_id, user, f"{verb} for {_who(registration)}")
    return link


@public_write
def player_link_revoke(*, registration: Registration, user) -> None:
    """Stop the player's private link; nothing replaces it until one is issued again."""
    revoked = PlayerLink.objects.filter(registration=registration, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    if not revoked:
        raise ValidationError(
            _("%(player)s has no private link in force: there is nothing to revoke.")
            % {"player": _who(registration)}
        )
    summary = f"Revoked the private link of {_who(registration)}"
    _link_audit(registration.tournament_id, user, summary, revoked=True)


@public_write
def player_links_issue_all(*, tournament: Tournament, user) -> int:
    """Give a private link to every registered player who has none in force (links already
    given keep working); returns how many were issued. Two queries and one insert, whatever
    the number of players."""
    holders = PlayerLink.objects.filter(
        registration__tournament=tournament, revoked_at__isnull=True
    ).values("registration_id")
    missing = list(
        Registration.objects.filter(tournament=tournament)
        .exclude(pk__in=holders)
        .values_list("pk", flat=True)
    )
    if not missing:
        return 0
    now = timezone.now()
    PlayerLink.objects.bulk_create([player_link_build(pk, now) for pk in missing])
    _link_audit(tournament, user, f"Issued private links to {len(missing)} players")
    return len(missing)


def player_links_follow(*, tournament: Tournament, registration_ids: list[int], user=None) -> int:
    """Give a private link to each newly registered player of ``registration_ids`` when the
    tournament's links are issued (another player holds one in force); returns how many were
    given. Called by the roster's door (`services.admission.roster_admit`) in the registration's
    transaction: one query when nobody holds a link, one insert more when some do."""
    if not registration_ids:
        return 0
    issued = (
        PlayerLink.objects.filter(registration__tournament=tournament, revoked_at__isnull=True)
        .exclude(registration_id__in=registration_ids)
        .exists()
    )
    if not issued:
        return 0
    now = timezone.now()
    PlayerLink.objects.bulk_create([player_link_build(pk, now) for pk in registration_ids])
    count = len(registration_ids)
    _link_audit(
        tournament,
        user,
        f"Issued private links to {count} player{'s' if count != 1 else ''} "
        "registered after the links were issued",
    )
    return count

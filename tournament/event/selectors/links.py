"""Private links: a player's own address, and why one opens nothing.

Vocabulary: a *private link* is a player's own address, ``/p/<token>/`` (`PlayerLink`);
`registration_of_link` turns its *token* into the registration or refuses it (`LinkRefused`:
unknown, expired or revoked). A link *in force* is not revoked (it may have expired); its
*expiry* is `LINK_LIFETIME_DAYS` after the later of the tournament's last day and the day it was
issued. A token typed from a slip is *forgiven* when it reads the same as one link's
(`token_folded`).
"""

from __future__ import annotations

import datetime
import hmac

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_pattern
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from ...models import PlayerLink, Registration, Tournament
from ...models.players import token_folded


class LinkRefused(Exception):
    """Why a private link opens nothing: ``status`` is the HTTP status of the page that says so
    and ``message`` the one sentence its holder reads."""

    status = 404
    message = gettext_lazy(
        "This private link is not known. Check that it was copied whole, or ask the "
        "organisers for your link."
    )

    def __str__(self):
        return str(self.message)


class LinkUnknown(LinkRefused):
    """No link has this token (a typo, a guess, or a tournament that is gone)."""


class LinkExpired(LinkRefused):
    """The link's lifetime (`link_expiry`) is over; the public pages still show the results."""

    status = 410

    def __init__(self, expired_on: datetime.date):
        super().__init__(expired_on)
        # Translators: a date pattern of Django's date filter (English: "05 November 2026").
        day = date_pattern(expired_on, pgettext("private link expiry date", "d F Y"))
        self.message = _(
            "This private link expired on %(day)s. The results stay on the tournament's public "
            "pages; ask the organisers for a new link if you still need one."
        ) % {"day": day}


class LinkRevoked(LinkRefused):
    """The link was revoked or replaced by a new one; it opens nothing any more."""

    status = 410
    message = gettext_lazy(
        "This private link was withdrawn by the organisers and no longer works. Ask them for "
        "your new link."
    )


# What a typed token may hold: every token ever made is URL-safe base64 (the first links) or
# drawn from `TOKEN_ALPHABET` (a subset), 32 characters.
LINK_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
#: What new tokens are drawn from (`tournament.event.links`): lower-case letters and digits with
#: no two that a reader takes for one another (no 0/o, 1/l/i): 31 characters, 158 random bits
#: in 32. A capital typed for one of them reads as the letter (`token_folded`).
TOKEN_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
LINK_LENGTH = 32
#: A link works until this many days after the later of the tournament's last day and the day
#: the link was issued, so a link re-issued after the event gets the same time again.
LINK_LIFETIME_DAYS = 30


def link_expiry(link: PlayerLink, tournament: Tournament) -> datetime.date:
    """The last day on which ``link`` opens (see `LINK_LIFETIME_DAYS`)."""
    issued = timezone.localdate(link.issued_at)
    return max(tournament.end_date, issued) + datetime.timedelta(days=LINK_LIFETIME_DAYS)


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def registration_of_link(token: str) -> Registration:
    """The registration whose private link is ``token``, with its player and tournament loaded
    (one query); raises `LinkUnknown`, `LinkRevoked` or `LinkExpired`. The database finds the
    link by its key (the token's first characters) and the whole token is compared in constant
    time, so the time taken says nothing about how much of a guess was right.

    A token typed from a slip is *forgiven*: when no link has it as typed, the link whose token
    reads the same (`token_folded`: any case, 0 for O, 1 for l or I) opens, provided it is the
    only one; a token kept exactly as issued always opens its own link first."""
    if len(token) != LINK_LENGTH or not set(token) <= LINK_ALPHABET:
        raise LinkUnknown
    folded = token_folded(token)
    candidates = list(
        PlayerLink.objects.select_related("registration__player", "registration__tournament")
        .filter(
            Q(key=token[: PlayerLink.KEY_LENGTH]) | Q(folded_key=folded[: PlayerLink.KEY_LENGTH])
        )
        .order_by()
    )
    exact = [link for link in candidates if _same(link.token, token)]
    alike = [link for link in candidates if _same(token_folded(link.token), folded)]
    if exact:
        link = exact[0]
    elif len(alike) == 1:
        link = alike[0]
    else:
        raise LinkUnknown
    if link.revoked_at is not None:
        raise LinkRevoked
    expiry = link_expiry(link, link.registration.tournament)
    if timezone.localdate() > expiry:
        raise LinkExpired(expiry)
    return link.registration


def link_tokens(tournament: Tournament) -> dict[int, str]:
    """The token of every link in force in ``tournament``, by registration id (one query)."""
    return dict(
        PlayerLink.objects.filter(
            registration__tournament=tournament, revoked_at__isnull=True
        ).values_list("registration_id", "token")
    )


def link_in_force(registration: Registration) -> PlayerLink | None:
    """The registration's link in force (not revoked; it may have expired), or None."""
    return PlayerLink.objects.filter(registration=registration, revoked_at__isnull=True).first()


def link_path(token: str) -> str:
    """The address of a private link (without the site), the one place it is made."""
    return reverse("public:player_link", kwargs={"token": token})

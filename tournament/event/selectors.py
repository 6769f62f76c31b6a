"""Reads of the event: tournaments, their players, a round's tables with their seats and its
byes, the roll call, officials, and the facts an import is planned against.

Vocabulary: a *private link* is a player's own address, ``/p/<token>/`` (`PlayerLink`);
`registration_of_link` turns its token into the registration or refuses it (`LinkRefused`).
A *bye* is a player who sits a seated round out: registered and not withdrawn before that
round, but without a seat in it. A player registered after a round was seated
(`models.event.registered_after`) was *not yet registered* for it: no bye, no seat. The
*next round* is the lowest round number after the last round with seats (see
`tournament.play.selectors.round_is_played` for "played"). A round's *field* (`round_field`)
is who may be seated in it: in a later stage of a tournament played in stages
(`tournament.stages`), only the qualifiers of the previous cut; the roll call, the byes and
the seating all read it (`tournament.fields`).
"""

from __future__ import annotations

import datetime
import hmac
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_pattern
from django.utils.translation import get_language, gettext_lazy, override, pgettext
from django.utils.translation import gettext as _
from django_countries import countries

from ..fields import RoundField, round_field
from ..models import (
    Player,
    PlayerLink,
    Registration,
    Round,
    Seat,
    Tournament,
    TournamentOfficial,
)
from ..models.players import registered_after, token_folded
from ..names import Names, player_names
from ..roles import is_official
from ..winds import WIND_NAMES, wind_order
from .roster_import import KnownPlayer

# Names people type for countries beyond django-countries' English names.
COUNTRY_ALIASES = {
    "united states": "US",
    "usa": "US",
    "us": "US",
    "uk": "GB",
    "england": "GB",
    "scotland": "GB",
    "wales": "GB",
    "great britain": "GB",
    "korea": "KR",
    "south korea": "KR",
    "russia": "RU",
    "holland": "NL",
    "the netherlands": "NL",
    "czech republic": "CZ",
    "hong kong sar": "HK",
    "macau": "MO",
}


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


def public_tournaments(user=None):
    """The tournaments listed on the home page: hidden ones only to their officials."""
    tournaments = Tournament.objects.order_by("-start_date", "name")
    unseen = [t.pk for t in tournaments.filter(hidden=True) if not is_official(user, t)]
    return tournaments.exclude(pk__in=unseen)


def tournaments_named(name: str):
    """Tournaments whose name is ``name`` but for case and surrounding spaces."""
    return Tournament.objects.filter(name__iexact=name.strip()).order_by("-start_date")


def round_tables(round_: Round, names: Names | None = None) -> list[dict]:
    """The round's tables in order (the first half's, then, after a table change, the second
    half's: ``half`` 2), each with its seats sorted by starting wind; every seat carries
    ``label``, its player's label (`player_names`)."""
    names = names or player_names(round_.tournament_id)
    tables: dict[tuple[int, int], dict] = {}
    seats = Seat.objects.filter(round=round_).select_related("table", "player")
    for seat in sorted(seats, key=lambda s: (s.half, s.table.number, wind_order(s.wind))):
        seat.label = names.label(seat.player_id, seat.player.name)
        entry = tables.setdefault(
            (seat.half, seat.table.number), {"table": seat.table, "half": seat.half, "seats": []}
        )
        entry["seats"].append(seat)
    return list(tables.values())


def seated_by_number(round_: Round, number: int) -> tuple[Player | None, bool]:
    """The player registered as ``number`` in the round's tournament (None when nobody is), and
    whether they are seated in ``round_``: one query."""
    found = (
        Registration.objects.filter(tournament_id=round_.tournament_id, number=number)
        .select_related("player")
        .annotate(seated=Exists(Seat.objects.filter(round=round_, player_id=OuterRef("player_id"))))
        .first()
    )
    return (found.player, found.seated) if found else (None, False)


def round_seats_by_player(round_: Round, names: Names | None = None) -> list[Seat]:
    """The round's (first-half) seats in family order of their players (the "where do I sit?"
    list), each with ``label`` and ``later``: the seat after the round's table change, or
    None."""
    names = names or player_names(round_.tournament_id)
    seats = list(Seat.objects.filter(round=round_).select_related("player", "table"))
    later = {seat.player_id: seat for seat in seats if seat.half == 2}
    seats = [seat for seat in seats if seat.half == 1]
    for seat in seats:
        seat.label = names.label(seat.player_id, seat.player.name)
        seat.bye = False
        seat.later = later.get(seat.player_id)
    return names.ordered(seats)


def current_tournament(today: datetime.date | None = None):
    """The tournament the site's menu follows: the one running now, if any.

    Running means, in this order: a round being played (the most recently started event
    first); else today between its first and last day; else the newest by date.
    """
    tournaments = Tournament.objects.filter(hidden=False).order_by("-start_date", "-pk")
    playing = tournaments.filter(rounds__status=Round.Status.PLAYING).first()
    if playing is not None:
        return playing
    today = today or timezone.localdate()
    on_now = tournaments.filter(start_date__lte=today, end_date__gte=today).first()
    return on_now or tournaments.first()


def active_player_count(tournament: Tournament) -> int:
    return tournament.registrations.filter(status=Registration.Status.ACTIVE).count()


def tournament_by_slug(slug: str) -> Tournament | None:
    return Tournament.objects.filter(slug=slug).first()


def country_names() -> dict[str, str]:
    """ISO alpha-2 code -> the country's name in the active language, made once per language
    (a page looks each row's name up here instead of asking django-countries row by row)."""
    return _country_names(get_language())


@lru_cache(maxsize=8)
def _country_names(language: str | None) -> dict[str, str]:
    return {code: str(name) for code, name in countries}


@lru_cache(maxsize=1)
def country_lookup() -> dict[str, str]:
    """Lower-case English names, alpha-2 and alpha-3 codes (and common aliases) -> alpha-2;
    the names in the site's Chinese too (香港), where they do not clash with an English one.
    The same whatever language is active when it is first asked for (it is kept)."""
    lookup = dict(COUNTRY_ALIASES)
    for language in ("en", *(code for code, _name in settings.LANGUAGES if code != "en")):
        with override(language):
            for code, name in countries:
                lookup.setdefault(str(name).lower(), code)
    for code, _name in countries:
        lookup[code.lower()] = code
        alpha3 = countries.alpha3(code)
        if alpha3:
            lookup[alpha3.lower()] = code
    return lookup


def known_players(tournament: Tournament) -> list[KnownPlayer]:
    """Every player in the database as the import planner sees them, with this tournament's
    registration number when registered."""
    numbers = dict(tournament.registrations.values_list("player_id", "number"))
    return [
        KnownPlayer(
            id=pk,
            given_name=given,
            family_name=family,
            country=country,
            external_id=external_id,
            number=numbers.get(pk),
        )
        for pk, given, family, country, external_id in Player.objects.values_list(
            "id", "given_name", "family_name", "country", "external_id"
        )
    ]


def roster(tournament: Tournament, query: str = ""):
    """The tournament's registrations with their players, searched by name, number, country,
    club or external id."""
    registrations = tournament.registrations.select_related("player").order_by("number")
    query = query.strip()
    if query:
        condition = (
            Q(player__name__icontains=query)
            | Q(player__chinese_name__icontains=query)
            | Q(player__club__icontains=query)
            | Q(player__external_id__iexact=query)
            | Q(player__country__iexact=query)
        )
        if query.isdecimal():
            condition |= Q(number=int(query))
        registrations = registrations.filter(condition)
    return registrations


def public_registrations(tournament: Tournament, query: str = ""):
    """The registrations (with their players) on the public players list, searched by name
    (Latin or Chinese), country, club or external id, in no order."""
    registrations = tournament.registrations.select_related("player").order_by()
    if query:
        registrations = registrations.filter(
            Q(player__name__icontains=query)
            | Q(player__chinese_name__icontains=query)
            | Q(player__country__icontains=query)
            | Q(player__club__icontains=query)
            | Q(player__external_id__iexact=query)
        )
    return registrations


def public_roster(tournament: Tournament, query: str = ""):
    """`public_registrations` as plain rows of (player id, number, name, Chinese name, country
    code, club, status), for the page's table, which puts them in order."""
    return public_registrations(tournament, query).values_list(
        "player_id",
        "number",
        "player__name",
        "player__chinese_name",
        "player__country",
        "player__club",
        "status",
    )


def last_seated_round_number(tournament: Tournament) -> int:
    return (
        Round.objects.filter(tournament=tournament, seats__isnull=False)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        or 0
    )


def in_field(registrations, field: RoundField):
    """``registrations`` narrowed to the round's field."""
    if field.player_ids is None:
        return registrations
    return registrations.filter(player_id__in=list(field.player_ids))


def roll_call(tournament: Tournament, round_number: int) -> list[Registration]:
    """The active registrations of the round's field, in number order, each with ``present``
    for ``round_number``."""
    active = tournament.registrations.filter(status=Registration.Status.ACTIVE)
    registrations = list(
        in_field(active, round_field(tournament, round_number))
        .select_related("player")
        .order_by("number")
    )
    for registration in registrations:
        registration.present = registration.checked_in_round == round_number
    return registrations


def withdrawn_numbers(tournament: Tournament) -> list[int]:
    """Numbers of withdrawn players: the roll call says so when one is typed."""
    return list(
        tournament.registrations.filter(status=Registration.Status.WITHDRAWN)
        .order_by("number")
        .values_list("number", flat=True)
    )


def checked_in_player_ids(tournament: Tournament, round_number: int) -> list[int]:
    return list(
        in_field(
            tournament.registrations.filter(
                status=Registration.Status.ACTIVE, checked_in_round=round_number
            ),
            round_field(tournament, round_number),
        ).values_list("player_id", flat=True)
    )


def round_byes(round_: Round, names: Names | None = None) -> list[Registration]:
    """The players sitting a seated round out, in family order, each with ``label`` ([] before
    the round is seated)."""
    seated = Seat.objects.filter(round=round_).values("player_id")
    if not Seat.objects.filter(round=round_).exists():
        return []
    names = names or player_names(round_.tournament_id)
    field = round_field(round_.tournament, round_.number)
    registrations = in_field(
        Registration.objects.filter(tournament_id=round_.tournament_id), field
    ).filter(Q(status=Registration.Status.ACTIVE) | Q(withdrawn_from_round__gt=round_.number))
    if round_.seated_at is not None:  # not yet registered when it was seated: no bye
        registrations = registrations.exclude(registered_at__gt=round_.seated_at)
    byes = list(registrations.exclude(player_id__in=seated).select_related("player"))
    for registration in byes:
        registration.label = names.label(registration.player_id, registration.player.name)
        registration.bye = True
    return names.ordered(byes)


@dataclass(frozen=True)
class Place:
    """Where a player sits in one round: a table and starting wind, or a bye (``table`` None),
    or nothing when withdrawn before the round (``withdrawn``) or registered after it was
    seated (``unregistered``: not yet registered)."""

    round_number: int
    table: int | None = None
    table_label: str = ""
    wind: str = ""
    withdrawn: bool = False
    unregistered: bool = False
    later: Place | None = None  # after the round's table change (from hand ``change_after + 1``)
    change_after: int | None = None

    @property
    def wind_name(self) -> str:
        return WIND_NAMES.get(self.wind, "")


def player_places(tournament: Tournament, player_id: int, *, rounds) -> list[Place]:
    """The player's place in each of ``rounds`` that is seated (the rounds the viewer may see:
    `tournament.release.seating_seen`), in round order: three queries for any number of rounds."""
    rounds = sorted(rounds, key=lambda r: r.number)
    registration = (
        Registration.objects.filter(tournament=tournament, player_id=player_id)
        .values_list("status", "withdrawn_from_round", "registered_at")
        .first()
    )
    if registration is None or not rounds:
        return []
    status, withdrawn_from, registered_at = registration
    seated_rounds = set(  # one index probe per round, not every seat of the tournament
        Round.objects.filter(pk__in=[r.pk for r in rounds])
        .filter(Exists(Seat.objects.filter(round_id=OuterRef("pk"))))
        .values_list("pk", flat=True)
    )
    seats = {
        (round_id, half): (number, label, wind)
        for round_id, half, number, label, wind in Seat.objects.filter(
            round__in=rounds, player_id=player_id
        ).values_list("round_id", "half", "table__number", "table__label", "wind")
    }
    places = []
    for round_ in rounds:
        if round_.pk not in seated_rounds:
            continue
        if (round_.pk, 1) in seats:
            later = seats.get((round_.pk, 2))
            places.append(
                Place(
                    round_.number,
                    *seats[(round_.pk, 1)],
                    later=Place(round_.number, *later) if later else None,
                    change_after=round_.table_change_after if later else None,
                )
            )
        elif status == Registration.Status.WITHDRAWN and (withdrawn_from or 0) <= round_.number:
            places.append(Place(round_.number, withdrawn=True))
        elif registered_after(registered_at, round_.seated_at):
            places.append(Place(round_.number, unregistered=True))
        else:
            places.append(Place(round_.number))
    return places


def officials(tournament: Tournament):
    return TournamentOfficial.objects.filter(tournament=tournament).select_related("user")

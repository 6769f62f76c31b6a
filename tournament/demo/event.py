"""The demo event: a believable 32-player tournament used by ``make run`` and the tests.

Everything is written through the services, as an organiser would do it by hand.

Vocabulary
----------
real tournament   any tournament other than the demo: the demo never goes into a database
                  that holds one, unless forced (`demo_refusal`).
known password    the demo passwords printed in the README (``DEMO_ACCOUNTS``): used only in
                  debug mode; otherwise each demo log-in gets a fresh random password, printed
                  once by ``load_demo`` (`demo_passwords`).
"""

import datetime
import secrets

from django.contrib.auth import get_user_model
from django.db import transaction

from ..event.services.admission import RosterEntry
from ..event.services.registrations import tournament_register
from ..models import (
    AuditEntry,
    Hand,
    HandEntry,
    Payment,
    Penalty,
    Player,
    Seat,
    Session,
    Tournament,
)
from ..play.services.presets import penalty_presets_load
from ..roles import roles_ensure
from ..seating.services.generation import seating_generate
from ..seating.services.seats import seating_publish
from .hands import demo_hands_fill

DEMO_SLUG = "demo-open-2026"
DEMO_TABLES = 8
DEMO_ROUNDS = 4

# given name, family name, chinese name, country (ISO code), club
DEMO_ROSTER = [
    ("Alan", "Chan", "陳志明", "HK", "Kowloon MJ Society"),
    ("Mei Ling", "Wong", "黃美玲", "HK", "Kowloon MJ Society"),
    ("Kenji", "Sato", "", "JP", "Tokyo Mahjong Club"),
    ("Yuki", "Tanaka", "", "JP", "Tokyo Mahjong Club"),
    ("Haruto", "Suzuki", "", "JP", "Osaka Tiles"),
    ("Li", "Wei", "李偉", "CN", "Beijing Bamboo"),
    ("Zhang", "Min", "張敏", "CN", "Beijing Bamboo"),
    ("Chen", "Jie", "陳傑", "CN", "Shanghai Dragons"),
    ("Emma", "Schmidt", "", "DE", "Berlin Mahjong"),
    ("Lukas", "Weber", "", "DE", "Berlin Mahjong"),
    ("Sophie", "Müller", "", "DE", "Hamburg Riichi & ZJ"),
    ("Camille", "Dubois", "", "FR", "Paris Mahjong Club"),
    ("Julien", "Martin", "", "FR", "Paris Mahjong Club"),
    ("Chloé", "Bernard", "", "FR", "Lyon Tuiles"),
    ("Lars", "Nielsen", "", "DK", "Copenhagen MJ"),
    ("Freja", "Jensen", "", "DK", "Copenhagen MJ"),
    ("Olivia", "Smith", "", "GB", "London Mahjong Club"),
    ("James", "Brown", "", "GB", "London Mahjong Club"),
    ("Amelia", "Taylor", "", "GB", "Manchester Winds"),
    ("Noah", "Johnson", "", "US", "Bay Area ZJ"),
    ("Ava", "Williams", "", "US", "Bay Area ZJ"),
    ("Ethan", "Davis", "", "US", "Boston Mahjong"),
    ("Jack", "Wilson", "", "AU", "Sydney Mahjong Club"),
    ("Charlotte", "Martin", "", "AU", "Sydney Mahjong Club"),
    ("Matteo", "Rossi", "", "IT", "Milano Mahjong"),
    ("Giulia", "Bianchi", "", "IT", "Milano Mahjong"),
    ("Pieter de", "Vries", "", "NL", "Amsterdam MJ Club"),
    ("Sanne", "Bakker", "", "NL", "Amsterdam MJ Club"),
    ("Mateusz", "Nowak", "", "PL", "Warsaw Tiles"),
    ("Anna", "Kowalska", "", "PL", "Warsaw Tiles"),
    ("Siew Ling", "Tan", "陳秀玲", "SG", "Lion City MJ"),
    ("Wei Jie", "Lim", "林偉傑", "SG", "Lion City MJ"),
]

# user name, password, role
DEMO_ACCOUNTS = [
    ("organiser", "demo-organiser", "superuser"),
    ("headjudge", "demo-headjudge", "head judge"),
    ("judge", "demo-judge", "judge"),
    ("judge2", "demo-judge2", "judge"),
]


def demo_refusal(*, debug: bool) -> str | None:
    """Why the demo must not be loaded here (None when it may): debug off, or a real
    tournament in the database. ``load_demo --force`` overrides it."""
    if not debug:
        return (
            "Debug mode is off (DJANGO_DEBUG): this looks like a real server, and the demo "
            "creates a superuser."
        )
    real = Tournament.objects.exclude(slug=DEMO_SLUG).values_list("slug", flat=True).first()
    if real is not None:
        return f"The database already holds a real tournament ({real})."
    return None


def demo_passwords(*, debug: bool) -> list[tuple[str, str, str]]:
    """The demo log-ins with their passwords: the README's in debug mode, random otherwise."""
    if debug:
        return list(DEMO_ACCOUNTS)
    return [(name, secrets.token_urlsafe(12), role) for name, _, role in DEMO_ACCOUNTS]


def demo_accounts_ensure(
    accounts: list[tuple[str, str, str]] | None = None,
) -> list[tuple[str, str, str]]:
    """Create the demo log-ins (idempotent; passwords are reset) and return them.

    Without ``accounts``, each gets a fresh random password (never a known one).
    """
    if accounts is None:
        accounts = demo_passwords(debug=False)
    judges, heads = roles_ensure()
    users = get_user_model()
    for username, password, role in accounts:
        user, _ = users.objects.get_or_create(username=username)
        user.set_password(password)
        user.is_staff = role == "superuser"  # the admin is for superusers only
        user.is_superuser = role == "superuser"
        user.save()
        if role == "judge":
            user.groups.set([judges])
        elif role == "head judge":
            user.groups.set([heads])
    return accounts


def demo_delete() -> None:
    tournament = Tournament.objects.filter(slug=DEMO_SLUG).first()
    if tournament is None:
        return
    player_ids = list(tournament.registrations.values_list("player_id", flat=True))
    AuditEntry.objects.filter(tournament=tournament).delete()
    HandEntry.objects.filter(hand__session__round__tournament=tournament).delete()
    Penalty.objects.filter(tournament=tournament).delete()
    Payment.objects.filter(hand__session__round__tournament=tournament).delete()
    Hand.objects.filter(session__round__tournament=tournament).delete()
    Session.objects.filter(round__tournament=tournament).delete()
    Seat.objects.filter(round__tournament=tournament).delete()
    tournament.delete()
    Player.objects.filter(pk__in=player_ids, registrations__isnull=True).delete()


@transaction.atomic
def demo_load(
    *, reset: bool = False, accounts: list[tuple[str, str, str]] | None = None
) -> tuple[Tournament, bool]:
    """Create the demo tournament; returns (tournament, created). Idempotent unless ``reset``.

    ``accounts`` are the log-ins to create (see `demo_passwords`); random passwords without.
    """
    if reset:
        demo_delete()
    existing = Tournament.objects.filter(slug=DEMO_SLUG).first()
    if existing is not None:
        return existing, False
    tournament = Tournament.objects.create(
        name="Demo Open 2026",
        slug=DEMO_SLUG,
        start_date=datetime.date(2026, 11, 21),
        end_date=datetime.date(2026, 11, 22),
        venue="Community Hall, Riverside",
        seating_separate_by=Tournament.SeparateBy.CLUB,
    )
    registrations = tournament_register(
        tournament=tournament,
        roster=[
            RosterEntry(
                given_name=given,
                family_name=family,
                chinese_name=chinese,
                country=country,
                club=club,
                external_id=f"DEMO{number:03d}",
            )
            for number, (given, family, chinese, country, club) in enumerate(DEMO_ROSTER, start=1)
        ],
    )
    assert len(registrations) == DEMO_TABLES * 4
    seating_generate(tournament=tournament, total_rounds=DEMO_ROUNDS, seed=2026)
    for round_ in tournament.rounds.all():
        seating_publish(round_=round_)
    # Issue 4: rounds 1 and 2 played, entered at the desk through the hand form's service.
    demo_accounts_ensure(accounts)
    judge = get_user_model().objects.get(username="judge")
    demo_hands_fill(tournament=tournament, judge=judge, rounds=2)
    # The desk's penalty form offers a ready list: The Star's presets (warning first for talking).
    penalty_presets_load(tournament=tournament, example="the_star", user=None)
    return tournament, True

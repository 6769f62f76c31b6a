"""The demo event: a believable 32-player tournament used by ``make run`` and the tests.

Everything is written through the services, as an organiser would do it by hand.
"""

import datetime

from django.contrib.auth import get_user_model
from django.db import transaction

from ..event import services as event_services
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
from ..roles import roles_ensure
from ..seating import services as seating_services
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


def demo_accounts_ensure() -> list[tuple[str, str, str]]:
    """Create the demo log-ins (idempotent; passwords are reset) and return them."""
    judges, heads = roles_ensure()
    users = get_user_model()
    for username, password, role in DEMO_ACCOUNTS:
        user, _ = users.objects.get_or_create(username=username)
        user.set_password(password)
        user.is_staff = role in ("superuser", "head judge")
        user.is_superuser = role == "superuser"
        user.save()
        if role == "judge":
            user.groups.set([judges])
        elif role == "head judge":
            user.groups.set([heads])
    return DEMO_ACCOUNTS


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
def demo_load(*, reset: bool = False) -> tuple[Tournament, bool]:
    """Create the demo tournament; returns (tournament, created). Idempotent unless ``reset``."""
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
    registrations = event_services.tournament_register(
        tournament=tournament,
        roster=[
            event_services.RosterEntry(
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
    seating_services.seating_generate(tournament=tournament, total_rounds=DEMO_ROUNDS, seed=2026)
    for round_ in tournament.rounds.all():
        seating_services.seating_publish(round_=round_)
    # Issue 4: rounds 1 and 2 played, entered at the desk through the hand form's service.
    demo_accounts_ensure()
    judge = get_user_model().objects.get(username="judge")
    demo_hands_fill(tournament=tournament, judge=judge, rounds=2)
    return tournament, True

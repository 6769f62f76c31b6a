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

# name, chinese name, country, club
DEMO_ROSTER = [
    ("Alan Chan", "陳志明", "Hong Kong", "Kowloon MJ Society"),
    ("Mei Ling Wong", "黃美玲", "Hong Kong", "Kowloon MJ Society"),
    ("Kenji Sato", "", "Japan", "Tokyo Mahjong Club"),
    ("Yuki Tanaka", "", "Japan", "Tokyo Mahjong Club"),
    ("Haruto Suzuki", "", "Japan", "Osaka Tiles"),
    ("Li Wei", "李偉", "China", "Beijing Bamboo"),
    ("Zhang Min", "張敏", "China", "Beijing Bamboo"),
    ("Chen Jie", "陳傑", "China", "Shanghai Dragons"),
    ("Emma Schmidt", "", "Germany", "Berlin Mahjong"),
    ("Lukas Weber", "", "Germany", "Berlin Mahjong"),
    ("Sophie Müller", "", "Germany", "Hamburg Riichi & ZJ"),
    ("Camille Dubois", "", "France", "Paris Mahjong Club"),
    ("Julien Martin", "", "France", "Paris Mahjong Club"),
    ("Chloé Bernard", "", "France", "Lyon Tuiles"),
    ("Lars Nielsen", "", "Denmark", "Copenhagen MJ"),
    ("Freja Jensen", "", "Denmark", "Copenhagen MJ"),
    ("Olivia Smith", "", "United Kingdom", "London Mahjong Club"),
    ("James Brown", "", "United Kingdom", "London Mahjong Club"),
    ("Amelia Taylor", "", "United Kingdom", "Manchester Winds"),
    ("Noah Johnson", "", "United States", "Bay Area ZJ"),
    ("Ava Williams", "", "United States", "Bay Area ZJ"),
    ("Ethan Davis", "", "United States", "Boston Mahjong"),
    ("Jack Wilson", "", "Australia", "Sydney Mahjong Club"),
    ("Charlotte Martin", "", "Australia", "Sydney Mahjong Club"),
    ("Matteo Rossi", "", "Italy", "Milano Mahjong"),
    ("Giulia Bianchi", "", "Italy", "Milano Mahjong"),
    ("Pieter de Vries", "", "Netherlands", "Amsterdam MJ Club"),
    ("Sanne Bakker", "", "Netherlands", "Amsterdam MJ Club"),
    ("Mateusz Nowak", "", "Poland", "Warsaw Tiles"),
    ("Anna Kowalska", "", "Poland", "Warsaw Tiles"),
    ("Siew Ling Tan", "陳秀玲", "Singapore", "Lion City MJ"),
    ("Wei Jie Lim", "林偉傑", "Singapore", "Lion City MJ"),
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
        user.is_staff = role == "superuser"  # the admin is for superusers only
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
                name=name,
                chinese_name=chinese,
                country=country,
                club=club,
                external_id=f"DEMO{number:03d}",
            )
            for number, (name, chinese, country, club) in enumerate(DEMO_ROSTER, start=1)
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

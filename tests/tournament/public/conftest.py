"""Fixtures of the public pages' tests: an event with two players named "Wei Wang"."""

import pytest

from tests.tournament.builders import entry, make_seated_round, make_tournament, make_user
from tournament.event.services.admission import RosterEntry
from tournament.event.services.registrations import tournament_register
from tournament.models import Session
from tournament.play.services import hands as hand_services

# Numbers 1..9 in this order: the two Wei Wangs are #2 and #6; Liu Yang (#9) sits round 1 out.
ROSTER = [
    ("Anna", "Zimmer", "DE"),
    ("Wei", "Wang", "CN"),
    ("Zoe", "Adams", "GB"),
    ("Bob", "Brown", "GB"),
    ("Carl", "Young", "US"),
    ("Wei", "Wang", "CN"),
    ("Eve", "Clark", "IE"),
    ("Dan", "Evans", "NL"),
    ("Liu", "Yang", "CN"),
]


@pytest.fixture
def event(db):
    """Nine players, two named Wei Wang; round 1 seats eight (Liu Yang sits out), is
    published, and has one hand per table."""
    tournament = make_tournament()
    registrations = tournament_register(
        tournament=tournament,
        roster=[
            RosterEntry(given_name=given, family_name=family, country=country)
            for given, family, country in ROSTER
        ],
    )
    players = [reg.player for reg in registrations]
    round_ = make_seated_round(tournament, players[:8])
    round_.seating_published = True
    round_.save()
    judge = make_user()
    for session in Session.objects.filter(round=round_).select_related(
        "round__tournament", "table"
    ):
        hand_services.hand_save(session=session, entry=entry(session), user=judge)
    tournament.refresh_from_db()
    return tournament, players

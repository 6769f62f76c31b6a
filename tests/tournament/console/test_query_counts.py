"""The console's pages read a tournament in a fixed number of queries: the same at 2 rounds as
at 10 (seated, the first played, the second opened at the desk). A page that asks a question
per round (is it played? is it seated?) fails here."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
)
from tournament.event.services.officials import official_add
from tournament.models import Penalty, Session
from tournament.play.selectors.rounds import round_is_opened, round_is_played, round_progress
from tournament.play.services.hands import hand_save
from tournament.play.services.penalties import penalty_record

pytestmark = pytest.mark.django_db

PAGES = [
    ("console:dashboard", {}),
    ("console:roster", {}),
    ("console:checkin", {}),
    ("console:officials", {}),
    ("console:penalty_presets", {}),
    ("console:rounds", {}),
    ("console:seating_overview", {}),
    ("console:seating_round", {"number": 2}),
    ("console:printouts", {}),
]


def _event(rounds: int):
    """A tournament of 8 players and ``rounds`` seated rounds: round 1 played (a hand and a
    penalty), round 2 opened at the desk, the rest only seated; one official."""
    tournament = make_tournament()
    players = make_players(tournament, 8)
    for number in range(1, rounds + 1):
        make_seated_round(tournament, players, number=number)
    judge = make_user("judge")
    first = Session.objects.filter(round__tournament=tournament, round__number=1).first()
    hand_save(session=first, entry=entry(first, 1), user=judge)
    penalty_record(
        session=first,
        user=judge,
        player_id=entry(first, 1).winner,
        amount=6,
        mode=Penalty.Mode.ZERO_SUM,
        reason="Late",
    )
    Session.objects.filter(round__tournament=tournament, round__number=2).update(
        opened_at=timezone.now()
    )
    official_add(tournament=tournament, username=f"ref-{tournament.pk}", role="judge", create=True)
    return tournament


def _queries(client, tournament, name, kwargs) -> int:
    url = reverse(name, kwargs={"slug": tournament.slug, **kwargs})
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("name, kwargs", PAGES, ids=[name for name, _ in PAGES])
def test_console_pages_take_the_same_queries_at_2_and_at_10_rounds(client, name, kwargs):
    client.force_login(make_user("superuser"))
    small, large = _event(2), _event(10)
    _queries(client, small, name, kwargs)  # warm the per-process caches (countries, fonts)
    assert _queries(client, small, name, kwargs) == _queries(client, large, name, kwargs)


def test_round_progress_agrees_with_the_one_round_questions():
    tournament = _event(4)
    progress = round_progress(tournament)
    rounds = list(tournament.rounds.all())
    assert progress.played == {r.number for r in rounds if round_is_played(r)} == {1}
    assert progress.opened == {r.number for r in rounds if round_is_opened(r)} == {1, 2}

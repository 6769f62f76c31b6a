"""The seating overview at a big event's shape: one country's players meet each other at every
table, so the separation list runs to hundreds of rows. The page words only the rows it shows
and counts the rest; it reads the seating once and measures the kept rounds from the same
reads; and its queries do not grow with rounds or players (the seating rules are read once).
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import make_players, make_tournament, make_user
from tournament.models import Seat
from tournament.seating.selectors import SHOWN_ROWS, rounds_seating_report, seating_overview
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.seats import seating_publish

pytestmark = pytest.mark.django_db


def _event(players: int, rounds: int, published: int):
    tournament = make_tournament()
    make_players(tournament, players, country="HK")
    seating_generate(tournament=tournament, total_rounds=rounds, seed=1)
    for round_ in tournament.rounds.order_by("number")[:published]:
        seating_publish(round_=round_)
    return tournament


def test_only_the_rows_shown_are_worded_and_every_meeting_is_counted():
    tournament = _event(players=32, rounds=5, published=5)  # 6 HK pairs at each of 40 tables
    overview = seating_overview(tournament)
    meetings = len(overview.report.separation_meetings)
    assert meetings == 6 * 8 * 5 > SHOWN_ROWS
    assert overview.separation_count == meetings
    assert len(overview.separation_meetings) == SHOWN_ROWS
    assert all(row[4] == "country" for row in overview.separation_meetings)
    uneven = sum(1 for spread in overview.report.wind_spread.values() if spread > 1)
    assert overview.wind_spread_count == uneven
    assert len(overview.wind_spread_over_1) == min(uneven, SHOWN_ROWS)


def test_the_kept_rounds_report_equals_a_report_of_the_kept_rounds_alone():
    tournament = _event(players=16, rounds=4, published=2)
    overview = seating_overview(tournament)
    kept = list(tournament.rounds.filter(number__lte=2))
    alone = rounds_seating_report(tournament, kept)
    assert overview.published_report == alone
    assert overview.report == rounds_seating_report(tournament, tournament.rounds.all())
    assert overview.prepared == [3, 4] and overview.last_kept == 2


def _page_queries(client, players: int, rounds: int) -> int:
    tournament = _event(players=players, rounds=rounds, published=1)
    client.force_login(make_user("superuser"))
    url = reverse("console:seating_overview", args=[tournament.slug])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert sum('"tournament_seat"' in q["sql"] for q in queries.captured_queries) == 1
    return len(queries)


def test_the_page_reads_the_seats_once_and_its_queries_do_not_grow(client):
    small = _page_queries(client, players=8, rounds=2)
    big = _page_queries(client, players=24, rounds=5)
    assert small == big <= 13  # the seating rules (fixed tables, pairs kept apart): two reads
    assert Seat.objects.exists()

"""The head judge's queue of hand queries: answering (dismissed with a reason, or upheld with a
link to correct the hand), and closing an appeal window early after a confirmation page."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import make_reconciled_session, make_user, seat_players
from tournament.models import AuditEntry, HandQuery, Registration, Session
from tournament.play.services.queries import hand_query_raise

pytestmark = pytest.mark.django_db


@pytest.fixture
def queried():
    session = make_reconciled_session(appeal_window_minutes=30)
    east = Registration.objects.select_related("player").get(player_id=seat_players(session)["E"])
    query = hand_query_raise(
        registration=east, session=session, hand_number=1, text="West did not discard it"
    )
    return session, query


def _queue(session):
    return reverse("desk:query_queue", args=[session.round.tournament.slug])


def test_the_queue_shows_the_hand_the_player_and_the_text(client, queried):
    session, query = queried
    client.force_login(make_user("head"))
    page = client.get(_queue(session)).content.decode()
    assert "West did not discard it" in page and query.registration.player.name in page
    assert "All Sequences" in page  # the hand as entered, with its patterns
    correct = reverse(
        "desk:hand_edit", args=[session.round.tournament.slug, 1, session.table.number, 1]
    )
    assert correct in page
    assert "open until" in page


def test_dismissing_needs_a_reason(client, queried):
    session, query = queried
    client.force_login(make_user("head"))
    url = reverse("desk:query_answer", args=[session.round.tournament.slug, query.pk])
    response = client.post(url, {f"q{query.pk}-decision": "dismissed"}, follow=True)
    assert "reason for dismissing" in response.content.decode()
    assert HandQuery.objects.get().status == "open"
    response = client.post(
        url,
        {f"q{query.pk}-decision": "dismissed", f"q{query.pk}-answer": "Seen by the judge"},
        follow=True,
    )
    assert "the player sees it on their link" in response.content.decode()
    assert HandQuery.objects.get().answer == "Seen by the judge"


def test_a_judge_below_head_judge_cannot_answer(client, queried):
    session, query = queried
    client.force_login(make_user("judge"))
    url = reverse("desk:query_answer", args=[session.round.tournament.slug, query.pk])
    assert client.post(url, {f"q{query.pk}-decision": "upheld"}).status_code == 403
    assert HandQuery.objects.get().status == "open"


def test_closing_a_window_asks_first_and_is_audited(client, queried):
    session, _ = queried
    head = make_user("head")
    client.force_login(head)
    url = reverse("desk:appeal_close", args=[session.round.tournament.slug, 1, 1])
    confirm = client.get(url).content.decode()
    assert "Close the window now" in confirm
    assert Session.objects.get().appeal_closed_at is None
    client.post(url)
    assert Session.objects.get().appeal_closed_at is not None
    assert AuditEntry.objects.filter(action="appeal_close", user=head).exists()
    again = client.post(url, follow=True).content.decode()
    assert "is not open" in again


def test_the_queue_reads_a_fixed_number_of_queries(client, queried):
    session, _ = queried
    client.force_login(make_user("head"))
    client.get(_queue(session))  # the first request of a log-in reads its session once
    with CaptureQueriesContext(connection) as one:
        client.get(_queue(session))
    for wind in ("S", "W", "N"):
        other = Registration.objects.select_related("player").get(
            player_id=seat_players(session)[wind]
        )
        hand_query_raise(registration=other, session=session, hand_number=1, text=wind)
    with CaptureQueriesContext(connection) as four:
        page = client.get(_queue(session)).content.decode()
    assert page.count("Answer the player</button>") == 4
    assert len(four) == len(one)

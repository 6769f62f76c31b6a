"""The health page: each problem is found and links to its fix; drift is rebuilt."""

import pytest
from django.urls import reverse

from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
)
from tournament.models import Payment, Session, SessionScore
from tournament.play.services import hands as hand_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def troubled():
    """Two rounds seated, one played: a gap, an unbalanced hand, drift, an unconfirmed hand,
    unreconciled sessions and players short of sessions."""
    tournament = make_tournament(double_entry=True)
    players = make_players(tournament, 8)
    make_seated_round(tournament, players, 1)
    make_seated_round(tournament, players, 2)
    judge = make_user()
    first = Session.objects.select_related("round__tournament", "table").get(
        round__number=1, round__tournament=tournament, table__number=1
    )
    hand_services.hand_save(session=first, entry=entry(first, 1), user=judge)
    second = hand_services.hand_save(session=first, entry=entry(first, 2), user=judge)
    hand = hand_services.hand_save(session=first, entry=entry(first, 3), user=judge)
    # Confirmed by a second official: only confirmed hands count in the kept totals.
    hand_services.hand_confirm(hand=hand, entry=entry(first, 3), user=make_user())
    # Deleting a hand in the middle leaves a gap (nothing is renumbered, RULINGS R14).
    hand_services.hand_delete(hand=second, user=judge, reason="entered twice", version=1)
    Payment.objects.filter(hand=hand).first().delete()  # payments no longer sum to zero
    return tournament, first


def test_the_health_page_lists_every_problem_with_a_link_to_fix_it(client, troubled):
    tournament, first = troubled
    client.force_login(make_user("judge"))
    body = client.get(reverse("desk:tournament_health", args=[tournament.slug])).content.decode()
    args = [tournament.slug, 1, 1]
    assert "Round 1 table 1: hand(s) 2 missing." in body
    assert "payments sum to" in body
    assert reverse("desk:hand_edit", args=[*args, 3]) in body
    assert "kept totals differ" in body  # a payment deleted behind the services' back
    assert reverse("desk:hand_confirm", args=[*args, 1]) in body
    assert reverse("desk:session_reconcile", args=args) in body
    assert "0 session(s) of 1 played round(s)" in body
    assert 'id="all-well"' not in body


def test_a_head_judge_rebuilds_drifted_totals(client, troubled):
    tournament, first = troubled
    client.force_login(make_user("head"))
    response = client.post(reverse("desk:session_scores_rebuild", args=[tournament.slug]))
    assert response.status_code == 302
    kept = sum(SessionScore.objects.filter(session=first).values_list("hand_points", flat=True))
    paid = sum(Payment.objects.filter(hand__session=first).values_list("amount", flat=True))
    assert kept == paid


def test_a_judge_cannot_rebuild_and_the_public_cannot_see_health(client, troubled):
    tournament, _ = troubled
    url = reverse("desk:tournament_health", args=[tournament.slug])
    assert client.get(url).status_code == 302  # to the log-in page
    client.force_login(make_user("judge"))
    rebuild = reverse("desk:session_scores_rebuild", args=[tournament.slug])
    assert client.post(rebuild).status_code == 403


def test_the_health_page_sums_the_payments_once(client):
    """The payments are read in one pass (drift and unbalanced sessions together); a hand is
    looked at one by one only in a session whose payments do not sum to zero."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tournament = make_tournament()
    players = make_players(tournament, 8)
    make_seated_round(tournament, players, 1)
    judge = make_user()
    for session in Session.objects.filter(round__tournament=tournament).select_related(
        "round__tournament", "table"
    ):
        hand_services.hand_save(session=session, entry=entry(session, 1), user=judge)
    client.force_login(make_user("judge"))
    url = reverse("desk:tournament_health", args=[tournament.slug])

    def payment_reads() -> int:
        with CaptureQueriesContext(connection) as queries:
            body = client.get(url).content.decode()
        return sum("tournament_payment" in q["sql"] for q in queries), body

    reads, body = payment_reads()
    assert reads == 1 and "payments sum to" not in body
    Payment.objects.filter(hand__session__table__number=2).first().delete()
    reads, body = payment_reads()
    assert reads == 2 and "Round 1 table 2 hand 1: payments sum to" in body

"""Edits in the Django admin bypass the services but keep the standings right: the kept
session totals are refreshed and the tournament's last write moves on (public revalidation)."""

import pytest
from django.urls import reverse

from tests.tournament.builders import make_user, seat_players
from tournament.models import SessionScore, Tournament
from tournament.play.services.scores import session_scores_drift
from tournament.play.services.sessions import penalty_record

pytestmark = pytest.mark.django_db


def test_deleting_a_penalty_in_the_admin_refreshes_totals_and_the_last_write(client, session):
    tournament = session.round.tournament
    ids = seat_players(session)
    penalty = penalty_record(
        session=session, player_id=ids["E"], amount=9, mode="zero_sum", reason="x",
        user=make_user(),
    )  # fmt: skip
    assert SessionScore.objects.get(session=session, player_id=ids["E"]).penalty_points == -9
    before = Tournament.objects.get(pk=tournament.pk).last_write
    client.force_login(make_user("superuser"))
    url = reverse("admin:tournament_penalty_delete", args=[penalty.pk])
    assert client.post(url, {"post": "yes"}).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).last_write > before
    assert session_scores_drift(tournament=tournament) == []
    east = SessionScore.objects.get(session=session, player_id=ids["E"])
    assert east.penalty_points == 0

"""What stays editable in the Django admin keeps public pages honest: renaming a player there
moves the tournament's last write on, so the standings revalidate (ETag, `tournament.release`);
play records cannot be changed there at all (see `tests/tournament/test_admin.py`)."""

import pytest
from django.urls import reverse

from tests.tournament.builders import make_user, seat_players
from tournament.models import Penalty, Player, Tournament
from tournament.play.services.penalties import penalty_record

pytestmark = pytest.mark.django_db


def test_renaming_a_player_in_the_admin_moves_the_last_write_on(client, session):
    tournament = session.round.tournament
    player = Player.objects.filter(registrations__tournament=tournament).first()
    before = Tournament.objects.get(pk=tournament.pk).last_write
    client.force_login(make_user("superuser"))
    url = reverse("admin:tournament_player_change", args=[player.pk])
    data = {
        "given_name": "Renamed",
        "family_name": "Player",
        "chinese_name": "",
        "country": "",
        "club": "",
        "external_id": "",
    }
    assert client.post(url, data).status_code == 302
    assert Player.objects.get(pk=player.pk).name == "Renamed Player"
    assert Tournament.objects.get(pk=tournament.pk).last_write > before


def test_a_penalty_cannot_be_deleted_in_the_admin(client, session):
    """A real penalty, and the admin refuses its deletion (403): a 302 would also be the
    answer for a penalty that does not exist, so the refusal is asserted, not a redirect."""
    judge = make_user()
    penalty = penalty_record(
        session=session,
        player_id=seat_players(session)["E"],
        amount=5,
        mode="deduction",
        reason="late",
        user=judge,
    )
    client.force_login(make_user("superuser"))
    changelist = client.get(reverse("admin:tournament_penalty_changelist"))
    assert changelist.status_code == 200 and "late" in changelist.content.decode()
    response = client.post(
        reverse("admin:tournament_penalty_delete", args=[penalty.pk]), {"post": "yes"}
    )
    assert response.status_code == 403
    assert Penalty.objects.filter(pk=penalty.pk).exists()

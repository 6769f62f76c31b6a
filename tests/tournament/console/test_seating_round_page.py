"""One round's seating page for the organiser: the swap form asks for two player numbers (the
numbers the seat table shows), so the page stays small at a world championship's size."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tournament.models import Registration, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(client):
    tournament = make_tournament()
    players = make_players(tournament, 12)
    round_ = make_seated_round(tournament, players[:8], 1)  # the last four sit out
    client.force_login(make_user("superuser"))
    number = dict(
        Registration.objects.filter(tournament=tournament).values_list("player_id", "number")
    )
    url = reverse("console:seating_round", args=[tournament.slug, 1])
    return tournament, round_, players, number, url


def test_two_players_swap_seats_by_their_numbers(client, seated):
    tournament, round_, players, number, url = seated
    first, second = players[0], players[5]
    table_of = {s.player_id: (s.table_id, s.wind) for s in Seat.objects.filter(round=round_)}
    response = client.post(url, {"first": number[first.pk], "second": number[second.pk]})
    assert response.status_code == 302
    after = {s.player_id: (s.table_id, s.wind) for s in Seat.objects.filter(round=round_)}
    assert after[first.pk] == table_of[second.pk] and after[second.pk] == table_of[first.pk]
    body = client.get(url).content.decode()
    assert "Swapped" in body
    assert f"<b>{number[first.pk]}</b> {first.name}" in body  # each name with its number


@pytest.mark.parametrize(
    "which, message",
    [
        ("unknown", "No player has number 99 in this tournament"),
        ("sitting out", "is not seated in round 1: pick a player from the seat table below"),
    ],
)
def test_a_number_nobody_sits_under_is_refused_with_the_reason(client, seated, which, message):
    tournament, round_, players, number, url = seated
    before = list(Seat.objects.filter(round=round_).values_list("player_id", "table_id", "wind"))
    other = 99 if which == "unknown" else number[players[10].pk]
    response = client.post(url, {"first": number[players[0].pk], "second": other})
    assert response.status_code == 200
    assert message in response.content.decode()
    after = list(Seat.objects.filter(round=round_).values_list("player_id", "table_id", "wind"))
    assert after == before


def test_the_page_stays_under_25_kb_at_400_players(client):
    tournament = make_tournament()
    players = make_players(tournament, 400)
    make_seated_round(tournament, players, 1)
    client.force_login(make_user("superuser"))
    body = client.get(reverse("console:seating_round", args=[tournament.slug, 1])).content
    assert len(body) <= 25 * 1024, len(body)
    assert body.count(b"<td><b>") == 400  # everyone, once, with their number

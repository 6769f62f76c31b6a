"""The API knows how each round is seated (issue 39): the rounds list and a round's seating
name its method; a round seated by the standings gives each seat its player's rank going in,
while the viewer may see the standings, and null otherwise."""

import pytest
from django.urls import reverse

from tests.kept import kept, kept_value
from tests.tournament.builders import make_ranked_event
from tournament.models import Tournament
from tournament.seating.services.method import round_seating_method_set
from tournament.seating.services.one_round import seating_round_generate
from tournament.seating.services.seats import seating_publish
from tournament.standings.selectors.board import standings

pytestmark = pytest.mark.django_db


def _build():
    tournament = make_ranked_event(8)
    round_seating_method_set(tournament=tournament, number=2, method="swiss", repeat_limit=4)
    seating_round_generate(tournament=tournament, number=2)
    seating_publish(round_=tournament.rounds.get(number=2))
    return tournament.pk


api_ranked_kept = kept("api_ranked_kept", _build)


@pytest.fixture
def ranked(api_ranked_kept, db):
    """8 players; round 1 played and reconciled, round 2 seated Swiss and published."""
    return Tournament.objects.get(pk=kept_value(api_ranked_kept, "the ranked event"))


def _get(client, name, *args):
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, response.content
    return response.json()


def test_the_rounds_name_their_seating_method(client, ranked):
    body = _get(client, "api:round_list", ranked.slug)
    assert [(r["number"], r["seating_method"]) for r in body["results"]] == [
        (1, "random"),
        (2, "swiss"),
    ]
    assert _get(client, "api:round_detail", ranked.slug, 1)["seating_method"] == "random"


def test_a_round_by_standings_gives_each_seat_its_rank_going_in(client, ranked):
    ranks = {row.player_id: row.rank for row in standings(ranked, round_limit=1)}
    body = _get(client, "api:round_detail", ranked.slug, 2)
    assert body["seating_method"] == "swiss"
    seats = [seat for table in body["tables"] for seat in table["seats"]]
    assert len(seats) == 8
    assert {seat["player_id"]: seat["rank"] for seat in seats} == ranks
    first = _get(client, "api:round_detail", ranked.slug, 1)
    assert {seat["rank"] for table in first["tables"] for seat in table["seats"]} == {None}


def test_no_rank_is_given_while_the_standings_are_not_public(client, ranked):
    Tournament.objects.filter(pk=ranked.pk).update(standings_public=False)
    body = _get(client, "api:round_detail", ranked.slug, 2)
    assert {seat["rank"] for table in body["tables"] for seat in table["seats"]} == {None}

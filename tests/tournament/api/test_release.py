"""The API hides exactly what the public pages hide (`tournament.release`), and refuses it with
the pages' 404 and the pages' reason: a hidden tournament, a round's unpublished seating,
results or standings not released, silent rounds, results held until reconciled, and hands
awaiting a blind second entry. Officials see everything, through the API as on the pages."""

import pytest
from django.urls import reverse

from tests.tournament.builders import make_played_event, make_user
from tournament.release import Rule, rule_refusal

pytestmark = pytest.mark.django_db


def api(client, name, *args):
    return client.get(reverse(f"api:{name}", args=args))


def page(client, name, *args):
    return client.get(reverse(f"public:{name}", args=args))


def refused(response, reason: str) -> bool:
    return response.status_code == 404 and response.json() == {"detail": reason}


def names_in(response, players) -> set[str]:
    text = response.content.decode()
    return {player.name for player in players if player.name in text}


def update(tournament, **fields):
    for name, value in fields.items():
        setattr(tournament, name, value)
    tournament.save()


# --- A hidden tournament --------------------------------------------------------------------

TOURNAMENT_PAGES = [
    ("tournament_detail", ()),
    ("player_list", ()),
    ("round_list", ()),
    ("round_detail", (1,)),
    ("round_results", (1,)),
    ("standings", ()),
]


def test_a_hidden_tournament_is_no_such_tournament_on_the_api_as_on_the_pages(client, event):
    update(event.tournament, hidden=True)
    for name, args in TOURNAMENT_PAGES + [("player_detail", (event.winner.pk,))]:
        assert page(client, name, event.slug, *args).status_code == 404, name
        assert refused(api(client, name, event.slug, *args), "No such tournament."), name
    assert api(client, "tournament_list").json()["count"] == 0
    client.force_login(make_user("judge"))
    for name, args in TOURNAMENT_PAGES:
        assert page(client, name, event.slug, *args).status_code == 200, name
        assert api(client, name, event.slug, *args).status_code == 200, name
    assert api(client, "tournament_list").json()["count"] == 1


# --- A round's seating ----------------------------------------------------------------------


def test_an_unpublished_seating_is_refused_and_the_page_shows_no_name(client, event):
    second = event.players[4:]  # round 2's table 1
    assert names_in(page(client, "round_detail", event.slug, 2), second) == set()
    assert names_in(page(client, "seating_by_player", event.slug, 2), second) == set()
    reason = rule_refusal(Rule.SEATING, None, event.tournament, event.second)
    assert reason == "The seating of round 2 is not published yet."
    assert refused(api(client, "round_detail", event.slug, 2), reason)
    rounds = api(client, "round_list", event.slug).json()["results"]
    assert [r["url"] is None for r in rounds] == [False, True]
    # the player's seats leave the unpublished round out, as the player's page does
    seats = api(client, "player_detail", event.slug, event.winner.pk).json()["seats"]
    assert [seat["round"] for seat in seats] == [1]


def test_officials_see_an_unpublished_seating_on_the_api_as_on_the_page(client, event):
    client.force_login(make_user("judge"))
    body = api(client, "round_detail", event.slug, 2).json()
    assert body["seating_published"] is False
    shown = {seat["name"] for table in body["tables"] for seat in table["seats"]}
    assert shown == {player.name for player in event.players}
    assert names_in(page(client, "round_detail", event.slug, 2), event.players) == shown


# --- Results and standings not released ------------------------------------------------------


def test_results_not_released_refuse_the_players_pages_and_round_results(client, event):
    update(event.tournament, results_public=False)
    reason = "The results of this tournament are not public yet."
    assert page(client, "player_detail", event.slug, event.winner.pk).status_code == 404
    assert refused(api(client, "player_detail", event.slug, event.winner.pk), reason)
    round_page = page(client, "round_results", event.slug, 1)
    assert "not public yet" in round_page.content.decode()
    assert "420" not in round_page.content.decode()
    assert refused(api(client, "round_results", event.slug, 1), reason)
    # lists link to no player page and no results that would answer 404
    players = api(client, "player_list", event.slug).json()["results"]
    assert {p["url"] for p in players} == {None}
    standings = api(client, "standings", event.slug).json()["results"]
    assert {row["url"] for row in standings} == {None}
    assert {r["results"] for r in api(client, "round_list", event.slug).json()["results"]} == {None}
    assert api(client, "tournament_detail", event.slug).json()["released"]["results"] is False


def test_standings_not_released_are_refused_and_the_players_rank_left_out(client, event):
    update(event.tournament, standings_public=False)
    reason = "The standings of this tournament are not public yet."
    assert page(client, "standings", event.slug).status_code == 404
    assert refused(api(client, "standings", event.slug), reason)
    detail = api(client, "tournament_detail", event.slug).json()
    assert detail["links"]["standings"] is None and detail["released"]["standings"] is False
    player = api(client, "player_detail", event.slug, event.winner.pk).json()
    assert player["rank"] is None and player["total"] == 420
    assert (
        "rank</div>"
        not in page(client, "player_detail", event.slug, event.winner.pk).content.decode()
    )
    client.force_login(make_user("head"))
    assert api(client, "standings", event.slug).status_code == 200
    assert api(client, "player_detail", event.slug, event.winner.pk).json()["rank"] == "1"


# --- Silent rounds and held results ----------------------------------------------------------


def test_silent_rounds_are_left_out_of_the_standings_players_and_round_results(client, event):
    update(event.tournament, silent_rounds=1)  # round 1, the only played round, is silent
    standings = api(client, "standings", event.slug).json()
    assert standings["counted_rounds"] == 0
    assert {row["total"] for row in standings["results"]} == {0}
    assert "420" not in page(client, "standings", event.slug).content.decode()
    player = api(client, "player_detail", event.slug, event.winner.pk).json()
    assert (player["total"], player["rounds"], player["counted_rounds"]) == (0, [], 0)
    assert "+420" not in page(client, "player_detail", event.slug, event.winner.pk).content.decode()
    reason = "The results of round 1 are not public yet."
    assert reason == rule_refusal(Rule.RESULTS, None, event.tournament, event.first)
    assert refused(api(client, "round_results", event.slug, 1), reason)
    assert "not public yet" in page(client, "round_results", event.slug, 1).content.decode()
    client.force_login(make_user("judge"))
    assert api(client, "standings", event.slug).json()["results"][0]["total"] == 420
    assert api(client, "round_results", event.slug, 1).status_code == 200


def test_results_held_until_reconciled_refuse_the_round(client, event):
    update(event.tournament, hold_unreconciled_results=True)  # round 1's table 2 is open
    assert refused(
        api(client, "round_results", event.slug, 1), "The results of round 1 are not public yet."
    )
    text = page(client, "round_results", event.slug, 1).content.decode()
    assert "not public yet" in text and "420" not in text


# --- Hands awaiting a blind second entry -----------------------------------------------------


def test_a_hand_awaiting_its_second_entry_is_on_no_public_answer(client):
    event = make_played_event(double_entry=True)  # round 1's hands await their second entry
    player = api(client, "player_detail", event.slug, event.winner.pk).json()
    (round_one,) = player["rounds"]
    assert round_one["hands"] == [] and round_one["sessions"][0]["score"] == 0
    assert player["total"] == 0
    text = page(client, "player_detail", event.slug, event.winner.pk).content.decode()
    assert "+420" not in text and "No hands yet." in text
    results = api(client, "round_results", event.slug, 1).json()["tables"]
    assert 420 not in {p["score"] for table in results for p in table["players"]}
    client.force_login(make_user("head"))  # head judges see unconfirmed hands
    hands = api(client, "player_detail", event.slug, event.winner.pk).json()["rounds"][0]["hands"]
    assert [(h["points"], h["confirmed"]) for h in hands] == [(420, False)]

"""The statistics in the API: the event's endpoint and a player's answer give the figures the
pages give, counted from the released hands only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.kept import kept, kept_value
from tests.tournament.statistics.events import make_stats_event, recount
from tournament.models import Seat, Tournament

api_stats_kept = kept("api_stats_kept", make_stats_event)


@pytest.fixture
def event(api_stats_kept, db):
    tournament = Tournament.objects.get(pk=kept_value(api_stats_kept, "stats event"))
    tournament.results_public = True
    tournament.standings_public = True
    tournament.save()
    return tournament


def test_the_event_endpoint_agrees_with_a_recount(client, event):
    counted = recount(event, None)
    data = client.get(reverse("api:statistics", args=[event.slug])).json()
    assert [
        (r["number"], r["hands"], r["wins"], r["draws"], r["false_wins"]) for r in data["rounds"]
    ] == [
        (n, c["hands"], c["win"], c["draw"], c["false_win"])
        for n, c in sorted(counted["rounds"].items())
    ]
    assert data["wins"] == len(counted["values"]) == sum(b["count"] for b in data["hand_values"])
    assert data["largest_hand_won"] == max(counted["values"])
    big = [h for h in data["big_hands"] if h["round"] == 3]
    assert [(h["value"], h["win_type"], h["limit"]) for h in big] == [(140, "self_draw", False)]
    assert big[0]["concealed"] and big[0]["winning_tile"] == "5m"
    assert data["page"].endswith(f"/t/{event.slug}/statistics/")
    hands = sum(c["hands"] for c in counted["players"].values())
    deal_ins = sum(c["deal_ins"] for c in counted["players"].values())
    assert data["event_rates"]["deal_ins"] == pytest.approx(deal_ins / hands)


def test_the_event_endpoint_follows_the_release(client, event):
    url = reverse("api:statistics", args=[event.slug])
    event.silent_rounds = 1
    event.save()
    data = client.get(url).json()
    assert data["counted_rounds"] == 2 and [r["number"] for r in data["rounds"]] == [1, 2]
    event.results_public = False
    event.save()
    answer = client.get(url)
    assert answer.status_code == 404 and "not public" in answer.json()["detail"]


def test_a_players_answer_links_to_their_figures(client, event):
    player_id = Seat.objects.get(
        round__tournament=event, round__number=3, table__number=1, wind="S"
    ).player_id
    line = recount(event, None)["players"][player_id]
    answer = client.get(reverse("api:player_detail", args=[event.slug, player_id])).json()
    url = reverse("api:player_statistics", args=[event.slug, player_id])
    assert answer["statistics"].endswith(url)  # on its own address: see the view
    stats = client.get(url).json()
    assert stats["hands_played"] == line["hands"]
    assert stats["wins_robbing_kong"] == line["robbing_kong"] == 1
    assert stats["deal_in_cost"] == line["cost"]
    assert stats["rates"]["wins"] == pytest.approx(stats["wins"] / line["hands"])
    assert [r["round"] for r in stats["ranks"]] == [1, 2, 3]
    event.standings_public = False
    event.save()
    assert client.get(url).json()["ranks"] == []


def test_a_player_who_is_not_registered_has_no_figures(client, event):
    url = reverse("api:player_statistics", args=[event.slug, 10**9])
    assert client.get(url).status_code == 404

"""Every endpoint of the public API answers the small event (tests/tournament/api/conftest.py)
with the expected shape and the same facts as its page; it reads only (GET, HEAD, OPTIONS;
any other method is 405), pages long lists, and answers unknown things with a JSON 404."""

import pytest
from django.urls import reverse

from tests.tournament.builders import make_user

pytestmark = pytest.mark.django_db


def get(client, name, *args, **params):
    response = client.get(reverse(name, args=args), params)
    assert response["Content-Type"] == "application/json", (name, response.status_code)
    return response


def test_the_root_names_the_tournaments_the_schema_and_the_docs(client, event):
    body = get(client, "api:api_root").json()
    assert body == {
        "tournaments": "http://testserver/api/tournaments/",
        "schema": "http://testserver/api/schema/",
        "docs": "http://testserver/api/docs/",
    }


def test_the_tournaments_list_pages_the_home_page_list(client, event):
    body = get(client, "api:tournament_list").json()
    assert body["count"] == 1 and body["next"] is None
    (row,) = body["results"]
    assert row["slug"] == event.slug and row["name"] == event.tournament.name
    assert row["start_date"] == "2026-05-01"
    assert row["url"] == f"http://testserver/api/tournaments/{event.slug}/"
    assert row["page"] == f"http://testserver/t/{event.slug}/"


def test_a_tournament_has_its_rules_rounds_counts_and_links(client, event):
    body = get(client, "api:tournament_detail", event.slug).json()
    assert (body["players"], body["tables"]) == (8, 2)
    assert body["rules"]["hands_per_session"] == 16
    assert body["rules"]["match_points"] == "placing"
    assert body["rules"]["match_points_table"] == [4, 2, 1, 0]
    assert body["released"] == {"results": True, "standings": True}
    assert [(r["number"], r["status"], r["seating_published"]) for r in body["rounds"]] == [
        (1, "playing", True),
        (2, "seated", False),
    ]
    # no link to what answers 404: round 2's seating is not published
    assert body["rounds"][0]["url"].endswith(f"/api/tournaments/{event.slug}/rounds/1/")
    assert body["rounds"][1]["url"] is None
    assert body["links"]["standings"].endswith(f"/api/tournaments/{event.slug}/standings/")


def test_the_players_come_in_pages_in_family_order_with_the_pages_labels(client, event):
    first = get(client, "api:player_list", event.slug, page_size=3).json()
    assert first["count"] == 8 and first["previous"] is None
    assert [p["name"] for p in first["results"]] == [p.name for p in event.players[:3]]
    assert set(first["results"][0]) == {
        "player_id",
        "number",
        "name",
        "chinese_name",
        "country",
        "country_name",
        "club",
        "status",
        "substitute",
        "url",
    }
    last = client.get(first["next"].replace("page=2", "page=3")).json()
    assert [p["number"] for p in last["results"]] == [7, 8] and last["next"] is None
    page = client.get(reverse("public:player_list", args=[event.slug])).content.decode()
    assert all(p.name in page for p in event.players)


def test_a_page_past_the_end_is_a_json_404_and_a_bad_page_size_the_default(client, event):
    response = get(client, "api:player_list", event.slug, page=9)
    assert response.status_code == 404 and "detail" in response.json()
    assert len(get(client, "api:player_list", event.slug, page_size=-4).json()["results"]) == 8
    assert len(get(client, "api:player_list", event.slug, page_size=10**6).json()["results"]) == 8


def test_the_players_can_be_searched_as_on_the_page(client, event):
    name = event.players[4].name
    body = get(client, "api:player_list", event.slug, q=name).json()
    assert [p["name"] for p in body["results"]] == [name]


def test_the_rounds_list(client, event):
    body = get(client, "api:round_list", event.slug).json()
    assert [r["number"] for r in body["results"]] == [1, 2]
    assert body["results"][0]["results"].endswith("/rounds/1/results/")


def test_a_rounds_seating_has_tables_seats_winds_names_and_byes(client, event):
    body = get(client, "api:round_detail", event.slug, 1).json()
    assert body["number"] == 1 and body["seating_published"] is True
    assert body["clock"] == {"state": "idle", "ends_at": None, "paused_left": None}
    assert [t["number"] for t in body["tables"]] == [1, 2]
    assert [(s["wind"], s["name"]) for s in body["tables"][0]["seats"]] == [
        (wind, player.name) for wind, player in zip("ESWN", event.players[:4], strict=True)
    ]
    assert body["byes"] == []


def test_a_round_with_a_bye_lists_it_by_the_label_the_page_shows(client, event):
    from tests.tournament.builders import make_players, make_seated_round
    from tournament.seating.services.seats import seating_publish

    (extra,) = make_players(event.tournament, 1)  # named as the first player: told apart
    round_ = make_seated_round(event.tournament, event.players, 3)
    seating_publish(round_=round_)
    body = get(client, "api:round_detail", event.slug, 3).json()
    assert body["byes"] == [{"player_id": extra.pk, "name": f"{extra.name} (#9)"}]
    page = client.get(reverse("public:round_detail", args=[event.slug, 3])).content.decode()
    assert f"{extra.name} (#9)" in page


def test_a_rounds_results_by_table(client, event):
    body = get(client, "api:round_results", event.slug, 1).json()
    assert body["unreconciled_tables"] == [2]
    one, two = body["tables"]
    assert one["status"] == "reconciled" and two["status"] == "open"
    assert [(p["wind"], p["score"], p["match_points"]) for p in one["players"]] == [
        ("E", -25, 2),
        ("S", 420, 4),
        ("W", -370, 0),
        ("N", -35, 1),
    ]


def test_the_standings_are_the_boards_rows_in_rank_order(client, event):
    body = get(client, "api:standings", event.slug).json()
    assert body["count"] == 8 and body["stage"] == 1 and body["counted_rounds"] is None
    assert body["provisional"]["active"] is True
    top = body["results"][0]
    assert (top["rank"], top["name"], top["total"], top["match_points"]) == (
        "1",
        event.winner.name,
        420,
        4,
    )
    assert [row["place"] for row in body["results"]] == sorted(
        row["place"] for row in body["results"]
    )
    penalised = next(row for row in body["results"] if row["penalty_points"])
    assert (penalised["penalty_points"], penalised["total"]) == (-10, -35)
    assert top["url"].endswith(f"/players/{event.winner.pk}/")


def test_the_top_of_the_standings_is_a_short_first_page(client, event):
    body = get(client, "api:standings", event.slug, page_size=2).json()
    assert [row["rank"] for row in body["results"]] == ["1", "2"]
    assert body["next"].endswith("page=2&page_size=2")


def test_a_players_page_has_their_standing_seats_sessions_and_hands(client, event):
    body = get(client, "api:player_detail", event.slug, event.winner.pk).json()
    assert (body["name"], body["rank"], body["total"], body["hands_won"]) == (
        event.winner.name,
        "1",
        420,
        1,
    )
    assert body["seats"][0] == {
        "round": 1,
        "table": 1,
        "table_label": "",
        "wind": "S",
        "bye": False,
        "withdrawn": False,
        "not_registered": False,
        "later": None,
    }
    (round_one,) = body["rounds"]
    assert round_one["number"] == 1
    assert round_one["sessions"] == [
        {"table": 1, "half": 1, "wind": "S", "score": 420, "place": 1.0, "match_points": 4}
    ]
    assert round_one["hands"] == [
        {
            "table": 1,
            "number": 1,
            "outcome": "won",
            "value": 140,
            "points": 420,
            "confirmed": True,
        }
    ]
    page = client.get(reverse("public:player_detail", args=[event.slug, event.winner.pk]))
    assert "+420" in page.content.decode()


def test_a_penalty_is_on_the_players_page(client, event):
    standings = get(client, "api:standings", event.slug).json()["results"]
    penalised = next(row for row in standings if row["penalty_points"])
    body = get(client, "api:player_detail", event.slug, penalised["player_id"]).json()
    assert body["penalties"] == [
        {
            "round": 1,
            "table": 1,
            "points": -10,
            "mode": "deduction",
            "warning": False,
            "reason": "Slow play",
        }
    ]


def test_an_unknown_player_round_or_tournament_is_a_404_with_the_reason(client, event):
    cases = [
        (("api:player_detail", event.slug, 999999), "No such player in this tournament."),
        (("api:round_detail", event.slug, 9), "No such round."),
        (("api:round_results", event.slug, 9), "No such round."),
        (("api:standings", "no-such-event"), "No such tournament."),
    ]
    for (name, *args), reason in cases:
        response = get(client, name, *args)
        assert (response.status_code, response.json()) == (404, {"detail": reason}), name


def test_any_other_address_under_the_api_is_a_json_404(client, db):
    response = client.get("/api/no/such/thing/")
    assert response.status_code == 404 and response.json() == {"detail": "Not found."}
    assert client.get("/api/tournaments").status_code == 301  # the slash is added, as elsewhere


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
@pytest.mark.parametrize("logged_in", [False, True], ids=["anonymous", "official"])
def test_the_api_only_reads(client, event, method, logged_in):
    if logged_in:
        client.force_login(make_user("head"))
    for name, args in [
        ("api:tournament_list", []),
        ("api:standings", [event.slug]),
        ("api:player_detail", [event.slug, event.winner.pk]),
    ]:
        response = getattr(client, method)(reverse(name, args=args))
        assert response.status_code == 405, (name, method)
        assert response["Allow"] == "GET, HEAD, OPTIONS" or set(response["Allow"].split(", ")) == {
            "GET",
            "HEAD",
            "OPTIONS",
        }
        assert "detail" in response.json()


def test_head_and_options_answer(client, event):
    url = reverse("api:standings", args=[event.slug])
    head = client.head(url)
    assert head.status_code == 200 and head["ETag"] and head.content == b""
    options = client.options(url)
    assert options.status_code == 200 and options.json()["name"]

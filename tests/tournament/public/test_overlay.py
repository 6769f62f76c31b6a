"""The streamers' overlays: one table's live score and the top of the standings, transparent
and without the site's menu, refreshed by htmx, under the release rules of the pages they
condense (a table's names once its seating is published, its scores while its round's results
are public; the standings while released)."""

import re

import pytest
from django.urls import reverse

from tests.tournament.builders import make_changing_round, make_played_event, make_user
from tournament.models import Round

pytestmark = pytest.mark.django_db


def overlay_table(client, event, number=1, table=1, **headers):
    return client.get(reverse("public:overlay_table", args=[event.slug, number, table]), **headers)


def rows(response) -> list[tuple[str, ...]]:
    """The overlay's table rows as the cells' texts."""
    body = response.content.decode()
    return [
        tuple(
            re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)
        )
        for row in re.findall(r"<tr>(.*?)</tr>", body)
    ]


@pytest.fixture
def event(db):
    """Not the public pages' own event: the small played one of the API tests."""
    return make_played_event()


def test_a_tables_overlay_shows_its_seats_and_live_scores(client, event):
    response = overlay_table(client, event)
    assert response.status_code == 200
    assert rows(response) == [
        ("E", event.players[0].name, "-25"),
        ("S", event.winner.name, "420"),
        ("W", event.players[2].name, "-370"),
        ("N", event.players[3].name, "-35"),
    ]
    body = response.content.decode()
    assert "Round 1 · Table 1" in body and "1 of 16 hands" in body
    assert 'hx-trigger="zj:changed, every 60s"' in body and "live.js" in body
    assert "site-header" not in body and "css/site.css" not in body  # no menu, no site look


def test_the_overlay_is_transparent_with_large_shadowed_type(client, event):
    from django.contrib.staticfiles import finders

    css = open(finders.find("tournament/overlay.css")).read()
    assert re.search(r"body\.overlay\s*{[^}]*background:\s*transparent", css)
    assert "text-shadow" in css
    size = re.search(r"body\.overlay\s*{[^}]*font-size:\s*(\d+)px", css)
    assert size and int(size.group(1)) >= 32
    assert "overlay.css" in overlay_table(client, event).content.decode()


def test_htmx_gets_the_body_alone(client, event):
    body = overlay_table(client, event, HTTP_HX_REQUEST="true").content.decode()
    assert body.lstrip().startswith('<div id="overlay-body"') and "<html" not in body


def test_a_table_not_yet_played_shows_its_players_at_zero(client, event):
    from tournament.seating.services.seats import seating_publish

    seating_publish(round_=event.second)
    assert [row[2] for row in rows(overlay_table(client, event, 2, 1))] == ["0"] * 4


def test_an_unpublished_seating_shows_no_name(client, event):
    response = overlay_table(client, event, 2, 1)
    body = response.content.decode()
    assert response.status_code == 200 and rows(response) == []
    assert "The seating of round 2 is not published yet." in body
    assert not [p for p in event.players if p.name in body]
    client.force_login(make_user("judge"))
    assert len(rows(overlay_table(client, event, 2, 1))) == 4


@pytest.mark.parametrize(
    "fields, reason",
    [
        ({"results_public": False}, "The results of this tournament are not public yet."),
        ({"silent_rounds": 1}, "The results of round 1 are not public yet."),
        ({"hold_unreconciled_results": True}, "The results of round 1 are not public yet."),
    ],
    ids=["results held back", "silent round", "held until reconciled"],
)
def test_scores_not_public_leave_the_names_alone(client, event, fields, reason):
    for name, value in fields.items():
        setattr(event.tournament, name, value)
    event.tournament.save()
    response = overlay_table(client, event)
    assert [len(row) for row in rows(response)] == [2] * 4  # wind and name, no score
    assert reason in response.content.decode() and "420" not in response.content.decode()
    client.force_login(make_user("judge"))
    assert rows(overlay_table(client, event))[1][2] == "420"


def test_an_unknown_table_or_round_is_a_404(client, event):
    assert overlay_table(client, event, 1, 9).status_code == 404
    assert overlay_table(client, event, 9, 1).status_code == 404


def test_a_hidden_tournament_has_no_overlay(client, event):
    event.tournament.hidden = True
    event.tournament.save()
    assert overlay_table(client, event).status_code == 404
    assert client.get(reverse("public:overlay_standings", args=[event.slug])).status_code == 404


def test_after_a_table_change_the_overlay_follows_the_card_in_play(client):
    round_ = make_changing_round()
    first = overlay_table(client, round_.tournament, round_.number, 1)
    text = first.content.decode()
    assert "hands 1-8" in text and "0 of 8 hands" in text
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING)
    from tournament.audit import tournament_touch
    from tournament.models import Session

    Session.objects.filter(round=round_, half=1).update(status=Session.Status.RECONCILED)
    tournament_touch(round_.tournament_id)  # as the reconciling service's write moves it on
    assert (
        "hands 9-16" in overlay_table(client, round_.tournament, round_.number, 1).content.decode()
    )


def test_the_standings_overlay_shows_the_top_n(client, event):
    url = reverse("public:overlay_standings", args=[event.slug])
    top = rows(client.get(url + "?top=2"))
    assert top == [("1", event.winner.name, "4 MP", "420"), top[1]]
    assert top[1][0] == "2"
    assert len(rows(client.get(url))) == 8  # the default, 8, is all of this event
    for bad in ("0", "-3", "lots", "9999"):
        assert client.get(url, {"top": bad}).status_code == 200


def test_the_standings_overlay_follows_the_standings_release(client, event):
    event.tournament.standings_public = False
    event.tournament.save()
    url = reverse("public:overlay_standings", args=[event.slug])
    assert client.get(url).status_code == 404
    client.force_login(make_user("head"))
    assert client.get(url).status_code == 200


def test_the_standings_overlay_leaves_silent_rounds_out(client, event):
    event.tournament.silent_rounds = 1
    event.tournament.save()
    body = client.get(reverse("public:overlay_standings", args=[event.slug])).content.decode()
    assert "after round 0" in body and "420" not in body

"""The results pages: standings, player, round results, countries, projector; release rules
from every page as anonymous, judge and organiser; conditional GETs; the round clock."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.models import Round, Session
from tournament.play.services import hands as hand_services
from tournament.play.services import sessions as session_services
from tournament.play.services.clock import round_clock_control
from tournament.roles import ORGANISER_GROUP

pytestmark = pytest.mark.django_db


def _played_event(rounds=2, **fields):
    """8 players, ``rounds`` rounds, one hand per table; every session reconciled."""
    tournament = make_tournament(**fields)
    people = make_players(tournament, 8)
    judge = make_user()
    for number in range(1, rounds + 1):
        order = people[number - 1 :] + people[: number - 1]
        round_ = make_seated_round(tournament, order, number)
        round_.seating_published = True
        round_.save()
        for session in Session.objects.filter(round=round_).select_related(
            "round__tournament", "table"
        ):
            hand_services.hand_save(session=session, entry=entry(session), user=judge)
            ids = seat_players(session)
            totals = {ids["S"]: 30, ids["E"]: -10, ids["W"]: -10, ids["N"]: -10}
            session_services.session_reconcile(session=session, card_totals=totals, user=judge)
    tournament.refresh_from_db()
    return tournament, people


def _log_in(client, role):
    if role == "anonymous":
        return
    if role == "organiser":
        user = make_user("plain")
        user.groups.add(Group.objects.get(name=ORGANISER_GROUP))
    else:
        user = make_user(role)
    client.force_login(user)


def _pages(tournament, player):
    slug = tournament.slug
    return {
        "standings": reverse("public:standings", args=[slug]),
        "countries": reverse("public:country_list", args=[slug]),
        "projector": reverse("public:projector_standings", args=[slug]),
        "player": reverse("public:player_detail", args=[slug, player.pk]),
        "round_results": reverse("public:round_results", args=[slug, 2]),
        "csv": reverse("exports:standings_export", args=[slug, "csv"]),
        "ema": reverse("exports:ema_export", args=[slug]),
    }


STANDINGS_PAGES = ("standings", "countries", "projector", "csv", "ema")
RESULTS_PAGES = ("player", "round_results")


@pytest.mark.parametrize("role", ["anonymous", "judge", "organiser"])
@pytest.mark.parametrize(
    "setting, hidden_pages",
    [
        ({"standings_public": False}, STANDINGS_PAGES),
        ({"results_public": False}, RESULTS_PAGES),
    ],
    ids=["standings-held", "results-held"],
)
def test_release_control_from_every_results_page(client, role, setting, hidden_pages):
    tournament, people = _played_event()
    for name, value in setting.items():
        setattr(tournament, name, value)
    tournament.save()
    _log_in(client, role)
    for name, url in _pages(tournament, people[0]).items():
        response = client.get(url)
        held_from_viewer = name in hidden_pages and role == "anonymous"
        if name == "round_results":
            body = response.content.decode()
            assert response.status_code == 200
            assert ("not public yet" in body) is held_from_viewer, (name, role)
        else:
            assert response.status_code == (404 if held_from_viewer else 200), (name, role)


@pytest.mark.parametrize("role", ["anonymous", "judge", "organiser"])
def test_silent_rounds_are_hidden_from_the_public_only(client, role):
    tournament, people = _played_event(silent_rounds=1)
    _log_in(client, role)
    official = role != "anonymous"
    body = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert ("Standings after round 1" in body) is not official
    player_page = client.get(
        reverse("public:player_detail", args=[tournament.slug, people[0].pk])
    ).content.decode()
    round_two = reverse("public:round_results", args=[tournament.slug, 2])
    assert (f'href="{round_two}"' in player_page) is official
    results = client.get(reverse("public:round_results", args=[tournament.slug, 2]))
    assert ("not public yet" in results.content.decode()) is not official


def test_results_of_a_round_are_held_until_every_session_is_reconciled(client):
    tournament, people = _played_event(rounds=1, hold_unreconciled_results=True)
    url = reverse("public:round_results", args=[tournament.slug, 1])
    assert people[1].name in client.get(url).content.decode()
    session = Session.objects.filter(round__tournament=tournament).first()
    session_services.session_reopen(session=session, user=make_user("head"), reason="Recount")
    body = client.get(url).content.decode()
    assert "not public yet" in body and people[1].name not in body


def test_a_conditional_get_is_a_304_until_a_hand_is_saved(client):
    tournament, _ = _played_event(rounds=1)
    url = reverse("public:standings", args=[tournament.slug])
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"] and first["Last-Modified"]
    assert "public" in first["Cache-Control"] and "max-age" in first["Cache-Control"]
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    session = Session.objects.filter(round__tournament=tournament).first()
    session_services.session_reopen(session=session, user=make_user("head"), reason="One more")
    hand_services.hand_save(session=session, entry=entry(session, 2), user=make_user())
    changed = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_officials_get_private_answers_with_their_own_validator(client):
    tournament, _ = _played_event(rounds=1)
    url = reverse("public:standings", args=[tournament.slug])
    public_etag = client.get(url)["ETag"]
    client.force_login(make_user("judge"))
    response = client.get(url, headers={"If-None-Match": public_etag})
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]


def test_standings_are_searchable_sortable_and_link_each_player(client):
    tournament, people = _played_event(rounds=1)
    url = reverse("public:standings", args=[tournament.slug])
    body = client.get(url, {"q": people[3].name}).content.decode()
    assert f">{people[3].name}</a>" in body and people[5].name not in body
    sorted_body = client.get(url, {"sort": "-name"}).content.decode()
    names = [p.name for p in people]
    positions = sorted(names, key=lambda name: sorted_body.index(f">{name}</a>"))
    assert positions == sorted(names, reverse=True)
    link = reverse("public:player_detail", args=[tournament.slug, people[3].pk])
    assert f'href="{link}"' in body


def test_the_player_page_shows_sessions_hands_and_an_svg_chart(client):
    tournament, people = _played_event()
    winner = people[1]  # seat S at table 1 in round 1: wins 30
    body = client.get(
        reverse("public:player_detail", args=[tournament.slug, winner.pk])
    ).content.decode()
    assert "<svg" in body and "<polyline" in body and "<script" not in body.split("<svg")[1]
    assert 'id="sessions"' in body and 'id="hands"' in body
    assert "+30" in body


def test_unknown_player_is_a_404(client):
    tournament, _ = _played_event(rounds=1)
    url = reverse("public:player_detail", args=[tournament.slug, 999999])
    assert client.get(url).status_code == 404


def test_the_country_view_sums_and_averages(client):
    tournament, _ = _played_event(rounds=1)
    body = client.get(reverse("public:country_list", args=[tournament.slug])).content.decode()
    assert '<td class="num">8</td>' in body


def test_the_projector_body_is_a_live_fragment(client):
    tournament, people = _played_event(rounds=1)
    url = reverse("public:projector_standings", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert 'hx-trigger="zj:changed, every 60s"' in page and "live.js" in page
    assert "htmx" in page and people[0].name in page
    partial = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in partial and 'id="projector-body"' in partial


def test_the_round_clock_shows_on_the_projector_desk_and_public_round_page(client):
    tournament, _ = _played_event(rounds=1)
    round_ = Round.objects.get(tournament=tournament, number=1)
    head = make_user("head")
    client.force_login(head)
    desk = reverse("desk:round_clock", args=[tournament.slug, 1])
    client.post(desk, {"action": "start", "minutes": "90"})
    round_.refresh_from_db()
    assert round_.clock_ends_at is not None
    client.post(desk, {"action": "extend", "minutes": "5", "table": "2"})
    assert Session.objects.get(round=round_, table__number=2).clock_extra == 300
    client.post(desk, {"action": "pause"})
    round_.refresh_from_db()
    assert round_.clock_paused_left and round_.clock_paused_left > 89 * 60
    response = client.post(desk, {"action": "extend", "minutes": "abc"})
    assert response.status_code == 302  # a clear message, nothing changed
    client.logout()
    for url in (
        reverse("public:projector_seating", args=[tournament.slug, 1]),
        reverse("public:round_detail", args=[tournament.slug, 1]),
        reverse("public:round_results", args=[tournament.slug, 1]),
    ):
        body = client.get(url).content.decode()
        assert 'class="round-clock paused"' in body, url
    client.force_login(head)
    body = client.get(reverse("desk:round_desk", args=[tournament.slug, 1])).content.decode()
    assert 'class="round-clock paused"' in body


def test_only_head_judges_control_the_clock(client):
    tournament, _ = _played_event(rounds=1)
    client.force_login(make_user("judge"))
    url = reverse("desk:round_clock", args=[tournament.slug, 1])
    assert client.post(url, {"action": "start", "minutes": "10"}).status_code == 403


def test_clock_refuses_bad_input():
    tournament, _ = _played_event(rounds=1)
    round_ = Round.objects.get(tournament=tournament, number=1)
    from django.core.exceptions import ValidationError

    for kwargs in (
        {"action": "explode"},
        {"action": "start", "minutes": 0},
        {"action": "pause"},
        {"action": "extend", "minutes": 5},
    ):
        with pytest.raises(ValidationError):
            round_clock_control(round_=round_, user=None, **kwargs)


def test_if_modified_since_is_answered_as_the_tag_is(client):
    """A client that keeps only the date (no ``ETag``) is answered 304 too; an older date
    gets the page; every 304 carries both validators."""
    tournament, _ = _played_event(rounds=1)
    url = reverse("public:standings", args=[tournament.slug])
    first = client.get(url)
    again = client.get(url, headers={"If-Modified-Since": first["Last-Modified"]})
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"] and again["Last-Modified"] == first["Last-Modified"]
    older = client.get(url, headers={"If-Modified-Since": "Mon, 01 Jan 2024 00:00:00 GMT"})
    assert older.status_code == 200 and older["ETag"] == first["ETag"]

"""The printouts page and the PDF downloads: who may have what (`roles`, `release`), what the
page says when there is nothing to print, and the buttons on the round, session and standings
pages."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tests.tournament.printing.addresses import download as url
from tournament.models import Round
from tournament.printing.documents import base
from tournament.printing.documents.registry import DOCUMENTS
from tournament.printing.selectors.score_cards import round_card_sessions

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated():
    tournament = make_tournament()
    round_ = make_seated_round(tournament, make_players(tournament, 8))
    return tournament, round_


def login(client, role):
    if role != "anonymous":
        client.force_login(make_user(role))


@pytest.mark.parametrize(
    ("role", "status"), [("anonymous", 302), ("plain", 403), ("judge", 200), ("superuser", 200)]
)
def test_filled_cards_are_for_officials(client, seated, fast_pdf, role, status):
    tournament, round_ = seated
    round_.seating_published = True
    round_.save()
    login(client, role)
    response = client.get(url(tournament, "scorecards", round=1))
    assert response.status_code == status
    if status == 302:
        assert reverse("login") in response["Location"]


@pytest.mark.parametrize("identifier", ["blank-scorecards", "seating", "slips"])
@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ["anonymous", "plain", "judge"])
def test_seating_printouts_are_public_once_the_seating_is_published(
    client, seated, fast_pdf, identifier, published, role
):
    tournament, round_ = seated
    Round.objects.filter(pk=round_.pk).update(seating_published=published)
    login(client, role)
    response = client.get(url(tournament, identifier, round=1))
    allowed = published or role == "judge"
    assert response.status_code == (200 if allowed else 404), (identifier, published, role)
    if allowed:
        assert response["Content-Type"] == "application/pdf"
        assert "no-cache" in response["Cache-Control"]
    else:
        assert "published yet" in response.content.decode()


@pytest.mark.parametrize("public", [False, True])
@pytest.mark.parametrize("role", ["anonymous", "judge"])
def test_the_standings_pdf_follows_the_standings_release(client, fast_pdf, public, role):
    tournament = make_tournament(standings_public=public, results_public=not public)
    make_players(tournament, 4)
    login(client, role)
    response = client.get(url(tournament, "standings"))
    assert response.status_code == (200 if public or role == "judge" else 404)


def test_the_aid_card_is_public(client, fast_pdf):
    tournament = make_tournament()
    response = client.get(url(tournament, "aid-card"))
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'inline; filename="{tournament.slug}-scoring-aid-card.pdf"'
    )


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ({}, 400, "Say which round"),
        ({"round": "x"}, 400, "Say which round"),
        ({"round": 9}, 404, "has no round 9"),
        ({"round": 2}, 409, "Round 2 is not seated yet"),
        ({"round": 1, "table": 7}, 409, "has no table 7"),
        ({"round": 1, "table": "abc"}, 404, "No table"),
    ],
)
def test_bad_requests_get_a_page_that_says_why(client, seated, fast_pdf, query, status, message):
    tournament, _ = seated
    Round.objects.create(tournament=tournament, number=2)
    client.force_login(make_user("judge"))
    response = client.get(url(tournament, "scorecards", **query))
    assert response.status_code == status
    assert message in response.content.decode()


def test_an_unknown_printout_is_a_404_that_lists_the_known_ones(client, seated):
    tournament, _ = seated
    response = client.get(reverse("printing:printout_download", args=[tournament.slug, "menu"]))
    assert response.status_code == 404 and "blank-scorecards" in response.content.decode()


@pytest.mark.parametrize(("role", "status"), [("judge", 403), ("superuser", 200)])
def test_the_printouts_page_is_for_organisers(client, seated, role, status):
    tournament, _ = seated
    client.force_login(make_user(role))
    response = client.get(reverse("console:printouts", args=[tournament.slug]))
    assert response.status_code == status
    if status == 200:
        body = response.content.decode()
        for document in DOCUMENTS.values():
            assert document.name in body
        assert "python manage.py print scorecards" in body


def test_the_printouts_page_warns_when_no_cjk_font_is_installed(client, seated, monkeypatch):
    tournament, _ = seated
    monkeypatch.setattr(base, "cjk_font_available", lambda: False)
    client.force_login(make_user("superuser"))
    body = client.get(reverse("console:printouts", args=[tournament.slug])).content.decode()
    assert "No Chinese (CJK) font" in body


def test_the_printouts_page_says_when_nothing_is_seated(client):
    tournament = make_tournament()
    client.force_login(make_user("superuser"))
    body = client.get(reverse("console:printouts", args=[tournament.slug])).content.decode()
    assert "No round is seated yet" in body and "no players yet" in body


def test_buttons_on_the_round_session_and_standings_pages(client, seated):
    tournament, _ = seated
    client.force_login(make_user("superuser"))
    round_page = client.get(reverse("desk:round_desk", args=[tournament.slug, 1])).content.decode()
    assert url(tournament, "blank-scorecards", round=1) in round_page
    assert url(tournament, "scorecards", round=1) in round_page
    assert reverse("console:printouts", args=[tournament.slug]) in round_page
    session = client.get(reverse("desk:session_sheet", args=[tournament.slug, 1, 2])).content
    assert url(tournament, "scorecards", round=1, table=2).replace("&", "&amp;") in session.decode()
    standings = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert url(tournament, "standings") in standings
    public_round = client.get(reverse("public:round_detail", args=[tournament.slug, 1]))
    assert url(tournament, "seating", round=1) in public_round.content.decode()


def test_reading_a_round_for_the_cards_takes_the_same_queries_for_any_number_of_tables():
    def queries(tables):
        tournament = make_tournament()
        round_ = make_seated_round(tournament, make_players(tournament, 4 * tables))
        with CaptureQueriesContext(connection) as captured:
            round_card_sessions(round_, base_url="", filled=True)
        return len(captured)

    assert queries(1) == queries(6)

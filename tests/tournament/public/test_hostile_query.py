"""Query strings and settings nobody types on purpose: an answer, never a 500."""

import pytest
from django.urls import reverse

from tests.tournament.builders import form_data, make_session, make_user
from tournament.event.services.settings import SETTINGS_FIELDS
from tournament.models import Hand, Tournament

pytestmark = pytest.mark.django_db

BAD_PER_PAGE = ["-5", "0", "abc", "99999999999999999999", "1e3", ""]


@pytest.fixture
def session():
    return make_session()


@pytest.mark.parametrize("page", ["player_list", "standings"])
@pytest.mark.parametrize("per_page", BAD_PER_PAGE)
def test_a_bad_per_page_falls_back_to_the_default(client, session, page, per_page):
    url = reverse(f"public:{page}", args=[session.round.tournament.slug])
    response = client.get(url, {"per_page": per_page, "page": "-1"})
    assert response.status_code == 200


@pytest.mark.parametrize("query", ["a\x00", "\x00", "x" * 5000, "%", "_", "' OR 1=1 --"])
def test_a_hostile_player_search_answers(client, session, query):
    url = reverse("public:player_list", args=[session.round.tournament.slug])
    assert client.get(url, {"q": query}).status_code == 200


def test_a_64_bit_false_win_penalty_is_refused_and_false_wins_still_save(client, db):
    session = make_session()  # no hands yet: the scoring rules may still change
    tournament = session.round.tournament
    client.force_login(make_user("head"))
    data = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
    data = {k: v for k, v in data.items() if v is not False and v is not None}
    data["false_win_penalty"] = 2**63 - 1
    url = reverse("desk:tournament_settings_update", args=[tournament.slug])
    response = client.post(url, data)
    assert response.status_code == 200
    assert "Ensure this value is less than or equal to 320" in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).false_win_penalty == 25
    sheet = reverse(
        "desk:session_sheet", args=[tournament.slug, session.round.number, session.table.number]
    )
    saved = client.post(sheet, form_data(session, outcome="false_win", tiles="123m 5m"))
    assert saved.status_code == 302
    assert Hand.objects.get().outcome == "false_win"

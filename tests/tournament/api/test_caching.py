"""The API's answers are validated and cached exactly as the pages (`release.public_page`):
the same ``ETag`` and ``Last-Modified`` (from `Tournament.last_write`), a matching
``If-None-Match`` answered 304 before the view runs, ``Cache-Control: public`` with a short
max-age for anonymous clients and private for officials, and a write moves it all on."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import make_user
from tournament.release import PUBLIC_MAX_AGE
from tournament.seating.services.seats import seating_publish

pytestmark = pytest.mark.django_db

PAIRS = [  # (API endpoint, the page it mirrors, arguments after the slug)
    ("api:tournament_detail", "public:tournament_detail", ()),
    ("api:player_list", "public:player_list", ()),
    ("api:round_list", "public:round_list", ()),
    ("api:round_detail", "public:round_detail", (1,)),
    ("api:round_results", "public:round_results", (1,)),
    ("api:standings", "public:standings", ()),
    ("api:player_detail", "public:player_detail", ("winner",)),
]


def _urls(event, api_name, page_name, args):
    args = [event.winner.pk if a == "winner" else a for a in args]
    return reverse(api_name, args=[event.slug, *args]), reverse(page_name, args=[event.slug, *args])


@pytest.mark.parametrize("api_name, page_name, args", PAIRS, ids=[p[0] for p in PAIRS])
def test_the_api_sends_the_pages_validators_and_answers_304(
    client, event, api_name, page_name, args
):
    api_url, page_url = _urls(event, api_name, page_name, args)
    answer, shown = client.get(api_url), client.get(page_url)
    assert answer.status_code == shown.status_code == 200
    for header in ("ETag", "Last-Modified", "Cache-Control"):
        assert answer[header] == shown[header], header
    assert answer["Cache-Control"] == f"public, max-age={PUBLIC_MAX_AGE}"
    again = client.get(api_url, HTTP_IF_NONE_MATCH=answer["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == answer["ETag"]
    assert client.get(api_url, HTTP_IF_NONE_MATCH='"stale-p"').status_code == 200


def test_a_304_is_answered_before_the_standings_are_built(client, event):
    url = reverse("api:standings", args=[event.slug])
    etag = client.get(url)["ETag"]
    from tournament.standings.selectors.board import boards_forget

    boards_forget()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert not [q for q in queries if "tournament_sessionscore" in q["sql"]]
    assert len(queries) <= 2


def test_a_write_gives_a_revalidating_client_the_new_answer(client, event):
    url = reverse("api:round_detail", args=[event.slug, 1])
    etag = client.get(url)["ETag"]
    seating_publish(round_=event.second)  # any public write moves last_write on
    fresh = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200 and fresh["ETag"] != etag


def test_officials_answers_are_private_and_tagged_apart(client, event):
    url = reverse("api:standings", args=[event.slug])
    public = client.get(url)["ETag"]
    client.force_login(make_user("judge"))
    answer = client.get(url)
    assert answer["ETag"] != public
    assert "private" in answer["Cache-Control"] and "no-cache" in answer["Cache-Control"]
    assert client.get(url, HTTP_IF_NONE_MATCH=public).status_code == 200


def test_a_refusal_carries_no_validators(client, event):
    answer = client.get(reverse("api:round_detail", args=[event.slug, 2]))
    assert answer.status_code == 404
    assert "ETag" not in answer and "public" not in answer.get("Cache-Control", "")

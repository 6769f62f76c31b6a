"""Kept API answers (`tournament.web.pagecache` through `api_page`): an anonymous client's answer is
rendered once per version of its tournament and served again without running the view, never
after a write, never to or from a logged-in visitor; the throttle and the 304 still come first;
only the endpoint's known query parameters make a key of their own.

Vocabulary: a *hit* is an answer whose request sent one SQL query, the tournament's (the
version every key carries is read from it); a *kept key* is an entry of the local-memory cache
that holds an answer (`_kept_keys`).
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import entry, make_user
from tournament.models import Session
from tournament.play.services.hands import hand_save
from tournament.standings.selectors.board import boards_forget
from tournament.web import pagecache

pytestmark = pytest.mark.django_db

ENDPOINTS = [  # (API endpoint, arguments after the slug)
    ("api:tournament_detail", ()),
    ("api:player_list", ()),
    ("api:round_list", ()),
    ("api:round_detail", (1,)),
    ("api:round_results", (1,)),
    ("api:standings", ()),
    ("api:player_detail", ("winner",)),
]


def _url(event, name, args=()) -> str:
    args = [event.winner.pk if a == "winner" else a for a in args]
    return reverse(name, args=[event.slug, *args])


def _asked(client, url, **headers):
    """The answer and the SQL the request sent."""
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(url, **headers)
    return answer, [q["sql"] for q in queries]


def _kept_keys() -> list[str]:
    return [
        key for key in caches["default"]._cache if ":page:" in key and not key.endswith(":building")
    ]


@pytest.mark.parametrize("name, args", ENDPOINTS, ids=[e[0] for e in ENDPOINTS])
def test_a_kept_answer_is_served_without_the_views_queries(event, name, args):
    url = _url(event, name, args)
    cold, built = _asked(Client(), url)
    boards_forget()  # the standings' own in-process memory must not be what answers
    hit, sent = _asked(Client(), url)
    assert cold.status_code == hit.status_code == 200
    assert len(built) > 1
    assert len(sent) == 1 and "tournament_tournament" in sent[0]  # the version, nothing else
    assert hit.content == cold.content
    assert hit["Content-Type"] == cold["Content-Type"] == "application/json"
    assert hit["ETag"] == cold["ETag"] and hit["Cache-Control"] == cold["Cache-Control"]


def test_a_saved_hand_gives_the_next_client_the_new_answer(event):
    url = _url(event, "api:standings")
    before = Client().get(url).json()
    assert _asked(Client(), url)[0].json() == before  # kept
    table_two = Session.objects.get(round=event.first, table__number=2)
    hand_save(session=table_two, entry=entry(table_two, number=2), user=make_user("judge"))
    after, sent = _asked(Client(), url)
    assert len(sent) > 1  # built again for the new version
    totals = {row["player_id"]: row["total"] for row in after.json()["results"]}
    assert totals != {row["player_id"]: row["total"] for row in before["results"]}
    assert after.json() != before


def test_a_kept_answer_is_counted_by_the_throttle_and_still_answers_304(event):
    url = _url(event, "api:standings")
    rates = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": "3/minute"}}
    with override_settings(REST_FRAMEWORK=rates):
        client = Client()
        etag = client.get(url)["ETag"]
        hit, sent = _asked(client, url)
        assert hit.status_code == 200 and len(sent) == 1
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        over = client.get(url)
        assert over.status_code == 429 and int(over["Retry-After"]) >= 1


def test_logged_in_visitors_neither_fill_nor_get_kept_answers(event):
    url = _url(event, "api:standings")
    judge = Client()
    judge.force_login(make_user("judge"))
    assert judge.get(url).status_code == 200
    assert _kept_keys() == []
    Client().get(url)
    assert len(_kept_keys()) == 1
    answer, sent = _asked(judge, url)
    assert answer.status_code == 200 and len(sent) > 1


def test_another_media_type_is_another_answer(event):
    url = _url(event, "api:tournament_detail")
    compact = Client().get(url)
    indented = Client().get(url, HTTP_ACCEPT="application/json; indent=2")
    assert b"\n  " in indented.content and b"\n  " not in compact.content
    assert indented.json() == compact.json()


def test_unknown_query_parameters_make_no_key_and_reach_no_answer(event):
    url = _url(event, "api:player_list")
    plain = Client().get(url)
    assert len(_kept_keys()) == 1
    for query in ("?x=1", "?x=2&y=poison-link", "?utm_source=poison-link&page_size="):
        answer, sent = _asked(Client(), url + query)
        assert answer.status_code == 200 and len(sent) == 1, query
        assert answer.content == plain.content
    assert len(_kept_keys()) == 1
    # a known parameter written another way, or twice, is one more key, not one each
    first = Client().get(url + "?page=1")
    for query in ("?page=01", "?page=7&page=1", "?page=1&x=poison-link"):
        answer, sent = _asked(Client(), url + query)
        assert len(sent) == 1 and answer.content == first.content, query
    assert len(_kept_keys()) == 2
    # an unknown parameter asked first is not in the answer kept for everyone
    caches["default"].clear()
    first = Client().get(url + "?page_size=3&poison-link=1")
    assert b"poison-link" not in first.content
    assert Client().get(url + "?page_size=3").content == first.content


def test_known_parameters_make_keys_and_searches_are_not_kept(event):
    url = _url(event, "api:player_list")
    sized = Client().get(url + "?page_size=3")
    assert len(sized.json()["results"]) == 3 and "page_size=3" in sized.json()["next"]
    assert len(_kept_keys()) == 1
    assert len(Client().get(url + "?page_size=3&page=2").json()["results"]) == 3
    assert len(_kept_keys()) == 2
    found = Client().get(url + "?q=" + event.winner.family_name)
    assert found.json()["count"] == 1
    assert len(_kept_keys()) == 2  # a search is one visitor's question
    # page sizes above the most are the most, as the framework reads them: one key
    Client().get(url + "?page_size=500")
    Client().get(url + "?page_size=9999")
    assert len(_kept_keys()) == 3


def test_a_version_keeps_no_more_answers_than_its_budget(event, monkeypatch):
    monkeypatch.setattr(pagecache, "MOST_KEPT", 3)
    url = _url(event, "api:player_list")
    for size in range(1, 7):
        assert Client().get(f"{url}?page_size={size}").status_code == 200
    assert len(_kept_keys()) == 3
    answer, sent = _asked(Client(), f"{url}?page_size=6")
    assert answer.status_code == 200 and len(sent) > 1  # built, not kept


REDIS_7 = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/7",
        "KEY_PREFIX": "zj-test-apicache",
        "OPTIONS": {"SOCKET_CONNECT_TIMEOUT": 1, "SOCKET_TIMEOUT": 1},
    }
}


def test_through_redis_an_answer_is_kept_for_every_process(event):
    url = _url(event, "api:standings")
    with override_settings(CACHES=REDIS_7):
        redis = caches["default"]
        redis.delete_pattern("*")
        try:
            cold, built = _asked(Client(), url)
            boards_forget()
            hit, sent = _asked(Client(), url)
            assert len(built) > 1 and len(sent) == 1
            assert hit.content == cold.content and hit["ETag"] == cold["ETag"]
            assert len(redis.keys("page:*")) == 1
            assert redis.get("pagecache:origins") == ["http://testserver"]
        finally:
            redis.delete_pattern("*")


def test_an_open_appeal_window_costs_a_hit_nothing(db):
    from tests.tournament.builders import make_played_event

    event = make_played_event(appeal_window_minutes=30)  # table 1's window is open
    url = _url(event, "api:standings")
    first = Client().get(url)
    assert "provisional" in first.json() and first.json()["provisional"]["active"]
    hit, sent = _asked(Client(), url)
    assert len(sent) == 1 and hit.content == first.content

"""Kept pages (`tournament.web.pagecache`, through `tournament.release.public_page`): a spectator's
page is built once per version of its tournament, never served after a write, never shared
with an official or a logged-in viewer, kept no longer than the first open appeal window, built
by one request at a time, and a cache that fails is only a miss.

Vocabulary: a *spectator* is Django's test client with no log-in and no cookie; *built* means
the view ran (counted by the SQL queries the request sent: a kept page sends none beyond
loading the tournament).
"""

from __future__ import annotations

import datetime as dt
import threading
import time

import pytest
from django.db import connection
from django.http import HttpResponse
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tournament.builders import make_reconciled_session, make_user
from tournament.event.services.tournaments import tournament_update
from tournament.models import Session
from tournament.web.pagecache import page_cached

pytestmark = pytest.mark.django_db


def _standings(session) -> str:
    return reverse("public:standings", args=[session.round.tournament.slug])


def _queries(client, url) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), response.content.decode()


def test_a_spectators_page_is_built_once_per_version_and_never_served_after_a_write():
    session = make_reconciled_session()
    url = _standings(session)
    first, page = _queries(Client(), url)
    again, kept = _queries(Client(), url)
    assert kept == page
    assert again == 1 < first  # only the tournament was read: the view did not run
    tournament_update(
        tournament=session.round.tournament,
        changes={"name": "Renamed Open"},
        user=make_user("superuser"),
    )
    after, page = _queries(Client(), url)
    assert "Renamed Open" in page and after == first


def test_officials_and_logged_in_viewers_never_get_or_fill_the_kept_page():
    session = make_reconciled_session()
    url = _standings(session)
    head = Client()
    head.force_login(make_user("head", name="head-judge-kept"))
    assert "head-judge-kept" in head.get(url).content.decode()
    spectator = Client().get(url).content.decode()
    assert "head-judge-kept" not in spectator and "Log out" not in spectator
    plain = Client()
    plain.force_login(make_user("plain", name="plain-viewer-kept"))
    assert "plain-viewer-kept" in plain.get(url).content.decode()


def test_a_kept_page_ends_when_the_first_appeal_window_closes_by_the_clock():
    session = make_reconciled_session(appeal_window_minutes=30)
    # The window closes two seconds from now, with no write in between.
    Session.objects.filter(pk=session.pk).update(
        reconciled_at=timezone.now() - dt.timedelta(minutes=30) + dt.timedelta(seconds=2)
    )
    url = _standings(session)
    assert "provisional until" in Client().get(url).content.decode()
    assert "provisional until" in Client().get(url).content.decode()  # kept
    time.sleep(2.5)
    assert "provisional until" not in Client().get(url).content.decode()


def test_many_spectators_missing_at_once_wait_for_one_build():
    builds = []

    def build():
        builds.append(1)
        time.sleep(0.3)
        return HttpResponse("the page")

    answers = []
    threads = [
        threading.Thread(target=lambda: answers.append(page_cached("k", build, seconds=60)))
        for _ in range(6)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(builds) == 1
    assert [answer.content for answer in answers] == [b"the page"] * 6


def test_a_page_that_must_not_be_kept_is_built_again_by_whoever_waited():
    def build():
        return HttpResponse("not found", status=404)

    assert page_cached("gone", build, seconds=60).status_code == 404
    assert page_cached("gone", build, seconds=60).status_code == 404


REDIS_DOWN = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.2},
    }
}


def test_with_the_cache_down_every_page_is_still_served_from_the_database():
    session = make_reconciled_session()
    url = _standings(session)
    expected = Client().get(url).content
    with override_settings(CACHES=REDIS_DOWN):
        for _ in range(2):
            response = Client().get(url)
            assert response.status_code == 200
            assert response.content == expected


def _kept_pages() -> list[str]:
    from django.core.cache import caches

    return [k for k in caches["default"]._cache if ":page:" in k and not k.endswith(":building")]


def test_a_crawlers_unknown_query_parameters_make_no_key_and_reach_no_page():
    session = make_reconciled_session()
    url = _standings(session)
    plain = Client().get(url).content
    for query in ("?x=1", "?x=2", "?utm_source=poison-link&fbclid=abc", "?per_page=0&page=-1"):
        count, page = _queries(Client(), url + query)
        assert count == 1 and page.encode() == plain, query
    assert len(_kept_pages()) == 1
    from django.core.cache import caches

    caches["default"].clear()
    first = Client().get(url + "?sort=-total&poison-link=1").content.decode()
    assert "poison-link" not in first
    assert Client().get(url + "?sort=-total").content.decode() == first


def test_known_query_parameters_are_kept_once_each_and_searches_not_at_all():
    session = make_reconciled_session()
    url = _standings(session)
    Client().get(url + "?sort=-total")
    for query in ("?sort=-total&sort=-total", "?sort=name&sort=-total", "?sort=-total&x=1"):
        assert _queries(Client(), url + query)[0] == 1, query
    assert len(_kept_pages()) == 1
    Client().get(url + "?q=Player")
    assert len(_kept_pages()) == 1
    overlay = reverse("public:overlay_standings", args=[session.round.tournament.slug])
    Client().get(overlay + "?top=32")
    assert _queries(Client(), overlay + "?top=500")[0] == 1  # more than the most is the most
    assert len(_kept_pages()) == 2

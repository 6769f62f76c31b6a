"""The private links' guessing count under parallel clients (issue 36, point 5): 20 clients
guessing at once from one address get no more than `GUESSES_ALLOWED` misses between them, on
the cache the tests use (Django's local memory, with a shared cache's round trip added) and on
the real Redis of this machine (database 7); a valid link opens all the while.

Vocabulary: see `tournament.public.views.links` (guessing). A *miss* is a 404 for an unknown
token; a *refusal* is the 429 after the allowed misses.
"""

from __future__ import annotations

import threading
import time
from collections import Counter

import pytest
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import connections
from django.test import Client, override_settings
from django.urls import reverse

from tests.tournament.builders import make_players, make_tournament
from tournament.event.links import player_links_issue_all
from tournament.event.selectors.links import link_tokens
from tournament.public.views import links as link_views

CLIENTS = 20
GUESSES_EACH = 3
ROUND_TRIP = 0.002  # seconds: a shared cache's answer comes over the network


class RoundTripCache(LocMemCache):
    """Django's local-memory cache, each call answered after a network round trip, as a shared
    cache answers: what a client reads may be stale by the time it writes."""

    def get(self, *args, **kwargs):
        time.sleep(ROUND_TRIP)
        return super().get(*args, **kwargs)

    def set(self, *args, **kwargs):
        time.sleep(ROUND_TRIP)
        return super().set(*args, **kwargs)

    def add(self, *args, **kwargs):
        time.sleep(ROUND_TRIP)
        return super().add(*args, **kwargs)

    def incr(self, *args, **kwargs):
        time.sleep(ROUND_TRIP)
        return super().incr(*args, **kwargs)


LOCAL = {
    "default": {
        "BACKEND": f"{__name__}.RoundTripCache",
        "LOCATION": "link-guessing",
    }
}
REDIS_7 = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/7",
        "KEY_PREFIX": "zj-test-linkguess",
        "OPTIONS": {"SOCKET_CONNECT_TIMEOUT": 1, "SOCKET_TIMEOUT": 1},
    }
}


def _url(token: str) -> str:
    return reverse("public:player_link", kwargs={"token": token})


def _in_parallel(work, count: int) -> list:
    """Run ``work(i)`` on ``count`` threads released together; each answer, in no order."""
    start = threading.Barrier(count)
    answers, lock = [], threading.Lock()

    def run(index):
        try:
            start.wait(timeout=30)
            found = work(index)
            with lock:
                answers.extend(found)
        finally:
            connections.close_all()  # this thread's database connection

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    return answers


def _guesses(index: int) -> list[int]:
    client = Client()
    return [
        client.get(_url(f"{index:016d}{guess:016d}")).status_code for guess in range(GUESSES_EACH)
    ]


def _flood(caches_setting) -> Counter:
    with override_settings(CACHES=caches_setting):
        cache = caches["default"]
        cache.clear()
        try:
            return Counter(_in_parallel(_guesses, CLIENTS))
        finally:
            cache.clear()


@pytest.mark.django_db
def test_parallel_guesses_get_no_more_misses_than_allowed_in_local_memory():
    seen = _flood(LOCAL)
    allowed = link_views.GUESSES_ALLOWED
    assert seen == {404: allowed, 429: CLIENTS * GUESSES_EACH - allowed}


@pytest.mark.django_db
def test_parallel_guesses_get_no_more_misses_than_allowed_through_redis():
    seen = _flood(REDIS_7)
    allowed = link_views.GUESSES_ALLOWED
    assert seen == {404: allowed, 429: CLIENTS * GUESSES_EACH - allowed}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("caches_setting", [LOCAL, REDIS_7], ids=["local-memory", "redis"])
def test_a_valid_link_opens_while_its_address_floods_guesses(caches_setting):
    tournament = make_tournament()
    make_players(tournament, 4)
    player_links_issue_all(tournament=tournament, user=None)
    tokens = list(link_tokens(tournament).values())

    def work(index):
        if index % 2:  # half the clients guess, the others open their own link, twice
            return [("guess", status) for status in _guesses(index)]
        client, token = Client(), tokens[index // 2 % len(tokens)]
        return [("valid", client.get(_url(token)).status_code) for _ in range(2)]

    with override_settings(CACHES=caches_setting):
        cache = caches["default"]
        cache.clear()
        try:
            answers = _in_parallel(work, CLIENTS)
            after = Client().get(_url(tokens[0])).status_code
        finally:
            cache.clear()
    valid = [status for kind, status in answers if kind == "valid"]
    guessed = Counter(status for kind, status in answers if kind == "guess")
    assert valid == [200] * CLIENTS and after == 200
    assert guessed[404] <= link_views.GUESSES_ALLOWED

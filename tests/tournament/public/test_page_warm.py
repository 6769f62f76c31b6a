"""A release warms the standings (`tournament.web.pagewarm`): once the organiser's change commits,
the standings page, the projector's standings (each also as the live fragment) and the API's
standings for the origins it was asked on are built and kept, so the first spectators after it
send only the tournament's query. A warm never fails the release, and is skipped with the
dummy cache.

Vocabulary: a *release* is `tournament_settings_update` making the standings public; a *warm
hit* is an anonymous request that sent one SQL query (the tournament's).
"""

from __future__ import annotations

import logging

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import make_played_event, make_user
from tournament.event.services.settings import tournament_settings_update
from tournament.models import Tournament
from tournament.standings.selectors.board import boards_forget
from tournament.web import pagewarm

pytestmark = pytest.mark.django_db


@pytest.fixture
def held():
    """A played event whose standings are not public yet."""
    return make_played_event(standings_public=False)


def _release(event, django_capture_on_commit_callbacks, **changes):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        tournament_settings_update(
            tournament=event.tournament,
            changes=changes or {"standings_public": True},
            user=make_user("head"),
        )
    return callbacks


def _sent(url, **headers) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        answer = Client().get(url, **headers)
    assert answer.status_code == 200, url
    return [q["sql"] for q in queries]


def test_a_release_leaves_the_standings_kept_for_the_first_spectator(
    held, django_capture_on_commit_callbacks
):
    api_detail = reverse("api:tournament_detail", args=[held.slug])
    assert Client().get(api_detail).status_code == 200  # the phones' API origin is known
    _release(held, django_capture_on_commit_callbacks)
    boards_forget()  # nothing of the standings left in this process but the kept answers
    for name in ("public:standings", "public:projector_standings", "api:standings"):
        url = reverse(name, args=[held.slug])
        sent = _sent(url)
        assert len(sent) == 1 and "tournament_tournament" in sent[0], name
        assert not [sql for sql in sent if "sessionscore" in sql]
    fragment = _sent(reverse("public:standings", args=[held.slug]), HTTP_HX_REQUEST="true")
    assert len(fragment) == 1


def test_without_a_release_nothing_is_warmed(held, django_capture_on_commit_callbacks):
    callbacks = _release(held, django_capture_on_commit_callbacks, double_entry=True)
    assert not [c for c in callbacks if getattr(c, "func", None) is pagewarm.standings_warm]
    held.tournament.refresh_from_db()
    Tournament.objects.filter(pk=held.tournament.pk).update(standings_public=True)
    assert len(_sent(reverse("public:standings", args=[held.slug]))) > 1  # built on demand


def test_a_failing_warm_never_fails_the_release(
    held, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    def broken(*args, **kwargs):
        raise RuntimeError("the cache caught fire")

    monkeypatch.setattr(pagewarm, "_ask", broken)
    with caplog.at_level(logging.ERROR, logger="tournament.web.pagewarm"):
        _release(held, django_capture_on_commit_callbacks)
    assert Tournament.objects.get(pk=held.tournament.pk).standings_public
    assert "the cache caught fire" in caplog.text


REDIS_DOWN = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.2},
    }
}


def test_with_the_cache_down_the_release_succeeds_and_pages_are_served(
    held, django_capture_on_commit_callbacks
):
    with override_settings(CACHES=REDIS_DOWN):
        callbacks = _release(held, django_capture_on_commit_callbacks)
        assert [c for c in callbacks if getattr(c, "func", None) is pagewarm.standings_warm]
        assert Client().get(reverse("public:standings", args=[held.slug])).status_code == 200
    assert Tournament.objects.get(pk=held.tournament.pk).standings_public


def test_with_the_dummy_cache_there_is_no_warm(held, django_capture_on_commit_callbacks):
    dummy = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    with override_settings(CACHES=dummy):
        callbacks = _release(held, django_capture_on_commit_callbacks)
    assert not [c for c in callbacks if getattr(c, "func", None) is pagewarm.standings_warm]
    assert Tournament.objects.get(pk=held.tournament.pk).standings_public


def test_the_warmed_languages_are_the_sites_unless_fewer_are_asked():
    assert pagewarm.warm_languages() == ["en", "zh-hant", "zh-hans"]
    with override_settings(PAGE_CACHE_WARM_LANGUAGES=["zh-hant", "fr", "xx-nowhere"]):
        assert pagewarm.warm_languages() == ["zh-hant"]
    with override_settings(PAGE_CACHE_WARM_LANGUAGES=[]):
        assert pagewarm.warm_languages() == [settings.LANGUAGE_CODE]


def test_each_warmed_language_is_kept_under_its_own_key(held, django_capture_on_commit_callbacks):
    from django.core.cache import caches

    with override_settings(PAGE_CACHE_WARM_LANGUAGES=["en", "zh-hans"]):
        _release(held, django_capture_on_commit_callbacks)
    kept = [key for key in caches["default"]._cache if ":page:" in key]
    assert {key.split(":")[5] for key in kept} == {"en", "zh-hans"}
    assert len(kept) == 2 * 4  # standings and projector, each whole and as its fragment


def test_a_release_through_the_desks_settings_form_warms_inside_that_request(
    held, client, django_capture_on_commit_callbacks
):
    address = reverse("desk:tournament_settings_update", args=[held.slug])
    client.force_login(make_user("head"))
    form = client.get(address).context["form"]
    data = {
        k: v
        for k, v in form.initial.items()
        if k in form.fields and v is not None and v is not False  # unchecked boxes send nothing
    }
    data["standings_public"] = "on"
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(address, data)
        assert answer.status_code == 302, answer.context["form"].errors
    assert Tournament.objects.get(pk=held.tournament.pk).standings_public
    boards_forget()
    sent = _sent(reverse("public:standings", args=[held.slug]))
    assert len(sent) == 1

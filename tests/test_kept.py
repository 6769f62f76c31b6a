"""The kept builds of ``tests/kept.py``: what a test writes over a kept build is rolled back with
the test, the build itself stays for the next test, and dropping it (at the module's end, or
before a transactional test) rolls it back, once, newest first."""

import pytest
from django.db import transaction

from tests import kept
from tests.tournament.builders import make_tournament
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def _build(name: str):
    return lambda: make_tournament(name=name, slug=name.lower()).pk


def _as_a_test(write) -> None:
    """What pytest-django does around a test: a savepoint, rolled back after it."""
    with transaction.atomic():
        write()
        transaction.set_rollback(True)


def test_a_kept_build_outlives_each_tests_writes_and_goes_when_dropped(django_db_blocker):
    held = kept.KeptBuild(_build("Kept"), django_db_blocker)
    assert held.alive and Tournament.objects.get(pk=held.value).name == "Kept"

    _as_a_test(lambda: Tournament.objects.filter(pk=held.value).update(name="Changed"))
    _as_a_test(lambda: make_tournament(slug="written-by-a-test"))
    assert Tournament.objects.get(pk=held.value).name == "Kept"
    assert not Tournament.objects.filter(slug="written-by-a-test").exists()

    held.drop()
    held.drop()  # a second drop does nothing
    assert not held.alive and not Tournament.objects.filter(pk=held.value).exists()
    with pytest.raises(pytest.fail.Exception, match="rolled back by a transactional test"):
        kept.kept_value(held, "event")


def test_drop_all_rolls_back_every_open_build_newest_first(django_db_blocker):
    outer = kept.KeptBuild(_build("Outer"), django_db_blocker)
    inner = kept.KeptBuild(_build("Inner"), django_db_blocker)
    assert kept.kept_value(inner, "event") == inner.value
    kept.drop_all()
    assert not outer.alive and not inner.alive
    assert not Tournament.objects.filter(pk__in=[outer.value, inner.value]).exists()


def test_a_build_that_fails_keeps_nothing(django_db_blocker):
    def broken():
        make_tournament(slug="half-built")
        raise ValueError("the build failed")

    with pytest.raises(ValueError, match="the build failed"):
        kept.KeptBuild(broken, django_db_blocker)
    assert not Tournament.objects.filter(slug="half-built").exists()
    assert kept._open == []

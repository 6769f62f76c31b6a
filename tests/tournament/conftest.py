"""Fixtures shared by the app tests: the demo event (kept for each module), a one-table session
with a saved hand."""

import pytest

from tests.kept import kept, kept_value
from tests.tournament.builders import entry, make_session, make_user
from tournament.demo.event import demo_load
from tournament.play.services.hands import hand_save


@pytest.fixture(autouse=True)
def forget_boards():
    """Standings boards and statistics are kept under the tournament's last write: start each
    test clean."""
    from tournament.standings.selectors.board import boards_forget
    from tournament.statistics.selectors.event import statistics_forget

    boards_forget()
    statistics_forget()
    yield
    boards_forget()
    statistics_forget()


@pytest.fixture(autouse=True)
def forget_link_guesses():
    """Unknown private links count against the client's address in the cache (the guessing
    throttle): every test starts with no guesses counted."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def _demo_build() -> int:
    tournament, created = demo_load()
    assert created
    return tournament.pk


demo_kept = kept("demo_kept", _demo_build)


@pytest.fixture
def demo(demo_kept, db):
    """The demo event, built once per module (``tests/kept.py``); what a test writes to it is
    rolled back after the test."""
    from tournament.models import Tournament

    return Tournament.objects.get(pk=kept_value(demo_kept, "demo"))


@pytest.fixture
def demo_committed(transactional_db):
    """The demo event built for this test alone and committed, for a test whose other
    processes (a server, ``manage.py``) must read it."""
    from tournament.models import Tournament

    return Tournament.objects.get(pk=_demo_build())


@pytest.fixture
def session(db):
    """A seated one-table session whose hand 1 a judge has saved."""
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())
    return session


@pytest.fixture
def organiser_of(client):
    """Log the test client in as a new organiser of the tournament given; returns the user."""
    from tournament.models import TournamentOfficial

    def log_in(tournament):
        user = make_user("plain")
        TournamentOfficial.objects.create(tournament=tournament, user=user, role="organiser")
        client.force_login(user)
        return user

    return log_in


@pytest.fixture
def queue(settings, tmp_path):
    """The background jobs on the database queue, as the site runs them (nothing runs until a
    worker pass: `tests.tournament.jobs.queue.worker_pass`), and their files in a folder of the
    test. Other tests run a job inside the request that asks for it (tests/settings.py)."""
    from tests.tournament.jobs.queue import DATABASE_QUEUE

    settings.TASKS = DATABASE_QUEUE
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


@pytest.fixture
def fast_pdf(monkeypatch):
    """Skip WeasyPrint where only the permission is under test; the PDFs are read back in
    tests/tournament/printing/ (the aid card's tiles alone cost seconds a print)."""
    from tournament.printing.documents import base

    monkeypatch.setattr(base, "html_to_pdf", lambda parts, **kwargs: b"%PDF-1.7 test")

"""SQLite's one write lock: a desk save that cannot get it within the timeout gets a clear
"busy, try again" page (503) with the typed hand still in the form, never a 500; and long jobs
(seating) compute outside any transaction."""

import sqlite3
from unittest import mock

import pytest
from django.db import connection, transaction
from django.urls import reverse

from tests.tournament.builders import (
    entry,
    form_data,
    make_players,
    make_session,
    make_tournament,
    make_user,
)
from tournament.models import Hand
from tournament.play.services.hands import hand_save
from tournament.seating.services import bridge as seating_bridge
from tournament.seating.services.generation import seating_generate

sqlite_only = pytest.mark.only_on("sqlite", "the single write lock is SQLite's")


@pytest.fixture
def write_lock():
    """Another connection holding SQLite's write lock until released."""
    other = sqlite3.connect(connection.settings_dict["NAME"], timeout=1, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    held = {"other": other}
    yield held
    if held["other"] is not None:
        other.execute("ROLLBACK")
        other.close()


def _release(held):
    held["other"].execute("ROLLBACK")
    held["other"].close()
    held["other"] = None


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_a_save_that_cannot_get_the_lock_is_busy_and_keeps_the_hand(client, request):
    session = make_session()
    client.force_login(make_user("judge"))
    url = reverse(
        "desk:session_sheet",
        args=[session.round.tournament.slug, session.round.number, session.table.number],
    )
    assert client.get(url).status_code == 200
    data = form_data(session, tiles="123m 123m 456m 789m 5m")
    held = request.getfixturevalue("write_lock")
    connection.ensure_connection()
    connection.connection.execute("PRAGMA busy_timeout = 300")
    response = client.post(url, data)
    assert response.status_code == 503
    page = response.content.decode()
    assert "busy" in page.lower() and "Nothing was saved" in page
    assert 'value="123m 123m 456m 789m 5m"' in page
    _release(held)
    assert not Hand.objects.exists()
    assert client.post(url, data).status_code == 302
    assert Hand.objects.count() == 1


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_a_busy_correction_keeps_the_correction(client, request):
    session = make_session()
    judge = make_user("judge")
    hand_save(session=session, entry=entry(session), user=judge)
    client.force_login(judge)
    url = reverse(
        "desk:hand_edit",
        args=[session.round.tournament.slug, session.round.number, session.table.number, 1],
    )
    data = form_data(session, tiles="123m 123m 456m 789m 5m")
    data.update(reason="wrong tiles", version=1)
    request.getfixturevalue("write_lock")
    connection.ensure_connection()
    connection.connection.execute("PRAGMA busy_timeout = 300")
    response = client.post(url, data)
    assert response.status_code == 503
    page = response.content.decode()
    assert "Nothing was saved" in page and 'value="wrong tiles"' in page


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_any_other_busy_write_is_a_503_page_not_a_500(client, request):
    session = make_session()
    client.force_login(make_user("judge"))
    url = reverse(
        "desk:penalty_record",
        args=[session.round.tournament.slug, session.round.number, session.table.number],
    )
    request.getfixturevalue("write_lock")
    connection.ensure_connection()
    connection.connection.execute("PRAGMA busy_timeout = 300")
    player = session.round.seats.first().player_id
    response = client.post(
        url, {"player": player, "amount": 5, "mode": "deduction", "reason": "late"}
    )
    assert response.status_code == 503
    assert "try again" in response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_seating_is_computed_outside_any_transaction():
    tournament = make_tournament()
    make_players(tournament, 16)
    seen = []
    real = seating_bridge.generate_schedule

    def spy(*args, **kwargs):
        seen.append(transaction.get_connection().in_atomic_block)
        return real(*args, **kwargs)

    with mock.patch.object(seating_bridge, "generate_schedule", spy):
        plan = seating_generate(tournament=tournament, total_rounds=3, seed=1)
    assert seen == [False]
    assert plan.seated_rounds == (1, 2, 3)

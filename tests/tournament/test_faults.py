"""Faults: a database error injected in the middle of a write leaves nothing partial - no hand
without its payments or audit line, no half-corrected hand, no half-imported tournament, no
half-reseated event. (The killed server is in desk/test_http_desk.py, the backup taken during
writes in backups/test_backups.py.)"""

from unittest import mock

import pytest
from django.db import DatabaseError

from tests.tournament.builders import (
    BIG,
    entry,
    make_players,
    make_session,
    make_tournament,
    make_user,
)
from tournament import audit
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services import importing as export_services
from tournament.exports.services import play as export_play
from tournament.models import AuditEntry, Hand, Payment, Round, Seat, Tournament
from tournament.play.services import hands as hand_services
from tournament.seating.services import generation as seating_generation

pytestmark = pytest.mark.django_db


def _boom(*args, **kwargs):
    raise DatabaseError("injected fault")


def _state(session):
    return (
        list(Hand.objects.filter(session=session).values_list("number", "value", "version")),
        list(Payment.objects.filter(hand__session=session).values_list("player_id", "amount")),
        AuditEntry.objects.filter(session=session).count(),
    )


@pytest.mark.parametrize(
    "where",
    [
        (Payment.objects, "bulk_create"),  # after the hand row, before its payments
        (hand_services, "_audit_hand"),  # after hand and payments, at the audit line
    ],
    ids=["payments", "audit"],
)
def test_a_fault_mid_save_leaves_no_hand(where):
    session = make_session()
    before = _state(session)
    with mock.patch.object(*where, _boom), pytest.raises(DatabaseError):
        hand_services.hand_save(session=session, entry=entry(session), user=make_user())
    assert _state(session) == before


def test_a_fault_mid_save_over_http_is_a_500_with_nothing_saved(client):
    from tests.tournament.builders import form_data

    session = make_session()
    client.force_login(make_user())
    client.raise_request_exception = False
    before = _state(session)
    url = f"/t/{session.round.tournament.slug}/desk/round/1/table/1/"
    with mock.patch.object(audit.AuditEntry.objects, "create", _boom):
        response = client.post(url, form_data(session))
    assert response.status_code == 500
    assert "Nothing you entered before this page was lost" in response.content.decode()
    assert _state(session) == before


def test_a_fault_mid_correction_keeps_the_hand_as_it_was():
    session = make_session()
    judge = make_user()
    hand = hand_services.hand_save(session=session, entry=entry(session), user=judge)
    before = _state(session)
    with mock.patch.object(Payment.objects, "bulk_create", _boom), pytest.raises(DatabaseError):
        hand_services.hand_correct(
            hand=hand, entry=entry(session, tiles=BIG), user=judge, reason="typo", version=1
        )
    assert _state(session) == before


def test_a_fault_at_the_end_of_an_import_leaves_no_tournament():
    session = make_session()
    hand_services.hand_save(session=session, entry=entry(session), user=make_user())
    archive = tournament_archive(session.round.tournament)
    counts = (Tournament.objects.count(), Hand.objects.count(), AuditEntry.objects.count())
    write = export_play.rows_insert  # every kind of row goes through it, on every database

    def audit_fails(model, rows):
        return _boom() if model is AuditEntry else write(model, rows)

    with mock.patch.object(export_play, "rows_insert", audit_fails):
        with pytest.raises(export_services.ArchiveError, match="injected fault"):
            export_services.tournament_import(archive=archive, slug="copy")
    assert (Tournament.objects.count(), Hand.objects.count(), AuditEntry.objects.count()) == counts


def test_a_fault_while_writing_a_seating_leaves_every_round_as_it_was():
    tournament = make_tournament()
    make_players(tournament, 16)
    seating_generation.seating_generate(tournament=tournament, total_rounds=3, seed=1)
    before = sorted(Seat.objects.filter(round__tournament=tournament).values_list(
        "round__number", "player_id", "table__number", "wind"))  # fmt: skip
    real = seating_generation.round_seat
    calls = []

    def fail_on_the_third_round(**kwargs):
        calls.append(kwargs["round_"].number)
        if len(calls) == 3:
            raise DatabaseError("injected fault")
        return real(**kwargs)

    with mock.patch.object(seating_generation, "round_seat", fail_on_the_third_round):
        with pytest.raises(DatabaseError):
            seating_generation.seating_generate(tournament=tournament, total_rounds=3, seed=9)
    after = sorted(Seat.objects.filter(round__tournament=tournament).values_list(
        "round__number", "player_id", "table__number", "wind"))  # fmt: skip
    assert after == before and calls == [1, 2, 3]
    assert Round.objects.filter(tournament=tournament).count() == 3

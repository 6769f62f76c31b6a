"""A hand keeps its number through double entry and resolution; a closed session refuses
changes, checked in the database.
"""

import pytest
from django.core.exceptions import ValidationError

from tests.tournament.builders import (
    BIG,
    entry,
    make_session,
    make_user,
)
from tournament.models import Hand, HandEntry, Payment, Session
from tournament.play.services.double_entry import hand_confirm, hand_resolve
from tournament.play.services.hands import hand_correct, hand_delete, hand_save

pytestmark = pytest.mark.django_db


def test_second_entry_with_another_hand_number_is_refused():
    # A blind second entry is for the hand in the address: an entry that names another
    # number must not be stored as this hand's mismatch (keeping it would renumber the hand).
    session = make_session(double_entry=True)
    hand_save(session=session, entry=entry(session, 1), user=make_user())
    hand_save(session=session, entry=entry(session, 2), user=make_user())
    first = Hand.objects.get(session=session, number=1)
    with pytest.raises(ValidationError, match="hand number"):
        hand_confirm(hand=first, entry=entry(session, 2, tiles=BIG), user=make_user())
    assert not HandEntry.objects.exists()
    first.refresh_from_db()
    assert not first.confirmed


def test_resolve_refuses_a_stored_entry_for_another_hand_number():
    # Entries stored before the confirm check existed must not renumber a hand either.
    session = make_session(double_entry=True)
    hand_save(session=session, entry=entry(session, 1), user=make_user())
    first = Hand.objects.get(session=session, number=1)
    stray = HandEntry.objects.create(
        hand=first,
        data=entry(session, 2, tiles=BIG).as_data(),
        entered_by=make_user(),
        hand_version=1,
    )
    with pytest.raises(ValidationError, match="for hand 2, not hand 1"):
        hand_resolve(hand=first, second=stray, keep="second", user=make_user("head"), version=1)
    first.refresh_from_db()
    assert (first.number, first.confirmed) == (1, False)


def _closed_behind_the_callers_back(session):
    """The caller still holds the session as open; another official has just reconciled it."""
    Session.objects.filter(pk=session.pk).update(status=Session.Status.RECONCILED)
    assert session.status == Session.Status.OPEN


def test_hand_save_checks_the_session_status_in_the_database():
    session = make_session()
    _closed_behind_the_callers_back(session)
    with pytest.raises(ValidationError, match="reopen"):
        hand_save(session=session, entry=entry(session), user=make_user())
    assert not Hand.objects.exists() and not Payment.objects.exists()


def test_hand_correct_and_delete_check_the_session_status_in_the_database():
    session = make_session()
    hand = hand_save(session=session, entry=entry(session), user=make_user())
    _closed_behind_the_callers_back(hand.session)
    with pytest.raises(ValidationError, match="reopen"):
        hand_correct(
            hand=hand, entry=entry(session, tiles=BIG), user=make_user(), reason="x", version=1
        )
    with pytest.raises(ValidationError, match="reopen"):
        hand_delete(hand=hand, user=make_user(), reason="x", version=1)
    hand.refresh_from_db()
    assert hand.value == 10 and hand.version == 1 and hand.payments.count() == 4

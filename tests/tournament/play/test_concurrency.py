"""Two judges saving the same hand number at the same moment: one wins, one gets the message.

Real threads need a database both can see, so this runs on PostgreSQL (``DATABASE_URL``); the
in-memory SQLite test database is private to one connection. Writes lock the session row
(``session_check_open``), so the two saves take turns; the constraint-to-message path for
two officials who both pass the friendly check is tested on every database in
``test_desk_hands.py``.
"""

import threading

import pytest
from django.db import connection

from tests.tournament.builders import entry, make_session, make_user
from tournament.models import Hand, Payment, Session
from tournament.play.services import hands as hand_services
from tournament.play.services.hands import HandNumberTaken, hand_save


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_saves_of_one_hand_number(monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL) for two connections at once")
    session = make_session()
    judges = [make_user(), make_user()]
    entries = [entry(session), entry(session, outcome="draw")]
    barrier = threading.Barrier(2, timeout=20)
    real_check = hand_services.session_check_open

    def both_arrive_at_once(session):
        barrier.wait()  # both officials are inside their transactions before either locks
        real_check(session)

    monkeypatch.setattr(hand_services, "session_check_open", both_arrive_at_once)
    outcomes = []

    def save(judge, data):
        try:
            hand_save(session=Session.objects.get(pk=session.pk), entry=data, user=judge)
            outcomes.append("saved")
        except HandNumberTaken as error:
            outcomes.append(error.messages[0])
        finally:
            connection.close()

    threads = [
        threading.Thread(target=save, args=pair) for pair in zip(judges, entries, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(outcomes) == 2 and outcomes.count("saved") == 1, outcomes
    message = next(text for text in outcomes if text != "saved")
    assert "Hand 1 of" in message and "already been saved" in message
    assert Hand.objects.filter(session=session, number=1).count() == 1
    assert Payment.objects.count() == 4

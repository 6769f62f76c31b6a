"""The desk and the table save the same hand at the same moment (issue 24): which entry is the
first and which the second is decided once, under the session's row lock, and neither is lost.

Real threads need a database both can see, so this runs on PostgreSQL (``DATABASE_URL``), as
`test_concurrency.py` does.
"""

import threading
import time

import pytest
from django.db import connection

from tests.tournament.builders import entry, make_session, make_user
from tournament.models import Hand, HandEntry, Payment, Session, TableEntry
from tournament.play.services import hands as hand_services
from tournament.play.services import table as table_services


def _race(monkeypatch, session, desk_entry, table_entry, first):
    desk, table = make_user(), make_user()
    barrier = threading.Barrier(2, timeout=20)
    real_check = hand_services.session_check_open

    def both_arrive_at_once(session, **kwargs):
        barrier.wait()  # both are inside their transactions before either locks the session
        if threading.current_thread().name != first:
            time.sleep(0.2)  # the other side takes the lock first: both orders are tried
        return real_check(session, **kwargs)

    # The outermost lock of each side is the one in `table`: make both wait there together.
    monkeypatch.setattr(table_services, "session_check_open", both_arrive_at_once)
    outcomes = {}

    def save(side, service, user, data):
        try:
            fresh = Session.objects.select_related("round__tournament", "table").get(pk=session.pk)
            done = service(session=fresh, entry=data, user=user)
            outcomes[side] = done.result
        except Exception as error:  # noqa: BLE001 - the test reports whatever went wrong
            outcomes[side] = repr(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(
            name="desk",
            target=save,
            args=("desk", table_services.desk_entry_save, desk, desk_entry),
        ),
        threading.Thread(
            name="table",
            target=save,
            args=("table", table_services.table_entry_save, table, table_entry),
        ),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes, desk, table


@pytest.mark.django_db(transaction=True)
@pytest.mark.only_on("postgresql", "two connections writing at once")
@pytest.mark.parametrize("first", ["desk", "table"])
@pytest.mark.parametrize("agree", [True, False])
def test_desk_and_table_save_the_same_hand_at_once(monkeypatch, agree, first):
    session = make_session(double_entry=True)
    table_data = entry(session) if agree else entry(session, winner="N")
    outcomes, desk, table = _race(monkeypatch, session, entry(session), table_data, first)
    assert sorted(outcomes) == ["desk", "table"], outcomes
    assert sorted(outcomes.values()) == sorted(["first", "confirmed" if agree else "mismatch"])
    hand = Hand.objects.get(session=session, number=1)
    first_side = next(side for side, result in outcomes.items() if result == "first")
    assert first_side == first
    assert hand.entered_by == (desk if first_side == "desk" else table)
    assert TableEntry.objects.get(hand=hand).first is (first_side == "table")
    assert Payment.objects.filter(hand=hand).count() == 4
    if agree:
        assert hand.confirmed and not HandEntry.objects.exists()
    else:  # the second entry is kept for the head judge: nothing lost
        second = HandEntry.objects.get(hand=hand)
        assert not hand.confirmed
        assert second.entered_by == (table if first_side == "desk" else desk)

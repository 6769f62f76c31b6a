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
@pytest.mark.only_on("postgresql", "two connections writing at once")
def test_two_simultaneous_saves_of_one_hand_number(monkeypatch):
    session = make_session()
    judges = [make_user(), make_user()]
    entries = [entry(session), entry(session, outcome="draw")]
    barrier = threading.Barrier(2, timeout=20)
    real_check = hand_services.session_check_open

    def both_arrive_at_once(session, **kwargs):
        barrier.wait()  # both officials are inside their transactions before either locks
        return real_check(session, **kwargs)

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


@pytest.mark.django_db(transaction=True)
@pytest.mark.only_on("postgresql", "two connections writing at once")
def test_two_judges_giving_a_warning_first_preset_at_once_give_one_warning(monkeypatch):
    """Both record Talking (warning first) for the same player at the same moment: the preset's
    row is locked, so one is the warning and the other the deduction, never two warnings."""
    from tournament.models import Penalty
    from tournament.play.services import penalties as penalty_services
    from tournament.play.services import presets as preset_services

    session = make_session()
    tournament = session.round.tournament
    preset_services.penalty_presets_load(tournament=tournament, example="the_star", user=None)
    talking = tournament.penalty_presets.get(name="Talking")
    offender = Session.objects.get(pk=session.pk).round.seats.first().player_id
    barrier = threading.Barrier(2, timeout=20)

    def both_arrive_at_once(*args, **kwargs):
        barrier.wait()  # both judges are inside their transactions before either reads
        return None

    monkeypatch.setattr(penalty_services, "session_check_open", both_arrive_at_once)
    errors = []

    def record(judge):
        try:
            penalty_services.penalty_record(
                session=Session.objects.select_related("round").get(pk=session.pk),
                player_id=offender,
                reason="",
                user=judge,
                preset_id=talking.pk,
            )
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=record, args=(make_user(),)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    recorded = sorted(Penalty.objects.values_list("warning", "amount"))
    assert recorded == [(False, 30), (True, 0)]

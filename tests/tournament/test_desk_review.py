"""Regression tests from a review of the desk's and the seating's safety properties."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.builders import make_players, make_tournament
from tests.tournament.desk_builders import (
    BIG,
    entry,
    form_data,
    make_session,
    make_user,
    seat_players,
)
from tournament.hand_services import (
    hand_confirm,
    hand_correct,
    hand_delete,
    hand_resolve,
    hand_save,
)
from tournament.models import Hand, HandEntry, Payment, Penalty, Round, Seat, Session
from tournament.seating_services import seating_generate, seating_swap
from tournament.services import round_seat
from tournament.session_services import penalty_record

pytestmark = pytest.mark.django_db


def hand_url(session, name, number=1):
    kwargs = {
        "slug": session.round.tournament.slug,
        "round_number": session.round.number,
        "table_number": session.table.number,
        "number": number,
    }
    return reverse(name, kwargs=kwargs)


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


def test_second_entry_form_with_another_number_does_not_reach_the_resolve_page(client):
    session = make_session(double_entry=True)
    hand_save(session=session, entry=entry(session, 1), user=make_user())
    hand_save(session=session, entry=entry(session, 2), user=make_user())
    client.force_login(make_user())
    response = client.post(
        hand_url(session, "desk_hand_confirm", 1), form_data(session, 2, tiles=BIG)
    )
    assert response.status_code == 200 and b"hand number" in response.content
    client.force_login(make_user("head"))
    response = client.post(
        hand_url(session, "desk_hand_resolve", 1), {"keep": "second", "version": 1}
    )
    assert response.status_code == 302  # nothing to resolve
    assert sorted(Hand.objects.values_list("number", flat=True)) == [1, 2]


def test_resolve_with_a_garbled_version_is_a_message_not_a_500(client):
    session = make_session(double_entry=True)
    hand_save(session=session, entry=entry(session), user=make_user())
    client.force_login(make_user())
    client.post(hand_url(session, "desk_hand_confirm"), form_data(session, tiles=BIG))
    assert HandEntry.objects.exists()
    client.force_login(make_user("head"))
    response = client.post(
        hand_url(session, "desk_hand_resolve"), {"keep": "second", "version": "abc"}
    )
    assert response.status_code == 200
    hand = Hand.objects.get()
    assert not hand.confirmed and hand.value == 10 and HandEntry.objects.exists()


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


def test_a_round_with_a_recorded_penalty_is_not_reseated():
    # A penalty (e.g. lateness before the first hand) belongs to a session: regenerating the
    # round would delete that session (a 500 from the protected foreign key), and swapping
    # seats would hand a zero-sum penalty's shares to other players (RULINGS R13).
    tournament = make_tournament()
    make_players(tournament, 8)
    seating_generate(tournament=tournament, total_rounds=2, seed=1)
    round_one = Round.objects.get(tournament=tournament, number=1)
    session = Session.objects.filter(round=round_one).order_by("table__number").first()
    late = seat_players(session)["E"]
    penalty_record(
        session=session, player_id=late, amount=9, mode="zero_sum", reason="Late", user=None
    )
    before = sorted(Seat.objects.filter(round=round_one).values_list("player_id", "table_id"))
    plan = seating_generate(tournament=tournament, total_rounds=2, seed=5)
    assert plan.seated_rounds == (2,)
    after = sorted(Seat.objects.filter(round=round_one).values_list("player_id", "table_id"))
    assert after == before and Penalty.objects.get().session_id == session.pk
    other = Seat.objects.filter(round=round_one).exclude(table=session.table).first().player
    with pytest.raises(ValidationError):
        seating_swap(round_=round_one, first=Penalty.objects.get().player, second=other)


def test_seating_page_with_a_penalty_in_the_round_answers_without_a_500(client):
    tournament = make_tournament()
    make_players(tournament, 8)
    seating_generate(tournament=tournament, total_rounds=1, seed=1)
    session = Session.objects.filter(round__tournament=tournament).first()
    penalty_record(
        session=session,
        player_id=seat_players(session)["S"],
        amount=5,
        mode="deduction",
        reason="Late",
        user=None,
    )
    client.force_login(get_user_model().objects.create_superuser("org", "o@example.org", "pw"))
    url = reverse("seating_overview", args=[tournament.slug])
    response = client.post(url, {"total_rounds": 1, "seed": 2, "odd_players": "error"})
    assert response.status_code == 200
    assert Penalty.objects.count() == 1


@pytest.mark.parametrize("typed", ["²", "1²", "99999999999999999999"])
def test_jumping_to_an_odd_table_number_is_a_message_not_a_500(client, typed):
    session = make_session()
    client.force_login(make_user())
    url = reverse("desk_round", args=[session.round.tournament.slug, session.round.number])
    response = client.get(url, {"table": typed})
    assert response.status_code == 200 and b"has no table" in response.content


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


def test_round_seat_refuses_a_round_with_a_penalty():
    session = make_session()
    penalty_record(
        session=session,
        player_id=Seat.objects.filter(round=session.round).first().player_id,
        amount=5,
        mode="deduction",
        reason="late",
        user=make_user(),
    )
    seats = [(s.table.number, s.wind, s.player) for s in Seat.objects.filter(round=session.round)]
    with pytest.raises(ValidationError, match="hands or penalties"):
        round_seat(round_=session.round, seat_rows=seats)
    assert Penalty.objects.filter(session=session).exists()

"""A round with a recorded penalty is played: never reseated, and its pages still answer."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.tournament.builders import (
    make_players,
    make_session,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.models import Penalty, Round, Seat, Session
from tournament.play.services.penalties import penalty_record
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.seats import round_seat, seating_swap

pytestmark = pytest.mark.django_db


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
    url = reverse("console:seating_overview", args=[tournament.slug])
    response = client.post(url, {"total_rounds": 1, "seed": 2, "odd_players": "error"})
    assert response.status_code == 200
    assert Penalty.objects.count() == 1


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

"""Model constraints enforced by the database (issue 2), on SQLite and PostgreSQL alike."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests.tournament.builders import make_players, make_seated_round, make_tournament
from tournament.models import Hand, Penalty, Player, Registration, Round, Seat, Session, Table

pytestmark = pytest.mark.django_db


def refused(callable_):
    with pytest.raises(IntegrityError), transaction.atomic():
        callable_()


def test_a_player_has_one_seat_per_round():
    tournament = make_tournament()
    players = make_players(tournament, 8)
    round_ = make_seated_round(tournament, players)
    other_table = Table.objects.get(tournament=tournament, number=2)
    refused(
        lambda: Seat.objects.create(round=round_, table=other_table, player=players[0], wind="E")
    )


def test_each_wind_once_per_table_and_round():
    tournament = make_tournament()
    players = make_players(tournament, 5)
    round_ = make_seated_round(tournament, players[:4])
    table = Table.objects.get(tournament=tournament, number=1)
    refused(lambda: Seat.objects.create(round=round_, table=table, player=players[4], wind="S"))


def test_fifth_seat_at_a_table_is_refused_by_validation():
    tournament = make_tournament()
    players = make_players(tournament, 5)
    round_ = make_seated_round(tournament, players[:4])
    table = Table.objects.get(tournament=tournament, number=1)
    seat = Seat(round=round_, table=table, player=players[4], wind="E")
    with pytest.raises(ValidationError, match="already has four players"):
        seat.full_clean()


def test_seating_service_refuses_a_table_without_four_players():
    tournament = make_tournament()
    players = make_players(tournament, 5)
    round_ = Round.objects.create(tournament=tournament, number=1)
    rows = [(1, "ESWN"[i % 4], p) for i, p in enumerate(players[:4])] + [(2, "E", players[4])]
    with pytest.raises(ValidationError, match="table\\(s\\) 2"):
        from tournament.seating.services.seats import round_seat

        round_seat(round_=round_, seat_rows=rows)
    assert not Seat.objects.filter(round=round_).exists()  # nothing half-saved


def test_hand_numbers_are_unique_per_session():
    tournament = make_tournament()
    round_ = make_seated_round(tournament, make_players(tournament, 4))
    session = Session.objects.get(round=round_)
    Hand.objects.create(session=session, number=1, outcome="draw")
    refused(lambda: Hand.objects.create(session=session, number=1, outcome="draw"))


def test_a_win_needs_a_winner_and_a_draw_has_none():
    tournament = make_tournament()
    players = make_players(tournament, 4)
    session = Session.objects.get(round=make_seated_round(tournament, players))
    refused(
        lambda: Hand.objects.create(session=session, number=1, outcome="win", win_type="discard")
    )
    refused(
        lambda: Hand.objects.create(session=session, number=2, outcome="draw", winner=players[0])
    )
    refused(
        lambda: Hand.objects.create(session=session, number=3, outcome="win", winner=players[0])
    )


def test_registration_once_and_numbers_unique():
    tournament = make_tournament()
    player = make_players(tournament, 1)[0]
    other = Player.objects.create(name="Other")
    refused(lambda: Registration.objects.create(tournament=tournament, player=player, number=9))
    refused(lambda: Registration.objects.create(tournament=tournament, player=other, number=1))


def test_external_id_unique_only_when_given():
    Player.objects.create(name="A", external_id="")
    Player.objects.create(name="B", external_id="")
    Player.objects.create(name="C", external_id="EMA-1")
    refused(lambda: Player.objects.create(name="D", external_id="EMA-1"))


def test_tournament_dates_and_minimum_are_checked():
    refused(
        lambda: make_tournament(
            start_date=datetime.date(2026, 5, 2), end_date=datetime.date(2026, 5, 1)
        )
    )
    # The winning minimum is any number of points from 0 to 320; the cap at least the minimum.
    refused(lambda: make_tournament(minimum_points=321))
    refused(lambda: make_tournament(minimum_points=15, hand_cap=10))
    refused(lambda: make_tournament(minimum_points=0, hand_cap=0))
    refused(lambda: make_tournament(hand_cap=481))
    make_tournament(minimum_points=15, hand_cap=320)


def test_round_and_table_numbers_unique():
    tournament = make_tournament()
    Round.objects.create(tournament=tournament, number=1)
    Table.objects.create(tournament=tournament, number=1)
    refused(lambda: Round.objects.create(tournament=tournament, number=1))
    refused(lambda: Table.objects.create(tournament=tournament, number=1))


def test_penalty_amount_positive_and_zero_sum_divisible():
    tournament = make_tournament()
    player = make_players(tournament, 1)[0]
    refused(
        lambda: Penalty.objects.create(tournament=tournament, player=player, amount=0, reason="x")
    )
    penalty = Penalty(tournament=tournament, player=player, amount=10, mode="zero_sum", reason="x")
    with pytest.raises(ValidationError) as error:
        penalty.clean()
    assert "multiple of 3" in str(error.value) and "session" in str(error.value)


def test_tie_breaks_and_match_points_validated():
    tournament = make_tournament()
    tournament.tie_break_order = "points,shoe_size"
    tournament.match_points = "4,2,1"
    with pytest.raises(ValidationError) as error:
        tournament.full_clean()
    assert "shoe_size" in str(error.value)
    assert "four whole numbers" in str(error.value)


def test_session_dealer_follows_rotation():
    tournament = make_tournament()
    players = make_players(tournament, 4)
    session = Session.objects.get(round=make_seated_round(tournament, players))
    assert [session.dealer(n) for n in (1, 2, 3, 4, 5)] == [*players, players[0]]

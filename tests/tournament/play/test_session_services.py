"""Penalties (RULINGS R13), reconciliation with the score card, reopening, settings."""

import pytest
from django.core.exceptions import ValidationError

from tests.tournament.builders import entry, make_session, make_user, seat_players
from tournament.models import AuditEntry, Penalty, Session
from tournament.play.services.hands import hand_save
from tournament.play.services.penalties import penalty_record
from tournament.play.services.sessions import session_reconcile, session_reopen
from tournament.standings.selectors.board import standings

pytestmark = pytest.mark.django_db


def totals_by_wind(session, **winds):
    ids = seat_players(session)
    return {ids[wind]: value for wind, value in winds.items()}


def test_zero_sum_penalty_pays_the_other_three_in_the_standings():
    # RULINGS R13: zero-sum, the player loses the amount, each other player gets a third.
    session = make_session()
    ids = seat_players(session)
    penalty_record(
        session=session,
        player_id=ids["E"],
        amount=30,
        mode="zero_sum",
        reason="Wrong claim",
        user=make_user(),
    )
    points = {row.player_id: row.penalty_points for row in standings(session.round.tournament)}
    assert points == {ids["E"]: -30, ids["S"]: 10, ids["W"]: 10, ids["N"]: 10}
    log = AuditEntry.objects.get(action="penalty")
    assert log.reason == "Wrong claim" and log.after["amount"] == 30


def test_zero_sum_penalty_must_split_in_three():
    session = make_session()
    with pytest.raises(ValidationError, match="multiple of 3"):
        penalty_record(
            session=session,
            player_id=seat_players(session)["E"],
            amount=10,
            mode="zero_sum",
            reason="Lateness",
            user=make_user(),
        )
    assert not Penalty.objects.exists()


def test_deduction_only_lowers_the_player_and_can_name_a_hand():
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())
    ids = seat_players(session)
    penalty = penalty_record(
        session=session,
        player_id=ids["N"],
        amount=10,
        mode="deduction",
        reason="Misconduct",
        hand_number=1,
        user=make_user(),
    )
    assert penalty.hand.number == 1
    rows = {row.player_id: row for row in standings(session.round.tournament)}
    assert rows[ids["N"]].penalty_points == -10 and rows[ids["E"]].penalty_points == 0


def test_penalty_needs_a_player_of_the_session_and_a_reason():
    session = make_session()
    with pytest.raises(ValidationError):
        penalty_record(
            session=session, player_id=999999, amount=5, mode="deduction", reason="x", user=None
        )
    with pytest.raises(ValidationError):
        penalty_record(
            session=session,
            player_id=seat_players(session)["E"],
            amount=5,
            mode="deduction",
            reason="",
            user=None,
        )


def test_reconciliation_mismatch_is_highlighted_and_keeps_the_session_open():
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())  # S +30, others -10
    card = totals_by_wind(session, E=-10, S=40, W=-20, N=-10)
    result = session_reconcile(session=session, card_totals=card, user=make_user())
    assert not result.matches
    diffs = {name: diff for name, _, _, diff in result.rows}
    assert sorted(diffs.values()) == [-10, 0, 0, 10]
    session.refresh_from_db()
    assert session.status == "open" and session.card_totals
    assert AuditEntry.objects.filter(action="reconcile_failed").exists()


def test_reconciliation_refuses_totals_that_do_not_sum_to_zero():
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())
    card = totals_by_wind(session, E=-10, S=30, W=-10, N=0)
    result = session_reconcile(session=session, card_totals=card, user=make_user())
    assert not result.matches and "add up to +10" in result.problems[0]


def test_matching_card_closes_the_session_and_head_judge_reopens_it():
    session = make_session()
    judge, head = make_user(), make_user("head")
    hand_save(session=session, entry=entry(session), user=judge)
    card = totals_by_wind(session, E=-10, S=30, W=-10, N=-10)
    assert session_reconcile(session=session, card_totals=card, user=judge).matches
    session.refresh_from_db()
    assert session.status == Session.Status.RECONCILED and session.reconciled_by == judge
    with pytest.raises(ValidationError, match="reopen"):
        hand_save(session=session, entry=entry(session, 2, outcome="draw"), user=judge)
    with pytest.raises(ValidationError, match="reason"):
        session_reopen(session=session, user=head, reason="")
    session_reopen(session=session, user=head, reason="Card was misread")
    session.refresh_from_db()
    assert session.status == "open" and session.reconciled_by is None
    assert AuditEntry.objects.get(action="reopen").reason == "Card was misread"


def test_unconfirmed_hands_block_reconciliation():
    session = make_session(double_entry=True)
    hand_save(session=session, entry=entry(session), user=make_user())
    card = totals_by_wind(session, E=-10, S=30, W=-10, N=-10)
    result = session_reconcile(session=session, card_totals=card, user=make_user())
    assert not result.matches and "second entry" in result.problems[0]


def test_card_must_give_all_four_players():
    session = make_session()
    with pytest.raises(ValidationError, match="each of the four"):
        session_reconcile(
            session=session, card_totals=totals_by_wind(session, E=0), user=make_user()
        )

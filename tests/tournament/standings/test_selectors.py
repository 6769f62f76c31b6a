"""The standings read from the kept session totals: they always equal the payments and
penalties (RULINGS R13), the query count does not grow, provisional is said plainly."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournament.builders import (
    BIG,
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.models import Penalty, Session, SessionScore
from tournament.play.services import hands as hand_services
from tournament.play.services import penalties as penalty_services
from tournament.play.services.scores import session_scores_drift, session_scores_rebuild
from tournament.standings.selectors.board import board_build, standings
from tournament.standings.selectors.provisional import provisional as provisional_of

pytestmark = pytest.mark.django_db


def _event(players=8, rounds=1, **fields):
    tournament = make_tournament(**fields)
    people = make_players(tournament, players)
    for number in range(1, rounds + 1):
        make_seated_round(tournament, people[number - 1 :] + people[: number - 1], number)
    return tournament


def _session(tournament, round_number=1, table=1):
    return Session.objects.select_related("round__tournament", "table").get(
        round__tournament=tournament, round__number=round_number, table__number=table
    )


def _kept(session):
    return dict(
        SessionScore.objects.filter(session=session).values_list("player_id", "hand_points")
    )


def test_kept_totals_follow_every_hand_write_and_equal_the_payments():
    tournament = _event(4)
    session, judge, head = _session(tournament), make_user(), make_user("head")
    ids = seat_players(session)
    hand = hand_services.hand_save(session=session, entry=entry(session), user=judge)
    assert _kept(session) == {ids["S"]: 30, ids["E"]: -10, ids["W"]: -10, ids["N"]: -10}
    hand = hand_services.hand_correct(
        hand=hand, entry=entry(session, tiles=BIG), user=judge, reason="Typo", version=1
    )
    assert _kept(session)[ids["S"]] == 25 + 25 + (3 * 140 - 50)
    hand_services.hand_delete(hand=hand, user=head, reason="Wrong table", version=2)
    assert _kept(session) == {}
    hand_services.hand_save(session=session, entry=entry(session, winner="E"), user=judge)
    assert session_scores_drift(tournament=tournament) == []


@pytest.mark.parametrize("mode, others", [("zero_sum", 10), ("deduction", 0)])
def test_penalties_in_both_modes_count_in_the_standings(mode, others):
    """RULINGS R13: a zero-sum penalty pays the other three; a deduction only costs."""
    tournament = _event(4)
    session = _session(tournament)
    ids = seat_players(session)
    penalty_services.penalty_record(
        session=session, player_id=ids["E"], amount=30, mode=mode, reason="Wrong claim",
        user=make_user(),
    )  # fmt: skip
    rows = {row.player_id: row for row in standings(tournament)}
    assert rows[ids["E"]].penalty_points == -30
    assert rows[ids["S"]].penalty_points == others
    assert rows[ids["E"]].total == -30 and rows[ids["E"]].rank == "4"
    assert session_scores_drift(tournament=tournament) == []


def test_a_loose_penalty_without_a_session_counts_too():
    tournament = _event(4)
    player = tournament.registrations.first().player
    Penalty.objects.create(tournament=tournament, player=player, amount=7, reason="Late")
    assert {r.player_id: r.total for r in standings(tournament)}[player.pk] == -7


def test_drift_is_found_and_rebuilt():
    tournament = _event(4)
    session = _session(tournament)
    hand_services.hand_save(session=session, entry=entry(session), user=make_user())
    SessionScore.objects.filter(session=session).update(hand_points=999)
    assert session_scores_drift(tournament=tournament) == [session]
    assert session_scores_rebuild(tournament=tournament) == 1
    assert session_scores_drift(tournament=tournament) == []


def _played(players, rounds, hands):
    tournament = _event(players, rounds, hands_per_session=hands)
    judge = make_user()
    for session in Session.objects.filter(round__tournament=tournament).select_related(
        "round__tournament", "table"
    ):
        for number in range(1, hands + 1):
            winner = "ESWN"[number % 4]
            discarder = "ESWN"[(number + 1) % 4]
            hand_services.hand_save(
                session=session,
                entry=entry(session, number, winner=winner, discarder=discarder),
                user=judge,
            )
        ids = seat_players(session)
        penalty_services.penalty_record(
            session=session, player_id=ids["N"], amount=3, mode="zero_sum", reason="Slow",
            user=judge,
        )  # fmt: skip
    return tournament


def test_the_query_count_does_not_grow_with_players_or_hands():
    counts = []
    for players, rounds, hands in ((4, 1, 1), (12, 2, 3)):
        tournament = _played(players, rounds, hands)
        with CaptureQueriesContext(connection) as queries:
            board = board_build(tournament)
        assert len(board.rows) == players
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_provisional_says_how_many_and_which_tables():
    tournament = _event(8, double_entry=True)
    judge = make_user()
    for table in (1, 2):
        session = _session(tournament, 1, table)
        hand_services.hand_save(session=session, entry=entry(session), user=judge)
    provisional = provisional_of(tournament)
    assert provisional.unreconciled == {1: [1, 2]}
    assert provisional.pending_hands == {(1, 1): 1, (1, 2): 1}
    assert provisional.summary() == (
        "Provisional: 2 session(s) not reconciled and 2 hand(s) awaiting a second entry."
    )
    assert "tables 1, 2" in provisional.lines()[0]


def test_provisional_reads_the_second_entries_of_its_own_tournament_only():
    """A second entry kept on a confirmed hand counts as a hand awaiting the head judge in its
    tournament, not in another: the entries are read for the tournament in SQL, not every
    tournament's read and sorted out afterwards."""
    from tournament.models import Hand, HandEntry

    ours, theirs = _played(4, 1, 2), _played(4, 1, 2)
    judge = make_user()
    for tournament in (ours, theirs):
        hand = Hand.objects.filter(session__round__tournament=tournament, number=2).get()
        HandEntry.objects.create(hand=hand, data={}, entered_by=judge, hand_version=hand.version)
    with CaptureQueriesContext(connection) as queries:
        provisional = provisional_of(ours)
    assert provisional.pending_hands == {(1, 1): 1}
    (entries,) = [q["sql"] for q in queries if '"tournament_handentry"' in q["sql"]]
    assert f'"tournament_round"."tournament_id" = {ours.pk}' in entries


def test_silent_rounds_leave_the_last_rounds_out_up_to_the_limit():
    tournament = _played(4, 2, 1)
    full = standings(tournament)
    after_one = standings(tournament, round_limit=1)
    assert sum(r.sessions_played for r in full) == 8
    assert sum(r.sessions_played for r in after_one) == 4

"""The health page: each problem is found and links to its fix; drift is rebuilt."""

import pytest
from django.urls import reverse

from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
)
from tournament.models import Payment, Session, SessionScore
from tournament.play.services import hands as hand_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def troubled():
    """Two rounds seated, one played: a gap, an unbalanced hand, drift, an unconfirmed hand,
    unreconciled sessions and players short of sessions."""
    tournament = make_tournament(double_entry=True)
    players = make_players(tournament, 8)
    make_seated_round(tournament, players, 1)
    make_seated_round(tournament, players, 2)
    judge = make_user()
    first = Session.objects.select_related("round__tournament", "table").get(
        round__number=1, round__tournament=tournament, table__number=1
    )
    hand_services.hand_save(session=first, entry=entry(first, 1), user=judge)
    second = hand_services.hand_save(session=first, entry=entry(first, 2), user=judge)
    hand = hand_services.hand_save(session=first, entry=entry(first, 3), user=judge)
    # Confirmed by a second official: only confirmed hands count in the kept totals.
    hand_services.hand_confirm(hand=hand, entry=entry(first, 3), user=make_user())
    # Deleting a hand in the middle leaves a gap (nothing is renumbered, RULINGS R14).
    hand_services.hand_delete(hand=second, user=judge, reason="entered twice", version=1)
    Payment.objects.filter(hand=hand).first().delete()  # payments no longer sum to zero
    return tournament, first


def test_the_health_page_lists_every_problem_with_a_link_to_fix_it(client, troubled):
    tournament, first = troubled
    client.force_login(make_user("judge"))
    body = client.get(reverse("desk:tournament_health", args=[tournament.slug])).content.decode()
    args = [tournament.slug, 1, 1]
    assert "Round 1 table 1: hand(s) 2 missing." in body
    assert "payments sum to" in body
    assert reverse("desk:hand_edit", args=[*args, 3]) in body
    assert "kept totals differ" in body  # a payment deleted behind the services' back
    assert reverse("desk:hand_confirm", args=[*args, 1]) in body
    assert reverse("desk:session_reconcile", args=args) in body
    assert "0 session(s) of 1 played round(s)" in body
    assert 'id="all-well"' not in body


def test_a_head_judge_rebuilds_drifted_totals(client, troubled):
    tournament, first = troubled
    client.force_login(make_user("head"))
    response = client.post(reverse("desk:session_scores_rebuild", args=[tournament.slug]))
    assert response.status_code == 302
    kept = sum(SessionScore.objects.filter(session=first).values_list("hand_points", flat=True))
    paid = sum(Payment.objects.filter(hand__session=first).values_list("amount", flat=True))
    assert kept == paid


def test_a_judge_cannot_rebuild_and_the_public_cannot_see_health(client, troubled):
    tournament, _ = troubled
    url = reverse("desk:tournament_health", args=[tournament.slug])
    assert client.get(url).status_code == 302  # to the log-in page
    client.force_login(make_user("judge"))
    rebuild = reverse("desk:session_scores_rebuild", args=[tournament.slug])
    assert client.post(rebuild).status_code == 403


def test_the_health_page_sums_the_payments_once(client):
    """The payments are read in one pass (drift and unbalanced sessions together); a hand is
    looked at one by one only in a session whose payments do not sum to zero."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tournament = make_tournament()
    players = make_players(tournament, 8)
    make_seated_round(tournament, players, 1)
    judge = make_user()
    for session in Session.objects.filter(round__tournament=tournament).select_related(
        "round__tournament", "table"
    ):
        hand_services.hand_save(session=session, entry=entry(session, 1), user=judge)
    client.force_login(make_user("judge"))
    url = reverse("desk:tournament_health", args=[tournament.slug])

    def payment_reads() -> int:
        with CaptureQueriesContext(connection) as queries:
            body = client.get(url).content.decode()
        return sum("tournament_payment" in q["sql"] for q in queries), body

    reads, body = payment_reads()
    assert reads == 1 and "payments sum to" not in body
    Payment.objects.filter(hand__session__table__number=2).first().delete()
    reads, body = payment_reads()
    assert reads == 2 and "Round 1 table 2 hand 1: payments sum to" in body


@pytest.fixture
def played():
    """One round of two tables: a hand at each (South wins on West's discard) and a zero-sum
    penalty at table 1; nothing wrong yet."""
    from tournament.play.services import sessions as session_services

    tournament = make_tournament()
    players = make_players(tournament, 8)
    make_seated_round(tournament, players, 1)
    judge = make_user()
    sessions = list(
        Session.objects.filter(round__tournament=tournament)
        .select_related("round__tournament", "table")
        .order_by("table__number")
    )
    for session in sessions:
        hand_services.hand_save(session=session, entry=entry(session, 1), user=judge)
    first = sessions[0]
    session_services.penalty_record(
        session=first,
        player_id=SessionScore.objects.filter(session=first, wind="E").get().player_id,
        amount=30,
        mode="zero_sum",
        reason="Talking",
        user=judge,
    )
    return tournament, first, players


def _health(client, tournament) -> tuple[str, list[str]]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(make_user("judge"))
    url = reverse("desk:tournament_health", args=[tournament.slug])
    with CaptureQueriesContext(connection) as queries:
        body = client.get(url).content.decode()
    return body, [q["sql"] for q in queries]


def test_the_health_page_reads_the_kept_scores_payments_and_seating_once(client, played):
    """The kept session scores are read in one statement that the drift check, the players
    short of sessions and the sessions not reconciled share; the payments once (drift and
    unbalanced sessions together), the seating once."""
    tournament, _, _ = played
    body, statements = _health(client, tournament)
    assert "kept totals differ" not in body and "payments sum to" not in body

    def reads(table: str) -> int:
        return sum(f'"{table}"' in sql for sql in statements)

    assert reads("tournament_sessionscore") == 1
    assert reads("tournament_payment") == 1
    assert reads("tournament_seat") == 1


def _swap_hand_points(session):
    east, south = (SessionScore.objects.get(session=session, wind=w) for w in "ES")
    SessionScore.objects.filter(pk=east.pk).update(hand_points=south.hand_points)
    SessionScore.objects.filter(pk=south.pk).update(hand_points=east.hand_points)


def _stray_row(session, players):
    seated = set(SessionScore.objects.filter(session=session).values_list("player_id", flat=True))
    row = SessionScore.objects.filter(session=session).first()
    row.pk, row.player = None, next(p for p in players if p.pk not in seated)
    row.wind, row.hand_points, row.penalty_points, row.hands_won, row.largest_hand = "", 0, 0, 0, 0
    row.save()


TAMPERS = [
    pytest.param(lambda s, _: _swap_hand_points(s), id="hand-points-swapped"),
    pytest.param(
        lambda s, _: SessionScore.objects.filter(session=s, wind="N").update(penalty_points=0),
        id="penalty-points",
    ),
    pytest.param(
        lambda s, _: SessionScore.objects.filter(session=s, wind="S").update(hands_won=2),
        id="hands-won",
    ),
    pytest.param(
        lambda s, _: SessionScore.objects.filter(session=s, wind="S").update(largest_hand=1),
        id="largest-hand",
    ),
    pytest.param(
        lambda s, _: SessionScore.objects.filter(session=s, wind="W").update(wind="N"),
        id="wind",
    ),
    pytest.param(lambda s, _: SessionScore.objects.filter(session=s).update(half=2), id="half"),
    pytest.param(
        lambda s, _: SessionScore.objects.filter(session=s, wind="E").update(table_number=9),
        id="table-number",
    ),
    pytest.param(
        lambda s, _: SessionScore.objects.filter(session=s, wind="N").delete(), id="row-missing"
    ),
    pytest.param(_stray_row, id="row-for-nobody"),
]


@pytest.mark.parametrize("tamper", TAMPERS)
def test_every_kept_field_gone_wrong_shows_as_drift_of_its_session(client, played, tamper):
    """Each field of a kept row, and the rows themselves, are compared with what a refresh
    gives: one session tampered with is the one drifted session, its neighbour is not."""
    from tournament.play.services.scores import session_scores_drift

    tournament, first, players = played
    tamper(first, players)
    body, _ = _health(client, tournament)
    assert "Round 1 table 1: kept totals differ." in body
    assert "Round 1 table 2: kept totals differ." not in body
    assert session_scores_drift(tournament=tournament) == [first]


def test_between_whole_checks_only_the_sessions_written_since_are_checked_again(
    client, played, monkeypatch
):
    """Every session's totals are checked against its payments at the first visit and then at
    most every `WHOLE_EVERY`; between, a visit checks the sessions written since the last one
    (by the audit log) and reads no other session's payments."""
    from tournament.play import health

    monkeypatch.setattr(health, "MARGIN", health.dt.timedelta(0))
    tournament, first, players = played
    second = Session.objects.select_related("round__tournament", "table").get(
        round__tournament=tournament, table__number=2
    )
    body, _ = _health(client, tournament)  # the whole check
    assert "kept totals differ" not in body
    _swap_hand_points(second)  # behind the services' back: no write, no audit line
    body, statements = _health(client, tournament)
    assert "kept totals differ" not in body
    assert not any('"tournament_payment"' in sql for sql in statements)
    hand_services.hand_save(session=first, entry=entry(first, 2), user=make_user())
    _swap_hand_points(first)  # a write went wrong at table 1
    body, statements = _health(client, tournament)
    assert "Round 1 table 1: kept totals differ." in body
    assert "Round 1 table 2: kept totals differ." not in body
    payments = [sql for sql in statements if '"tournament_payment"' in sql]
    assert len(payments) == 1 and f"IN ({first.pk})" in payments[0]
    monkeypatch.setattr(health, "WHOLE_EVERY", health.dt.timedelta(0))
    body, _ = _health(client, tournament)  # the next whole check finds table 2 too
    assert "Round 1 table 1: kept totals differ." in body
    assert "Round 1 table 2: kept totals differ." in body

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
from tournament.play.services import double_entry as double_entry_services
from tournament.play.services import hands as hand_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def checked(django_capture_on_commit_callbacks):
    """``with checked():`` runs what was queued on commit at its end: the full check a page
    asked for runs (the immediate backend) after the page, as a worker would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def no_margin(monkeypatch):
    """The audit log read from the full check's start exactly (no minute before): the writes
    of the fixtures, just before it, are not taken for writes still committing."""
    from tournament.play.health import known_totals

    monkeypatch.setattr(known_totals, "MARGIN", known_totals.dt.timedelta(0))


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
    double_entry_services.hand_confirm(hand=hand, entry=entry(first, 3), user=make_user())
    # Deleting a hand in the middle leaves a gap (nothing is renumbered, RULINGS R14).
    hand_services.hand_delete(hand=second, user=judge, reason="entered twice", version=1)
    Payment.objects.filter(hand=hand).first().delete()  # payments no longer sum to zero
    return tournament, first


def test_the_health_page_lists_every_problem_with_a_link_to_fix_it(client, troubled, checked):
    tournament, first = troubled
    client.force_login(make_user("judge"))
    url = reverse("desk:tournament_health", args=[tournament.slug])
    with checked():  # the first visit asks for the full check; a worker runs it after
        client.get(url)
    body = client.get(url).content.decode()
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


def test_the_full_check_sums_the_payments_once_and_the_page_reads_only_the_unbalanced(
    client, checked, no_margin
):
    """The full check reads the payments in one pass (drift and unbalanced sessions together);
    the page looks at a hand one by one only in a session whose payments do not sum to zero."""
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
    Payment.objects.filter(hand__session__table__number=2).first().delete()

    with CaptureQueriesContext(connection) as queries, checked() as ran:
        with CaptureQueriesContext(connection) as page:
            client.get(url)
    assert len(ran) == 1  # the full check, run after the page
    check = [q["sql"] for q in queries.captured_queries[len(page.captured_queries) :]]
    assert sum('"tournament_payment"' in sql for sql in check) == 1
    body, statements = _health(client, tournament)
    payments = [sql for sql in statements if '"tournament_payment"' in sql]
    second = Session.objects.get(round__tournament=tournament, table__number=2)
    # Its totals checked again (found wrong), then its hands one by one: no other session's.
    assert len(payments) == 2 and all(f"IN ({second.pk})" in sql for sql in payments)
    assert "Round 1 table 2 hand 1: payments sum to" in body


@pytest.fixture
def played():
    """One round of two tables: a hand at each (South wins on West's discard) and a zero-sum
    penalty at table 1; nothing wrong yet."""
    from tournament.play.services import penalties as penalty_services

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
    penalty_services.penalty_record(
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


def test_the_page_reads_no_payments_and_the_full_check_runs_in_the_background(
    client, played, checked, no_margin
):
    """The first visit says that the totals are not yet checked in full and asks for the full
    check, reading no payments; the kept session scores are read in one statement that the
    players short of sessions and the sessions not reconciled share. The check runs apart (a
    worker); the next visits say when it ran and read no payments either."""
    from tournament.models import TotalsCheck

    tournament, _, _ = played
    with checked() as ran:
        body, statements = _health(client, tournament)
        assert TotalsCheck.objects.get(tournament=tournament).state == "queued"
    assert "Not yet checked in full: checking now." in body

    def reads(table: str) -> int:
        return sum(f'"{table}"' in sql for sql in statements)

    assert reads("tournament_sessionscore") == 1
    assert reads("tournament_payment") == 0
    assert len(ran) == 1
    check = TotalsCheck.objects.get(tournament=tournament)
    assert check.state == "done" and check.drifted == [] and check.unbalanced == []
    for _ in range(2):
        body, statements = _health(client, tournament)
        assert reads("tournament_payment") == 0
        assert "Totals last checked against every hand at" in body
    assert TotalsCheck.objects.filter(tournament=tournament).count() == 1  # none asked again


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
def test_every_kept_field_gone_wrong_shows_as_drift_of_its_session(client, played, tamper, checked):
    """Each field of a kept row, and the rows themselves, are compared with what a refresh
    gives: one session tampered with is the one drifted session, its neighbour is not."""
    from tournament.play.services.scores import session_scores_drift

    tournament, first, players = played
    tamper(first, players)
    with checked():
        _health(client, tournament)
    body, _ = _health(client, tournament)
    assert "Round 1 table 1: kept totals differ." in body
    assert "Round 1 table 2: kept totals differ." not in body
    assert session_scores_drift(tournament=tournament) == [first]


def test_a_drift_behind_the_kept_scores_is_found_by_the_next_full_check_and_stays_shown(
    client, played, checked, no_margin, monkeypatch
):
    """A kept row changed behind the services' back (no write, no audit line) is not seen by a
    visit between full checks; the next full check finds it, and the page shows it at every
    visit until it is fixed."""
    from tournament.play.services import totals

    tournament, _, _ = played
    second = Session.objects.get(round__tournament=tournament, table__number=2)
    with checked():
        _health(client, tournament)
    _swap_hand_points(second)
    body, statements = _health(client, tournament)
    assert "kept totals differ" not in body
    assert not any('"tournament_payment"' in sql for sql in statements)
    monkeypatch.setattr(totals, "WHOLE_EVERY", totals.dt.timedelta(0))
    with checked() as ran:
        _health(client, tournament)  # due: asks for the next full check
    assert len(ran) == 1
    monkeypatch.setattr(totals, "WHOLE_EVERY", totals.dt.timedelta(minutes=10))
    for _ in range(2):
        body, statements = _health(client, tournament)
        assert "Round 1 table 2: kept totals differ." in body
        assert "Round 1 table 1: kept totals differ." not in body
        payments = [sql for sql in statements if '"tournament_payment"' in sql]
        assert len(payments) == 1 and f"IN ({second.pk})" in payments[0]  # it alone, again
    client.force_login(make_user("head"))
    client.post(reverse("desk:session_scores_rebuild", args=[tournament.slug]))
    body, _ = _health(client, tournament)
    assert "kept totals differ" not in body


def test_a_write_during_the_full_check_is_checked_by_the_page(
    client, played, checked, no_margin, monkeypatch
):
    """A session written after the full check read it is not taken as verified: the page
    checks again the sessions written since the check started (and only those)."""
    from tournament.play.services import scores, totals

    tournament, first, _ = played
    judge = make_user()

    def check_then_write(**kwargs):
        found = scores.session_scores_check(**kwargs)  # read before the write: all well
        hand_services.hand_save(session=first, entry=entry(first, 2), user=judge)
        _swap_hand_points(first)  # the write went wrong at table 1
        return found

    monkeypatch.setattr(totals, "session_scores_check", check_then_write)
    with checked():
        _health(client, tournament)
    from tournament.models import TotalsCheck

    assert TotalsCheck.objects.get(tournament=tournament).drifted == []
    body, statements = _health(client, tournament)
    assert "Round 1 table 1: kept totals differ." in body
    assert "Round 1 table 2: kept totals differ." not in body
    payments = [sql for sql in statements if '"tournament_payment"' in sql]
    assert len(payments) == 1 and f"IN ({first.pk})" in payments[0]
    body, statements = _health(client, tournament)  # still shown at the next visit
    assert "Round 1 table 1: kept totals differ." in body


def test_a_check_without_a_worker_or_that_failed_is_said_so(client, played, monkeypatch):
    """Without a worker the page says the check waits; a failed check says when it failed and
    is not asked again at every visit."""
    from tournament.models import TotalsCheck
    from tournament.play.services import totals

    tournament, _, _ = played
    body, _ = _health(client, tournament)  # nothing runs what is queued on commit here
    assert "Not yet checked in full: checking now." in body
    check = TotalsCheck.objects.get(tournament=tournament)

    def broken(**kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(totals, "session_scores_check", broken)
    with pytest.raises(RuntimeError):
        totals.totals_check_make(check.pk)
    check.refresh_from_db()
    assert check.state == "failed" and "disk full" in check.error
    body, _ = _health(client, tournament)
    assert "The full check failed at" in body
    assert "Not yet checked in full." in body
    assert TotalsCheck.objects.filter(tournament=tournament).count() == 1

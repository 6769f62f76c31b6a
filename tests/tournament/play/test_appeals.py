"""The appeal window (issue 26 point 5) and hand queries (issue 24 point 2): a player queries a
hand of their table while the window is open, the head judge answers, the standings stay
provisional until every window has closed and every query is answered. The clock is passed in
(`now=`, `clock=`): no test sleeps."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from tests.tournament.builders import (
    entry,
    make_reconciled_session,
    make_session,
    make_user,
    seat_players,
)
from tournament.models import AuditEntry, HandQuery, Registration, Session
from tournament.play.appeals import appeal_window
from tournament.play.selectors.queries import (
    hand_queries,
    open_appeal_windows,
    session_appeal_window,
)
from tournament.play.services.hands import hand_save
from tournament.play.services.queries import (
    hand_query_answer,
    hand_query_raise,
    session_appeal_close,
)
from tournament.play.services.sessions import session_reconcile, session_reopen
from tournament.standings.selectors.board import board_build

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)


def _reconciled(minutes=30):
    """A one-table session with hand 1 (S wins +30), reconciled at `T0`."""
    session = make_reconciled_session(appeal_window_minutes=minutes)
    Session.objects.filter(pk=session.pk).update(reconciled_at=T0)
    session.refresh_from_db()
    return session


def _registration(session, wind="E"):
    return Registration.objects.select_related("player").get(
        tournament=session.round.tournament, player_id=seat_players(session)[wind]
    )


@given(
    minutes=st.integers(0, 1440),
    closed_after=st.none() | st.integers(-10, 2000),
    probe=st.integers(-10, 3000),
)
def test_a_window_ends_at_reconciliation_plus_minutes_or_when_closed_early(
    minutes, closed_after, probe
):
    closed = None if closed_after is None else T0 + dt.timedelta(minutes=closed_after)
    window = appeal_window(minutes=minutes, reconciled_at=T0, closed_at=closed)
    now = T0 + dt.timedelta(minutes=probe)
    natural_end = T0 + dt.timedelta(minutes=minutes)
    expected_open = minutes > 0 and now < natural_end and (closed is None or now < closed)
    assert window.is_open(now) == expected_open
    assert appeal_window(minutes=minutes, reconciled_at=None, closed_at=closed).ends_at is None


def test_no_window_by_default_and_nothing_provisional():
    session = _reconciled(minutes=0)
    assert session.round.tournament.appeal_window_minutes == 0
    assert session_appeal_window(session).ends_at is None
    assert not board_build(session.round.tournament, clock=lambda: T0).provisional.active
    with pytest.raises(ValidationError, match="no hand queries"):
        hand_query_raise(
            registration=_registration(session), session=session, hand_number=1, text="x", now=T0
        )


def test_standings_are_provisional_until_the_window_closes_with_its_end_time():
    session = _reconciled()
    tournament = session.round.tournament
    soon = T0 + dt.timedelta(minutes=5)
    board = board_build(tournament, clock=lambda: soon)
    assert board.provisional.active
    assert "appeal window open until" in board.provisional.summary()
    end = session_appeal_window(session).ends_at
    assert end == T0 + dt.timedelta(minutes=30)
    east = seat_players(session)["E"]
    assert board.provisional.row_note(east).startswith("provisional until")
    assert [s.pk for s, _ in open_appeal_windows(tournament, soon)] == [session.pk]
    later = T0 + dt.timedelta(minutes=30)
    assert not board_build(tournament, clock=lambda: later).provisional.active
    # a kept board closes its windows by its clock, without a write
    board.provisional.clock = lambda: later
    assert not board.provisional.active and board.provisional.row_note(east) == ""


def test_a_query_in_the_window_goes_to_the_queue_and_is_audited():
    session = _reconciled()
    ann = _registration(session)
    query = hand_query_raise(
        registration=ann,
        session=session,
        hand_number=1,
        text="  The winning tile was   a discard from me, not West ",
        now=T0 + dt.timedelta(minutes=10),
    )
    assert query.text == "The winning tile was a discard from me, not West"
    assert hand_queries(session.round.tournament) == [query]
    log = AuditEntry.objects.get(action="query")
    assert log.hand_number == 1 and ann.player.name in log.after["summary"]
    board = board_build(session.round.tournament, clock=lambda: T0 + dt.timedelta(hours=2))
    assert board.provisional.active and "1 hand query" in board.provisional.summary()
    assert "query" in board.provisional.row_note(ann.player_id)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"text": ""}, "Say in a few words"),
        ({"text": "x" * 301}, "300 characters"),
        ({"hand_number": 9}, "no hand 9"),
        ({"now": T0 + dt.timedelta(minutes=30)}, "closed at"),
    ],
)
def test_query_refusals(kwargs, message):
    session = _reconciled()
    values = {
        "registration": _registration(session),
        "session": session,
        "hand_number": 1,
        "text": "wrong payment",
        "now": T0 + dt.timedelta(minutes=1),
    } | kwargs
    with pytest.raises(ValidationError, match=message):
        hand_query_raise(**values)
    assert not HandQuery.objects.exists()


def test_a_query_outside_the_window_names_its_end_time():
    session = _reconciled()
    with pytest.raises(ValidationError) as refused:
        hand_query_raise(
            registration=_registration(session),
            session=session,
            hand_number=1,
            text="x",
            now=T0 + dt.timedelta(hours=1),
        )
    end = session_appeal_window(session).ends_at
    assert timezone.localtime(end).strftime("%H:%M") in str(refused.value)


def test_a_query_before_reconciliation_and_from_another_table_are_refused():
    session = make_session(appeal_window_minutes=30)
    hand_save(session=session, entry=entry(session), user=make_user())
    with pytest.raises(ValidationError, match="once your table's score card is checked"):
        hand_query_raise(
            registration=_registration(session), session=session, hand_number=1, text="x"
        )
    stranger = _registration(_reconciled())
    with pytest.raises(ValidationError, match="own table"):
        hand_query_raise(registration=stranger, session=session, hand_number=1, text="x")


def test_a_duplicate_query_is_refused():
    session = _reconciled()
    ann = _registration(session)
    now = T0 + dt.timedelta(minutes=1)
    hand_query_raise(registration=ann, session=session, hand_number=1, text="x", now=now)
    with pytest.raises(ValidationError, match="already queried hand 1"):
        hand_query_raise(registration=ann, session=session, hand_number=1, text="y", now=now)
    bob = _registration(session, "S")
    hand_query_raise(registration=bob, session=session, hand_number=1, text="y", now=now)
    assert HandQuery.objects.count() == 2


def test_the_head_judge_dismisses_with_a_reason_or_upholds():
    session = _reconciled()
    head = make_user("head")
    now = T0 + dt.timedelta(minutes=1)
    first = hand_query_raise(
        registration=_registration(session), session=session, hand_number=1, text="x", now=now
    )
    with pytest.raises(ValidationError, match="reason for dismissing"):
        hand_query_answer(query=first, upheld=False, answer=" ", user=head)
    answered = hand_query_answer(
        query=first, upheld=False, answer="The tiles were checked at the table.", user=head
    )
    assert (answered.status, answered.answered_by) == ("dismissed", head)
    with pytest.raises(ValidationError, match="already answered"):
        hand_query_answer(query=first, upheld=True, answer="", user=head)
    second = hand_query_raise(
        registration=_registration(session, "W"),
        session=session,
        hand_number=1,
        text="y",
        now=now,
    )
    upheld = hand_query_answer(query=second, upheld=True, answer="", user=head)
    assert (upheld.status, upheld.answer) == ("upheld", "")  # no English words stored
    assert AuditEntry.objects.filter(action="query_answer").count() == 2
    later = T0 + dt.timedelta(hours=2)
    assert not board_build(session.round.tournament, clock=lambda: later).provisional.active


def test_a_head_judge_closes_a_window_early_and_a_new_reconciliation_reopens_it():
    session = _reconciled()
    head = make_user("head")
    now = T0 + dt.timedelta(minutes=3)
    session_appeal_close(session=session, user=head, now=now)
    session.refresh_from_db()
    assert session_appeal_window(session).ends_at == now
    assert AuditEntry.objects.filter(action="appeal_close", user=head).exists()
    assert not board_build(session.round.tournament, clock=lambda: now).provisional.active
    with pytest.raises(ValidationError, match="not open"):
        session_appeal_close(session=session, user=head, now=now)
    with pytest.raises(ValidationError, match="closed at"):
        hand_query_raise(
            registration=_registration(session), session=session, hand_number=1, text="x", now=now
        )
    session_reopen(session=session, user=head, reason="card misread")
    ids = seat_players(session)
    card = {ids["E"]: -10, ids["S"]: 30, ids["W"]: -10, ids["N"]: -10}
    session_reconcile(session=session, card_totals=card, user=head)
    session.refresh_from_db()
    assert session.appeal_closed_at is None and session_appeal_window(session).is_open(
        session.reconciled_at
    )


@pytest.mark.parametrize(
    "held",
    [{"results_public": False}, {"silent_rounds": 1}],
    ids=["results-not-public", "silent-round"],
)
def test_a_query_is_refused_while_the_results_are_held(client, held):
    """Issue 36, point 6: the player's page hides the hands and their form while the results
    are held; the service refuses a query sent anyway, with the reason, and keeps nothing."""
    from django.urls import reverse

    from tournament.event.links import player_links_issue_all
    from tournament.event.selectors.links import link_tokens
    from tournament.models import Round, Tournament

    session = _reconciled()
    tournament = session.round.tournament
    Round.objects.filter(pk=session.round_id).update(seating_published=True)
    Tournament.objects.filter(pk=tournament.pk).update(**held)
    session = Session.objects.select_related("round__tournament").get(pk=session.pk)
    ann = _registration(session)
    with pytest.raises(ValidationError, match="not public yet"):
        hand_query_raise(
            registration=ann,
            session=session,
            hand_number=1,
            text="wrong payment",
            now=T0 + dt.timedelta(minutes=1),
        )
    player_links_issue_all(tournament=tournament, user=None)
    token = link_tokens(tournament)[ann.pk]
    page = client.get(reverse("public:player_link", kwargs={"token": token}))
    assert 'name="hand_number"' not in page.content.decode()  # the page hides the form
    posted = client.post(
        reverse("public:player_link_query", kwargs={"token": token}),
        {
            "round_number": 1,
            "table_number": 1,
            "half": 1,
            "hand_number": 1,
            "text": "wrong payment",
        },
    )
    assert posted.status_code == 400 and "not public yet" in posted.content.decode()
    assert not HandQuery.objects.exists()

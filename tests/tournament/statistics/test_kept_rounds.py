"""The event's figures kept per set of rounds: after any write through the services they equal a
fresh build, and a save in the current round reads only that round again."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.kept import kept, kept_value
from tests.tournament.builders import entry, make_user
from tests.tournament.statistics.events import make_stats_event
from tournament.models import Hand, Session, Tournament
from tournament.play.selectors.sessions import session_next_number
from tournament.play.services.double_entry import hand_confirm
from tournament.play.services.hands import hand_correct, hand_delete, hand_save
from tournament.play.services.sessions import session_reopen
from tournament.statistics import figures as f
from tournament.statistics.selectors.event import (
    event_statistics,
    event_statistics_build,
    rounds_rows_kept,
    statistics_forget,
)

rounds_kept = kept("rounds_kept", make_stats_event)


@pytest.fixture
def event(rounds_kept, db):
    statistics_forget()
    yield Tournament.objects.get(pk=kept_value(rounds_kept, "stats event"))
    statistics_forget()  # rows kept for a state that the test's rollback undoes


def _everything(figures: f.EventFigures) -> tuple:
    return (
        [vars(line) for line in figures.rounds],
        {pid: vars(line) for pid, line in sorted(figures.players.items())},
        figures.values,
        figures.patterns,
        [hand.row for hand in figures.big_hands],
        [vars(line) for line in figures.countries],
    )


def _kept(tournament) -> f.EventFigures:
    tournament.refresh_from_db()
    return event_statistics(tournament, round_limit=None, last_write=tournament.last_write)


def _open(session: Session, judge) -> Session:
    if session.status == Session.Status.RECONCILED:
        session_reopen(session=session, user=judge, reason="A hand to correct")
    return Session.objects.select_related("round__tournament", "table").get(pk=session.pk)


def _to_a_draw(hand: Hand, session: Session, judge) -> None:
    """Correct ``hand`` to a draw through the service, as the head judge would."""
    hand_correct(
        hand=hand,
        entry=entry(session, hand.number, outcome="draw"),
        user=judge,
        reason="It was a draw",
        version=hand.version,
    )


def _session(tournament, round_number: int, table_number: int) -> Session:
    return Session.objects.select_related("round__tournament", "table").get(
        round__tournament=tournament, round__number=round_number, table__number=table_number
    )


def test_a_save_in_the_current_round_reads_only_that_round_again(event):
    earlier, current = rounds_rows_kept(event, None)
    judge = make_user("judge")
    session = _session(event, 3, 2)
    hand_save(session=session, entry=entry(session, 2, winner="N", discarder="E"), user=judge)
    figures = _kept(event)
    assert _everything(figures) == _everything(event_statistics_build(event, round_limit=None))
    assert figures.rounds[2].hands == 5  # round 3: four confirmed hands before, one more now
    kept_earlier, read_again = rounds_rows_kept(event, None)
    assert kept_earlier is earlier  # rounds 1 and 2: kept
    assert read_again is not current
    assert len(read_again.groups) == len(current.groups) + 1  # table 2's win beside its draw


def test_a_correction_in_an_earlier_round_is_counted(event):
    _kept(event)
    judge = make_user("head")
    hand = (
        Hand.objects.filter(session__round__tournament=event, session__round__number=1)
        .exclude(outcome="draw")
        .order_by("session__table__number", "number")
        .first()
    )
    session = _open(hand.session, judge)
    _to_a_draw(hand, session, judge)
    assert _everything(_kept(event)) == _everything(event_statistics_build(event, round_limit=None))
    assert _kept(event).rounds[0].draws == event_statistics_build(event, round_limit=1).draws


WRITES = st.lists(
    st.tuples(st.sampled_from(["save", "delete", "correct", "confirm"]), st.integers(0, 40)),
    min_size=1,
    max_size=4,
)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(writes=WRITES)
def test_the_kept_figures_equal_a_fresh_build_after_any_writes(event, writes):
    statistics_forget()
    judge = make_user("head")
    with transaction.atomic():
        _kept(event)
        for kind, pick in writes:
            hands = list(
                Hand.objects.filter(session__round__tournament=event)
                .select_related("session__round__tournament", "session__table")
                .order_by("session__round__number", "session__table__number", "number")
            )
            hand = hands[pick % len(hands)]
            session = _open(hand.session, judge)
            if kind == "save":
                number = session_next_number(session)
                if number is not None:
                    hand_save(session=session, entry=entry(session, number), user=judge)
            elif kind == "delete":
                hand_delete(hand=hand, user=judge, reason="Entered twice", version=hand.version)
            elif kind == "correct" and hand.outcome != "draw":
                _to_a_draw(hand, session, judge)
            elif kind == "confirm" and not hand.confirmed:
                second = entry(session, hand.number, winner="W", discarder="E")  # as entered
                assert hand_confirm(hand=hand, entry=second, user=make_user("judge")) is None
            fresh = event_statistics_build(event, round_limit=None)
            assert _everything(_kept(event)) == _everything(fresh)
        transaction.set_rollback(True)
    statistics_forget()

"""The table's own entry of each hand (issue 24, point 3): first or second entry, compared with
the desk's exactly as two desk entries are, and every refusal (reconciled session, a hand out of
order, a second table entry of one hand) with its reason and nothing saved.

Vocabulary: see `tournament.play.services.table`.
"""

import pytest
from django.core.exceptions import PermissionDenied
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournament.builders import entry, make_session, make_user, seat_players
from tournament.models import (
    AuditEntry,
    Hand,
    HandEntry,
    Payment,
    Session,
    SessionScore,
    TableEntry,
)
from tournament.play.selectors.sheet import session_totals
from tournament.play.selectors.table import table_next_number, table_signals
from tournament.play.services.double_entry import hand_confirm, hand_resolve
from tournament.play.services.hands import HandNumberTaken, hand_save
from tournament.play.services.sessions import SessionClosedError, session_reconcile
from tournament.play.services.table import TableEntryRefused, desk_entry_save, table_entry_save

pytestmark = pytest.mark.django_db


def _fresh(session):
    return Session.objects.select_related("round__tournament", "table").get(pk=session.pk)


def _states(session):
    return [(s.number, s.state) for s in table_signals([session.pk])[session.pk]]


@pytest.fixture
def double():
    return make_session(double_entry=True)


@pytest.fixture
def single():
    return make_session(double_entry=False)


def test_desk_first_then_the_same_entry_at_the_table_confirms_the_hand(double):
    desk, table = make_user(), make_user()
    hand_save(session=double, entry=entry(double), user=desk)
    assert _states(double) == [(1, "awaiting_table")]
    done = table_entry_save(session=_fresh(double), entry=entry(double), user=table)
    hand = Hand.objects.get(pk=done.hand.pk)
    assert done.result == "confirmed" and hand.confirmed and hand.confirmed_by == table
    assert TableEntry.objects.get(hand=hand).first is False
    assert _states(double) == [(1, "confirmed")]
    assert sum(session_totals(double).values()) == 0 and session_totals(double)


def test_a_different_table_entry_goes_to_the_head_judge_who_resolves_it(double):
    desk, table, head = make_user(), make_user(), make_user("head")
    hand_save(session=double, entry=entry(double), user=desk)
    done = table_entry_save(session=_fresh(double), entry=entry(double, winner="N"), user=table)
    hand = Hand.objects.get(pk=done.hand.pk)
    assert done.result == "mismatch" and not hand.confirmed
    second = HandEntry.objects.get(hand=hand)
    assert second.entered_by == table and second.data["winner"] == seat_players(double)["N"]
    assert _states(double) == [(1, "mismatch")]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.MISMATCH, user=table).exists()
    hand_resolve(hand=hand, second=second, keep="second", user=head, version=hand.version)
    hand.refresh_from_db()
    assert hand.confirmed and hand.winner_id == seat_players(double)["N"]
    assert _states(double) == [(1, "confirmed")]


def test_table_first_then_the_desk_second_entry(double):
    table, desk = make_user(), make_user()
    done = table_entry_save(session=double, entry=entry(double), user=table)
    assert done.result == "first" and not done.hand.confirmed
    assert done.hand.entered_by == table and TableEntry.objects.get().first is True
    assert _states(double) == [(1, "awaiting_desk")]
    assert hand_confirm(hand=done.hand, entry=entry(double), user=desk) is None
    assert Hand.objects.get().confirmed and _states(double) == [(1, "confirmed")]


def test_the_desk_saving_a_number_the_table_just_took_becomes_the_second_entry(double):
    table, desk = make_user(), make_user()
    table_entry_save(session=double, entry=entry(double), user=table)
    done = desk_entry_save(session=_fresh(double), entry=entry(double), user=desk)
    assert done.result == "confirmed" and Hand.objects.get().confirmed_by == desk
    assert Hand.objects.count() == 1 and Payment.objects.count() == 4


def test_two_desk_judges_on_one_number_are_still_refused(double):
    """The desk's race with the desk is unchanged: only the table's first entry is taken over."""
    hand_save(session=double, entry=entry(double), user=make_user())
    with pytest.raises(HandNumberTaken):
        desk_entry_save(session=_fresh(double), entry=entry(double), user=make_user())


def test_single_entry_a_table_entry_of_a_desk_hand_is_a_check_that_matches(single):
    desk, table = make_user(), make_user()
    hand_save(session=single, entry=entry(single), user=desk)
    done = table_entry_save(session=_fresh(single), entry=entry(single), user=table)
    assert done.result == "confirmed" and Hand.objects.get().confirmed
    assert not HandEntry.objects.exists() and _states(single) == [(1, "confirmed")]


def test_single_entry_a_differing_table_check_flags_the_hand(single):
    desk, table = make_user(), make_user()
    hand_save(session=single, entry=entry(single), user=desk)
    before = session_totals(single)
    assert any(before.values())
    done = table_entry_save(session=_fresh(single), entry=entry(single, outcome="draw"), user=table)
    hand = Hand.objects.get()
    assert done.result == "mismatch" and not hand.confirmed
    assert HandEntry.objects.get(hand=hand).data["outcome"] == "draw"
    kept = SessionScore.objects.filter(session=single)
    assert not any(kept.values_list("hand_points", flat=True))  # counts again once resolved
    hand_resolve(
        hand=hand,
        second=HandEntry.objects.get(),
        keep="first",
        user=make_user("head"),
        version=hand.version,
    )
    assert Hand.objects.get().confirmed and session_totals(single) == before
    assert sorted(kept.values_list("hand_points", flat=True)) == sorted(before.values())


def test_single_entry_the_table_enters_a_hand_the_desk_does_not_have(single):
    done = table_entry_save(session=single, entry=entry(single), user=make_user())
    assert done.result == "first" and done.hand.confirmed
    assert _states(single) == [(1, "confirmed")]
    # The desk's entry from the signed card is compared, never refused (issue 36, point 3).
    desk = make_user()
    again = desk_entry_save(session=_fresh(single), entry=entry(single), user=desk)
    assert again.result == "confirmed" and Hand.objects.get().confirmed_by == desk
    with pytest.raises(HandNumberTaken):  # once the desk has entered it, it finds it saved
        desk_entry_save(session=_fresh(single), entry=entry(single), user=make_user())


def test_a_second_table_entry_of_one_hand_is_refused(double):
    table = make_user()
    table_entry_save(session=double, entry=entry(double), user=table)
    hand_confirm(hand=Hand.objects.get(), entry=entry(double), user=make_user())
    with pytest.raises(TableEntryRefused, match="already been entered at the table"):
        table_entry_save(session=_fresh(double), entry=entry(double), user=make_user())
    assert TableEntry.objects.count() == 1 and Hand.objects.get().confirmed


def test_a_hand_out_of_order_is_refused(double):
    with pytest.raises(TableEntryRefused, match="the table's next hand is hand 1"):
        table_entry_save(session=double, entry=entry(double, number=2), user=make_user())
    assert not Hand.objects.exists() and not TableEntry.objects.exists()
    assert table_next_number(double) == 1


def test_the_table_catches_up_with_the_desk_in_order(double):
    desk = make_user()
    for number in (1, 2, 3):
        hand_save(session=_fresh(double), entry=entry(double, number=number), user=desk)
    with pytest.raises(TableEntryRefused, match="next hand is hand 1"):
        table_entry_save(session=_fresh(double), entry=entry(double, number=3), user=make_user())
    table = make_user()
    for number in (1, 2, 3):
        table_entry_save(session=_fresh(double), entry=entry(double, number=number), user=table)
    assert table_next_number(double) == 4
    assert _states(double) == [(1, "confirmed"), (2, "confirmed"), (3, "confirmed")]


def test_a_table_entry_for_a_reconciled_session_is_refused(single):
    hand_save(session=single, entry=entry(single), user=make_user())
    totals = session_totals(single)
    card = {pid: totals.get(pid, 0) for pid in seat_players(single).values()}
    assert session_reconcile(session=_fresh(single), card_totals=card, user=make_user()).matches
    with pytest.raises(SessionClosedError, match="reconciled"):
        table_entry_save(session=_fresh(single), entry=entry(single, number=1), user=make_user())
    assert not TableEntry.objects.exists()


def test_the_official_who_entered_the_hand_cannot_confirm_it_at_the_table(double):
    judge = make_user()
    hand_save(session=double, entry=entry(double), user=judge)
    with pytest.raises(PermissionDenied):
        table_entry_save(session=_fresh(double), entry=entry(double), user=judge)
    assert not TableEntry.objects.exists() and not Hand.objects.get().confirmed


def test_a_hand_with_a_pending_mismatch_is_refused_at_the_table(double):
    hand_save(session=double, entry=entry(double), user=make_user())
    hand_confirm(hand=Hand.objects.get(), entry=entry(double, winner="N"), user=make_user())
    with pytest.raises(TableEntryRefused, match="waiting for the head judge"):
        table_entry_save(session=_fresh(double), entry=entry(double), user=make_user())
    assert HandEntry.objects.count() == 1 and not TableEntry.objects.exists()


def test_a_deleted_hand_takes_its_table_entry_with_it(double):
    from tournament.play.services.hands import hand_delete

    table = make_user()
    done = table_entry_save(session=double, entry=entry(double), user=table)
    hand_delete(hand=done.hand, user=table, reason="wrong table", version=done.hand.version)
    assert not TableEntry.objects.exists() and table_next_number(double) == 1


@given(
    plan=st.lists(
        st.tuples(st.sampled_from(["desk", "table"]), st.booleans(), st.booleans()),
        min_size=1,
        max_size=4,
    )
)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_order_of_desk_and_table_entries_keeps_every_entry(plan):
    """For each hand in turn: who enters first, whether the two agree, whether double entry is
    on. Whatever the order, each hand ends with one table entry, confirmed exactly when both
    entries agree, and a differing entry kept for the head judge: nothing is lost."""
    for who_first, agree, double_entry in plan:
        session = make_session(double_entry=double_entry)
        desk, table = make_user(), make_user()
        desk_data = entry(session)
        table_data = entry(session) if agree else entry(session, winner="N")
        sides = [
            (desk_entry_save, desk, desk_data),
            (table_entry_save, table, table_data),
        ]
        if who_first == "table":
            sides.reverse()
        results = []
        for service, user, data in sides:
            try:
                results.append(service(session=_fresh(session), entry=data, user=user).result)
            except HandNumberTaken:
                results.append("refused")
        hand = Hand.objects.get(session=session)
        assert TableEntry.objects.filter(hand=hand).count() == 1
        # Single entry too: the desk's entry after the table's is compared, never refused.
        assert results == ["first", "confirmed" if agree else "mismatch"]
        assert hand.confirmed is agree
        assert HandEntry.objects.filter(hand=hand).count() == (0 if agree else 1)
        assert Payment.objects.filter(hand=hand).count() == 4

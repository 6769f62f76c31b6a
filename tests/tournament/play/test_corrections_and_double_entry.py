"""Corrections (optimistic locking, audit log) and double entry at the judges' desk."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.tournament.builders import BIG, entry, make_session, make_user, seat_players
from tournament.models import AuditEntry, Hand, HandEntry, Payment
from tournament.play.services.double_entry import hand_confirm, hand_resolve
from tournament.play.services.hands import StaleHandError, hand_correct, hand_delete, hand_save

pytestmark = pytest.mark.django_db


def saved(session, **fields):
    return hand_save(session=session, entry=entry(session, **fields), user=make_user())


def test_correction_replaces_payments_bumps_version_and_is_audited():
    session = make_session()
    hand = saved(session)
    judge = make_user(name="corrector")
    fixed = hand_correct(
        hand=hand, entry=entry(session, tiles=BIG), user=judge, reason="Wrong tiles", version=1
    )
    assert (fixed.value, fixed.version) == (140, 2)
    amounts = sorted(Payment.objects.filter(hand=hand).values_list("amount", flat=True))
    assert amounts == [-370, -25, -25, 420]
    log = AuditEntry.objects.get(action="correct")
    assert (log.user, log.reason, log.hand_number) == (judge, "Wrong tiles", 1)
    assert (log.before["value"], log.after["value"]) == (10, 140)
    assert log.before["version"] == 1 and log.after["version"] == 2


def test_correction_needs_a_reason():
    session = make_session()
    hand = saved(session)
    with pytest.raises(ValidationError, match="reason"):
        hand_correct(hand=hand, entry=entry(session), user=make_user(), reason=" ", version=1)


def test_stale_correction_is_refused_with_the_other_change_shown():
    session = make_session()
    hand = saved(session)
    first, second = make_user(name="ann"), make_user(name="bob")
    hand_correct(hand=hand, entry=entry(session, tiles=BIG), user=first, reason="a", version=1)
    with pytest.raises(StaleHandError) as refused:
        hand_correct(
            hand=hand, entry=entry(session, outcome="draw"), user=second, reason="b", version=1
        )
    assert "version 1" in refused.value.message and "now version 2" in refused.value.message
    assert refused.value.current["value"] == 140
    assert Hand.objects.get().value == 140
    assert AuditEntry.objects.filter(action="correct").count() == 1


def test_delete_needs_reason_checks_version_and_is_audited():
    session = make_session()
    hand = saved(session)
    with pytest.raises(StaleHandError):
        hand_delete(hand=hand, user=make_user(), reason="dup", version=7)
    with pytest.raises(ValidationError, match="reason"):
        hand_delete(hand=hand, user=make_user(), reason="", version=1)
    hand_delete(hand=hand, user=make_user(), reason="Entered twice", version=1)
    assert not Hand.objects.exists() and not Payment.objects.exists()
    log = AuditEntry.objects.get(action="delete")
    assert log.reason == "Entered twice" and log.before["value"] == 10 and log.after is None


def test_deleted_hand_number_is_offered_again():
    from tournament.play.selectors.sessions import session_next_number

    session = make_session()
    saved(session)
    two = hand_save(session=session, entry=entry(session, 2, outcome="draw"), user=make_user())
    assert session_next_number(session) == 3
    hand_delete(hand=Hand.objects.get(number=1), user=make_user(), reason="x", version=1)
    assert session_next_number(session) == 1
    assert two.pk


def test_double_entry_hand_stays_unconfirmed_until_entered_again():
    session = make_session(double_entry=True)
    first, second = make_user(), make_user()
    hand = hand_save(session=session, entry=entry(session), user=first)
    assert not hand.confirmed
    assert (
        hand_confirm(hand=hand, entry=entry(session, tiles="5m 123m 456p 234789s"), user=second)
        is None
    )  # same hand, typed differently: a match
    hand.refresh_from_db()
    assert hand.confirmed and hand.confirmed_by == second
    assert AuditEntry.objects.filter(action="confirm", user=second).exists()


def test_nobody_confirms_their_own_entry():
    session = make_session(double_entry=True)
    judge = make_user()
    hand = hand_save(session=session, entry=entry(session), user=judge)
    with pytest.raises(PermissionDenied):
        hand_confirm(hand=hand, entry=entry(session), user=judge)
    hand.refresh_from_db()
    assert not hand.confirmed


def test_mismatch_is_kept_for_the_head_judge_who_keeps_one_entry():
    session = make_session(double_entry=True)
    first, second, head = make_user(), make_user(), make_user("head")
    hand = hand_save(session=session, entry=entry(session), user=first)
    mismatch = hand_confirm(hand=hand, entry=entry(session, tiles=BIG), user=second)
    assert isinstance(mismatch, HandEntry) and mismatch.entered_by == second
    hand.refresh_from_db()
    assert not hand.confirmed
    assert AuditEntry.objects.filter(action="mismatch").exists()
    with pytest.raises(PermissionDenied):  # the first official cannot pick his own entry
        hand_resolve(hand=hand, second=mismatch, keep="first", user=first, version=1)
    resolved = hand_resolve(hand=hand, second=mismatch, keep="second", user=head, version=1)
    assert resolved.confirmed and resolved.value == 140 and resolved.confirmed_by == head
    assert not HandEntry.objects.exists()
    ids = seat_players(session)
    assert Payment.objects.get(hand=hand, player_id=ids["W"]).amount == -370


def test_a_correction_under_double_entry_needs_confirming_again():
    session = make_session(double_entry=True)
    first, second = make_user(), make_user()
    hand = hand_save(session=session, entry=entry(session), user=first)
    hand_confirm(hand=hand, entry=entry(session), user=second)
    fixed = hand_correct(
        hand=hand, entry=entry(session, tiles=BIG), user=second, reason="x", version=1
    )
    assert not fixed.confirmed and fixed.entered_by == second
    with pytest.raises(PermissionDenied):
        hand_confirm(hand=fixed, entry=entry(session, tiles=BIG), user=second)
    assert hand_confirm(hand=fixed, entry=entry(session, tiles=BIG), user=first) is None


def test_single_entry_hands_are_confirmed_at_once():
    session = make_session()
    assert saved(session).confirmed
    assert not Hand.objects.filter(confirmed=False).exists()
    assert Hand.objects.get().outcome == "win"

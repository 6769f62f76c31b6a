"""Stored texts stay English: an audit summary built from a translatable label (a choice's
label, a field's verbose name) is written in English even when the judge or organiser works in
Chinese, so the log reads the same whoever wrote it (it is translated, if at all, on display).

Each test first checks that the label really is translated in Chinese, so it fails if the
service wrote the label in the active language."""

import datetime as dt

import pytest
from django.utils import translation

from tests.tournament.builders import make_reconciled_session, make_user, seat_players
from tournament.event.services.settings import tournament_settings_update
from tournament.models import AuditEntry, HandQuery, Penalty, Registration, Session, Tournament
from tournament.play.services import presets as preset_services
from tournament.play.services.penalties import penalty_record
from tournament.play.services.queries import hand_query_answer, hand_query_raise
from tournament.play.services.sessions import session_reopen

pytestmark = pytest.mark.django_db

CHINESE = "zh-hant"


def _translated(lazy) -> bool:
    with translation.override(CHINESE):
        chinese = str(lazy)
    with translation.override("en"):
        return chinese != str(lazy)


def test_a_settings_change_made_in_chinese_is_logged_in_english():
    session = make_reconciled_session()
    tournament = session.round.tournament
    field = Tournament._meta.get_field("players_confirm_at_table")
    assert _translated(field.verbose_name)
    with translation.override(CHINESE):
        tournament_settings_update(
            tournament=tournament,
            changes={"players_confirm_at_table": True},
            user=make_user("head"),
        )
    line = AuditEntry.objects.get(action=AuditEntry.Action.SETTINGS)
    with translation.override("en"):
        label = str(field.verbose_name).capitalize()
    assert line.after["summary"] == f"{label}: yes"
    assert line.before["summary"] == f"{label}: no"


def test_a_penalty_given_in_chinese_is_logged_in_english():
    session = make_reconciled_session()
    session_reopen(session=session, user=make_user("head"), reason="late penalty")
    assert _translated(Penalty.Mode.ZERO_SUM.label)
    with translation.override(CHINESE):
        penalty_record(
            session=session,
            player_id=seat_players(session)["E"],
            amount=9,
            mode=Penalty.Mode.ZERO_SUM,
            reason="Wrong claim",
            user=make_user(),
        )
    line = AuditEntry.objects.filter(action=AuditEntry.Action.PENALTY).get()
    assert line.after["mode"] == "Paid to the other three players"
    assert ": paid to the other three players. Wrong claim" in line.after["summary"]


def test_a_preset_saved_in_chinese_is_logged_in_english():
    session = make_reconciled_session()
    assert _translated(Penalty.Mode.DEDUCTION.label)
    with translation.override(CHINESE):
        preset_services.penalty_preset_save(
            tournament=session.round.tournament,
            values={"name": "Talking", "points": 30, "mode": "deduction"},
            user=make_user("head"),
        )
    line = AuditEntry.objects.get(action=AuditEntry.Action.PRESETS)
    assert line.after["summary"] == "Talking: 30 points, deducted from the player's total"


def test_a_reopening_in_chinese_logs_the_status_in_english():
    session = make_reconciled_session()
    assert _translated(Session.Status.RECONCILED.label)
    with translation.override(CHINESE):
        session_reopen(session=session, user=make_user("head"), reason="a query")
    line = AuditEntry.objects.get(action=AuditEntry.Action.REOPEN)
    assert line.before["summary"] == "Reconciled"
    assert line.after["summary"] == "Open"


def test_a_query_answered_in_chinese_is_logged_in_english():
    session = make_reconciled_session(appeal_window_minutes=30)
    reconciled = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)
    Session.objects.filter(pk=session.pk).update(reconciled_at=reconciled)
    session.refresh_from_db()
    ann = Registration.objects.select_related("player").get(
        tournament=session.round.tournament, player_id=seat_players(session)["E"]
    )
    query = hand_query_raise(
        registration=ann,
        session=session,
        hand_number=1,
        text="The tile was mine",
        now=reconciled + dt.timedelta(minutes=5),
    )
    assert _translated(HandQuery.Status.DISMISSED.label)
    with translation.override(CHINESE):
        hand_query_answer(query=query, upheld=False, answer="Seen on video", user=make_user())
    line = AuditEntry.objects.get(action=AuditEntry.Action.QUERY_ANSWER)
    assert line.after["summary"] == (
        f"Dismissed the query of {ann.player.name} on hand 1: Seen on video"
    )

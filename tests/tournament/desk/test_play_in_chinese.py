"""The desk's play texts in the reader's language: the double-entry comparison, the health
page, a service's refusal on the penalty form, the round clock, the "Now saved" summary of a
hand and a preset's reason. English stays the data (audit log, ``str``); each test checks the
page says it in Chinese, so it fails while any of them is shown in English."""

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.translation import translate_message
from tests.tournament.builders import entry, make_session, make_user, seat_players
from tournament.models import Round, Session
from tournament.play.comparison import compare
from tournament.play.entry.evaluation import evaluate, rules_for
from tournament.play.entry.hand_entry import entry_summary
from tournament.play.labels import session_label
from tournament.play.penalties import PresetTerms, preset_outcome, reason_message
from tournament.play.selectors.sessions import seating_of
from tournament.play.services import clock as clock_services
from tournament.play.services import double_entry as double_entry_services
from tournament.play.services import hands as hand_services

pytestmark = pytest.mark.django_db

CHINESE = "?lang=zh-hant"


def _url(session, name, *extra):
    args = [session.round.tournament.slug, session.round.number, session.table.number, *extra]
    return reverse(name, args=args)


def test_comparison_rows_and_words_are_translated_and_stay_english_as_text():
    session = make_session()
    seating = seating_of(session)
    rules = rules_for(session.round.tournament)
    first = evaluate(entry(session, 1), seating=seating, rules=rules)
    second = evaluate(entry(session, 1, win_type="self_draw"), seating=seating, rules=rules)
    rows = {row.label: row for row in compare(first, second, seating)}
    assert rows["How"].first == "Discard" and rows["How"].second == "Self-draw"
    with translation.override("zh-hant"):
        labels = [translate_message(label) for label in rows]
        how = rows["How"]
        assert (translate_message(how.first), translate_message(how.second)) == ("出銃", "自摸")
        assert translate_message(rows["Outcome"].first) == "和牌"
    with translation.override("zh-hans"):
        assert translate_message(rows["How"].first) == "点炮"
    assert "和牌方式" in labels and "同圈免責" in labels
    payment = [label for label in labels if label.startswith("收付：")]
    assert len(payment) == 4 and all("本局" in label for label in payment)


def test_the_resolve_page_compares_in_chinese(client):
    session = make_session(double_entry=True)
    hand = hand_services.hand_save(session=session, entry=entry(session, 1), user=make_user())
    second = make_user()
    # The second entry differs: the hand waits for the head judge.
    double_entry_services.hand_confirm(
        hand=hand, entry=entry(session, 1, win_type="self_draw"), user=second
    )
    client.force_login(make_user("head"))
    body = client.get(_url(session, "desk:hand_resolve", 1) + CHINESE).content.decode()
    assert "和牌方式" in body and "自摸" in body and "出銃" in body
    assert "Self-draw" not in body and "Same-Round Immunity" not in body
    assert "第 1 輪，第 1 桌" in body  # the session's label in the crumbs


def test_the_health_page_in_chinese(client):
    session = make_session()
    hand_services.hand_save(session=session, entry=entry(session, 1), user=make_user())
    client.force_login(make_user())
    url = reverse("desk:tournament_health", args=[session.round.tournament.slug])
    body = client.get(url + CHINESE).content.decode()
    assert "未核對的場次" in body
    assert "第 1 輪第 1 桌尚未核對。" in body
    assert "is not reconciled" not in body and "Sessions not reconciled" not in body


def test_a_refusal_of_the_penalty_service_is_shown_in_chinese(client):
    session = make_session()
    ids = seat_players(session)
    client.force_login(make_user())
    data = {"player": ids["E"], "amount": 5, "mode": "deduction", "reason": "late"}
    response = client.post(
        _url(session, "desk:penalty_record") + CHINESE, {**data, "hand_number": 9}
    )
    body = response.content.decode()
    assert "第 9 局尚未錄入。" in body
    assert "has not been entered" not in body


def test_the_round_clock_when_paused_in_chinese(client):
    session = make_session()
    round_ = Round.objects.get(pk=session.round_id)
    head = make_user("head")
    clock_services.round_clock_control(round_=round_, action="start", minutes=90, user=head)
    round_.refresh_from_db()
    clock_services.round_clock_control(round_=round_, action="pause", minutes=0, user=head)
    client.force_login(head)
    url = reverse("desk:round_desk", args=[session.round.tournament.slug, 1])
    body = client.get(url + "?lang=zh-hans").content.decode()
    assert 'class="round-clock paused"' in body
    assert '<span class="badge">已暂停</span>' in body
    assert 'data-over="时间到！"' in body
    assert "第 1 轮" in body
    english = client.get(url + "?lang=en").content.decode()
    assert '<span class="badge">paused</span>' in english and 'data-over="Time!"' in english


def test_a_hand_summary_is_english_text_and_chinese_on_the_page():
    session = make_session()
    seating = seating_of(session)
    hand = entry(session, 1, flags=("final_discard",))
    summary = entry_summary(hand, 40, seating.names)
    winner, discarder = seating.names[hand.winner], seating.names[hand.discarder]
    assert summary == (
        f"Win by {winner}, discard from {discarder}, 40 points: {hand.tiles} +5m (Final discard)"
    )
    with translation.override("zh-hant"):
        assert translate_message(summary) == (
            f"{winner} 和牌，出銃（{discarder}），40 分：{hand.tiles} +5m （河底撈魚）"
        )


def test_a_preset_reason_is_stored_english_and_read_back_in_chinese():
    """Stored in English; a shipped preset's words read back in Chinese, an organiser's own
    as typed."""
    terms = PresetTerms("Late arrival", 30, per="missed game")
    reason = preset_outcome(terms, count=2, warned_before=False, note="ten minutes").reason
    assert type(reason) is str and reason == "Late arrival: 2 x missed game. ten minutes"
    with translation.override("zh-hans"):
        # The shipped presets' words are product text: said in the reader's language.
        shown = translate_message(reason_message(reason, "Late arrival"))
        assert shown == "迟到：2 × 缺席一局。ten minutes"
        warned = reason_message("Talking: warning", "Talking")
        assert translate_message(warned) == "交谈：警告"
        # An organiser's own preset stays as they typed it.
        own = preset_outcome(PresetTerms("Phone rang", 10, per="ring"), count=3, warned_before=True)
        assert translate_message(reason_message(own.reason, "Phone rang")) == "Phone rang：3 × ring"
    assert reason_message("Talking: warning. said sorry", None) == "Talking: warning. said sorry"


def test_a_session_label_follows_the_language():
    session = Session.objects.select_related("round", "table").get(pk=make_session().pk)
    assert session_label(session) == str(session) == "Round 1, Table 1"
    with translation.override("zh-hant"):
        assert session_label(session) == "第 1 輪，第 1 桌"

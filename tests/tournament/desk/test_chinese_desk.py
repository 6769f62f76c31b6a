"""A Chinese-speaking judge at the desk: full-width tiles from an input method are the same
tiles, the lists answer the same letters in every language, a Simplified page names the
patterns in Simplified characters, the calculator opened from a tournament uses its minimum,
a later hand than the next is refused with the reason (and the draws between on the judge's
word, never a silent renumbering), an illegal win saved with Enter says so at the top of the
form, the round desk keeps its chips for tables that use the table page, and a session's
header shows the signed final totals."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tests.tournament.builders import (
    SMALL,
    entry,
    form_data,
    make_session,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.models import AuditEntry, Hand
from tournament.play.forms import CalculatorForm, HandForm
from tournament.play.preview import plain_words
from tournament.play.selectors.desk import round_desk
from tournament.play.selectors.sheet import session_sheet
from tournament.play.selectors.table import table_signals
from tournament.play.services.hands import hand_save
from tournament.play.services.penalties import penalty_record
from tournament.play.services.table import table_entry_save

pytestmark = pytest.mark.django_db

#: The 10-point hand of `SMALL`, as a Chinese input method types it: full-width digits and
#: letters, ideographic spaces.
FULL_WIDTH = "１２３ｍ　４５６ｐ　７８９ｓ　２３４ｓ　５ｍ"


def _sheet(session, name="desk:session_sheet", *extra):
    args = [session.round.tournament.slug, session.round.number, session.table.number, *extra]
    return reverse(name, args=args)


def _options(html: str, name: str) -> list[tuple[str, str]]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select)


# --- full-width input ---------------------------------------------------------------------


def test_a_hand_typed_full_width_is_saved_as_the_same_tiles(client):
    session = make_session()
    client.force_login(make_user())
    post = {**form_data(session), "tiles": FULL_WIDTH, "winning_tile": "５ｍ"}
    response = client.post(_sheet(session) + "?lang=zh-hans", post)
    assert response.status_code == 302, response.content.decode()[:2000]
    hand = Hand.objects.get(session=session)
    assert hand.value == 10 and hand.winning_tile == "5m"
    assert "１" not in hand.concealed and "5m" not in hand.concealed.split("ｍ")


def test_the_preview_reads_full_width_melds(client):
    session = make_session()
    client.force_login(make_user())
    post = {
        **form_data(session),
        "tiles": "１２３ｍ　４５６ｐ　２３４ｓ　５ｍ　［７８９ｓ］",
        "winning_tile": "５ｍ",
    }
    html = client.post(_sheet(session, "desk:hand_preview"), post).content.decode()
    assert 'data-preview-state="ok"' in html


def test_a_refused_character_is_named_not_escaped(client):
    session = make_session()
    client.force_login(make_user())
    post = {**form_data(session), "tiles": "１２３ｍ\u200b４５６ｐ", "winning_tile": "5m"}
    html = client.post(_sheet(session), post).content.decode()
    assert "U+200B" in html and "\\u200b" not in html and "\\x" not in html


# --- the same keys in every language --------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_every_list_choice_starts_with_its_key_letter(language):
    session = make_session()
    seating_form = HandForm(seating=_seating(session), number=1)
    keys = {
        "outcome": {"win": "W", "draw": "D", "false_win": "F"},
        "win_type": {"self_draw": "S", "discard": "D", "robbing_kong": "R"},
        "immunity": {"": "N", "other": "A", "nobody": "N"},
    }
    with translation.override(language):
        for name, wanted in keys.items():
            labels = dict(seating_form.fields[name].choices)
            for value, key in wanted.items():
                assert str(labels[value])[:1].upper() == key, (language, name, labels[value])
        calculator = CalculatorForm()
        winners = [str(label)[:1] for value, label in calculator.fields["winner"].choices if value]
        assert winners == ["E", "S", "W", "N"]


def test_a_chinese_page_offers_the_letters_in_its_lists(client):
    session = make_session()
    client.force_login(make_user())
    html = client.get(_sheet(session) + "?lang=zh-hans").content.decode()
    assert ("self_draw", "S · 自摸") in _options(html, "win_type")
    assert ("draw", "D · 流局（牌摸完）") in _options(html, "outcome")
    dealer = seat_players(session)["E"]
    assert f'data-dealer="{dealer}"' in html  # Blessing of Earth finds the dealer by it


def _seating(session):
    from tournament.play.selectors.sessions import seating_of

    return seating_of(session)


# --- pattern names in the reader's script -----------------------------------------------------


def test_a_simplified_preview_names_the_patterns_in_simplified(client):
    session = make_session()
    client.force_login(make_user())
    post = form_data(session)
    for language, wanted, other in (
        ("zh-hans", "门前清", "門前清"),
        ("zh-hant", "門前清", "门前清"),
    ):
        client.cookies["django_language"] = language
        html = client.post(_sheet(session, "desk:hand_preview"), post).content.decode()
        assert wanted in html and other not in html, language
    client.cookies["django_language"] = "en"
    html = client.post(_sheet(session, "desk:hand_preview"), post).content.decode()
    assert "Concealed Hand" in html and "門前清" in html


def test_the_calculator_in_simplified_names_the_patterns_in_simplified(client):
    query = {"tiles": SMALL, "winning_tile": "5m", "win_type": "self_draw", "lang": "zh-hans"}
    html = client.get(reverse("public:calculator"), query).content.decode()
    assert "门前清" in html and "門前清" not in html


# --- the calculator from a tournament's menu -------------------------------------------------


def test_the_menus_calculator_carries_the_tournaments_minimum(client):
    tournament = make_tournament(minimum_points=15)
    page = client.get(reverse("public:tournament_detail", args=[tournament.slug]))
    link = re.search(r'href="([^"]*calculator[^"]*)"', page.content.decode()).group(1)
    assert f"rules={tournament.slug}" in link
    opened = client.get(link.replace("&amp;", "&")).content.decode()
    assert re.search(r'name="minimum" value="15"', opened)
    assert 'id="rules-of"' in opened
    query = {"tiles": SMALL, "winning_tile": "5m", "win_type": "self_draw"}
    scored = client.get(reverse("public:calculator"), {**query, "rules": tournament.slug})
    scored = scored.content.decode()
    assert "below the 15-point minimum" in scored
    plain = client.get(reverse("public:calculator"), query).content.decode()
    assert "below the 15-point minimum" not in plain and 'data-total="10"' in plain


# --- a later hand than the next -----------------------------------------------------------------


def test_a_later_hand_is_refused_with_the_reason_and_never_renumbered(client):
    session = make_session()
    judge = make_user()
    hand_save(session=session, entry=entry(session, 1), user=judge)
    client.force_login(judge)
    response = client.post(_sheet(session), form_data(session, 5))
    html = response.content.decode()
    assert response.status_code == 422
    assert list(Hand.objects.filter(session=session).values_list("number", flat=True)) == [1]
    assert "the next hand of" in html and 'id="draws-before"' in html
    assert "Hands 2-4 are not in yet" in html
    assert re.search(r'<input[^>]*name="number"[^>]*value="5"', html)
    assert "readonly" not in re.search(r'<input[^>]*name="number"[^>]*>', html).group(0)


def test_the_draws_before_a_later_hand_are_recorded_on_the_judges_word(client):
    session = make_session()
    judge = make_user()
    hand_save(session=session, entry=entry(session, 1), user=judge)
    client.force_login(judge)
    response = client.post(_sheet(session), {**form_data(session, 5), "draws_before": "1"})
    assert response.status_code == 302
    hands = {h.number: h for h in Hand.objects.filter(session=session)}
    assert sorted(hands) == [1, 2, 3, 4, 5]
    assert [hands[n].outcome for n in (2, 3, 4)] == ["draw"] * 3
    assert hands[5].outcome == "win" and hands[5].value == 10
    created = AuditEntry.objects.filter(session=session, action=AuditEntry.Action.CREATE)
    assert created.count() == 5
    page = client.get(_sheet(session)).content.decode()
    assert "Hands 2-4 recorded as exhaustive draws." in page


def test_a_refused_hand_after_the_draws_saves_none_of_them(client):
    session = make_session()
    client.force_login(make_user())
    bad = {**form_data(session, 3), "tiles": "123m", "draws_before": "1"}
    response = client.post(_sheet(session), bad)
    assert response.status_code == 422 and not Hand.objects.filter(session=session).exists()


# --- an illegal win saved with Enter ----------------------------------------------------------


def test_an_under_minimum_hand_saved_says_so_at_the_top_of_the_form(client):
    session = make_session(minimum_points=15)
    client.force_login(make_user())
    html = client.post(_sheet(session), form_data(session)).content.decode()
    top = re.search(r'<div class="errors">(.*?)</div>', html, re.S)
    assert top and "Nothing was saved." in top.group(1) and "15" in top.group(1)
    assert not Hand.objects.filter(session=session).exists()


# --- the round desk and the session's header ------------------------------------------------


def test_the_round_desk_shows_chips_only_for_tables_that_use_the_table_page():
    session = make_session(double_entry=True)
    judge = make_user()
    hand_save(session=session, entry=entry(session, 1), user=judge)
    hand_save(session=session, entry=entry(session, 2), user=judge)
    viewer = make_user("head")
    assert [card.signals for card in round_desk(session.round, viewer=viewer)] == [[]]
    assert len(table_signals([session.pk])[session.pk]) == 2  # the table page still has them
    table_entry_save(session=session, entry=entry(session, 1), user=make_user())
    (card,) = round_desk(session.round, viewer=viewer)
    # The confirmed hand is one count; the hand still waiting for the table is a chip.
    assert [(s.number, s.state) for s in card.signals] == [(2, "awaiting_table")]
    assert card.confirmed_at_table == 1


def test_the_session_header_shows_the_final_totals_with_the_penalties():
    session = make_session()
    ids = seat_players(session)
    judge = make_user()
    hand_save(session=session, entry=entry(session), user=judge)
    penalty_record(session=session, player_id=ids["N"], amount=30, reason="Talking", user=judge)
    sheet = session_sheet(session, viewer=judge)
    finals = {pid: total for _, pid, _, total in sheet.players}
    assert finals == {ids["E"]: -10, ids["S"]: 30, ids["W"]: -10, ids["N"]: -40}


# --- plain words for players, in Chinese too ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("RULINGS R12：点炮大牌由谁付。", "点炮大牌由谁付。"),
        ("因为局号决定门风（RULINGS R14）。没有保存", "因为局号决定门风。没有保存"),
        ("计分方式（最佳的 3 种组合之一，RULINGS R2）：", "计分方式（最佳的 3 种组合之一）："),
        (
            "RULINGS R12: who pays a big hand won on a discard.",
            "Who pays a big hand won on a discard.",
        ),
    ],
)
def test_plain_words_drop_rule_numbers_written_with_chinese_marks(text, plain):
    assert plain_words(text) == plain


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_the_calculators_help_has_no_rule_numbers_nor_a_leading_colon(client, language):
    html = client.get(reverse("public:calculator"), {"lang": language}).content.decode()
    helps = re.findall(r'<div class="helptext"[^>]*>([^<]*)</div>', html)
    assert helps and not [h for h in helps if "RULINGS" in h or h.startswith(("：", ":"))]


def test_the_tournament_audit_log_names_sessions_and_dates_in_the_readers_language(client):
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())
    client.force_login(make_user("head"))
    url = reverse("desk:tournament_audit", args=[session.round.tournament.slug])
    html = client.get(url, {"lang": "zh-hant"}).content.decode()
    assert "第 1 輪，第 1 桌" in html and "R1 T1" not in html
    assert re.search(r"\d+月\d+日 \d\d:\d\d:\d\d", html)


def test_the_calculator_names_no_hidden_tournament_and_asks_nothing_without_one(client):
    hidden = make_tournament(minimum_points=15, hidden=True)
    page = client.get(reverse("public:calculator"), {"rules": hidden.slug}).content.decode()
    assert hidden.name not in page and 'id="rules-of"' not in page
    assert 'name="minimum" value="5"' in page
    page = client.get(reverse("public:calculator"), {"rules": "no-such-event"})
    assert page.status_code == 200
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("public:calculator"), {"tiles": SMALL, "winning_tile": "5m"})
    assert not [q["sql"] for q in queries if "\"slug\" = ''" in q["sql"]]

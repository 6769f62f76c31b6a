"""The engine's messages keep today's English and say themselves in the reader's language.

The engine stays pure (no Django): a message is a `str` equal to its English text that also
keeps its template and params; `scoring.translation.translate_message` says it in the active
language, its word params (meld kinds, flag names, nested reasons) translated too, its tile
notation left as typed.
"""

import pickle
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.engine import (
    IllegalWinError,
    InvalidHandError,
    NotationError,
    Rules,
    parse_hand,
    parse_tiles,
    score_hand,
)
from scoring.engine.messages import Message, as_sentence
from scoring.translation import translate_message
from tests.tournament.builders import form_data, make_session, make_user

LOCALE = Path(__file__).resolve().parents[2] / "locale"


@pytest.fixture(autouse=True)
def english_afterwards():
    """A request with ``?lang=`` leaves its language active in the thread: English after."""
    yield
    translation.activate("en")


def _error(kind, call):
    with pytest.raises(kind) as raised:
        call()
    return raised.value


def test_a_problem_prints_its_english_and_keeps_its_template():
    error = _error(InvalidHandError, lambda: score_hand(parse_hand("123m 456p 789s E +5p")))
    problem = error.problems[0]
    assert str(problem) == (
        "wrong tile count: with 0 declared melds the hand holds 13 concealed tiles before the "
        "winning tile, got 10"
    )
    assert problem.template.startswith("wrong tile count: with %(melds)s")
    assert problem.params["count"] == 10
    assert pickle.loads(pickle.dumps(problem)).params == problem.params
    with translation.override("en"):
        assert translate_message(problem) == str(problem)


def test_a_judge_reads_the_tile_count_problem_in_traditional_chinese():
    error = _error(InvalidHandError, lambda: score_hand(parse_hand("123m 456p 789s E +5p")))
    with translation.override("zh-hant"):
        text = translate_message(as_sentence(error.problems[0]))
    assert text == "牌數不對：有 0 組宣告的副露時，和牌張之外應有 13 張暗牌，現在是 10 張。"


def test_word_params_are_translated_and_tiles_stay_as_typed():
    error = _error(NotationError, lambda: parse_tiles("12x"))
    with translation.override("zh-hans"):
        text = translate_message(error.message)
    assert "'12x'" in text and "第 1 个字符" in text
    assert "position" not in text

    illegal = _error(
        IllegalWinError,
        lambda: score_hand(parse_hand("[123m] 456p 678s 222s 9m +9m discard"), Rules(minimum=5)),
    )
    assert str(illegal).endswith("the declaration is a false win (RULINGS R10)")
    with translation.override("zh-hant"):
        text = translate_message(illegal.message)
    assert text == "雞和（1 分）低於 5 分的起和分 (RULINGS R7)：這次宣告和牌屬詐和 (RULINGS R10)"


def test_a_meld_problem_names_the_meld_kind_in_chinese():
    message = Message(
        "the %(kind)s %(tiles)s is not %(what)s",
        kind=Message("pung"),
        tiles="[345p]",
        what=Message("three identical tiles"),
    )
    with translation.override("zh-hant"):
        assert translate_message(message) == "刻子 [345p] 不是三張相同的牌"


def test_makemessages_found_the_engine_templates():
    for language in ("zh_Hant", "zh_Hans"):
        catalogue = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
        assert 'msgid "the winner (%(winner)s) cannot be the discarder"' in catalogue
        assert 'msgid "illegal win: %(why)s"' in catalogue


@pytest.mark.django_db
def test_the_desk_shows_the_engines_error_in_the_judges_language(client):
    session = make_session()
    client.force_login(make_user())
    post = form_data(session, tiles="123m 456p 789s E", winning_tile="5p")
    args = [session.round.tournament.slug, session.round.number, session.table.number]
    url = reverse("desk:hand_preview", args=args) + "?lang=zh-hant"
    page = client.post(url, post, headers={"HX-Request": "true"}).content.decode()
    assert "牌數不對" in page
    assert "wrong tile count" not in page
    english = client.post(
        reverse("desk:hand_preview", args=args) + "?lang=en", post, headers={"HX-Request": "true"}
    ).content.decode()
    assert "Wrong tile count: with 0 declared melds" in english


@pytest.mark.django_db
def test_the_calculator_says_a_notation_error_in_simplified_chinese(client):
    page = client.get(
        reverse("public:calculator"),
        {"tiles": "123m 456p 789s 11x", "winning_tile": "5p", "lang": "zh-hans"},
    ).content.decode()
    assert "个字符" in page and "at position" not in page

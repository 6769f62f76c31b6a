"""A Simplified-Chinese judge at the desk, in a real browser, with the keyboard only and a
Chinese input method's full-width characters: the lists answer the same letters as in
English (``s`` self-draw, ``d`` draw), the preview names the patterns in Simplified
characters, and a later hand than the next is refused with the reason until the judge says
the rows between were draws."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_desk_browser import card_letter, log_in, session_path
from tests.tournament.builders import make_session, make_user
from tournament.models import Hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: `SMALL` (10 points) as a Chinese input method types it.
FULL_WIDTH = "１２３ｍ　４５６ｐ　７８９ｓ　２３４ｓ　５ｍ"


def test_a_simplified_judge_types_full_width_tiles_and_the_english_letters(
    page, live_server, artifacts
):
    session = make_session(name="Hong Kong Open")
    judge = make_user("judge", name="zh-judge")
    judge.set_password("pw")
    judge.save()
    base = live_server.url
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": base}])
    log_in(page, base, "zh-judge", session_path(session))
    keys = page.keyboard

    # Hand 1: East's self-draw, typed full-width; "s" picks 自摸 in the Chinese list.
    page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
    expect(page.locator("#id_winner")).to_be_focused()
    keys.type(card_letter("E", 1).lower())
    keys.press("Tab")
    keys.type("s")
    expect(page.locator("#id_win_type")).to_have_value("self_draw")
    keys.press("Tab")
    keys.press("Tab")  # no discarder
    keys.type(FULL_WIDTH)
    keys.press("Tab")
    keys.type("５ｍ")
    expect(page.locator("#preview .total")).to_have_text("10")
    expect(page.locator("#preview .patterns")).to_contain_text("门前清")
    expect(page.locator("#preview .patterns")).not_to_contain_text("門前清")
    page.screenshot(path=str(artifacts / "desk-zh-hans-full-width.png"), full_page=True)
    keys.press("Enter")
    expect(page.locator(".messages")).to_contain_text("第 1 局已保存")
    assert Hand.objects.get(session=session, number=1).concealed.isascii()

    # Hand 2: a draw, "d" in the Chinese outcome list.
    page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
    keys.press("Shift+Tab")
    keys.type("d")
    expect(page.locator("#id_outcome")).to_have_value("draw")
    keys.press("Enter")
    expect(page.locator(".messages")).to_contain_text("第 2 局已保存：流局")

    # The card's row 5 typed while 3 and 4 are not in: refused with the reason, then the
    # judge's one key records them as draws and saves hand 5 as typed.
    page.locator("#id_number").fill("5")
    page.locator("#id_outcome").select_option("draw")
    keys.press("Enter")
    expect(page.locator("#draws-before")).to_contain_text("第 3 至 4 局尚未录入")
    page.screenshot(path=str(artifacts / "desk-zh-hans-later-hand.png"), full_page=True)
    assert Hand.objects.filter(session=session).count() == 2
    page.locator("#save-after-draws").click()
    expect(page.locator(".messages")).to_contain_text("第 3 至 4 局已记为流局")
    numbers = list(Hand.objects.filter(session=session).values_list("number", flat=True))
    assert sorted(numbers) == [1, 2, 3, 4, 5]

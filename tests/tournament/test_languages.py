"""Each viewer's language: the browser's ``Accept-Language``, the header's switch (``?lang=``,
remembered in a cookie), and the ``<html lang>`` and validators that follow it."""

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db


def _html_lang(response) -> str:
    page = response.content.decode()
    start = page.index("<html lang=") + len('<html lang="')
    return page[start : page.index('"', start)]


def test_english_is_the_default(client):
    response = client.get("/")
    assert response.status_code == 200
    assert _html_lang(response) == "en"
    assert response["Content-Language"] == "en"


@pytest.mark.parametrize(
    ("accept", "lang", "word"),
    [
        ("zh-TW,zh;q=0.9", "zh-Hant", "計分器"),
        ("zh-CN", "zh-Hans", "计分器"),
        ("zh-HK", "zh-Hant", "計分器"),
    ],
)
def test_the_browser_language_is_followed(client, accept, lang, word):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert _html_lang(response) == lang
    assert word in response.content.decode()
    assert "Accept-Language" in response["Vary"]


def test_the_switch_sticks_and_a_shared_address_carries_the_language(client):
    response = client.get("/?lang=zh-hans", HTTP_ACCEPT_LANGUAGE="en")
    assert _html_lang(response) == "zh-Hans"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "zh-hans"
    # The next page, without the parameter, stays in the chosen language...
    assert _html_lang(client.get("/calculator/", HTTP_ACCEPT_LANGUAGE="en")) == "zh-Hans"
    # ...until the viewer switches again.
    assert _html_lang(client.get("/?lang=en")) == "en"
    assert _html_lang(client.get("/calculator/", HTTP_ACCEPT_LANGUAGE="zh-TW")) == "en"


def test_an_unknown_language_is_ignored(client):
    response = client.get("/?lang=klingon", HTTP_ACCEPT_LANGUAGE="zh-TW")
    assert response.status_code == 200
    assert _html_lang(response) == "zh-Hant"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_the_switch_links_keep_the_page_and_its_parameters(client):
    page = client.get("/calculator/?tiles=123m").content.decode()
    assert 'href="/calculator/?lang=zh-hant&amp;tiles=123m"' in page
    assert 'hreflang="zh-Hans"' in page
    assert 'aria-current="true">English<' in page


def test_a_page_read_in_one_language_is_not_unchanged_in_another(client, demo):
    slug = demo.slug
    english = client.get(f"/t/{slug}/standings/", HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 200
    chinese = client.get(
        f"/t/{slug}/standings/",
        HTTP_ACCEPT_LANGUAGE="zh-TW",
        HTTP_IF_NONE_MATCH=english["ETag"],
    )
    assert chinese.status_code == 200
    assert chinese["ETag"] != english["ETag"]
    assert _html_lang(chinese) == "zh-Hant"

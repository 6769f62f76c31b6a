"""Chinese names on the public pages of the demo (`tournament.names`, *Chinese form*): shown
family name first beside the romanised name on Chinese pages, never on English ones, and never
in the data (API, exports), which every language shares; lists sorted by name follow each
language's order."""

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _get(client, url, language=None, **headers):
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url, **headers)


def test_the_standings_show_chinese_names_only_on_chinese_pages(client, demo):
    url = reverse("public:standings", args=[demo.slug])
    english = _get(client, url).content.decode()
    assert "Alan Chan" in english and "陳志明" not in english
    for language in ("zh-hant", "zh-hans"):
        page = _get(client, url, language).content.decode()
        assert "陳志明 Alan Chan" in page
        assert "Kenji Sato" in page  # no Chinese name: the romanised one alone
    # The English page after the Chinese ones (the board is kept): still romanised alone.
    assert "陳志明" not in _get(client, url).content.decode()


def test_the_api_and_the_exports_keep_romanised_names_in_every_language(client, demo):
    api = reverse("api:standings", args=[demo.slug])
    csv = reverse("exports:standings_export", args=[demo.slug, "csv"])
    for language in ("zh-hant", "zh-hans"):
        data = _get(client, api, language, HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
        assert "Alan Chan" in data
        assert "陳志明 Alan Chan" not in data
        rows = b"".join(_get(client, csv, language).streaming_content).decode()
        assert "陳志明 Alan Chan" not in rows


def test_the_players_list_follows_each_languages_name_order(client, demo):
    url = reverse("public:player_list", args=[demo.slug])
    names = ["陳傑", "黃美玲", "李偉", "張敏", "Chloé Bernard", "Kenji Sato"]

    def order(language):
        page = _get(client, url, language).content.decode()
        return sorted(names, key=page.index)

    # English: by family name; the names as today (the Chinese name in its own column only).
    english = _get(client, url).content.decode()
    assert "陳傑 Chen Jie" not in english and ">Chen Jie<" in english
    assert english.index("Chloé Bernard") < english.index("Kenji Sato")
    # Simplified: by pinyin (chén, huáng, lǐ, zhāng), then those without a Chinese name.
    assert order("zh-hans") == ["陳傑", "黃美玲", "李偉", "張敏", "Chloé Bernard", "Kenji Sato"]
    # Traditional: by radical and stroke (張 弓, 李 木, 陳 阜, 黃 黃), then the others.
    assert order("zh-hant") == ["張敏", "李偉", "陳傑", "黃美玲", "Chloé Bernard", "Kenji Sato"]

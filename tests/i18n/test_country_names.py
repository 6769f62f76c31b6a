"""The country list names every country apart in each language: django-countries' Chinese
catalogues gave Greenland Iceland's name (冰島) and Martinique Mauritania's (茅利塔尼亞) in
Traditional, and Samoa American Samoa's in Simplified, so that each appeared twice in the
player form's list (``COUNTRIES_OVERRIDE`` and our catalogues name them)."""

from collections import defaultdict

import pytest
from django.conf import settings
from django.utils import translation
from django_countries import countries

from tournament.event.selectors.countries import country_lookup


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_no_two_countries_share_a_name(language):
    with translation.override(language):
        codes = defaultdict(list)
        for code, name in countries:
            codes[str(name)].append(code)
    shared = {name: found for name, found in codes.items() if len(found) > 1}
    assert not shared, f"{language}: {shared}"


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", {"GL": "Greenland", "IS": "Iceland", "MQ": "Martinique", "MR": "Mauritania"}),
        ("zh-hant", {"GL": "格陵蘭", "IS": "冰島", "MQ": "馬丁尼克", "MR": "茅利塔尼亞"}),
        ("zh-hans", {"GL": "格陵兰", "IS": "冰岛", "MQ": "马提尼克", "MR": "毛里塔尼亚"}),
        ("zh-hans", {"WS": "萨摩亚", "AS": "美属萨摩亚群岛"}),
        ("zh-hant", {"WS": "薩摩亞", "AS": "美屬薩摩亞"}),
    ],
)
def test_the_corrected_countries_have_their_own_names(language, names):
    with translation.override(language):
        assert {code: str(countries.name(code)) for code in names} == names


def test_an_imported_country_in_chinese_is_the_right_one():
    lookup = country_lookup()
    assert (lookup["冰島"], lookup["格陵蘭"], lookup["茅利塔尼亞"], lookup["馬丁尼克"]) == (
        "IS",
        "GL",
        "MR",
        "MQ",
    )
    assert (lookup["萨摩亚"], lookup["samoa"], lookup["grl"]) == ("WS", "WS", "GL")

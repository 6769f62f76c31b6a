"""Country names and codes: for the pages, and the names people type in an import.

Vocabulary: a country's *code* is its ISO alpha-2 code; its *name* is django-countries' in the
active language; the *lookup* (`country_lookup`) turns the lower-case names, alpha-2 and
alpha-3 codes and common *aliases* (`COUNTRY_ALIASES`) people type into the code.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.utils.translation import get_language, override
from django_countries import countries

# Names people type for countries beyond django-countries' English names.
COUNTRY_ALIASES = {
    "united states": "US",
    "usa": "US",
    "us": "US",
    "uk": "GB",
    "england": "GB",
    "scotland": "GB",
    "wales": "GB",
    "great britain": "GB",
    "korea": "KR",
    "south korea": "KR",
    "russia": "RU",
    "holland": "NL",
    "the netherlands": "NL",
    "czech republic": "CZ",
    "hong kong sar": "HK",
    "macau": "MO",
}


def country_names() -> dict[str, str]:
    """ISO alpha-2 code -> the country's name in the active language, made once per language
    (a page looks each row's name up here instead of asking django-countries row by row)."""
    return _country_names(get_language())


@lru_cache(maxsize=8)
def _country_names(language: str | None) -> dict[str, str]:
    return {code: str(name) for code, name in countries}


@lru_cache(maxsize=1)
def country_lookup() -> dict[str, str]:
    """Lower-case English names, alpha-2 and alpha-3 codes (and common aliases) -> alpha-2;
    the names in the site's Chinese too (香港), where they do not clash with an English one.
    The same whatever language is active when it is first asked for (it is kept)."""
    lookup = dict(COUNTRY_ALIASES)
    for language in ("en", *(code for code, _name in settings.LANGUAGES if code != "en")):
        with override(language):
            for code, name in countries:
                lookup.setdefault(str(name).lower(), code)
    for code, _name in countries:
        lookup[code.lower()] = code
        alpha3 = countries.alpha3(code)
        if alpha3:
            lookup[alpha3.lower()] = code
    return lookup

"""The public read API's settings (`tournament.api`, docs/api.md): JSON only, read-only, the
release rules of the public pages.

Vocabulary
----------
anonymous rate  ``DJANGO_API_ANON_RATE``: requests an anonymous client (one address, the same
                client address as the log-in throttle, `tournament.logins.client_address`)
                may make, in Django's cache ("120/minute"; "none" for no limit); an over-eager
                client gets 429 with Retry-After. Officials logged in on the site see through
                it what the pages show them.
schema          drf-spectacular's OpenAPI schema and Swagger UI, served from our own static
                files (`api_schema`).
"""

import re

from django.core.exceptions import ImproperlyConfigured


def api_rate(text: str) -> str | None:
    """``DJANGO_API_ANON_RATE`` as Django REST framework reads a rate ("120/minute"), checked
    at start-up so that a typo stops the site instead of failing every API request."""
    text = text.strip().lower()
    if text in ("none", "off", ""):
        return None
    if not re.fullmatch(r"[1-9]\d*/(s|sec|second|m|min|minute|h|hour|d|day)", text):
        raise ImproperlyConfigured(
            f"DJANGO_API_ANON_RATE is {text!r}: give requests per period, e.g. 120/minute, "
            "5/second, 2000/hour or 20000/day (or none)."
        )
    return text


def rest_framework(anon_rate: str | None) -> dict:
    """``REST_FRAMEWORK``, anonymous clients throttled at ``anon_rate`` (None: no limit)."""
    return {
        "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
        "DEFAULT_PARSER_CLASSES": [],
        "DEFAULT_AUTHENTICATION_CLASSES": ["tournament.api.access.SiteLogin"],
        "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
        "DEFAULT_THROTTLE_CLASSES": ["tournament.api.access.AnonymousThrottle"],
        "DEFAULT_THROTTLE_RATES": {"anon": anon_rate},
        "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
        "URL_FORMAT_OVERRIDE": None,
    }


def api_schema() -> dict:
    """``SPECTACULAR_SETTINGS``: the OpenAPI schema and Swagger UI (see *schema*)."""
    return {
        "TITLE": "ZJ Tournament public API",
        "DESCRIPTION": (
            "Read-only JSON for Zung Jung mahjong tournaments: tournaments, players, rounds with "
            "their seating, round results, standings and each player's hands. It shows exactly "
            "what the public pages show: unknown, hidden or unreleased data answers 404 with the "
            "reason. Anonymous clients are throttled (429 with Retry-After); every answer about a "
            "tournament carries an ETag, so a revalidating client gets 304."
        ),
        "VERSION": "1",
        "SERVE_INCLUDE_SCHEMA": False,
        "SCHEMA_PATH_PREFIX": r"/api/",
        "SWAGGER_UI_DIST": "SIDECAR",
        "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
        "REDOC_DIST": "SIDECAR",
        "ENUM_NAME_OVERRIDES": {
            f"{name}Enum": f"tournament.api.serializers.common.{choices}"
            for name, choices in (
                ("Wind", "WIND"),
                ("RoundStatus", "ROUND_STATUS"),
                ("RegistrationStatus", "REGISTRATION_STATUS"),
                ("SessionStatus", "SESSION_STATUS"),
                ("PenaltyMode", "PENALTY_MODE"),
                ("RankBy", "RANK_BY"),
                ("MatchPoints", "MATCH_POINTS"),
            )
        },
    }

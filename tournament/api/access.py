"""Who the public API serves, and how often.

Vocabulary
----------
site log-in     the API knows a visitor only by the site's own session cookie (`SiteLogin`): an
                official logged in on the site sees through the API what the pages show them
                (unpublished seating, held results, silent rounds); everyone else is the public.
                There is no other way in: no API keys, no tokens, no passwords.
anonymous       a client without a site log-in. Anonymous clients are throttled per client
                address (`AnonymousThrottle`) at ``DJANGO_API_ANON_RATE`` requests per period;
                over it they get 429 with ``Retry-After`` (whole seconds until the oldest
                request counted leaves the period). Logged-in visitors are not throttled.
client address  `tournament.logins.client_address`: the connection's address, or the one the
                trusted proxies (``DJANGO_TRUSTED_PROXY_COUNT``) saw; what a client writes in
                ``X-Forwarded-For`` itself is never believed.

The counts live in Django's cache, as the private links' guessing throttle does: per process
with the default local-memory cache, shared by every process once the site has a shared cache.
"""

from __future__ import annotations

import math

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle

from ..logins import client_address


class SiteLogin(BaseAuthentication):
    """The visitor's log-in on the site (its session cookie), or nobody.

    No CSRF check: the API answers only GET, HEAD and OPTIONS and never writes, so there is no
    request to forge, and every other method is a plain 405 whether logged in or not."""

    def authenticate(self, request):
        user = getattr(request._request, "user", None)
        if user is None or not user.is_active:
            return None
        return (user, None)


class SiteLoginScheme(OpenApiAuthenticationExtension):
    """`SiteLogin` in the OpenAPI schema: the site's session cookie, and optional."""

    target_class = SiteLogin
    name = "siteLogin"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": settings.SESSION_COOKIE_NAME,
            "description": "An official's log-in on the site: the API then shows what the "
            "pages show them. Not needed for anything public.",
        }


class AnonymousThrottle(AnonRateThrottle):
    """At most ``DJANGO_API_ANON_RATE`` requests per client address for anonymous clients."""

    def get_rate(self):
        # Read on every request, not once at import: settings overridden in tests take effect.
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_ident(self, request):
        return client_address(request) or ""

    def wait(self):
        """Whole seconds until the oldest request counted leaves the period (at least 1)."""
        if not self.history:
            return self.duration
        return max(1, math.ceil(self.history[-1] + self.duration - self.now))

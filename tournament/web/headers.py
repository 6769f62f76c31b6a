"""Security headers that Django does not set itself, and the officials' shorter sessions.

Vocabulary
----------
permissions policy  the ``Permissions-Policy`` header: the site uses no camera, microphone,
                    location, payment or similar browser feature, so all are switched off.
official session    an official's log-in lasts ``DJANGO_OFFICIAL_SESSION_HOURS`` (12) instead of
                    Django's two weeks: a desk laptop left logged in does not stay a desk for
                    days (`official_session_limit`, connected at start-up in `apps.py`).

The Content-Security-Policy itself comes from django-csp (``CONTENT_SECURITY_POLICY`` in
settings); the pages carry no inline script or style so that it can forbid both.
"""

from __future__ import annotations

from django.conf import settings

from ..roles import is_official

PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
        "interest-cohort",
    )
)


class PermissionsPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response


def official_session_limit(sender, request, user, **kwargs) -> None:
    """On log-in, officials get a session of ``OFFICIAL_SESSION_SECONDS``."""
    if request is not None and hasattr(request, "session") and is_official(user):
        request.session.set_expiry(settings.OFFICIAL_SESSION_SECONDS)

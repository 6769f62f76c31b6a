"""Log-in throttling that nobody can turn against the officials (django-axes, OWASP device cookies).

Vocabulary
----------
device cookie   a signed, long-lived cookie (``zj_device``, a year) that a browser receives at a
                successful log-in: a random device id and the user names that logged in on it.
                Nobody can make one without the site's secret key.
known device    a browser whose device cookie names the user name being typed. Its wrong
                passwords count against that device alone, so failures sent from other
                devices never lock it out.
unknown device  any other browser (no cookie, another user's cookie, a forged or expired one).
                All unknown devices share one count per user name, whatever their address or
                headers: rotating ``X-Forwarded-For``, the user agent or the address buys no
                extra guesses.
throttled name  what django-axes counts a failure under (`throttled_name`): the user name as
                typed (NUL and ``#`` dropped, at most 150 characters) for unknown devices, and
                ``name#device-<id>`` for a known device (``#`` never occurs in a typed name).
lock            `DJANGO_LOGIN_FAILURES` failures within `DJANGO_LOGIN_LOCKOUT_MINUTES` for one
                throttled name; it ends when that time has passed with no new failure, or when
                an organiser lifts it (`lock_lift`, audited) on the console's *Log-in locks*
                page or with ``python manage.py axes_reset_username NAME``.
client address  the address a log-in came from (`client_address`): the connection's address,
                or, when ``DJANGO_TRUSTED_PROXY_COUNT`` = N > 0 proxies stand in front, the
                N-th address from the right of ``X-Forwarded-For`` (each proxy appends the
                address it was reached from; what the client wrote itself is further left and
                is never trusted). It is recorded with each failure and shown to organisers; it
                is not part of any lock, since a venue's guests share one address.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import transaction
from django.db.models import Q
from django.shortcuts import render
from django.utils import timezone

from .audit import audit_record
from .models import TournamentOfficial
from .roles import HEAD_JUDGE_GROUP, JUDGE_GROUP, ORGANISER_GROUP

DEVICE_COOKIE = "zj_device"
DEVICE_SALT = "tournament.logins.device"
DEVICE_MARK = "#device-"
DEVICE_NAMES_KEPT = 20  # a shared desk laptop remembers this many officials
NAME_LENGTH = 150  # Django's longest user name


# --- the client's address -------------------------------------------------------------------------


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_address(request) -> str | None:
    """The client's address (see *client address*); ``AXES_CLIENT_IP_CALLABLE``."""
    direct = request.META.get("REMOTE_ADDR")
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0) or 0)
    if proxies > 0:
        forwarded = [
            part for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part
        ]
        if len(forwarded) >= proxies:
            found = _address(forwarded[-proxies])
            if found:
                return found
    return _address(direct or "") or direct


# --- the device cookie ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Device:
    id: str
    names: tuple[str, ...]


def device_of(request) -> Device | None:
    """The request's device cookie, if it is genuine and not expired."""
    value = request.COOKIES.get(DEVICE_COOKIE)
    if not value:
        return None
    try:
        data = signing.loads(
            value, salt=DEVICE_SALT, max_age=timedelta(days=settings.DEVICE_COOKIE_DAYS)
        )
        return Device(id=str(data["d"]), names=tuple(str(name) for name in data["u"]))
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def device_remember(sender, request, user, **kwargs) -> None:
    """On log-in (``user_logged_in``), note the cookie that makes this browser a known device of
    the user; `DeviceCookieMiddleware` sends it with the response."""
    if request is None:
        return
    device = device_of(request)
    name = user.get_username()
    names = [n for n in (device.names if device else ()) if n != name] + [name]
    request.device_cookie_value = signing.dumps(
        {"d": device.id if device else secrets.token_hex(8), "u": names[-DEVICE_NAMES_KEPT:]},
        salt=DEVICE_SALT,
    )


class DeviceCookieMiddleware:
    """Sends the device cookie noted at a successful log-in (`device_remember`)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        value = getattr(request, "device_cookie_value", None)
        if value:
            response.set_cookie(
                DEVICE_COOKIE,
                value,
                max_age=settings.DEVICE_COOKIE_DAYS * 24 * 3600,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


# --- what django-axes counts ----------------------------------------------------------------------


def typed_name(request, credentials) -> str | None:
    """The user name as typed, storable: no NUL, no ``#``, at most 150 characters."""
    if credentials:
        name = credentials.get("username")
    else:
        name = getattr(request, "POST", {}).get("username")
    if name is None:
        return None
    return str(name).replace("\x00", "").replace("#", "").strip()[:NAME_LENGTH]


def throttled_name(request, credentials) -> str | None:
    """``AXES_USERNAME_CALLABLE``: see *throttled name*."""
    name = typed_name(request, credentials)
    if not name:
        return name
    device = device_of(request) if request is not None and hasattr(request, "COOKIES") else None
    if device is not None and name in device.names:
        return f"{name}{DEVICE_MARK}{device.id}"
    return name


def _split(throttled: str) -> tuple[str, str | None]:
    """A throttled name's user name and device id (None for unknown devices)."""
    name, mark, device = throttled.partition(DEVICE_MARK)
    return name, (device if mark else None)


def _cooloff() -> timedelta:
    return settings.AXES_COOLOFF_TIME


def lockout_response(request, original_response=None, credentials=None):
    """``AXES_LOCKOUT_CALLABLE``: the locked page, saying truly which devices are locked, until
    when, and who can lift it."""
    throttled = throttled_name(request, credentials) or ""
    name, device = _split(throttled)
    context = {
        "username": name,
        "known_device": device is not None,
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "cooloff_minutes": int(_cooloff().total_seconds() // 60),
    }
    return render(
        request,
        "registration/locked_out.html",
        context,
        status=settings.AXES_HTTP_RESPONSE_CODE,
    )


# --- locks, for organisers ------------------------------------------------------------------------


@dataclass(frozen=True)
class Lock:
    throttled: str
    username: str
    device: str | None
    failures: int
    last_failure: datetime
    last_address: str | None
    ends: datetime

    @property
    def scope(self) -> str:
        if self.device is None:
            return "devices that never logged in as this user"
        return f"one device that logged in before (device {self.device[:6]})"


def _visible_names_filter(tournament, everything: bool):
    """Which user names an organiser may see and lift: all for a global organiser; for an
    organiser of one tournament, that tournament's officials and the global judges and head
    judges, never superusers or global organisers."""
    if everything:
        return None
    users = (
        get_user_model().objects.filter(is_superuser=False).exclude(groups__name=ORGANISER_GROUP)
    )
    officials = users.filter(
        Q(pk__in=TournamentOfficial.objects.filter(tournament=tournament).values("user_id"))
        | Q(groups__name__in=[JUDGE_GROUP, HEAD_JUDGE_GROUP])
    )
    return set(officials.values_list("username", flat=True))


def current_locks(tournament, *, everything: bool) -> list[Lock]:
    """The throttled names locked now, newest failure first (see `_visible_names_filter`)."""
    since = timezone.now() - _cooloff()
    totals: dict[str, dict] = {}
    for attempt in AccessAttempt.objects.filter(attempt_time__gte=since).order_by("attempt_time"):
        entry = totals.setdefault(attempt.username or "", {"failures": 0})
        entry["failures"] += attempt.failures_since_start
        entry["last"] = attempt.attempt_time
        entry["address"] = attempt.ip_address
    visible = _visible_names_filter(tournament, everything)
    locks = []
    for throttled, entry in totals.items():
        name, device = _split(throttled)
        if entry["failures"] < settings.AXES_FAILURE_LIMIT or not throttled:
            continue
        if visible is not None and name not in visible:
            continue
        locks.append(
            Lock(
                throttled=throttled,
                username=name,
                device=device,
                failures=entry["failures"],
                last_failure=entry["last"],
                last_address=entry["address"],
                ends=entry["last"] + _cooloff(),
            )
        )
    return sorted(locks, key=lambda lock: lock.last_failure, reverse=True)


def lock_lift(*, tournament, throttled: str, user, everything: bool) -> Lock | None:
    """Lift one lock (its failures are forgotten) and audit it; None if it is not locked now or
    not the organiser's to lift."""
    with transaction.atomic():
        lock = next(
            (
                lock
                for lock in current_locks(tournament, everything=everything)
                if lock.throttled == throttled
            ),
            None,
        )
        if lock is None:
            return None
        AccessAttempt.objects.filter(username=throttled).delete()
        audit_record(
            session=None,
            tournament=tournament,
            action="settings",
            user=user,
            reason="Log-in lock lifted by an organiser",
            before={
                "summary": f"Log-in lock on {lock.username} ({lock.scope}) lifted after "
                f"{lock.failures} wrong passwords, the last from {lock.last_address or 'unknown'}"
            },
        )
        return lock

"""Lock-out attacks over HTTP against a real server (pytest-django's live server): a device that
logged in before is never locked out by other devices' failures; unknown devices stay throttled
per user name whatever headers they send; the client address behind N proxies; an organiser
sees and lifts locks (audited)."""

import re
import urllib.error
import urllib.parse
import urllib.request
from http.cookies import SimpleCookie

import pytest
from axes.models import AccessAttempt
from django.conf import settings

from tests.tournament.builders import make_tournament, make_user
from tournament.models import AuditEntry, TournamentOfficial

pytestmark = pytest.mark.django_db(transaction=True)

ATTACKS = 10


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Device:
    """One browser: its own cookies (kept by hand, since the site's cookies are Secure)."""

    def __init__(self, base: str):
        self.base = base
        self.cookies: dict[str, str] = {}
        self.opener = urllib.request.build_opener(_NoRedirect)

    def request(self, path: str, data: dict | None = None, headers: dict | None = None):
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, headers=headers or {})
        if self.cookies:
            cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            request.add_header("Cookie", cookie)
        try:
            response = self.opener.open(request, timeout=30)
        except urllib.error.HTTPError as error:
            response = error
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response.status, response.read().decode("utf-8", "replace")

    def log_in(self, url: str, username: str, password: str, headers: dict | None = None):
        status, page = self.request(url)
        assert status == 200
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        data = {"username": username, "password": password, "csrfmiddlewaretoken": token}
        if url.startswith("/admin/"):
            data["next"] = "/admin/"
        return self.request(url, data, headers)

    def log_out(self):
        token = self.cookies.get("csrftoken", "")
        self.request("/logout/", {"csrfmiddlewaretoken": token})
        self.cookies.pop("sessionid", None)


@pytest.mark.parametrize("url", ["/login/", "/admin/login/"])
def test_a_device_that_logged_in_before_gets_in_after_attacks_from_the_same_address(
    live_server, url
):
    make_user("superuser", name="headjudge")
    victim = Device(live_server.url)
    assert victim.log_in(url, "headjudge", "pw")[0] == 302
    assert "zj_device" in victim.cookies
    victim.log_out()

    for number in range(ATTACKS):
        attacker = Device(live_server.url)  # a new browser each time, same address
        status, _ = attacker.log_in(url, "headjudge", f"guess{number}")
        assert status in (200, 429)
    # Unknown devices are locked, even with the right password ...
    status, page = Device(live_server.url).log_in(url, "headjudge", "pw")
    assert status == 429
    assert "not necessarily from you" in page and "Log-in locks" in page
    # ... but the head judge's own device gets in.
    assert victim.log_in(url, "headjudge", "pw")[0] == 302


def test_a_known_devices_own_failures_still_lock_it(live_server):
    make_user("head", name="headjudge")
    laptop, phone = Device(live_server.url), Device(live_server.url)
    for device in (laptop, phone):
        assert device.log_in("/login/", "headjudge", "pw")[0] == 302
        device.log_out()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        laptop.log_in("/login/", "headjudge", "wrong")
    status, page = laptop.log_in("/login/", "headjudge", "pw")
    assert status == 429
    assert "on this device" in page
    # Its failures were its own: the other known device and unknown devices are unaffected.
    assert phone.log_in("/login/", "headjudge", "pw")[0] == 302
    assert Device(live_server.url).log_in("/login/", "headjudge", "pw")[0] == 302


def _guesses_before_lock(live_server, username, xff):
    """How many passwords an attacker has checked before unknown devices are refused."""
    checked = 0
    for number in range(50):
        headers = {"X-Forwarded-For": xff(number), "User-Agent": f"bot/{number}"}
        status, _ = Device(live_server.url).log_in("/login/", username, f"g{number}", headers)
        if status == 429:
            break
        checked += 1
    return checked


@pytest.mark.parametrize("proxies", [0, 1])
def test_rotating_forwarded_for_buys_no_extra_guesses(live_server, settings, proxies):
    settings.TRUSTED_PROXY_COUNT = proxies
    make_user("judge", name="anna")
    checked = _guesses_before_lock(live_server, "anna", lambda n: f"203.0.113.{n}")
    # The fifth wrong password is checked and locks: four answers say "wrong", the fifth is 429.
    assert checked == settings.AXES_FAILURE_LIMIT - 1
    status, _ = Device(live_server.url).log_in(
        "/login/", "anna", "pw", {"X-Forwarded-For": "198.51.100.7"}
    )
    assert status == 429


def test_the_forwarded_address_is_used_only_behind_a_trusted_proxy(live_server, settings):
    make_user("judge", name="anna")
    spoofed = {"X-Forwarded-For": "203.0.113.9"}
    Device(live_server.url).log_in("/login/", "anna", "wrong", spoofed)
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"127.0.0.1"}

    AccessAttempt.objects.all().delete()
    settings.TRUSTED_PROXY_COUNT = 1
    # The client wrote the first address itself; the proxy appended the real one.
    headers = {"X-Forwarded-For": "203.0.113.9, 198.51.100.23"}
    Device(live_server.url).log_in("/login/", "anna", "wrong", headers)
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"198.51.100.23"}


def test_an_organiser_sees_a_lock_and_lifts_it_with_a_confirmation(live_server):
    tournament = make_tournament()
    judge = make_user("plain", name="anna")
    TournamentOfficial.objects.create(
        tournament=tournament, user=judge, role=TournamentOfficial.Role.JUDGE
    )
    organiser = make_user("plain", name="orga")
    TournamentOfficial.objects.create(
        tournament=tournament, user=organiser, role=TournamentOfficial.Role.ORGANISER
    )
    make_user("superuser", name="boss")
    for name in ("anna", "boss"):
        for _ in range(settings.AXES_FAILURE_LIMIT):
            Device(live_server.url).log_in("/login/", name, "wrong")
    assert Device(live_server.url).log_in("/login/", "anna", "pw")[0] == 429

    desk = Device(live_server.url)
    assert desk.log_in("/login/", "orga", "pw")[0] == 302
    locks = f"/t/{tournament.slug}/event/logins/"
    status, page = desk.request(locks)
    assert status == 200 and "anna" in page
    assert "boss" not in page  # a superuser's lock is not a tournament organiser's to lift
    token = desk.cookies["csrftoken"]
    lift = locks + "lift/"
    status, page = desk.request(lift, {"csrfmiddlewaretoken": token, "throttled": "anna"})
    assert status == 200 and "Lift the lock on anna?" in page
    assert Device(live_server.url).log_in("/login/", "anna", "pw")[0] == 429  # not yet
    status, _ = desk.request(
        lift, {"csrfmiddlewaretoken": token, "throttled": "anna", "confirm": "yes"}
    )
    assert status == 302
    assert Device(live_server.url).log_in("/login/", "anna", "pw")[0] == 302
    entry = AuditEntry.objects.get(tournament=tournament)
    assert entry.user == organiser and "Log-in lock on anna" in entry.before["summary"]
    # The superuser's lock could not be lifted by this organiser.
    desk.request(lift, {"csrfmiddlewaretoken": token, "throttled": "boss", "confirm": "yes"})
    assert Device(live_server.url).log_in("/login/", "boss", "pw")[0] == 429

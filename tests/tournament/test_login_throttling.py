"""Log-in throttling (django-axes): wrong passwords lock a user name out from an address, on the
site's log-in and the admin's alike, with a clear page; an organiser can lift the lock."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from tests.tournament.builders import make_user

pytestmark = pytest.mark.django_db


def _try(client, url, username, password):
    return client.post(url, {"username": username, "password": password})


@pytest.mark.parametrize("url", ["/login/", "/admin/login/"])
def test_many_wrong_passwords_lock_the_right_one_out(client, url):
    get_user_model().objects.create_superuser("boss", "boss@example.org", "right-password")
    for _ in range(settings.AXES_FAILURE_LIMIT + 5):
        _try(client, url, "boss", "wrong")
    response = _try(client, url, "boss", "right-password")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many wrong passwords" in page and "boss" in page
    assert "axes_reset_username" in page
    assert "_auth_user_id" not in client.session


def test_a_lock_is_per_user_name_and_address(client):
    make_user("judge", name="anna")
    make_user("judge", name="bert")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _try(client, "/login/", "anna", "wrong")
    assert _try(client, "/login/", "anna", "pw").status_code == 429
    # Another official at the same desk still logs in.
    assert _try(client, "/login/", "bert", "pw").status_code == 302


def test_an_organiser_unlocks_with_a_command(client):
    make_user("judge", name="anna")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _try(client, "/login/", "anna", "wrong")
    assert _try(client, "/login/", "anna", "pw").status_code == 429
    call_command("axes_reset_username", "anna")
    response = _try(client, "/login/", "anna", "pw")
    assert response.status_code == 302
    assert response["Location"] == reverse("public:home")


def test_a_few_wrong_passwords_then_the_right_one_log_in(client):
    make_user("judge", name="anna")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _try(client, "/login/", "anna", "wrong").status_code == 200
    assert _try(client, "/login/", "anna", "pw").status_code == 302


@pytest.mark.parametrize("name", ["x" * 10_000, "a\x00b", "\x00"])
def test_an_impossible_user_name_is_refused_not_a_500(client, name):
    client.raise_request_exception = False
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        response = _try(client, "/login/", name, "\x1b[31m")
        assert response.status_code in (200, 429)

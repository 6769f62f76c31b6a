"""Anonymous API clients are throttled per client address (`tournament.api.access`): over
``DJANGO_API_ANON_RATE`` they get 429 with ``Retry-After`` (JSON, before any 304), a logged-in
visitor is not throttled, another address has its own count, and a forged
``X-Forwarded-For`` buys nothing. The tests set their own low rate."""

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings
from django.urls import reverse

from tests.tournament.builders import make_user
from tournament.configuration.api import api_rate

pytestmark = pytest.mark.django_db

LOW = "3/minute"


@pytest.fixture
def low_rate():
    rates = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": LOW}}
    with override_settings(REST_FRAMEWORK=rates):
        yield


def test_an_anonymous_client_over_the_rate_gets_429_with_retry_after(client, event, low_rate):
    url = reverse("api:standings", args=[event.slug])
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
    over = client.get(url)
    assert over.status_code == 429
    assert 1 <= int(over["Retry-After"]) <= 60
    assert "throttled" in over.json()["detail"].lower()
    # every endpoint counts against the same address: the schema and the list too
    assert client.get(reverse("api:tournament_list")).status_code == 429
    assert client.get(reverse("api:schema")).status_code == 429


def test_the_rate_is_counted_before_a_304(client, event, low_rate):
    url = reverse("api:tournament_detail", args=[event.slug])
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 429


def test_each_address_has_its_own_count_and_a_forged_header_buys_nothing(client, event, low_rate):
    url = reverse("api:round_list", args=[event.slug])
    for _ in range(3):
        client.get(url, REMOTE_ADDR="198.51.100.7")
    assert client.get(url, REMOTE_ADDR="198.51.100.7").status_code == 429
    forged = client.get(url, REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert forged.status_code == 429
    assert client.get(url, REMOTE_ADDR="198.51.100.8").status_code == 200


def test_a_logged_in_visitor_is_not_throttled(client, event, low_rate):
    client.force_login(make_user("plain"))
    url = reverse("api:player_list", args=[event.slug])
    assert {client.get(url).status_code for _ in range(6)} == {200}


def test_the_pages_are_not_throttled_by_the_api(client, event, low_rate):
    url = reverse("api:standings", args=[event.slug])
    for _ in range(4):
        client.get(url)
    assert client.get(reverse("public:standings", args=[event.slug])).status_code == 200


@pytest.mark.parametrize(
    "text, rate",
    [("120/minute", "120/minute"), (" 5/S ", "5/s"), ("2000/hour", "2000/hour"), ("none", None)],
)
def test_the_rate_setting_is_read_as_the_throttle_reads_it(text, rate):
    assert api_rate(text) == rate


@pytest.mark.parametrize("text", ["lots", "0/minute", "10/fortnight", "10 per minute"])
def test_a_rate_setting_that_cannot_be_read_stops_the_site(text):
    with pytest.raises(ImproperlyConfigured, match="DJANGO_API_ANON_RATE"):
        api_rate(text)

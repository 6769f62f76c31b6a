"""The console's private links: issue, replace and revoke from the player's page (asking
first), issue to everyone, and the CSV for mailing."""

import csv
import datetime
import io

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.tournament.builders import make_players, make_tournament, make_user
from tournament.event.selectors.links import link_tokens
from tournament.models import AuditEntry, PlayerLink, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def organised(client):
    tournament = make_tournament()
    make_players(tournament, 3, country="NL")
    client.force_login(make_user("superuser"))
    return tournament


def _url(name, tournament, *args):
    return reverse(f"console:{name}", args=[tournament.slug, *args])


def test_issue_replace_and_revoke_from_the_players_page(client, organised):
    page = client.get(_url("player_edit", organised, 1)).content.decode()
    assert "No private link in force" in page
    client.post(_url("player_link", organised, 1), {"action": "issue"})
    (token,) = link_tokens(organised).values()
    page = client.get(_url("player_edit", organised, 1)).content.decode()
    assert f"/p/{token}/" in page
    issued = timezone.localdate()  # after the tournament's last day: 30 days from the issue
    expiry = max(organised.end_date, issued) + datetime.timedelta(days=30)
    assert f"Works until {expiry:%-d %B %Y}" in page
    confirm = client.get(_url("player_link", organised, 1) + "?action=revoke").content.decode()
    assert "stops working at once" in confirm
    assert link_tokens(organised) == {token_owner(organised, token): token}  # nothing yet
    client.post(_url("player_link", organised, 1), {"action": "reissue"})
    (new,) = link_tokens(organised).values()
    assert new != token
    client.post(_url("player_link", organised, 1), {"action": "revoke"})
    assert link_tokens(organised) == {}
    again = client.post(_url("player_link", organised, 1), {"action": "revoke"}, follow=True)
    assert "no private link in force" in again.content.decode()
    assert AuditEntry.objects.filter(action="link").count() == 3


def token_owner(tournament, token):
    return PlayerLink.objects.get(token=token).registration_id


def test_issue_to_everyone_then_export_the_csv(client, organised):
    client.post(_url("links_issue_all", organised))
    response = client.get(_url("links_export", organised))
    assert response["Cache-Control"] == "private, no-store"
    rows = list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    assert rows[0] == ["name", "number", "country", "link"]
    tokens = link_tokens(organised)
    registrations = Registration.objects.filter(tournament=organised).order_by("number")
    assert rows[1:] == [
        [
            reg.player.name,
            str(reg.number),
            "NL",
            "http://testserver" + reverse("public:player_link", args=[tokens[reg.pk]]),
        ]
        for reg in registrations
    ]


def test_a_player_added_after_the_links_were_issued_gets_one_and_is_told(client, organised):
    """Added on the console after *Issue private links*: the new player's link is made with
    the registration and the message says so; before any link, nobody gets one."""
    client.post(_url("player_add", organised), {"given_name": "Ann", "family_name": "Early"})
    assert link_tokens(organised) == {}
    client.post(_url("links_issue_all", organised))
    added = client.post(
        _url("player_add", organised), {"given_name": "Nina", "family_name": "Late"}, follow=True
    )
    nina = Registration.objects.get(tournament=organised, player__family_name="Late")
    assert nina.pk in link_tokens(organised)
    assert "links are issued, so they got theirs too" in added.content.decode()
    substitute = client.post(
        _url("substitute_add", organised), {"given_name": "Sam", "family_name": "Sub"}, follow=True
    )
    sam = Registration.objects.get(tournament=organised, player__family_name="Sub")
    assert sam.pk in link_tokens(organised)
    assert "they got theirs too" in substitute.content.decode()
    summaries = list(AuditEntry.objects.filter(action="link").values_list("after", flat=True))
    assert sum("registered after the links were issued" in a["summary"] for a in summaries) == 2

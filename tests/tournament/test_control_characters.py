"""A NUL (and other control characters) in any query parameter or form field never reaches the
database: every URL pattern of the site is requested with ``?q=a%00`` (the character is removed
and the page says so, naming the parameter), and every form found on those pages is posted with a
NUL, then an escape character, in each field (the form says which field; never a 500, nothing
stored). Run on PostgreSQL too, where NUL cannot be stored at all."""

from html.parser import HTMLParser

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.tournament.builders import make_user
from tournament.event.links import player_link_issue
from tournament.models import Penalty, Registration, TournamentOfficial

pytestmark = pytest.mark.django_db

NUL = "a\x00"
ESCAPE = "a\x1b[31m"  # a terminal colour code, pasted


def _stored_with(text: str) -> list[str]:
    """Every text column of every model that holds ``text``."""
    from django.apps import apps
    from django.db import models

    found = []
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if isinstance(field, models.CharField | models.TextField):
                if model._default_manager.filter(**{f"{field.name}__contains": text}).exists():
                    found.append(f"{model.__name__}.{field.name}")
    return found


def _patterns(resolver=None, prefix=""):
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if str(entry.pattern).startswith("admin/"):
                continue
            yield from _patterns(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def _urls(tournament) -> list[str]:
    """Every pattern with real arguments from the demo event."""
    registration = Registration.objects.filter(tournament=tournament).first()
    penalty = Penalty.objects.filter(session__round__tournament=tournament).first()
    official = TournamentOfficial.objects.filter(tournament=tournament).first()
    values = {
        "<slug:slug>": tournament.slug,
        "<int:number>": "1",
        "<int:round_number>": "1",
        "<int:table_number>": "1",
        "<int:table>": "1",  # the streamers' overlay of one table
        "<int:half>": "1",
        "<int:player_id>": str(registration.player_id),
        "<int:penalty_id>": str(penalty.pk if penalty else 1),
        "<int:pk>": str(official.pk if official else 1),
        "<slug:identifier>": "seating",
        "<str:export_format>": "csv",
        "<str:token>": player_link_issue(registration=registration, user=None).token,
        "<int:query_id>": "1",  # no query in the demo: the page says so (404)
    }
    urls = []
    for pattern in _patterns():
        url = "/" + pattern
        for key, value in values.items():
            url = url.replace(key, value)
        assert "<" not in url, url
        urls.append(url.replace("^", "").replace("$", ""))
    return urls


class _Forms(HTMLParser):
    """The POST forms of a page: action and fields (name -> a value to send)."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []
        self._select = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append(
                {"method": (attrs.get("method") or "get").lower(), "action": attrs.get("action")}
            )
            self.forms[-1]["fields"] = {}
        if not self.forms or not attrs.get("name"):
            if tag == "option" and self._select and self.forms:
                self.forms[-1]["fields"].setdefault(self._select, attrs.get("value", ""))
            return
        fields = self.forms[-1]["fields"]
        name = attrs["name"]
        if tag == "input":
            kind = (attrs.get("type") or "text").lower()
            if kind in ("submit", "button", "file", "image", "reset"):
                return
            if kind in ("checkbox", "radio"):
                fields.setdefault(name, attrs.get("value", "on"))
            elif name == "csrfmiddlewaretoken":
                fields[name] = attrs.get("value", "")
            else:
                fields[name] = NUL
        elif tag == "textarea":
            fields[name] = NUL
        elif tag == "select":
            self._select = name

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


@pytest.fixture
def organiser(client, demo):
    client.force_login(make_user("superuser"))
    client.raise_request_exception = False
    return demo


def test_every_url_takes_a_nul_out_of_the_query_and_says_so(client, organiser):
    for url in _urls(organiser):
        response = client.get(url + "?q=a%00&page=1")
        assert response.status_code != 500, url
        body = response.getvalue().decode(errors="replace")  # a CSV download is streamed
        if response.status_code == 200 and "site-footer" in body:  # a page of base.html
            assert "control character (U+0000) was removed from “q”" in body, url


def test_every_url_takes_control_characters_out_of_the_query_for_the_public_too(client, demo):
    client.raise_request_exception = False
    for url in _urls(demo):
        response = client.get(url, {"q": "a\x00", "sort": "\x1b[31m", "\x00": "x"})
        assert response.status_code != 500, url


def test_a_search_with_a_nul_still_finds_the_player(client, organiser):
    player = Registration.objects.filter(tournament=organiser).first().player
    url = f"/t/{organiser.slug}/event/players/"
    response = client.get(url, {"q": player.family_name + "\x00"})
    assert response.status_code == 200
    body = response.content.decode()
    assert "removed from “q”" in body and player.family_name in body


@pytest.mark.parametrize("bad", [NUL, ESCAPE], ids=["nul", "escape"])
def test_every_form_refuses_a_control_character_in_its_fields(client, organiser, bad):
    posted = 0
    for url in _urls(organiser):
        page = client.get(url)
        if page.status_code != 200 or "html" not in page.get("Content-Type", ""):
            continue
        parser = _Forms()
        parser.feed(page.content.decode())
        for form in parser.forms:
            if form["method"] != "post" or form["action"] == "/logout/":
                continue
            data = {k: bad if v == NUL else v for k, v in form["fields"].items()}
            response = client.post(form["action"] or url, data)
            posted += 1
            assert response.status_code != 500, (url, form)
            if response.status_code == 200 and any(v == NUL for v in form["fields"].values()):
                body = response.content.decode()
                assert "control character" in body or "error" in body, (url, form)
    print(f"{posted} forms posted")
    assert posted >= 20
    assert _stored_with("\x1b") == []


@pytest.mark.parametrize(("bad", "code"), [(NUL, "U+0000"), (ESCAPE, "U+001B")])
def test_a_control_character_gets_one_message_naming_it(bad, code):
    from django import forms
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as refused:
        forms.CharField().clean(f"Wei{bad} Wang")
    assert len(refused.value.messages) == 1, refused.value.messages
    assert code in refused.value.messages[0] and "retype it" in refused.value.messages[0]


def test_a_bad_request_and_a_wrong_method_get_pages_in_the_sites_look(client, demo):
    client.raise_request_exception = False
    response = client.get("/", headers={"host": "evil.example"})  # not an allowed host
    assert response.status_code == 400 and "Bad request" in response.content.decode()
    client.force_login(make_user("superuser"))
    response = client.get(f"/t/{demo.slug}/event/checkin/toggle/")  # only answers a form
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert "only answers a form" in response.content.decode()

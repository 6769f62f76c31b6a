"""What the public may see (`tournament.release`): every public page declares its rule, and every
official sees unpublished seating and hidden results alike on every page that shows them."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tournament.release import Rule

pytestmark = pytest.mark.django_db

OFFICIALS = ("judge", "head", "superuser", "organiser")
OUTSIDERS = ("anonymous", "plain")


def _log_in(client, role):
    if role == "anonymous":
        return
    if role == "organiser":
        from django.contrib.auth.models import Group

        from tournament.roles import ORGANISER_GROUP, roles_ensure

        roles_ensure()
        user = get_user_model().objects.create_user("org", password="pw")
        user.groups.add(Group.objects.get(name=ORGANISER_GROUP))
    else:
        user = make_user(role)
    client.force_login(user)


@pytest.fixture
def unpublished_round():
    tournament = make_tournament()
    players = make_players(tournament, 4)
    round_ = make_seated_round(tournament, players)
    assert not round_.seating_published
    return round_


SEATING_PAGES = ["public:round_detail", "public:seating_by_player", "public:projector_seating"]


@pytest.mark.parametrize("page", SEATING_PAGES)
@pytest.mark.parametrize("role", OFFICIALS + OUTSIDERS)
def test_unpublished_seating_is_shown_to_every_official_and_nobody_else(
    client, unpublished_round, page, role
):
    _log_in(client, role)
    url = reverse(page, args=[unpublished_round.tournament.slug, unpublished_round.number])
    body = client.get(url).content.decode()
    player = unpublished_round.seats.select_related("player").first().player.name
    assert (player in body) is (role in OFFICIALS), (page, role)


@pytest.mark.parametrize("role", OFFICIALS + OUTSIDERS)
def test_hidden_standings_are_shown_to_every_official_and_nobody_else(client, role):
    tournament = make_tournament(standings_public=False)
    make_players(tournament, 4)
    _log_in(client, role)
    response = client.get(reverse("public:standings", args=[tournament.slug]))
    assert response.status_code == (200 if role in OFFICIALS else 404), role


def _public_patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace in ("public", "exports", "api"):
                yield from _public_patterns(entry, prefix + entry.namespace + ":")
        elif isinstance(entry, URLPattern) and prefix:
            yield prefix + entry.name, entry.callback


def test_every_public_page_declares_its_release_rule():
    pages = dict(_public_patterns())
    assert len(pages) >= 9
    undeclared = [name for name, view in pages.items() if not hasattr(view, "release_rule")]
    assert undeclared == []
    assert pages["public:round_detail"].release_rule == Rule.SEATING
    assert pages["public:standings"].release_rule == Rule.STANDINGS
    assert pages["public:player_detail"].release_rule == Rule.RESULTS
    assert pages["public:round_results"].release_rule == Rule.RESULTS
    assert pages["public:projector_seating"].release_rule == Rule.SEATING
    assert pages["exports:ema_export"].release_rule == Rule.STANDINGS
    assert pages["public:overlay_standings"].release_rule == Rule.STANDINGS
    assert pages["public:overlay_table"].release_rule == Rule.RESULTS
    assert pages["api:round_detail"].release_rule == Rule.SEATING
    assert pages["api:round_results"].release_rule == Rule.RESULTS
    assert pages["api:standings"].release_rule == Rule.STANDINGS
    assert pages["api:player_detail"].release_rule == Rule.RESULTS

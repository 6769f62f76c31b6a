"""The API's front door, its tournaments and their players: what the home page, a
tournament's page and its players list show, as JSON.

Each endpoint wears `api_page(rule)` (the public pages' loader) and reads through the same
selectors as its page; nothing here writes.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter
from rest_framework.response import Response

from ... import release
from ...event.selectors import countries as countries_selectors
from ...event.selectors.roster import active_player_count, public_registrations
from ...event.selectors.tournaments import public_tournaments
from ...names import player_names
from ...release import Rule
from ...roles import is_official
from ...standings.selectors.inputs import ranking_rules
from .. import serializers
from .common import PAGING, PAGING_QUERY, SEARCH_QUERY, Pages, api_page


@api_page(Rule.ALWAYS, response=serializers.Root)
def api_root(request):
    """Where to start: the tournaments, the OpenAPI schema and its browsable documentation."""
    links = {
        "tournaments": "api:tournament_list",
        "schema": "api:schema",
        "docs": "api:docs",
    }
    return Response({key: request.build_absolute_uri(reverse(name)) for key, name in links.items()})


@api_page(Rule.ALWAYS, response=serializers.TournamentPage, parameters=PAGING, query=PAGING_QUERY)
def tournament_list(request):
    """The tournaments on the home page, newest first (hidden ones only to their officials)."""
    pages = Pages(page_size=20)
    rows = pages.envelope(public_tournaments(request.user), request)
    return Response(serializers.TournamentPage(rows, context={"request": request}).data)


@api_page(Rule.ALWAYS, response=serializers.Tournament)
def tournament_detail(request, tournament):
    """A tournament: dates, venue, rules, its rounds, and what is public now."""
    tournament.player_count = active_player_count(tournament)
    tournament.table_count = tournament.tables.count()
    tournament.round_list = list(tournament.rounds.all())
    tournament.ranking = ranking_rules(tournament)
    tournament.released = {
        "results": release.results_visible(request.user, tournament),
        "standings": release.standings_visible(request.user, tournament),
    }
    context = {
        "request": request,
        "results": tournament.released["results"],
        "official": is_official(request.user, tournament),
    }
    return Response(serializers.Tournament(tournament, context=context).data)


@api_page(
    Rule.ALWAYS,
    response=serializers.PlayerPage,
    parameters=[
        OpenApiParameter("q", str, description="Search by name, country, club or EMA number."),
        *PAGING,
    ],
    query=PAGING_QUERY + SEARCH_QUERY,
)
def player_list(request, tournament):
    """The registered players in family-name order, as the players list shows them; each
    links to the player's page while the results are public."""
    query = request.GET.get("q", "").replace("\x00", "").strip()[:100]
    names = player_names(tournament, "en")  # data: romanised in every language
    country_names = countries_selectors.country_names()
    rows = names.ordered(public_registrations(tournament, query))
    for registration in rows:
        registration.label = names.label(registration.player_id, registration.player.name)
        registration.country_name = country_names.get(registration.player.country.code or "", "")
    context = {
        "request": request,
        "slug": tournament.slug,
        "link_players": release.player_page_visible(request.user, tournament),
    }
    page = Pages(page_size=50).envelope(rows, request)
    return Response(serializers.PlayerPage(page, context=context).data)

"""Addresses of the public read API (namespace ``api``, mounted at ``/api/``); each URL name is
its view's name. Any other address under ``/api/`` ending in a slash is a JSON 404."""

from django.http import JsonResponse
from django.urls import path, re_path
from django.utils.translation import gettext

from ..release import Rule
from .views import docs, rounds, standings, statistics, tournaments

app_name = "api"


def unknown(request, *args, **kwargs):
    """No endpoint has this address: a 404 in the API's words, not the site's page."""
    return JsonResponse({"detail": gettext("Not found.")}, status=404)


unknown.release_rule = Rule.ALWAYS  # it shows nothing


T = "tournaments/<slug:slug>/"

urlpatterns = [
    path("", tournaments.api_root, name="api_root"),
    path("schema/", docs.schema, name="schema"),
    path("docs/", docs.docs, name="docs"),
    path("tournaments/", tournaments.tournament_list, name="tournament_list"),
    path(T, tournaments.tournament_detail, name="tournament_detail"),
    path(T + "players/", tournaments.player_list, name="player_list"),
    path(T + "players/<int:player_id>/", standings.player_detail, name="player_detail"),
    path(
        T + "players/<int:player_id>/statistics/",
        statistics.player_statistics,
        name="player_statistics",
    ),
    path(T + "rounds/", rounds.round_list, name="round_list"),
    path(T + "rounds/<int:number>/", rounds.round_detail, name="round_detail"),
    path(T + "rounds/<int:number>/results/", rounds.round_results, name="round_results"),
    path(T + "standings/", standings.standings, name="standings"),
    path(T + "statistics/", statistics.statistics, name="statistics"),
    re_path(r"^.*/$", unknown, name="unknown"),
]

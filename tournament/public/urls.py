"""Addresses of the public pages (namespace ``public``); each URL name is its view's name."""

from django.urls import path

from .views import (
    calculator,
    links,
    live,
    overlay,
    pages,
    projector,
    standings,
    statistics,
    table_links,
)

app_name = "public"

urlpatterns = [
    path("", pages.home, name="home"),
    path("calculator/", calculator.calculator, name="calculator"),
    path("p/<str:token>/", links.player_link, name="player_link"),
    path("p/<str:token>/query/", links.player_link_query, name="player_link_query"),
    path("p/<str:token>/table/", table_links.player_table, name="player_table"),
    path(
        "p/<str:token>/table/preview/",
        table_links.player_table_preview,
        name="player_table_preview",
    ),
    path("t/<slug:slug>/", pages.tournament_detail, name="tournament_detail"),
    path("t/<slug:slug>/live/", live.live_stream, name="live_stream"),
    path("t/<slug:slug>/players/", pages.player_list, name="player_list"),
    path("t/<slug:slug>/rounds/", pages.round_list, name="round_list"),
    path("t/<slug:slug>/rounds/<int:number>/", pages.round_detail, name="round_detail"),
    path(
        "t/<slug:slug>/rounds/<int:number>/by-player/",
        pages.seating_by_player,
        name="seating_by_player",
    ),
    path("t/<slug:slug>/tables/", pages.table_list, name="table_list"),
    path("t/<slug:slug>/standings/", standings.standings, name="standings"),
    path("t/<slug:slug>/countries/", standings.country_list, name="country_list"),
    path("t/<slug:slug>/statistics/", statistics.statistics, name="statistics"),
    path(
        "t/<slug:slug>/players/<int:player_id>/statistics/",
        statistics.player_statistics,
        name="player_statistics",
    ),
    path("t/<slug:slug>/players/<int:player_id>/", standings.player_detail, name="player_detail"),
    path(
        "t/<slug:slug>/rounds/<int:number>/results/",
        standings.round_results,
        name="round_results",
    ),
    path(
        "t/<slug:slug>/projector/standings/",
        projector.projector_standings,
        name="projector_standings",
    ),
    path(
        "t/<slug:slug>/projector/awards/",
        statistics.projector_awards,
        name="projector_awards",
    ),
    path(
        "t/<slug:slug>/projector/statistics/",
        statistics.projector_statistics,
        name="projector_statistics",
    ),
    path(
        "t/<slug:slug>/projector/rounds/<int:number>/",
        projector.projector_seating,
        name="projector_seating",
    ),
    path(
        "t/<slug:slug>/overlay/standings/",
        overlay.overlay_standings,
        name="overlay_standings",
    ),
    path(
        "t/<slug:slug>/overlay/rounds/<int:number>/tables/<int:table>/",
        overlay.overlay_table,
        name="overlay_table",
    ),
]

"""URL map of the site: public pages, the hand calculator, the judges' desk, log in/out, admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import calculator_views, desk_session_views, desk_views, seating_views, views

session_urls = [
    path("", desk_views.desk_session, name="desk_session"),
    path("preview/", desk_views.desk_preview, name="desk_preview"),
    path("hands/<int:number>/edit/", desk_views.hand_edit, name="desk_hand_edit"),
    path("hands/<int:number>/delete/", desk_views.hand_remove, name="desk_hand_delete"),
    path(
        "hands/<int:number>/confirm/",
        desk_session_views.hand_confirm_view,
        name="desk_hand_confirm",
    ),
    path(
        "hands/<int:number>/resolve/",
        desk_session_views.hand_resolve_view,
        name="desk_hand_resolve",
    ),
    path("penalty/", desk_session_views.penalty_new, name="desk_penalty"),
    path("reconcile/", desk_session_views.session_reconcile_view, name="desk_reconcile"),
    path("reopen/", desk_session_views.session_reopen_view, name="desk_reopen"),
    path("audit/", desk_session_views.session_audit, name="desk_session_audit"),
]

desk_urls = [
    path("", desk_views.desk_home, name="desk_home"),
    path("round/<int:round_number>/", desk_views.desk_round, name="desk_round"),
    path("round/<int:round_number>/table/<int:table_number>/", include(session_urls)),
    path("audit/", desk_session_views.tournament_audit, name="desk_audit"),
    path("settings/", desk_session_views.desk_settings, name="desk_settings"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("calculator/", calculator_views.calculator, name="calculator"),
    path("t/<slug:slug>/", views.tournament_detail, name="tournament_detail"),
    path("t/<slug:slug>/players/", views.player_list, name="player_list"),
    path("t/<slug:slug>/rounds/", views.round_list, name="round_list"),
    path("t/<slug:slug>/rounds/<int:number>/", views.round_detail, name="round_detail"),
    path("t/<slug:slug>/tables/", views.table_list, name="table_list"),
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
    path("t/<slug:slug>/seating/", seating_views.seating_overview, name="seating_overview"),
    path(
        "t/<slug:slug>/rounds/<int:number>/seating/",
        seating_views.seating_round,
        name="seating_round",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/seating/publish/",
        seating_views.seating_publish,
        name="seating_publish",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/by-player/",
        seating_views.seating_by_player,
        name="seating_by_player",
    ),
    path("t/<slug:slug>/desk/", include(desk_urls)),
]

handler404 = "tournament.views.page_not_found"
handler500 = "tournament.views.server_error"

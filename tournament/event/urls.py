"""Addresses of the organiser's console (namespace ``event``): ``organiser/new/`` creates a
tournament; the rest live under ``/t/<slug>/event/``. Each URL name is its view's name."""

from django.urls import include, path

from . import lock_views, views

app_name = "event"

tournament_urls = [
    path("", views.dashboard, name="dashboard"),
    path("edit/", views.tournament_edit, name="tournament_edit"),
    path("delete/", views.tournament_delete, name="tournament_delete"),
    path("hidden/", views.tournament_hidden, name="tournament_hidden"),
    path("players/", views.roster, name="roster"),
    path("players/add/", views.player_add, name="player_add"),
    path("players/substitute/", views.substitute_add, name="substitute_add"),
    path("players/export.csv", views.roster_export, name="roster_export"),
    path("players/import/", views.roster_import, name="roster_import"),
    path("players/import/confirm/", views.roster_import_confirm, name="roster_import_confirm"),
    path("players/<int:number>/", views.player_edit, name="player_edit"),
    path("players/<int:number>/withdraw/", views.player_withdraw, name="player_withdraw"),
    path("players/<int:number>/reinstate/", views.player_reinstate, name="player_reinstate"),
    path("checkin/", views.checkin, name="checkin"),
    path("checkin/toggle/", views.checkin_toggle, name="checkin_toggle"),
    path("rounds/", views.rounds, name="rounds"),
    path("rounds/<int:number>/seat/", views.round_seat, name="round_seat"),
    path("rounds/<int:number>/status/", views.round_status, name="round_status"),
    path("penalties/<int:pk>/delete/", views.penalty_delete, name="penalty_delete"),
    path("officials/", views.officials, name="officials"),
    path("officials/<int:pk>/remove/", views.official_remove, name="official_remove"),
    path("logins/", lock_views.login_locks, name="login_locks"),
    path("logins/lift/", lock_views.login_lock_lift, name="login_lock_lift"),
]

urlpatterns = [
    path("organiser/new/", views.tournament_create, name="tournament_create"),
    path("t/<slug:slug>/event/", include(tournament_urls)),
]

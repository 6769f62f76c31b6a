"""Addresses of the organiser's console (namespace ``console``, included at the site's root).
The addresses are the ones people bookmarked, so they keep their places:

- ``organiser/new/`` creates a tournament; the tournament's pages live under ``/t/<slug>/event/``;
- the seating pages, under ``/t/<slug>/`` (``seating/``, ``rounds/<n>/seating/...``);
- the printouts page at ``/t/<slug>/print/``, beside the PDF downloads (namespace ``printing``).

Each URL name is its view's name.
"""

from django.urls import include, path

from .views import (
    archive,
    awards,
    checkin,
    dashboard,
    links,
    logins,
    officials,
    presets,
    printouts,
    roster,
    roster_import,
    rounds,
    seating,
    seating_rules,
    stages,
    tournament,
)

tournament_urls = [
    path("", dashboard.dashboard, name="dashboard"),
    path("edit/", tournament.tournament_edit, name="tournament_edit"),
    path("delete/", tournament.tournament_delete, name="tournament_delete"),
    path("hidden/", tournament.tournament_hidden, name="tournament_hidden"),
    path("players/", roster.roster, name="roster"),
    path("players/add/", roster.player_add, name="player_add"),
    path("players/substitute/", roster.substitute_add, name="substitute_add"),
    path("players/export.csv", roster.roster_export, name="roster_export"),
    path("players/links/", links.links_issue_all, name="links_issue_all"),
    path("players/links.csv", links.links_export, name="links_export"),
    path("players/<int:number>/link/", links.player_link, name="player_link"),
    path("players/import/", roster_import.roster_import, name="roster_import"),
    path(
        "players/import/confirm/",
        roster_import.roster_import_confirm,
        name="roster_import_confirm",
    ),
    path("players/<int:number>/", roster.player_edit, name="player_edit"),
    path("players/<int:number>/withdraw/", roster.player_withdraw, name="player_withdraw"),
    path("players/<int:number>/reinstate/", roster.player_reinstate, name="player_reinstate"),
    path("checkin/", checkin.checkin, name="checkin"),
    path("checkin/toggle/", checkin.checkin_toggle, name="checkin_toggle"),
    path("rounds/", rounds.rounds, name="rounds"),
    path("rounds/<int:number>/seat/", checkin.round_seat, name="round_seat"),
    path("rounds/<int:number>/status/", rounds.round_status, name="round_status"),
    path("penalties/<int:pk>/delete/", rounds.penalty_delete, name="penalty_delete"),
    path("penalty-presets/", presets.penalty_presets, name="penalty_presets"),
    path("penalty-presets/load/", presets.penalty_presets_load, name="penalty_presets_load"),
    path("penalty-presets/<int:pk>/", presets.penalty_preset_edit, name="penalty_preset_edit"),
    path(
        "penalty-presets/<int:pk>/delete/",
        presets.penalty_preset_delete,
        name="penalty_preset_delete",
    ),
    path("awards/", awards.awards, name="awards"),
    path("awards/publish/", awards.award_publish_toggle, name="award_publish_toggle"),
    path("awards/remove/", awards.award_remove, name="award_remove"),
    path("stages/", stages.stages, name="stages"),
    path("stages/<int:number>/cut/", stages.cut, name="cut"),
    path("stages/<int:number>/cut/undo/", stages.cut_undo, name="cut_undo"),
    path("officials/", officials.officials, name="officials"),
    path("officials/<int:pk>/remove/", officials.official_remove, name="official_remove"),
    path("logins/", logins.login_locks, name="login_locks"),
    path("logins/lift/", logins.login_lock_lift, name="login_lock_lift"),
    path("archive/", archive.archive_export, name="archive_export"),
    path("archive/<int:pk>/", archive.archive_job, name="archive_job"),
    path("archive/<int:pk>/file/", archive.archive_job_file, name="archive_job_file"),
    path("archive/<int:pk>/retry/", archive.archive_job_retry, name="archive_job_retry"),
]

# The seating pages, under ``/t/<slug>/``.
seating_urls = [
    path("seating/", seating.seating_overview, name="seating_overview"),
    path("seating/rules/", seating_rules.seating_rules, name="seating_rules"),
    path("seating/rules/remove/", seating_rules.seating_rule_remove, name="seating_rule_remove"),
    path("seating/by-method/", seating_rules.seating_by_method, name="seating_by_method"),
    path("rounds/<int:number>/seating/", seating.seating_round, name="seating_round"),
    path("rounds/<int:number>/seating/publish/", seating.seating_publish, name="seating_publish"),
    path(
        "rounds/<int:number>/seating/table-change/",
        seating.seating_table_change,
        name="seating_table_change",
    ),
]

app_name = "console"

urlpatterns = [
    path("organiser/new/", tournament.tournament_create, name="tournament_create"),
    path("t/<slug:slug>/event/", include(tournament_urls)),
    path("t/<slug:slug>/", include(seating_urls)),
    path("t/<slug:slug>/print/", printouts.printouts, name="printouts"),
]

"""Addresses of the judges' desk (namespace ``desk``), under ``/t/<slug>/desk/``.

A session's pages live under ``round/<n>/table/<n>/`` (``.../half/2/`` after a table
change); each URL name is its view's name.
"""

from django.urls import include, path

from .views import (
    audit,
    double_entry,
    event_settings,
    hands,
    health,
    offline,
    queries,
    rounds,
    sessions,
    table,
)

app_name = "desk"

session_urls = [
    path("", hands.session_sheet, name="session_sheet"),
    path("preview/", hands.hand_preview, name="hand_preview"),
    path("hands/<int:number>/edit/", hands.hand_edit, name="hand_edit"),
    path("hands/<int:number>/delete/", hands.hand_delete, name="hand_delete"),
    path("hands/<int:number>/confirm/", double_entry.hand_confirm, name="hand_confirm"),
    path("hands/<int:number>/resolve/", double_entry.hand_resolve, name="hand_resolve"),
    path("at-table/", table.table_page, name="table_page"),
    path("penalty/", sessions.penalty_record, name="penalty_record"),
    path("penalty/<int:penalty_id>/edit/", sessions.penalty_correct, name="penalty_correct"),
    path("penalty/<int:penalty_id>/delete/", sessions.penalty_delete, name="penalty_delete"),
    path("reconcile/", sessions.session_reconcile, name="session_reconcile"),
    path("reopen/", sessions.session_reopen, name="session_reopen"),
    path("audit/", audit.session_audit, name="session_audit"),
    path("appeal/close/", queries.appeal_close, name="appeal_close"),
]

urlpatterns = [
    path("", rounds.home, name="home"),
    path("round/<int:round_number>/", rounds.round_desk, name="round_desk"),
    path("round/<int:round_number>/clock/", rounds.round_clock, name="round_clock"),
    path("health/", health.tournament_health, name="tournament_health"),
    path("health/rebuild/", health.session_scores_rebuild, name="session_scores_rebuild"),
    path("round/<int:round_number>/table/<int:table_number>/", include(session_urls)),
    # After the round's table change (`Round.table_change_after`): the second half's card.
    path(
        "round/<int:round_number>/table/<int:table_number>/half/<int:half>/",
        include(session_urls),
    ),
    path("audit/", audit.tournament_audit, name="tournament_audit"),
    path("worker.js", offline.offline_worker, name="offline_worker"),
    path("offline/sync/", offline.offline_sync, name="offline_sync"),
    path("queries/", queries.query_queue, name="query_queue"),
    path("queries/<int:query_id>/answer/", queries.query_answer, name="query_answer"),
    path("settings/", event_settings.tournament_settings_update, name="tournament_settings_update"),
]

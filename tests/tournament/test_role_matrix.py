"""The role matrix, generated from the URL conf so that a new view cannot be forgotten: every
pattern (the admin's included) x anonymous / judge / head judge / organiser / superuser, GET and
POST. A role below the page's gets the log-in page or a 403 and nothing is written; a role at or
above it is served; nobody ever gets a 500.

The column "judge of another tournament" waits for per-tournament roles (the organiser issue):
today a judge is a judge of every tournament, so that column would only repeat "judge".
"""

import re

import pytest
from django.apps import apps
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.urls import URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from tests.tournament.builders import entry, make_session, make_tournament, make_user
from tournament.models import TournamentOfficial
from tournament.play.services.hands import hand_save
from tournament.roles import ORGANISER_GROUP, roles_ensure

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # every page x every role

ROLES = ["anonymous", "judge", "head judge", "organiser", "superuser"]
RANK = {role: rank for rank, role in enumerate(ROLES)}

# Who may use each named page: the lowest role. A new view must be added here.
REQUIRED = {
    "public:home": "anonymous",
    "favicon": "anonymous",
    "healthz": "anonymous",  # the load balancers' probe: nothing about any tournament
    "public:calculator": "anonymous",
    "public:tournament_detail": "anonymous",
    "public:live_stream": "anonymous",  # the version only; a hidden tournament's is a 404
    "public:player_list": "anonymous",
    "public:round_list": "anonymous",
    "public:round_detail": "anonymous",
    "public:seating_by_player": "anonymous",
    "public:table_list": "anonymous",
    "public:standings": "anonymous",
    "public:player_link": "anonymous",  # the token is the key (an unknown one: 404)
    "public:player_link_query": "anonymous",
    "public:player_table": "anonymous",  # the private link's token is the key
    "public:player_table_preview": "anonymous",
    "login": "anonymous",
    "logout": "anonymous",
    "admin:login": "anonymous",
    "admin:logout": "anonymous",
    "desk:home": "judge",
    "desk:round_desk": "judge",
    "desk:session_sheet": "judge",
    "desk:hand_preview": "judge",
    "desk:hand_edit": "judge",
    "desk:hand_delete": "judge",
    "desk:hand_confirm": "judge",
    "desk:table_page": "judge",
    "desk:penalty_record": "judge",
    "desk:session_reconcile": "judge",
    "desk:session_audit": "judge",
    "desk:tournament_audit": "judge",
    "desk:hand_resolve": "head judge",
    "desk:session_reopen": "head judge",
    "desk:query_queue": "head judge",
    "desk:query_answer": "head judge",
    "desk:appeal_close": "head judge",
    "desk:tournament_settings_update": "head judge",
    "console:seating_overview": "organiser",
    "console:seating_round": "organiser",
    "console:seating_publish": "organiser",
    "console:seating_table_change": "organiser",
    "console:seating_rules": "organiser",
    "console:seating_rule_remove": "organiser",
    "console:seating_by_method": "organiser",
    "public:country_list": "anonymous",
    "public:player_detail": "anonymous",
    "public:player_statistics": "anonymous",  # released results, a registered player
    "public:round_results": "anonymous",
    "public:projector_standings": "anonymous",
    "public:projector_seating": "anonymous",
    "public:statistics": "anonymous",  # released results (a 404 with the reason otherwise)
    "public:projector_statistics": "anonymous",
    "public:projector_awards": "anonymous",  # the published awards only
    "console:awards": "organiser",
    "console:award_publish_toggle": "organiser",
    "console:award_remove": "organiser",
    "public:overlay_standings": "anonymous",
    "public:overlay_table": "anonymous",
    **{
        f"api:{name}": "anonymous"  # the public read API (its refusals are 404s, never 403s)
        for name in (
            "api_root",
            "schema",
            "docs",
            "tournament_list",
            "tournament_detail",
            "player_list",
            "player_detail",
            "player_statistics",
            "round_list",
            "round_detail",
            "round_results",
            "standings",
            "statistics",
            "unknown",
        )
    },
    "exports:standings_export": "anonymous",
    "exports:ema_export": "anonymous",
    "printing:printout_download": "anonymous",  # the scoring aid card is public
    # A long printout's job: its document's audience decides, as for the download (pk 1: none).
    "printing:printout_job": "anonymous",
    "printing:printout_job_file": "anonymous",
    "printing:printout_job_retry": "anonymous",
    "console:printouts": "organiser",
    "desk:tournament_health": "judge",
    "desk:offline_worker": "judge",  # the service worker's script, scoped to the desk
    "desk:offline_sync": "judge",  # hands typed offline (JSON; an empty POST is a 400)
    "desk:penalty_correct": "judge",
    "desk:penalty_delete": "judge",
    "desk:round_clock": "head judge",
    "desk:session_scores_rebuild": "head judge",
    "console:rounds": "head judge",
    "console:round_status": "head judge",
    "console:penalty_delete": "head judge",
    **{
        f"console:{name}": "organiser"
        for name in (
            "tournament_create",
            "dashboard",
            "tournament_edit",
            "tournament_delete",
            "tournament_hidden",
            "roster",
            "player_add",
            "substitute_add",
            "roster_export",
            "links_issue_all",
            "links_export",
            "player_link",
            "roster_import",
            "roster_import_confirm",
            "player_edit",
            "player_withdraw",
            "player_reinstate",
            "checkin",
            "checkin_toggle",
            "round_seat",
            "officials",
            "official_remove",
            "penalty_presets",
            "penalty_presets_load",
            "penalty_preset_edit",
            "penalty_preset_delete",
            "stages",
            "cut",
            "cut_undo",
            "login_locks",
            "login_lock_lift",
            "archive_export",
            "archive_job",
            "archive_job_file",
            "archive_job_retry",
        )
    },
}
ADMIN_DEFAULT = "superuser"  # every other admin page: superusers only (tournament.apps)
# Refused even to superusers, by design (tournament.admin): play records and seating are
# read-only, a tournament is never deleted in the admin, axes' records are not added by hand,
# the task queue's results are the worker's (django-tasks-db's read-only admin), and the
# autocomplete answers only the admin's own widgets.
READ_ONLY = re.compile(
    r"admin:(tournament_(hand|payment|session|penalty|round|seat|auditentry|handentry)"
    r"|axes_\w+|django_tasks_database_dbtaskresult)_(add|change|delete)$"
    r"|admin:tournament_tournament_delete$|admin:autocomplete$"
)


def url_patterns():
    """(name, path template pieces) for every pattern; unnamed admin patterns included."""

    def walk(patterns, namespace, prefix):
        for pattern in patterns:
            route = prefix + _route(pattern.pattern)
            if isinstance(pattern, URLResolver):
                inner = namespace + (f"{pattern.namespace}:" if pattern.namespace else "")
                yield from walk(pattern.url_patterns, inner, route)
            else:
                yield namespace + (pattern.name or f"<unnamed {route}>"), route

    return list(walk(get_resolver().url_patterns, "", "/"))


def _route(pattern) -> str:
    text = str(pattern)
    if isinstance(pattern, RoutePattern):
        return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", text)
    text = text.lstrip("^").rstrip("$")
    return re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", text)


def required_role(name: str) -> str:
    if name in REQUIRED:
        return REQUIRED[name]
    if name.startswith("admin:"):
        return ADMIN_DEFAULT
    raise AssertionError(f"{name} is not in the role matrix: add it to REQUIRED")


@pytest.fixture
def world(db, fast_pdf):
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())
    roles_ensure()
    users = {
        "judge": make_user("judge"),
        "head judge": make_user("head"),
        "organiser": make_user("plain"),
        "superuser": make_user("superuser"),
        "judge of another tournament": make_user("plain"),
    }
    users["organiser"].groups.add(Group.objects.get(name=ORGANISER_GROUP))
    TournamentOfficial.objects.create(
        tournament=make_tournament(), user=users["judge of another tournament"], role="judge"
    )
    return session, users


def _values(route: str, session, users) -> dict:
    values = {
        "slug": session.round.tournament.slug,
        "round_number": session.round.number,
        "number": 1,
        "table_number": session.table.number,
        "table": session.table.number,
        "half": 1,
        "app_label": "tournament",
        "content_type_id": ContentType.objects.get_for_model(session.round.tournament).pk,
        "url": "nowhere/",
        "id": users["judge"].pk,
        "player_id": session.hands.first().winner_id,
        "penalty_id": 1,
        "pk": 1,
        "identifier": "aid-card",
        "export_format": "csv",
        "token": "x" * 32,
        "query_id": 1,
    }
    model = re.search(r"/admin/(\w+)/(\w+)/\{object_id\}", route)
    if model:
        rows = apps.get_model(model.group(1), model.group(2)).objects.order_by("pk")
        first = rows.first()
        values["object_id"] = first.pk if first else 1
    else:
        values["object_id"] = session.round.tournament.pk
    return values


def _counts() -> dict:
    """Every tournament and auth table's row count, read in one query."""
    models = [m for m in apps.get_models() if m._meta.app_label in ("tournament", "auth")]
    quote = connection.ops.quote_name
    counts = ", ".join(f"(SELECT COUNT(*) FROM {quote(m._meta.db_table)})" for m in models)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {counts}")
        row = cursor.fetchone()
    return {model._meta.label: count for model, count in zip(models, row, strict=True)}


def test_every_pattern_is_in_the_matrix():
    names = [name for name, _ in url_patterns()]
    assert len(names) > 100  # the admin's patterns are walked too
    for name in names:
        required_role(name)
    assert set(REQUIRED) <= set(names), "REQUIRED names a page that no longer exists"


def _allowed(role: str, name: str) -> bool:
    """A judge of another tournament may do here only what the public may (roles.py)."""
    if role == "judge of another tournament":
        return required_role(name) == "anonymous"
    return RANK[role] >= RANK[required_role(name)]


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("role", [*ROLES, "judge of another tournament"])
def test_role_matrix(client, world, role, method):
    session, users = world
    client.raise_request_exception = False
    problems = []
    for name, route in url_patterns():
        url = route.format(**_values(route, session, users))
        allowed = _allowed(role, name)
        if role != "anonymous":
            client.force_login(users[role])
        before = None if allowed else _counts()  # only a refusal must leave them as they were
        response = getattr(client, method)(url)
        status = response.status_code
        where = f"{method.upper()} {url} ({name}) as {role}: {status}"
        if status >= 500:
            problems.append(f"{where} server error")
            continue
        login_page = status == 302 and "login/" in response.get("Location", "")
        if allowed:
            if status == 403 and READ_ONLY.match(name):
                continue
            if status == 403 or (login_page and name not in ("logout", "admin:logout")):
                problems.append(f"{where} refused a permitted role")
        else:
            if not (login_page or status == 403):
                problems.append(f"{where} served a role below {required_role(name)}")
            if _counts() != before:
                problems.append(f"{where} wrote to the database while refusing")
    assert problems == [], "\n".join(problems)

"""WCAG 2.2 AA on every page family, in every language, in a real browser (issue 40).

axe-core (`tests.e2e.accessibility`) runs in Chromium on each page family as each role that
can see it, in English, Traditional and Simplified Chinese: no page may have a *serious* or
*critical* violation. Then, with the keyboard alone: a whole hand at the desk in Simplified
Chinese and a roll call in Traditional Chinese; and what a screen reader is told when a hand is
scored, refused and saved (the accessibility tree of the live regions).

Vocabulary
----------
site        the demo event, built once for the module and committed, served by one uvicorn
            (`tests.asgi_server.AsgiServer`) for all the module's tests; flushed at the end.
family      a kind of page (``PAGES``): public, projector, overlay, log-in, errors, player's
            link, table phone, desk, console, printouts.
role        who opens the page: ``anonymous`` (a spectator), ``player`` (a private link on a
            390 px phone), ``judge``, ``head judge``, ``organiser``; each role's pages are
            loaded once per language in one browser context.
findings    per page, axe's violations of every impact, written to
            ``test-artifacts/axe-<role>-<language>.json`` for the note of the change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import expect

from tests.e2e.accessibility import AXE, axe_run, blocking, findings
from tests.tournament.builders import SMALL, seat_players
from tournament.demo.event import DEMO_ACCOUNTS, demo_load
from tournament.event.links import player_link_issue
from tournament.models import Penalty, Registration, Session, Tournament

# The browser tests are not marked django_db: the site is committed once for the module (a
# transactional test would flush it after each test, and on SQLite a test's own transaction
# would hold the write lock that the server needs). pytest-django sets the test database up
# for a run that holds at least one marked test: `test_axe_is_the_pinned_package_and_never_served`.
pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ["en", "zh-hant", "zh-hans"]
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}


@dataclass
class Site:
    base: str
    pages: dict[str, list[tuple[str, str, str]]]  # role -> [(family, name, path)]
    session_path: str  # the desk sheet of an open session
    table_path: str  # a player's table phone of that session
    seats: dict[str, str]  # card letter -> the winner/discarder value at the desk


def _build() -> Site:
    accounts = [(name, "pw", role) for name, _password, role in DEMO_ACCOUNTS]
    tournament, _ = demo_load(accounts=accounts)
    Tournament.objects.filter(pk=tournament.pk).update(players_confirm_at_table=True)
    slug = tournament.slug
    organiser = get_user_model().objects.get(username="organiser")
    from tournament.play.selectors.sessions import session_next_number

    sessions = Session.objects.filter(round__tournament=tournament, round__number=2)
    session = next(s for s in sessions.order_by("table__number") if session_next_number(s))
    seats = seat_players(session)
    registration = Registration.objects.get(tournament=tournament, player_id=seats["E"])
    chinese = (
        Registration.objects.filter(tournament=tournament)
        .exclude(player__chinese_name="")
        .order_by("number")
        .first()
    )
    token = player_link_issue(registration=chinese, user=organiser).token
    table_token = (
        player_link_issue(registration=registration, user=organiser).token
        if registration.pk != chinese.pk
        else token
    )
    hand = session.hands.order_by("number").first()
    penalty = Penalty.objects.filter(session__round__tournament=tournament).first()
    t = f"/t/{slug}"
    sheet = f"{t}/desk/round/2/table/{session.table.number}"
    pages = {
        "anonymous": [
            ("public", "home", "/"),
            ("public", "tournament", f"{t}/"),
            ("public", "players", f"{t}/players/"),
            ("public", "player", f"{t}/players/{chinese.player_id}/"),
            ("public", "rounds", f"{t}/rounds/"),
            ("public", "round", f"{t}/rounds/1/"),
            ("public", "by player", f"{t}/rounds/1/by-player/"),
            ("public", "results", f"{t}/rounds/1/results/"),
            ("public", "tables", f"{t}/tables/"),
            ("public", "standings", f"{t}/standings/"),
            ("public", "countries", f"{t}/countries/"),
            ("public", "calculator", "/calculator/?tiles=123m+456p+789s+234s+5m&winning_tile=5m"),
            ("projector", "standings", f"{t}/projector/standings/"),
            ("projector", "seating", f"{t}/projector/rounds/2/"),
            ("overlay", "standings", f"{t}/overlay/standings/"),
            ("overlay", "table", f"{t}/overlay/rounds/2/tables/{session.table.number}/"),
            ("log-in", "log-in", "/login/"),
            ("errors", "404", "/no/such/page/"),
        ],
        "player": [
            ("player's link", "link", f"/p/{token}/"),
            ("player's link", "refused", "/p/" + "x" * 32 + "/"),
            ("table phone", "table", f"/p/{table_token}/table/"),
        ],
        "judge": [
            ("desk", "home", f"{t}/desk/"),
            ("desk", "round", f"{t}/desk/round/2/"),
            ("desk", "sheet", f"{sheet}/"),
            ("desk", "at the table", f"{sheet}/at-table/"),
            ("desk", "correction", f"{sheet}/hands/{hand.number}/edit/" if hand else f"{sheet}/"),
            ("desk", "penalty", f"{sheet}/penalty/"),
            ("desk", "reconcile", f"{sheet}/reconcile/"),
            ("desk", "audit", f"{sheet}/audit/"),
            ("desk", "health", f"{t}/desk/health/"),
            ("errors", "403", f"{t}/event/"),
        ],
        "head judge": [
            ("desk", "queries", f"{t}/desk/queries/"),
            ("desk", "clock", f"{t}/desk/round/2/clock/"),
            ("console", "rounds", f"{t}/event/rounds/"),
        ],
        "organiser": [
            ("public", "home", "/"),
            ("console", "dashboard", f"{t}/event/"),
            ("console", "edit", f"{t}/event/edit/"),
            ("console", "new", "/organiser/new/"),
            ("console", "players", f"{t}/event/players/"),
            ("console", "player", f"{t}/event/players/{chinese.number}/"),
            ("console", "player link", f"{t}/event/players/{chinese.number}/link/"),
            ("console", "import", f"{t}/event/players/import/"),
            ("console", "check-in", f"{t}/event/checkin/"),
            ("console", "stages", f"{t}/event/stages/"),
            ("console", "officials", f"{t}/event/officials/"),
            ("console", "penalty presets", f"{t}/event/penalty-presets/"),
            ("console", "log-ins", f"{t}/event/logins/"),
            ("console", "seating", f"{t}/seating/"),
            ("console", "seating round", f"{t}/rounds/2/seating/"),
            ("printouts", "printouts", f"{t}/print/"),
        ],
    }
    if penalty is not None:
        pages["judge"].append(("desk", "penalty delete", f"{sheet}/penalty/{penalty.pk}/delete/"))
    return Site(
        base="",
        pages=pages,
        session_path=f"{sheet}/",
        table_path=f"/p/{table_token}/table/",
        seats={},
    )


@pytest.fixture(scope="module")
def site(django_db_setup, django_db_blocker):
    """The demo, committed, under one uvicorn for the module (see the vocabulary)."""
    from tests.asgi_server import AsgiServer

    with django_db_blocker.unblock():
        built = _build()
        try:
            with AsgiServer("localhost") as server:
                built.base = server.base
                yield built
        finally:
            call_command("flush", interactive=False, verbosity=0)


USERS = {"judge": "judge", "head judge": "headjudge", "organiser": "organiser"}


def _context(chromium, site: Site, role: str, language: str):
    viewport = PHONE if role == "player" else DESK
    # bypass_csp: axe is injected as a script of the page, which the site's policy forbids
    # (test_csp_browser holds the pages to it).
    context = chromium.new_context(
        viewport=viewport, has_touch=role == "player", bypass_csp=True
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": site.base}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    if role in USERS:
        page.goto(f"{site.base}/login/")
        page.fill("#id_username", USERS[role])
        page.fill("#id_password", "pw")
        page.locator("#id_password").press("Enter")
        page.wait_for_url(lambda url: "/login/" not in url)
    return context, page


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("role", ["anonymous", "player", "judge", "head judge", "organiser"])
def test_no_serious_violation_on_any_page(chromium, site, artifacts, role, language):
    context, page = _context(chromium, site, role, language)
    report, problems = {}, []
    try:
        for family, name, path in site.pages[role]:
            page.goto(site.base + path)
            page.wait_for_load_state("load")
            violations = axe_run(page)
            report[f"{family} · {name}"] = findings(violations)
            for rule, impact, count, where in blocking(violations):
                problems.append(f"{family} · {name} {path}: {rule} ({impact}) ×{count}: {where}")
    finally:
        context.close()
        target = artifacts / f"axe-{role.replace(' ', '-')}-{language}.json"
        target.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    assert not problems, f"{len(problems)} serious or critical:\n" + "\n".join(problems)


@pytest.mark.django_db
def test_axe_is_the_pinned_package_and_never_served(client):
    """The tests inject the axe of the lock file; the site has no address for it."""
    lock = json.loads((AXE.parents[2] / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/axe-core"]["version"]
    assert json.loads((AXE.parent / "package.json").read_text())["version"] == pinned
    assert f"axe v{pinned}" in AXE.read_text()[:200]
    assert client.get("/static/axe.min.js").status_code == 404
    assert client.get("/static/axe-core/axe.min.js").status_code == 404

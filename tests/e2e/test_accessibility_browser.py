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
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import expect

from tests.e2e.accessibility import AXE, axe_run, blocking, findings
from tests.tournament.builders import SMALL, chinese_registration, seat_players
from tournament.demo.event import DEMO_ACCOUNTS, demo_load
from tournament.event.links import player_link_issue
from tournament.models import Registration, Session, Tournament

# The browser tests are not marked django_db: the site is committed once for the module (a
# transactional test would flush it after each test, and on SQLite a test's own transaction
# would hold the write lock that the server needs). pytest-django sets the test database up
# for a run that holds a marked test (or `test_database` does, for a run of these alone).
pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ["en", "zh-hant", "zh-hans"]
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}


#: role | family | page | address ({placeholders} filled from the demo in `_build`).
PAGES = """
anonymous  | public        | home          | /
anonymous  | public        | tournament    | {t}/
anonymous  | public        | player        | {t}/players/{player}/
anonymous  | public        | results       | {t}/rounds/1/results/
anonymous  | public        | standings     | {t}/standings/
anonymous  | public        | statistics    | {t}/statistics/
anonymous  | public        | calculator    | /calculator/?tiles={small}&winning_tile=5m
anonymous  | projector     | standings     | {t}/projector/standings/
anonymous  | projector     | statistics    | {t}/projector/statistics/
anonymous  | projector     | awards        | {t}/projector/awards/
anonymous  | overlay       | standings     | {t}/overlay/standings/
anonymous  | log-in        | log-in        | /login/
anonymous  | errors        | 404           | /no/such/page/
player     | player's link | link          | /p/{token}/
player     | player's link | refused       | /p/{unknown}/
player     | table phone   | table         | /p/{table_token}/table/
judge      | desk          | round         | {t}/desk/round/2/
judge      | desk          | sheet         | {sheet}/
judge      | desk          | at the table  | {sheet}/at-table/
judge      | desk          | correction    | {sheet}/hands/{hand}/edit/
judge      | desk          | penalty       | {sheet}/penalty/
judge      | desk          | reconcile     | {sheet}/reconcile/
judge      | errors        | 403           | {t}/event/
head judge | desk          | queries       | {t}/desk/queries/
head judge | desk          | clock         | {t}/desk/round/2/clock/
head judge | console       | rounds        | {t}/event/rounds/
organiser  | public        | home          | /
organiser  | console       | dashboard     | {t}/event/
organiser  | console       | edit          | {t}/event/edit/
organiser  | console       | players       | {t}/event/players/
organiser  | console       | check-in      | {t}/event/checkin/
organiser  | console       | seating       | {t}/seating/
organiser  | console       | seating round | {t}/rounds/2/seating/
organiser  | console       | seating rules | {t}/seating/rules/
organiser  | console       | by a method   | {t}/seating/by-method/
organiser  | console       | awards        | {t}/event/awards/
organiser  | printouts     | printouts     | {t}/print/
"""


@dataclass
class Site:
    base: str
    pages: dict[str, list[tuple[str, str, str]]]  # role -> [(family, name, path)]
    session_path: str  # the desk sheet of an open session
    checkin_path: str  # the roll call
    rollcall_number: int  # a player's number, absent from the roll call
    rollcall_chinese: str  # another player's Chinese name


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
    chinese = chinese_registration(tournament)
    token = player_link_issue(registration=chinese, user=organiser).token
    table_token = (
        player_link_issue(registration=registration, user=organiser).token
        if registration.pk != chinese.pk
        else token
    )
    hand = session.hands.order_by("number").first()
    t = f"/t/{slug}"
    values = {
        "t": f"/t/{slug}",
        "sheet": f"/t/{slug}/desk/round/2/table/{session.table.number}",
        "token": token,
        "table_token": table_token,
        "unknown": "x" * 32,
        "small": SMALL.replace(" ", "+"),
        "hand": hand.number if hand else 1,
        "player": chinese.player_id,
    }
    pages: dict[str, list[tuple[str, str, str]]] = {}
    for line in PAGES.strip().splitlines():
        role, family, name, path = (cell.strip() for cell in line.split("|"))
        pages.setdefault(role, []).append((family, name, path.format(**values)))
    players = Registration.objects.filter(tournament=tournament, status="active")
    absent = players.exclude(pk=chinese.pk).order_by("number").first()
    return Site(
        base="",
        pages=pages,
        session_path=f"{values['sheet']}/",
        checkin_path=f"{t}/event/checkin/",
        rollcall_number=absent.number,
        rollcall_chinese=chinese.player.chinese_name,
    )


@pytest.fixture(scope="module")
def test_database(django_db_setup, django_db_blocker):
    """The test database. pytest-django sets it up for a run that holds a django_db test; a
    run of this module's browser tests alone (``-k keyboard``) has none, so it is set up here
    as pytest-django would, and torn down after the module."""
    from django.db import connection
    from django.test.utils import setup_databases, teardown_databases

    with django_db_blocker.unblock():
        if Path(str(connection.settings_dict["NAME"])).name.startswith("test"):
            yield
            return
        made = setup_databases(verbosity=0, interactive=False, aliases={"default"})
        try:
            yield
        finally:
            teardown_databases(made, verbosity=0)


@pytest.fixture(scope="module")
def site(test_database, django_db_blocker):
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
    context = chromium.new_context(viewport=viewport, has_touch=role == "player", bypass_csp=True)
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


def _said(page) -> dict[str, str]:
    """What the page's live regions hold now (a screen reader says each change of them)."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('[role=status], [role=alert]')]
             .map((el, i) => [el.id || el.getAttribute('role') + i,
                              el.textContent.replace(/\\s+/g, ' ').trim()])
             .filter(([, text]) => text))"""
    )


def _announced(page, artifacts, name: str) -> str:
    """The accessibility tree of the hand (Playwright's aria snapshot), kept for the note."""
    tree = page.locator("#hand-form").aria_snapshot()
    (artifacts / f"a11y-announced-{name}.txt").write_text(
        json.dumps(_said(page), ensure_ascii=False, indent=1) + "\n\n" + tree
    )
    return tree


def test_a_whole_hand_at_the_desk_with_the_keyboard_alone_in_simplified_chinese(
    chromium, site, artifacts
):
    """Skip link, the hand typed with the keys (the lists answer the card's letters), the
    preview said in Chinese when it refuses and when it scores, the tiles field read back in
    Chinese tile names, the save said; no serious axe violation in any of these states."""
    context, page = _context(chromium, site, "judge", "zh-hans")
    try:
        keys = page.keyboard
        # The skip link is the keyboard's first stop, seen when it has the focus, and takes
        # the keyboard to the content (the home page: no field takes the focus first).
        page.goto(site.base + "/")
        keys.press("Tab")
        skip = page.locator("a.skip-link")
        expect(skip).to_be_focused()
        expect(skip).to_have_text("跳到主要内容")
        assert skip.bounding_box()["y"] >= 0, "the focused skip link is on screen"
        keys.press("Enter")
        expect(page.locator("main")).to_be_focused()

        page.goto(site.base + site.session_path)
        page.wait_for_function("() => document.readyState === 'complete' && window.htmx")
        expect(page.locator("#id_winner")).to_be_focused()  # autofocus
        number = page.locator("h2#entry").inner_text()

        # A hand with too few tiles: refused, and said so in Chinese, politely.
        keys.type("e")
        keys.press("Tab")
        keys.type("d")
        keys.press("Tab")
        keys.type("w")
        keys.press("Tab")
        keys.type("123m 456p")
        keys.press("Tab")
        keys.type("5m")
        expect(page.locator("[data-preview-state=errors]")).to_be_visible()
        expect(page.locator("#preview-said")).to_contain_text("修正")
        assert not blocking(axe_run(page)), blocking(axe_run(page))
        _announced(page, artifacts, "refused-zh-hans")

        # Corrected: the preview is said as the points and the payments, once.
        keys.press("Shift+Tab")
        keys.press("Control+A")
        keys.type(SMALL)
        expect(page.locator("#preview .total")).to_have_text("10")
        # Said once, in Chinese: the points, the patterns, each payment.
        expect(page.locator("#preview-said")).to_contain_text("10 分：")
        expect(page.locator("#preview-said")).to_contain_text("门前清")
        # Every tile drawn has its Chinese name; the field is read back in the same words.
        expect(page.locator("#preview .hand-pictures img").first).to_have_attribute("alt", "一万")
        described = page.locator("#id_tiles").get_attribute("aria-describedby")
        assert "hand-readback" in described.split()
        readback = page.locator("#hand-readback").text_content()
        assert readback.startswith("一万、二万、三万、"), readback
        assert "；和牌张（他人打出）：五万" in readback, readback
        expect(page.locator("#id_tiles")).to_have_accessible_description(
            re.compile("一万、二万、三万")
        )
        # A palette key is named in Chinese too.
        assert page.locator(".tile-key[data-tile='5s']").get_attribute("aria-label") is None
        expect(page.locator(".tile-key[data-tile='5s']")).to_have_accessible_name("五条")
        assert not blocking(axe_run(page)), blocking(axe_run(page))
        _announced(page, artifacts, "scored-zh-hans")

        # Enter saves: the message is said after the page is shown.
        keys.press("Enter")
        expect(page.locator("#messages")).to_contain_text("已保存")
        expect(page.locator("#messages [data-said]")).to_contain_text("已保存")
        assert page.locator("h2#entry").inner_text() != number
        (artifacts / "a11y-announced-saved-zh-hans.txt").write_text(
            json.dumps(_said(page), ensure_ascii=False, indent=1)
        )
        assert not blocking(axe_run(page)), blocking(axe_run(page))
    finally:
        context.close()


def test_a_roll_call_with_the_keyboard_alone_in_traditional_chinese(chromium, site, artifacts):
    """The organiser finds players by number and by Chinese name, toggles them with Enter and
    Space, and each change is said in Traditional Chinese with the count present."""
    context, page = _context(chromium, site, "organiser", "zh-hant")
    try:
        page.goto(site.base + site.checkin_path)
        expect(page.locator("#rollcall[data-ready='1']")).to_be_attached()
        search = page.locator("#checkin-search")
        expect(search).to_be_focused()
        present = int(page.locator("[data-count=present]").first.inner_text())
        row = page.locator(f"#rollcall-list li[data-number='{site.rollcall_number}'] input")
        step = -1 if row.is_checked() else 1
        keys = page.keyboard
        keys.type(str(site.rollcall_number))
        keys.press("Enter")
        present += step
        expect(page.locator("[data-count=present]").first).to_have_text(str(present))
        word = "已到" if step > 0 else "未到"
        expect(page.locator("#checkin-said")).to_contain_text(f"{word}（共 {present} 人已到）")
        # By Chinese name (an input method's text), then down into the list and Space.
        keys.press("Control+A")
        keys.insert_text(site.rollcall_chinese)
        keys.press("ArrowDown")
        box = page.locator("#rollcall-list input:focus")
        expect(box).to_be_visible()
        was = box.is_checked()
        keys.press("Space")
        expected = present + (-1 if was else 1)
        expect(page.locator("[data-count=present]").first).to_have_text(str(expected))
        word = "未到" if was else "已到"
        expect(page.locator("#checkin-said")).to_contain_text(f"{word}（共 {expected} 人已到）")
        assert not blocking(axe_run(page)), blocking(axe_run(page))
        page.screenshot(path=str(artifacts / "a11y-rollcall-zh-hant.png"), full_page=True)
    finally:
        context.close()

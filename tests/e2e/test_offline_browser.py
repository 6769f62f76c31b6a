"""The offline desk in Chromium with the network cut (issue 41, `context.set_offline`): a
judge enters 20 hands of two tables offline, reloads, closes the browser and opens it again on
the same profile (IndexedDB and the service worker kept), comes back online: the 20 hands are
saved once each, in the order typed, scored, with the kept totals moved; a second tab sending
the same keys makes nothing twice; an illegal hand typed offline comes back with its reason,
is corrected in the form and saved; the table's phone does the same; log-out empties the store.

Vocabulary: *profile* is Chromium's user data folder (`launch_persistent_context`): closing
the context and launching it again on the same folder is a judge closing the laptop's lid or
the browser and opening it again. The hands are typed into the form's fields directly (the
keyboard's dictation is `test_desk_browser`'s): the players by their place in the card's order.
"""

import json

import pytest
from django.urls import reverse
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.test_desk_browser import log_in, session_path
from tests.tournament.builders import (
    CHICKEN,
    SMALL,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
)
from tournament.models import Hand, OfflineEntry, Session, SessionScore, TableEntry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT_MS = 30_000  # a bound against a hang on a loaded machine, never the thing asserted


def two_tables():
    tournament = make_tournament(name="Offline Open")
    round_ = make_seated_round(tournament, make_players(tournament, 8))
    sessions = list(
        Session.objects.select_related("round__tournament", "table")
        .filter(round=round_)
        .order_by("table__number")
    )
    make_user("judge", name="offline-judge")
    return sessions


def launch(chromium, profile, **options):
    """A browser on ``profile``: what it kept survives closing it."""
    context = chromium.browser_type.launch_persistent_context(
        str(profile),
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        viewport=options.pop("viewport", {"width": 1280, "height": 900}),
        **options,
    )
    context.set_default_timeout(WAIT_MS)
    return context


def controlled(page):
    """Wait until the service worker controls the page and has kept it with its files: its
    scripts, styles and pictures (the page is *opened*, in the issue's words)."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    page.wait_for_function(
        "async () => { const c = await caches.open('zj-desk-pages');"
        " return !!(await c.match(location.href)); }"
    )
    page.wait_for_function(
        """async () => {
            const files = await caches.open('zj-desk-files');
            const tags = document.querySelectorAll(
                'script[src], link[rel=stylesheet][href], img[src]');
            for (const tag of tags) {
                const url = tag.src || tag.href;
                if (new URL(url).pathname.startsWith('/static/') && !(await files.match(url))) {
                    return false;
                }
            }
            return true;
        }"""
    )


def type_hand(page, number, hand):
    """Fill the form for hand ``number``: ("win", winner, discarder, tiles, tile) by the
    players' places in the card's order (1-4), or ("draw",); then Save."""
    page.wait_for_selector("html[data-offline-ready]", state="attached")
    expect(page.locator("#id_number")).to_have_value(str(number))
    kept = page.locator("#offline-queue li").count()
    if hand[0] == "draw":
        page.select_option("#id_outcome", "draw")
    else:
        _, winner, discarder, tiles, tile = hand
        page.select_option("#id_outcome", "win")
        page.select_option("#id_winner", index=winner)
        page.select_option("#id_win_type", "discard")
        page.select_option("#id_discarder", index=discarder)
        page.fill("#id_tiles", tiles)
        page.fill("#id_winning_tile", tile)
    page.locator("#save-hand, #save-table-hand").first.click()
    expect(page.locator("#offline-queue li")).to_have_count(kept + 1)
    expect(page.locator("#offline-queue li").last).to_have_attribute("data-number", str(number))


def queued(page):
    """The entries of this judge's store, in the order typed."""
    return page.evaluate(
        """() => new Promise((resolve) => {
          const config = JSON.parse(document.getElementById('offline-config').textContent);
          const opening = indexedDB.open('zj-offline-' + config.user, 1);
          opening.onsuccess = () => {
            const db = opening.result;
            const all = db.transaction('queue').objectStore('queue').getAll();
            all.onsuccess = () => {
              db.close();
              resolve(all.result.sort((a, b) => a.seq - b.seq));
            };
          };
        })"""
    )


def expect_kept(page, count):
    """The page, opened again, lists ``count`` hands kept in the store; when it does not, the
    failure says what the page was (the worker's copy, the not-kept page, an error page) and
    what the store holds."""
    try:
        page.wait_for_selector("html[data-offline-ready]", state="attached")
        expect(page.locator("#offline-queue li")).to_have_count(count, timeout=WAIT_MS)
    except (AssertionError, PlaywrightError) as failure:
        state = page.evaluate(
            """() => ({url: location.href, title: document.title, onLine: navigator.onLine,
                 main: !!document.getElementById('main'),
                 ready: document.documentElement.hasAttribute('data-offline-ready'),
                 storeError: document.documentElement.getAttribute('data-offline-store-error'),
                 controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
                 banner: (document.getElementById('offline-banner') || {}).textContent || null})"""
        )
        stored = queued(page) if state["main"] else "(no desk page)"
        raise AssertionError(f"{failure}\npage: {state}\nstore: {stored}") from failure


HANDS = [("win", 2, 3, SMALL, "5m"), ("draw",)] * 5  # 10 a table: wins of 10 and draws


def test_twenty_hands_typed_offline_are_saved_once_each_in_order(
    chromium, live_server, tmp_path, artifacts
):
    first, second = two_tables()
    base = live_server.url
    profile = tmp_path / "profile"
    context = launch(chromium, profile)
    page = context.pages[0] if context.pages else context.new_page()
    log_in(page, base, "offline-judge", session_path(second))
    controlled(page)
    page.goto(base + session_path(first))
    controlled(page)

    # The network goes: the judge types table 1's ten hands, then opens table 2 (from the
    # worker's copy) and types its ten.
    context.set_offline(True)
    page.locator("#id_tiles").fill("123m")  # the preview cannot be worked out offline
    expect(page.locator("#preview")).to_contain_text("scored when the connection is back")
    for number, hand in enumerate(HANDS, start=1):
        type_hand(page, number, hand)
    expect(page.locator("#offline-banner")).to_contain_text("Offline since")
    expect(page.locator("#offline-banner")).to_contain_text("10 hands not sent")
    # A desk page never opened on this device cannot be shown: the network is cut for the
    # worker too (what the sheets show offline is the worker's copy).
    page.goto(base + reverse("desk:round_desk", args=[first.round.tournament.slug, 1]))
    expect(page.locator("body")).to_contain_text("was not opened on this device before")
    page.goto(base + session_path(first))
    expect(page.locator("#offline-banner")).to_contain_text("10 hands not sent")
    expect(page.locator("#id_number")).to_have_value("11")  # after the hands kept
    page.screenshot(path=str(artifacts / "offline-1-typed-offline.png"), full_page=True)
    expect(page.locator("#hand-sheet tr.not-sent")).to_have_count(10)
    page.goto(base + session_path(second))
    expect(page.locator("h1")).to_contain_text("Table 2")
    for number, hand in enumerate(HANDS, start=1):
        type_hand(page, number, hand)
    expect(page.locator("#offline-banner")).to_contain_text("20 hands not sent")

    # A reload, then the browser closed and opened again on the same profile, still offline.
    page.reload()
    expect_kept(page, 20)
    expect(page.locator("#offline-banner")).to_contain_text("20 hands not sent")
    typed = [(e["table"], int(e["fields"]["number"]), e["key"]) for e in queued(page)]
    assert [(table, number) for table, number, _ in typed] == [
        (table, number) for table in (1, 2) for number in range(1, 11)
    ]
    context.close()
    context = launch(chromium, profile, offline=True)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(base + session_path(first))
    expect_kept(page, 20)
    expect(page.locator("#offline-banner")).to_contain_text("20 hands not sent")
    page.screenshot(path=str(artifacts / "offline-2-reopened-offline.png"), full_page=True)
    assert Hand.objects.count() == 0
    kept = queued(page)

    # Back online, with a second tab open: both try to send, each key is applied once.
    other = context.new_page()
    other.goto(base + session_path(second))
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#offline-banner")).to_be_hidden(timeout=WAIT_MS)
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(page.locator("#hand-sheet tbody tr:not(.not-sent)")).to_have_count(10)
    page.screenshot(path=str(artifacts / "offline-3-sent.png"), full_page=True)
    for session in (first, second):
        numbers = list(session.hands.order_by("number").values_list("number", "value", "outcome"))
        assert [n for n, _, _ in numbers] == list(range(1, 11))
        assert all(value == 10 for _, value, outcome in numbers if outcome == "win")
    received = list(OfflineEntry.objects.order_by("received_at", "pk"))
    assert [(e.session.table.number, e.number) for e in received] == [t[:2] for t in typed]
    assert {e.result for e in received} == {"saved"}
    assert SessionScore.objects.filter(session__in=[first, second]).exclude(hand_points=0).exists()

    # The second tab sends the same keys again: every answer is the first one, nothing twice.
    answers = other.evaluate(
        """async (entries) => {
          const token = document.querySelector('[name=csrfmiddlewaretoken]').value;
          const out = [];
          for (const e of entries) {
            const r = await fetch(e.sync, {method: 'POST', headers: {'Content-Type':
              'application/json', 'X-CSRFToken': token}, body: JSON.stringify({key: e.key,
              typed_at: e.typed_at, place: e.place, round: e.round, table: e.table,
              half: e.half, fields: e.fields})});
            out.push([r.status, await r.json()]);
          }
          return out;
        }""",
        kept,
    )
    assert {status for status, _ in answers} == {200}
    assert all(answer["replayed"] for _, answer in answers)
    assert Hand.objects.count() == 20 and OfflineEntry.objects.count() == 20
    context.close()


def test_an_illegal_hand_typed_offline_comes_back_with_its_reason(
    chromium, live_server, tmp_path, artifacts
):
    first, _ = two_tables()
    base = live_server.url
    context = launch(chromium, tmp_path / "profile")
    page = context.pages[0] if context.pages else context.new_page()
    log_in(page, base, "offline-judge", session_path(first))
    controlled(page)
    context.set_offline(True)
    type_hand(page, 1, HANDS[0])
    type_hand(page, 2, ("win", 2, 3, CHICKEN, "9s"))  # 1 point: under the minimum
    type_hand(page, 3, ("draw",))
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    refused = page.locator("#offline-queue li.refused")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("Hand 2")
    expect(refused.locator(".offline-reason")).not_to_be_empty()
    expect(page.locator("#offline-queue li[data-number='3']")).to_contain_text("waits for")
    expect(page.locator("#offline-banner")).to_contain_text("refused")
    assert list(first.hands.values_list("number", flat=True)) == [1]
    page.screenshot(path=str(artifacts / "offline-4-refused.png"), full_page=True)

    # Correct: the typed hand is back in the form with the reason; fixed and saved, it goes
    # first, then hand 3 after it.
    refused.locator("[data-correct]").click()
    expect(page.locator("#id_tiles")).to_have_value(CHICKEN)
    expect(page.locator("#id_number")).to_have_value("2")
    page.screenshot(path=str(artifacts / "offline-5-correcting.png"), full_page=True)
    page.fill("#id_tiles", SMALL)
    page.fill("#id_winning_tile", "5m")
    page.locator("#save-hand").click()
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=WAIT_MS)
    assert list(first.hands.order_by("number").values_list("number", flat=True)) == [1, 2, 3]
    refusal = OfflineEntry.objects.get(result="refused")
    assert refusal.number == 2 and refusal.reason
    health = page.goto(base + reverse("desk:tournament_health", args=[first.round.tournament.slug]))
    assert health.ok
    expect(page.locator("#health-offline li")).to_have_count(0)  # settled: hand 2 is in
    context.close()


def test_the_table_phone_keeps_its_hands_offline_and_log_out_empties_the_store(
    chromium, live_server, tmp_path, artifacts
):
    first, _ = two_tables()
    base = live_server.url
    context = launch(chromium, tmp_path / "profile", viewport={"width": 390, "height": 844})
    page = context.pages[0] if context.pages else context.new_page()
    table = reverse(
        "desk:table_page",
        args=[first.round.tournament.slug, first.round.number, first.table.number],
    )
    log_in(page, base, "offline-judge", table)
    controlled(page)
    context.set_offline(True)
    type_hand(page, 1, HANDS[0])
    type_hand(page, 2, ("draw",))
    expect(page.locator("#offline-banner")).to_contain_text("2 hands not sent")
    page.reload()
    expect_kept(page, 2)
    # The page as last seen, the tiles' pictures too: kept with the first page's files.
    assert page.locator("img").count() > 30
    assert page.evaluate("Array.from(document.images).every((i) => i.complete && i.naturalWidth)")
    page.screenshot(path=str(artifacts / "offline-6-table-phone.png"), full_page=True)
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=WAIT_MS)
    assert TableEntry.objects.filter(hand__session=first).count() == 2
    expect(page.locator("#table-signals li")).to_have_count(2)

    # Log-out deletes this judge's store and the kept pages.
    page.locator("form[data-logout] button").click()
    page.wait_for_url(lambda url: "/logout" in url or url.rstrip("/") == base)
    names = page.evaluate("async () => (await indexedDB.databases()).map((d) => d.name)")
    assert "zj-offline-offline-judge" not in names
    assert not page.evaluate("async () => await caches.has('zj-desk-pages')")
    assert json.dumps(names)  # (the list itself, for the report on failure)
    context.close()


def test_a_public_page_without_the_network_says_as_of_when_and_catches_up(
    chromium, asgi_server, artifacts
):
    from tests.tournament.builders import entry
    from tournament.play.services.hands import hand_save

    session = Session.objects.select_related("round__tournament", "table").get(
        pk=two_tables()[0].pk
    )
    judge = make_user()
    hand_save(session=session, entry=entry(session, 1, winner="S"), user=judge)
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(asgi_server.base + reverse("public:standings", args=[session.round.tournament.slug]))
    page.wait_for_function("() => window.htmx && document.querySelector('[data-live]')")
    total = page.locator("table.standings tbody tr td.strong").first
    expect(total).to_have_text("30")
    expect(page.locator("#live-asof")).to_have_count(0)
    context.set_offline(True)
    expect(page.locator("#live-asof")).to_contain_text("Not connected: shown as of")
    expect(total).to_have_text("30")  # the last standings known stay on the page
    hand_save(session=session, entry=entry(session, 2, winner="S"), user=judge)
    page.screenshot(path=str(artifacts / "offline-7-public-as-of.png"), full_page=True)
    context.set_offline(False)
    expect(total).to_have_text("60")  # caught up on its own
    expect(page.locator("#live-asof")).to_have_count(0)
    context.close()

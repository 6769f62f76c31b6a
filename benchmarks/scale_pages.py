"""``make bench-scale``: every heavy page, download, printout and command at world-championship
scale, each against its floor measured in the same run.

Vocabulary
----------
played event    `bench_standings.build_event(400, 10, 16)`: 400 players, 10 rounds, 16,000
                hands and 64,000 payments in bulk rows, every session reconciled; its audit
                lines dated two hours back (`history_age`), as entered earlier in the day.
                Every hand of its round 1 was entered at its table too (`tables_entered`).
before play     `build_before_play(400, 10)`: the same roster with all 10 rounds seated and
                published and no hand entered (the seating, dashboard and check-in pages as the
                organiser sees them the evening before; the hand saves go into its round 1).
small event     `build_event(32, 10, 16)`: 1,280 hands, for the player page to show that its
                time does not grow with the tournament's hands.
scored event    `scale_archive.build_scored_event(400, 10, 16)`: the same size, every hand
                scored by the engine (so its archive imports), an audit line per hand: the
                archive rows.
cached event    both events are built once per database and kept on disk between runs: a SQLite
                file in ``.bench-cache/`` and a PostgreSQL template database, named by a key
                of the migrations and the builders (`cache_key`); each run measures a copy, so
                the hands it saves never reach the cache.
page            a `Page`: a name, which event it reads, who asks (``public``, ``judge``,
                ``organiser``) and how to build its address from the event. Every request is
                cold (the kept boards and the cache emptied first, as the first request after a
                write), except a *kept page* row: a spectator's refresh served from the cache.
floor           what a row is compared with, timed alternately with it in the same process:
                the *bare sum* (`bench_standings.BARE_SQL`, one query summing every payment of
                the played event per player) for pages and downloads; the *trivial view* (``ok``
                behind the desk's role check) for the hand save; a *minimal document*
                (`bench_pdf.minimal_seconds`, same page count) for the standings PDF; the same
                command on SQLite for the archive import on PostgreSQL.
row             a dict: ``name``, ``ms`` (median of ``runs``), ``floor`` and ``floor_ms``,
                ``ratio``, ``queries``, ``kb`` and, for the archive export, ``peak_mb``.

Run: ``python benchmarks/scale_pages.py [--runs 5] [--sqlite-only] [--only words] [--rebuild]``
prints one table per database (SQLite, then PostgreSQL at ``BENCH_PG_URL`` when reachable), each
measured in a fresh child process.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import itertools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass
class Event:
    tournament: object
    people: list


class Page(NamedTuple):
    name: str
    event: str  # "played" or "before_play"
    role: str  # "public", "judge" or "organiser"
    address: Callable[[Event], str]
    status: int = 200  # the desk's home redirects to the round in play
    kept: bool = False  # a spectator's refresh served from the kept page (not cold)
    after_write: bool = False  # built right after a hand corrected in the last round


def _url(name: str, *extra) -> Callable[[Event], str]:
    from django.urls import reverse

    def address(event: Event) -> str:
        args = [event.tournament.slug, *(e(event) if callable(e) else e for e in extra)]
        return reverse(name, args=args)

    return address


def _sorted(name: str, column: str) -> Callable[[Event], str]:
    address = _url(name)
    return lambda event: f"{address(event)}?sort={column}"


def _eighth_player(event: Event) -> int:
    return event.people[7].pk


PAGES: list[Page] = [
    Page("standings", "played", "public", _url("public:standings")),
    Page("standings, kept page", "played", "public", _url("public:standings"), kept=True),
    Page("standings CSV", "played", "public", _url("exports:standings_export", "csv")),
    Page("standings XLSX", "played", "public", _url("exports:standings_export", "xlsx")),
    Page("players list", "played", "public", _url("public:player_list")),
    Page("player page", "played", "public", _url("public:player_detail", _eighth_player)),
    Page(
        "player page, 1,280 hands",
        "small",
        "public",
        _url("public:player_detail", _eighth_player),
    ),
    Page("standings sorted by name", "played", "public", _sorted("public:standings", "name")),
    Page("projector standings", "played", "public", _url("public:projector_standings")),
    Page("API player", "played", "public", _url("api:player_detail", _eighth_player)),
    Page("statistics, first build", "played", "public", _url("public:statistics")),
    Page(
        "statistics, after a write",
        "played",
        "public",
        _url("public:statistics"),
        after_write=True,
    ),
    Page(
        "projector statistics, after a write",
        "played",
        "public",
        _url("public:projector_statistics"),
        after_write=True,
    ),
    Page(
        "API statistics, after a write",
        "played",
        "public",
        _url("api:statistics"),
        after_write=True,
    ),
    Page("desk home", "played", "judge", _url("desk:home"), 302),
    Page("desk round", "played", "judge", _url("desk:round_desk", 1)),
    Page("seating overview", "before_play", "organiser", _url("console:seating_overview")),
    Page("dashboard", "before_play", "organiser", _url("console:dashboard")),
    Page("check-in", "before_play", "organiser", _url("console:checkin")),
    Page("seating round 1", "before_play", "organiser", _url("console:seating_round", 1)),
]


def build_before_play(players: int, rounds: int, seed: int = 3) -> Event:
    """A roster with every round seated and published through the services, no hand entered."""
    import datetime
    import random

    from tournament.event.services.admission import RosterEntry
    from tournament.event.services.registrations import tournament_register
    from tournament.models import Round, Tournament
    from tournament.seating.services.seats import round_seat, seating_publish

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        name=f"Before play {players}x{rounds}",
        slug=f"before-play-{players}-{rounds}",
        start_date=datetime.date(2026, 7, 1),
        end_date=datetime.date(2026, 7, 3),
        hands_per_session=16,
    )
    roster = [
        RosterEntry(name=f"Seated {i:04d}", country="DK", external_id="")
        for i in range(1, players + 1)
    ]
    people = [reg.player for reg in tournament_register(tournament=tournament, roster=roster)]
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(tournament=tournament, number=number)
        order = people[:]
        rng.shuffle(order)
        round_seat(
            round_=round_,
            seat_rows=[(i // 4 + 1, "ESWN"[i % 4], p) for i, p in enumerate(order)],
        )
        seating_publish(round_=round_)
    return Event(tournament, people)


def build_events(players: int = 400, rounds: int = 10, hands: int = 16) -> dict[str, Event]:
    from django.db import connection

    from benchmarks.bench_standings import build_event
    from benchmarks.scale_archive import build_scored_event

    played = Event(*build_event(players, rounds, hands, seed=1))
    events = {
        "played": played,
        "before_play": build_before_play(players, rounds),
        "small": Event(*build_event(32, rounds, hands, seed=2)),
        "scored": Event(build_scored_event(players, rounds, hands), []),
    }
    history_age(played, events["small"])
    tables_entered(played, round_number=1)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # as autovacuum would after a day of entries
            cursor.execute("ANALYZE")
    return events


def tables_entered(event: Event, round_number: int) -> None:
    """Every hand of round ``round_number`` entered at its table too (a `TableEntry` each), as
    at an event whose tables confirm their hands on the table page: the desk round's cards
    then carry the tables' signals."""
    from tournament.models import Hand, TableEntry

    hands = Hand.objects.filter(
        session__round__tournament=event.tournament, session__round__number=round_number
    ).values_list("pk", flat=True)
    TableEntry.objects.bulk_create(
        [TableEntry(hand_id=pk, first=False) for pk in hands], batch_size=2000
    )


def history_age(*events: Event, hours: int = 2) -> None:
    """Date the audit lines of the played events ``hours`` back, as entered earlier in the day.

    The health page re-checks the sessions written since its last check less a minute
    (`tournament.play.health.known_totals.MARGIN`); an event built just before a run would
    have every session written inside that minute, and the health page's visit after a write
    would re-check them all (a whole check) instead of the one session written."""
    import datetime

    from django.db.models import F

    from tournament.models import AuditEntry

    AuditEntry.objects.filter(tournament__in=[event.tournament for event in events]).update(
        created_at=F("created_at") - datetime.timedelta(hours=hours)
    )


def cache_key() -> str:
    """A digest of what the cached events depend on: the migrations and the builders."""
    digest = hashlib.sha256()
    sources = sorted((ROOT / "tournament" / "migrations").glob("*.py"))
    sources += [
        ROOT / "benchmarks" / "bench_standings.py",
        ROOT / "tests" / "tournament" / "builders.py",
        Path(__file__).resolve(),
    ]
    for source in sources:
        text = source.read_text()
        if source.name == Path(__file__).name:  # only the builders, not the measuring code
            text = text[text.index("def build_before_play") : text.index("def bare_sum_ms")]
        digest.update(source.name.encode() + text.encode())
    return digest.hexdigest()[:12]


def bare_sum_ms(tournament_pk: int) -> float:
    """One run of the bare sum, in ms."""
    from django.db import connection

    from benchmarks.bench_standings import BARE_SQL

    with connection.cursor() as cursor:
        start = time.perf_counter()
        cursor.execute(BARE_SQL, [tournament_pk])
        cursor.fetchall()
        return (time.perf_counter() - start) * 1000


def _clients():
    from django.test import Client

    from tests.tournament.builders import make_user

    clients = {"public": Client()}
    for role, kind in (("judge", "head"), ("organiser", "superuser")):
        clients[role] = Client()
        clients[role].force_login(make_user(kind, name=f"scale-pages-{role}-{time.time_ns()}"))
    return clients


def _body_size(response) -> int:
    if getattr(response, "streaming", False):
        return sum(len(chunk) for chunk in response.streaming_content)
    return len(response.content)


def _alternate(measure, floor, runs: int, before=None) -> tuple[float, float]:
    """Medians (ms) of ``measure`` and ``floor``, called alternately ``runs`` times each
    (``before``, untimed, before each ``measure``)."""
    ours, floors = [], []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        measure()
        ours.append((time.perf_counter() - start) * 1000)
        floors.append(floor())
    return statistics.median(ours), statistics.median(floors)


def _row(name, ms, floor, floor_ms, queries=None, size=None, **extra) -> dict:
    return {
        "name": name,
        "ms": ms,
        "floor": floor,
        "floor_ms": floor_ms,
        "ratio": ms / floor_ms if floor_ms else None,
        "queries": queries,
        "kb": None if size is None else size / 1024,
        **extra,
    }


def page_rows(events: dict[str, Event], runs: int, pages) -> list[dict]:
    """Each page against the bare sum, alternately; the queries of one more request."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournament.standings.selectors.board import boards_forget
    from tournament.statistics.selectors.event import statistics_forget

    clients = _clients()
    played = events["played"].tournament.pk
    correct = last_round_corrections(events["played"])
    rows = []
    for page in pages:
        client, url = clients[page.role], page.address(events[page.event])
        for _ in range(2):
            _body_size(client.get(url))
        sizes = []

        def forget(page=page):
            if page.after_write:  # what the write left kept stays (the earlier rounds' reads)
                next(correct)
                cache.clear()
            elif not page.kept:  # every request builds all it shows, as a process's first
                boards_forget()
                statistics_forget()
                cache.clear()

        def request(client=client, url=url, page=page, sizes=sizes):
            response = client.get(url)
            sizes.append(_body_size(response))
            assert response.status_code == page.status, (page.name, url, response.status_code)

        ms, bare = _alternate(request, lambda: bare_sum_ms(played), runs, before=forget)
        forget()
        with CaptureQueriesContext(connection) as queries:
            _body_size(client.get(url))
        rows.append(_row(page.name, ms, "bare sum", bare, len(queries), sizes[-1]))
    return rows


def last_round_corrections(event: Event):
    """Endless: each ``next()`` corrects one more hand of the event's last round to a draw
    through the service (its session reopened first, untimed), as a judge at the desk would."""
    from tests.tournament.builders import entry, make_user
    from tournament.models import Hand, Session
    from tournament.play.services.hands import hand_correct
    from tournament.play.services.sessions import session_reopen

    head = make_user("head", name=f"scale-correct-{time.time_ns()}")
    last = Session.objects.filter(round__tournament=event.tournament).order_by("-round__number")
    for session in itertools.cycle(list(last.filter(round__number=last[0].round.number))):
        session = Session.objects.select_related("round__tournament", "table").get(pk=session.pk)
        hand = session.hands.exclude(outcome=Hand.Outcome.DRAW).order_by("number").first()
        if hand is None:
            continue
        if session.status == Session.Status.RECONCILED:
            session_reopen(session=session, user=head, reason="Bench: a hand to correct")
        yield hand_correct(
            hand=hand,
            entry=entry(session, hand.number, outcome="draw"),
            user=head,
            reason="Bench: it was a draw",
            version=hand.version,
        )


def health_rows(event: Event, runs: int) -> list[dict]:
    """The health page as a judge finds it, and the full check of the kept totals behind it.

    The page never checks every session's totals against the payments: a background task does
    (`tournament.play.services.totals`); here nothing runs what the page queues (a worker
    would), and the check is timed on its own. *first visit*: no full check done yet (the page
    asks for one and shows the kept scores); *after a write*: a full check done, a session
    reopened through the service before each request (its totals are checked again, no
    others), the usual visit; *full check (worker)*: the task itself, informational (no
    target: it is off the request)."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from tests.tournament.builders import make_user
    from tournament.models import Session, TotalsCheck
    from tournament.play.services import totals
    from tournament.play.services.sessions import session_reopen

    totals._send = lambda check_id: None  # queued for a worker that is not here
    client = _clients()["judge"]
    tournament = event.tournament
    url = _url("desk:tournament_health")(event)
    head = make_user("head", name=f"scale-health-{time.time_ns()}")
    closed = iter(
        Session.objects.filter(round__tournament=tournament, status=Session.Status.RECONCILED)
        .select_related("round__tournament", "table")
        .order_by("round__number", "table__number")
    )
    sizes = []

    def visit():
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        sizes.append(len(response.content))

    def forget():
        TotalsCheck.objects.filter(tournament=tournament).delete()
        cache.delete(f"health:totals:{tournament.pk}")

    def full_check():
        totals.totals_check_make(
            TotalsCheck.objects.create(tournament=tournament, asked_at=timezone.now()).pk
        )

    def write():
        session_reopen(session=next(closed), user=head, reason="Bench: a hand to correct")

    rows = []
    for name, before, request in (
        ("health, first visit", forget, visit),
        ("health, after a write", write, visit),
        ("health, full check (worker)", lambda: None, full_check),
    ):
        if name == "health, after a write":
            full_check()  # the check done, as a worker leaves it
        before()
        request()  # warm
        ours, floors = [], []
        for _ in range(runs):
            before()
            start = time.perf_counter()
            request()
            ours.append((time.perf_counter() - start) * 1000)
            floors.append(bare_sum_ms(tournament.pk))
        before()
        with CaptureQueriesContext(connection) as queries:
            request()
        if name == "health, first visit":
            assert TotalsCheck.objects.get(tournament=tournament).state == "queued"
        rows.append(
            _row(
                name,
                statistics.median(ours),
                "bare sum",
                statistics.median(floors),
                len(queries),
                sizes[-1] if name.startswith("health, ") and "worker" not in name else None,
            )
        )
    return rows


BIG_HAND = "123m 123m 456m 789m 5m"


def hand_save_row(event: Event, runs: int) -> dict:
    """The desk's hand save POST into round 1 table 1 of the before-play event (hand 1 is saved
    untimed: later saves go into a session that already has hands), against the trivial view."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tests.tournament.builders import form_data, make_user
    from tournament.models import Session

    tournament = event.tournament
    sessions = iter(
        Session.objects.filter(round__tournament=tournament, round__number=1)
        .select_related("round__tournament", "table")
        .order_by("table__number")
    )
    client = Client()
    client.force_login(make_user("judge", name=f"scale-save-{time.time_ns()}"))
    state = {"session": None, "number": 0}

    def url():
        session = state["session"]
        return reverse("desk:session_sheet", args=[tournament.slug, 1, session.table.number])

    def save(queries=None):
        if state["session"] is None or state["number"] >= tournament.hands_per_session:
            state["session"], state["number"] = next(sessions), 0
            save()  # the session's first hand writes its kept score rows: not the steady cost
        state["number"] += 1
        data = form_data(state["session"], state["number"], tiles=BIG_HAND)
        with queries if queries is not None else contextlib.nullcontext():
            response = client.post(url(), data)
        assert response.status_code == 302, response.status_code

    def trivial():
        start = time.perf_counter()
        assert client.get(f"/bench/{tournament.slug}/trivial/").status_code == 200
        return (time.perf_counter() - start) * 1000

    for _ in range(3):
        save()
        trivial()
    ms, floor = _alternate(save, trivial, runs)
    queries = CaptureQueriesContext(connection)
    save(queries)
    return _row("hand save POST", ms, "trivial view", floor, len(queries))


def standings_pdf_row(event: Event, runs: int) -> dict:
    """The standings PDF of the played event against a minimal document of its page count."""
    from benchmarks.bench_pdf import minimal_seconds
    from tournament.printing.documents.base import PrintRequest
    from tournament.printing.documents.registry import DOCUMENTS
    from tournament.standings.selectors.board import boards_forget

    request = PrintRequest(tournament=event.tournament, round=None, official=False)
    document = DOCUMENTS["standings"]
    pages = page_count(document.render(request).content)
    sizes = []

    def render():
        boards_forget()
        sizes.append(len(document.render(request).content))

    ms, floor = _alternate(render, lambda: minimal_seconds(pages) * 1000, max(runs, 5))
    return _row(f"standings PDF ({pages} pages)", ms, "minimal document", floor, None, sizes[-1])


def page_count(pdf: bytes) -> int:
    """The pages of a PDF, by poppler's ``pdfinfo`` (installed with ``make browser``)."""
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True).stdout
    return int(re.search(rb"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))


def child_build() -> dict:
    """Build both events into the database of ``DATABASE_URL`` (the cache)."""
    django_ready()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    build_events()
    connection.close()
    return {"build_s": time.perf_counter() - start}


def django_ready() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()


def trivial_urls() -> None:
    """This module becomes the URL conf: the product's addresses plus ``/bench/trivial/``."""
    from django.conf import settings
    from django.http import HttpResponse
    from django.urls import clear_url_caches, include, path

    from tournament.roles import JUDGE, tournament_page

    @tournament_page(JUDGE)
    def trivial(request, tournament):
        return HttpResponse("ok")

    module = sys.modules[__name__]
    module.urlpatterns = [
        path("bench/<slug:slug>/trivial/", trivial),
        path("", include("tournament.urls")),
    ]
    settings.ROOT_URLCONF = __name__
    clear_url_caches()


def cached_events() -> dict[str, Event]:
    from tournament.models import Registration, Tournament

    events = {}
    for name, slug in (
        ("played", "bench-400"),
        ("before_play", "before-play-400-10"),
        ("small", "bench-32"),
        ("scored", "scored-400-"),
    ):
        tournament = Tournament.objects.filter(slug__startswith=slug).order_by("pk").first()
        people = [
            registration.player
            for registration in Registration.objects.filter(tournament=tournament)
            .select_related("player")
            .order_by("number")
        ]
        events[name] = Event(tournament, people)
    return events


def child_measure(runs: int, only: str = "") -> dict:
    """Measure every row on the database of ``DATABASE_URL`` (a copy of the cache)."""
    django_ready()
    from django.db import connection

    trivial_urls()
    events = cached_events()
    wanted = _wanted(only)
    rows = page_rows(events, runs, [p for p in PAGES if wanted(p.name)])
    if wanted("health"):
        rows.extend(health_rows(events["played"], runs))
    if wanted("hand save"):
        rows.append(hand_save_row(events["before_play"], runs))
    if wanted("standings pdf"):
        rows.append(standings_pdf_row(events["played"], runs))
    if wanted("archive"):
        rows.extend(archive_rows(events["scored"], runs))
    return {"backend": connection.vendor, "rows": rows}


def archive_rows(event: Event, runs: int) -> list[dict]:
    """The archive of the scored event: exported by ``export_tournament`` in a fresh process
    (its peak memory above the process's start, `scale_archive.export_peak`), and imported
    beside its original in a fresh process, commit included (`scale_archive.import_seconds`)."""
    from django.core.management import call_command

    from benchmarks import scale_archive

    url = os.environ["DATABASE_URL"]
    slug = event.tournament.slug
    exports = [scale_archive.export_peak(slug, url) for _ in range(runs)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "archive.json"
        call_command("export_tournament", slug, "-o", str(path))
        imports = [scale_archive.import_seconds(path, url) for _ in range(max(3, runs // 2))]
    return [
        _row(
            "archive export",
            statistics.median(e["seconds"] for e in exports) * 1000,
            None,
            None,
            None,
            exports[-1]["bytes"],
            peak_mb=max(e["peak_mb"] for e in exports),
        ),
        _row(
            "archive import",
            statistics.median(i["seconds"] for i in imports) * 1000,
            None,
            None,
            statistics.median(i["queries"] for i in imports),
        ),
    ]


def _wanted(only: str):
    """A test on row names: any of the comma-separated words of ``only`` (all when empty)."""
    words = [w.strip().lower() for w in only.split(",") if w.strip()]
    return lambda name: not words or any(w in name.lower() for w in words)


def _child(url: str, *arguments: str) -> dict | None:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    done = subprocess.run(
        [sys.executable, __file__, *arguments], env=env, cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode:
        print(done.stderr[-3000:], file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


class Backend(NamedTuple):
    """A database to measure on: where the cache lives and how to copy it for one run."""

    name: str
    cached: Callable[[], str | None]  # the cache's URL, when it is there
    build_url: Callable[[], str]  # a URL to build the cache at
    copy: Callable[[], tuple[str, Callable[[], None]]]  # a run's URL and how to drop it


def sqlite_backend(key: str, folder: Path) -> Backend:
    cache_dir = ROOT / ".bench-cache"
    cache = cache_dir / f"scale-{key}.sqlite3"

    def build_url():
        cache_dir.mkdir(exist_ok=True)
        for stale in cache_dir.glob("scale-*.sqlite3"):
            stale.unlink()
        return f"sqlite:///{cache}.building"

    def cached():
        building = Path(f"{cache}.building")
        if building.exists() and not cache.exists():
            building.rename(cache)
        return f"sqlite:///{cache}" if cache.exists() else None

    def copy():
        target = folder / "run.sqlite3"
        shutil.copyfile(cache, target)
        return f"sqlite:///{target}", lambda: target.unlink(missing_ok=True)

    return Backend("sqlite", cached, build_url, copy)


def postgres_backend(key: str) -> Backend | None:
    base = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432").rstrip("/")
    try:
        import psycopg

        admin = psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=3)
    except Exception as error:  # noqa: BLE001 - any failure means "not reachable"
        print(f"PostgreSQL not reachable at {base}: {error}", file=sys.stderr)
        return None
    # A run's copy is named by this process: two worktrees measuring at once keep their own.
    cache, building = f"zj_scale_{key}", f"zj_scale_{key}_building"
    run = f"zj_run_scale_{os.getpid()}"

    def names():
        found = admin.execute("SELECT datname FROM pg_database WHERE datname LIKE 'zj_scale_%'")
        return {row[0] for row in found}

    def cached():
        if building in names() and cache not in names() and _built_marker(building):
            admin.execute(f'ALTER DATABASE "{building}" RENAME TO "{cache}"')
        return f"{base}/{cache}" if cache in names() else None

    def build_url():
        # Only this key's databases: another checkout's cache (another key) is its own.
        for own in (cache, building):
            admin.execute(f'DROP DATABASE IF EXISTS "{own}" WITH (FORCE)')
        others = sorted(names() - {cache, building})
        if others:
            print(f"kept other checkouts' caches: {', '.join(others)}", file=sys.stderr)
        admin.execute(f'CREATE DATABASE "{building}"')
        return f"{base}/{building}"

    def copy():
        admin.execute(f'DROP DATABASE IF EXISTS "{run}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{run}" TEMPLATE "{cache}"')
        return f"{base}/{run}", lambda: admin.execute(f'DROP DATABASE "{run}" WITH (FORCE)')

    def _built_marker(name):
        return BUILT.exists() and BUILT.read_text() == name

    return Backend("postgresql", cached, build_url, copy)


BUILT = ROOT / ".bench-cache" / "postgres-built"


def measure(backend: Backend, runs: int, only: str, rebuild: bool) -> dict | None:
    """Build the cache if needed, then measure a copy of it in a fresh child process."""
    built_s = None
    if rebuild or backend.cached() is None:
        url = backend.build_url()
        print(f"building the 400-player events on {backend.name} (once)...", flush=True)
        built = _child(url, "--build")
        if built is None:
            return None
        built_s = built["build_s"]
        if backend.name == "postgresql":
            BUILT.parent.mkdir(exist_ok=True)
            BUILT.write_text(url.rsplit("/", 1)[1])
        if backend.cached() is None:
            return None
    url, drop = backend.copy()
    try:
        result = _child(url, "--measure", "--runs", str(runs), "--only", only)
    finally:
        drop()
    if result is not None:
        result["build_s"] = built_s
    return result


#: Each row's targets (issue 35's table and the rounds before): (measure, bound) pairs.
TARGETS = {
    "standings": [("ratio", 2)],
    "standings CSV": [("ratio", 3)],
    "standings XLSX": [("ratio", 2)],
    "standings sorted by name": [("ratio", 2)],
    "projector standings": [("ratio", 2)],
    "API player": [("ratio", 2)],
    "statistics, after a write": [("ratio", 3)],
    "projector statistics, after a write": [("ratio", 3)],
    "API statistics, after a write": [("ratio", 3)],
    "player page": [("ratio", 2)],
    "player page, 1,280 hands": [("ratio", 2)],
    "players list": [("ratio", 1.5)],
    "desk round": [("ratio", 2), ("kb", 60)],
    "seating overview": [("ratio", 2), ("queries", 12)],
    "health, first visit": [("ratio", 2)],
    "health, after a write": [("ratio", 2)],
    "hand save POST": [("queries", 15)],
    "seating round 1": [("kb", 25)],
    "standings PDF": [("ratio", 2)],
    "archive export": [("peak_mb", 100)],
}
UNITS = {"ratio": "x", "queries": " q", "kb": " KB", "peak_mb": " MB"}


def _target(row: dict) -> str:
    name = "standings PDF" if row["name"].startswith("standings PDF") else row["name"]
    said = []
    for measure, bound in TARGETS.get(name, ()):
        if row.get(measure) is not None:
            mark = "ok" if row[measure] <= bound else "OVER"
            said.append(f"<= {bound}{UNITS[measure]} {mark}")
    return ", ".join(said)


def report(result: dict, runs: int) -> None:
    built = f", events built in {result['build_s']:.0f} s" if result.get("build_s") else ""
    print(f"\n{result['backend']} (medians of {runs} alternated runs{built})")
    print(
        f"{'what':<28}{'ms':>9}{'floor ms':>10}{'ratio':>8}{'queries':>9}{'KB':>9}{'peak MB':>9}"
        f"  {'floor':<18}target"
    )

    def cell(value, width, form):
        return f"{'-':>{width}}" if value is None else f"{value:>{width}{form}}"

    for row in result["rows"]:
        print(
            f"{row['name']:<28}{row['ms']:>9.1f}{cell(row['floor_ms'], 10, '.1f')}"
            f"{cell(row['ratio'], 7, '.1f')}{'x' if row['ratio'] else ' '}"
            f"{cell(row['queries'], 9, 'd')}{cell(row['kb'], 9, '.1f')}"
            f"{cell(row.get('peak_mb'), 9, '.0f')}  {row['floor'] or '':<18}{_target(row)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--build", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--rebuild", action="store_true", help="build the cached events again")
    parser.add_argument("--only", default="", help="comma-separated words of row names")
    options = parser.parse_args()
    if options.build:
        print(json.dumps(child_build()))
        return
    if options.measure:
        print(json.dumps(child_measure(options.runs, options.only)))
        return
    load = os.getloadavg()
    print(f"400 players, 10 rounds, 16,000 hands; load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    key = cache_key()
    results = []
    with tempfile.TemporaryDirectory() as folder:
        backends = [sqlite_backend(key, Path(folder))]
        pg = None if options.sqlite_only else postgres_backend(key)
        backends += [pg] if pg else []
        for backend in backends:
            results.append(measure(backend, options.runs, options.only, options.rebuild))
            if results[-1]:
                report(results[-1], options.runs)
    _import_ratio(results)
    if not all(results):
        sys.exit(1)


def _import_ratio(results: list[dict | None]) -> None:
    """The archive import on PostgreSQL against SQLite (target <= 1.5x)."""
    found = {
        r["backend"]: row["ms"]
        for r in filter(None, results)
        for row in r["rows"]
        if row["name"] == "archive import"
    }
    if {"sqlite", "postgresql"} <= found.keys():
        ratio = found["postgresql"] / found["sqlite"]
        mark = "ok" if ratio <= 1.5 else "OVER"
        print(f"\narchive import, PostgreSQL / SQLite: {ratio:.2f}x (target <= 1.5x {mark})")


if __name__ == "__main__":
    main()

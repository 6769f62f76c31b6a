"""``make bench-import``: how long the player import takes for 5,000 rows, and how long the
page's reader takes to refuse each hostile workbook of ``tests/tournament/event/
test_upload_bombs.py`` (median of 5 reads; the tests assert the refusal, not its speed).

Vocabulary: *read* is bytes -> rows (csv); *plan* is rows -> preview (the pure planner, with
the whole database of players as known players); *page* is the organiser's preview page from
the upload to the rendered HTML; *save* is confirming it (one transaction). Runs on a throwaway
SQLite file; the issue's target is a preview under 5 s.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ROWS = int(os.environ.get("BENCH_IMPORT_ROWS", "5000"))


def main() -> None:
    tmp = tempfile.mkdtemp()
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    setup_test_environment()
    call_command("migrate", verbosity=0)
    from tests.tournament.builders import make_tournament, make_user
    from tournament.event.roster_columns import columns_from_header
    from tournament.event.roster_files import rows_from_bytes
    from tournament.event.roster_import import plan_import
    from tournament.event.selectors.countries import country_lookup
    from tournament.event.selectors.roster import known_players

    tournament = make_tournament()
    countries = ["Hong Kong", "JP", "Germany", "FR", "United Kingdom", "nl"]
    lines = ["Given name,Family name,Chinese name,Country,Club,EMA number"]
    lines += [
        f"Given{i},Family{i},,{countries[i % len(countries)]},Club {i % 50},EMA{i:06d}"
        for i in range(ROWS)
    ]
    content = ("\n".join(lines) + "\n").encode()

    started = time.perf_counter()
    rows = rows_from_bytes(content, "players.csv")
    read = time.perf_counter() - started
    started = time.perf_counter()
    plan = plan_import(
        rows[1:],
        columns=columns_from_header(rows[0]),
        countries=country_lookup(),
        known=known_players(tournament),
    )
    planned = time.perf_counter() - started
    assert plan.ok, plan.problem_messages()[:3]

    client = Client()
    client.force_login(make_user("superuser"))
    upload = SimpleUploadedFile("players.csv", content, content_type="text/csv")
    started = time.perf_counter()
    response = client.post(
        reverse("console:roster_import", kwargs={"slug": tournament.slug}),
        {"file": upload, "header": "auto"},
    )
    page = time.perf_counter() - started
    assert response.status_code == 200 and b"confirm-import" in response.content
    started = time.perf_counter()
    client.post(reverse("console:roster_import_confirm", kwargs={"slug": tournament.slug}))
    saved = time.perf_counter() - started
    assert tournament.registrations.count() == ROWS
    upload = SimpleUploadedFile("players.csv", content, content_type="text/csv")
    started = time.perf_counter()
    response = client.post(
        reverse("console:roster_import", kwargs={"slug": tournament.slug}),
        {"file": upload, "header": "auto"},
    )
    again = time.perf_counter() - started
    assert f"{ROWS} already registered".encode() in response.content

    print(f"Import of {ROWS} rows ({len(content) / 1024:.0f} KB CSV), SQLite:")
    print(f"  read (csv)              {read:6.2f} s")
    print(f"  plan (pure)             {planned:6.2f} s")
    print(f"  preview page (upload)   {page:6.2f} s   target < 5 s")
    print(f"  confirm (one save)      {saved:6.2f} s")
    print(f"  re-import preview       {again:6.2f} s   (all {ROWS} matched, nothing to save)")
    bombs_refused(Path(tmp))


def bombs_refused(folder: Path) -> None:
    """The reader's refusal of each hostile workbook: median seconds of 5 reads."""
    import statistics

    from tests.tournament.event.test_upload_bombs import xlsx_bomb
    from tournament.event.roster_files import FileProblem, rows_from_bytes

    bombs = {
        "unpacks to 416 MB": xlsx_bomb(folder / "inflates.xlsx", 8_500_000),
        "declares 8.5 M rows": xlsx_bomb(folder / "declares.xlsx", 20_000, dimension="A1:A8500000"),
        "3 M rows, undeclared": xlsx_bomb(folder / "streams.xlsx", 3_000_000, row=b"<row/>"),
    }
    print("Hostile workbooks, refused by the page's reader (median of 5):")
    for name, path in bombs.items():
        data, times = path.read_bytes(), []
        for _ in range(5):
            started = time.perf_counter()
            try:
                rows_from_bytes(data, "players.xlsx")
            except FileProblem:
                times.append(time.perf_counter() - started)
            else:
                raise SystemExit(f"{name}: read, not refused")
        print(f"  {name:<24}{statistics.median(times):6.2f} s   target < 2 s")


if __name__ == "__main__":
    main()

"""``make bench-pdf``: seconds to print a round's score cards, the player slips and the standings.

Vocabulary
----------
minimal     WeasyPrint's time for N pages of a minimal HTML page (a heading and a 20-row
            table), one document, in the same run: the floor the targets are measured against.
blank       a round's blank score cards at 8, 32 and 100 tables (one A4 page each).
filled      the same round's cards filled with 16 entered hands per table.
slips       400 player slips (50 A4 sheets of eight).
standings   the standings of 400 players after 10 rounds, 16,000 hands (14 A4 landscape pages),
            built in bulk rows by ``bench_standings.build_event``; `standings_timing` times any
            tournament's, for the scale benchmark too.

Data lives in a throwaway SQLite database. The machine is shared, so each printout and its
minimal page run alternately, `REPEATS` times, and the median of each is kept (the ratio is of
the medians). Every run renders afresh (the request's data read, the HTML laid out, the PDF
written; for the standings, the board is built afresh too); only the fonts are warmed once
before the first clock. Targets (issue 12): within 2x of the minimal time for the same number of
pages, and 100 score cards in under 20 s; the standings within 2x too (issue 22).
"""

from __future__ import annotations

import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPEATS = 5


def minimal_seconds(pages: int) -> float:
    import weasyprint

    rows = "".join(f"<tr><td>{i}</td><td>Player {i}</td><td>{i * 5}</td></tr>" for i in range(20))
    page = f"<section style='break-after: page'><h1>Heading</h1><table>{rows}</table></section>"
    start = time.perf_counter()
    weasyprint.HTML(string=f"<html><body>{page * pages}</body></html>").write_pdf()
    return time.perf_counter() - start


def pdf_pages(data: bytes) -> int:
    """The page count, read by poppler's ``pdfinfo`` (``make browser`` installs it)."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as pdf:
        pdf.write(data)
        pdf.flush()
        info = subprocess.run(
            ["pdfinfo", pdf.name], capture_output=True, text=True, check=True
        ).stdout
    return int(next(line for line in info.splitlines() if line.startswith("Pages:")).split()[1])


def standings_timing(tournament, *, official: bool = True, repeats: int = REPEATS) -> dict:
    """The standings PDF of ``tournament`` against the minimal document of as many pages, run
    alternately ``repeats`` times: medians in ms, their ratio, the page count. Each run
    forgets the kept boards first, so that it reads the data as a first request would, and
    starts from a collected heap (the scale benchmark's event is large garbage to sweep)."""
    from tournament.printing.documents.base import PrintRequest
    from tournament.printing.documents.registry import DOCUMENTS
    from tournament.standings.selectors.board import boards_forget

    document = DOCUMENTS["standings"]
    request = PrintRequest(tournament=tournament, official=official)
    pages = pdf_pages(document.render(request).content)  # also warms the fonts
    minimal_seconds(pages)
    ours, floors = [], []
    for _ in range(repeats):
        gc.collect()
        floors.append(minimal_seconds(pages))
        boards_forget()
        gc.collect()
        start = time.perf_counter()
        document.render(request)
        ours.append(time.perf_counter() - start)
    ms, minimal_ms = statistics.median(ours) * 1000, statistics.median(floors) * 1000
    return {"ms": ms, "minimal_ms": minimal_ms, "ratio": ms / minimal_ms, "pages": pages}


def main() -> None:
    sys.path.insert(0, str(ROOT))
    directory = tempfile.mkdtemp(prefix="bench-pdf-")
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from tests.tournament.builders import make_players, make_seated_round, make_tournament
    from tournament.demo.hands import demo_hands_fill
    from tournament.printing.documents.base import PrintRequest
    from tournament.printing.documents.registry import DOCUMENTS
    from tournament.roles import roles_ensure

    call_command("migrate", verbosity=0)
    roles_ensure()

    def timed(identifier: str, request: PrintRequest, pages: int, label: str) -> None:
        ours, floors = [], []
        for _ in range(REPEATS):
            floors.append(minimal_seconds(pages))
            start = time.perf_counter()
            DOCUMENTS[identifier].render(request)
            ours.append(time.perf_counter() - start)
        seconds, floor = statistics.median(ours), statistics.median(floors)
        print(
            f"{label:<28}{pages:>6}{seconds:>10.2f}{floor:>10.2f}{seconds / floor:>8.2f}",
            flush=True,
        )

    minimal_seconds(2)  # warm up fonts
    print(f"median of {REPEATS} runs each, printout and minimal page alternating", flush=True)
    print(f"{'printout':<28}{'pages':>6}{'seconds':>10}{'minimal':>10}{'ratio':>8}", flush=True)
    for tables in (8, 32, 100):
        tournament = make_tournament(hands_per_session=16)
        round_ = make_seated_round(tournament, make_players(tournament, tables * 4))
        request = PrintRequest(tournament=tournament, round=round_, official=True)
        timed("blank-scorecards", request, tables, f"blank score cards, {tables}")
        if tables in (8, 100):
            from django.contrib.auth import get_user_model

            judge, _ = get_user_model().objects.get_or_create(username="bench-judge")
            demo_hands_fill(tournament=tournament, judge=judge, rounds=1)
            timed("scorecards", request, tables, f"filled score cards, {tables}")
        if tables == 100:
            timed("slips", request, 50, "player slips, 400")
    from bench_standings import build_event

    tournament, _ = build_event(400, 10, 16)
    row = standings_timing(tournament)
    print(
        f"{'standings, 400 x 10 rounds':<28}{row['pages']:>6}{row['ms'] / 1000:>10.2f}"
        f"{row['minimal_ms'] / 1000:>10.2f}{row['ratio']:>8.2f}",
        flush=True,
    )


if __name__ == "__main__":
    main()

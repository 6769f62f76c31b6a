"""Hostile uploads are refused with the limits said and in little memory: an XLSX "zip bomb" (a
1.2 MB file whose sheet unpacks to 400 MB, 8.5 million rows), a sheet that declares millions of
rows, one that has them without saying so, and an oversized CSV. The console page's reader and
``import_players --dry-run`` run in a subprocess under a memory cap (and a processor-time cap
that stops a runaway child instead of waiting for it); their peak resident memory is asserted,
and their wall and processor time printed (``pytest -s``). How fast a refusal is belongs to
``make bench-import``, which times the three bombs' refusals."""

import io
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse

from tests.tournament.builders import make_tournament, make_user

pytestmark = pytest.mark.slow  # processes under caps, files of hundreds of MB
ROOT = Path(__file__).resolve().parents[3]
PEAK_MB = 150
#: What reading a refused archive may add to the import command's own start (Django with every
#: app, the URLs and the system checks a command runs first: `_start`): the 45 MB file read
#: once, and no parsing.
ARCHIVE_EXTRA_MB = 60
MEMORY_CAP = 512 * 1024 * 1024  # address space: far below what unpacking the bomb would take
CPU_CAP = 60  # processor seconds: a child that reads the whole bomb is stopped, not waited for

CONTENT_TYPES = (
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
    'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-'
    'package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
    'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.'
    'worksheet+xml"/></Types>'
)
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
ROW = b'<row><c t="inlineStr"><is><t>x</t></is></c></row>'


def xlsx_bomb(path: Path, rows: int, dimension: str | None = None, row: bytes = ROW) -> Path:
    """A real XLSX skeleton whose one sheet holds ``rows`` rows, deflated as hard as it goes."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", CONTENT_TYPES)
        archive.writestr(
            "_rels/.rels",
            f'<?xml version="1.0"?><Relationships xmlns="{PACKAGE_RELS}"><Relationship '
            f'Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        archive.writestr(
            "xl/workbook.xml",
            '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/'
            f'spreadsheetml/2006/main" xmlns:r="{RELS}"><sheets><sheet name="Players" '
            'sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<?xml version="1.0"?><Relationships xmlns="{PACKAGE_RELS}"><Relationship '
            f'Id="rId1" Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        )
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet:
            sheet.write(
                b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
                b'spreadsheetml/2006/main">'
            )
            if dimension:
                sheet.write(f'<dimension ref="{dimension}"/>'.encode())
            sheet.write(b"<sheetData>")
            chunk = row * 10_000
            for _ in range(rows // 10_000):
                sheet.write(chunk)
            sheet.write(b"</sheetData></worksheet>")
    return path


# The child sets the caps on itself, runs the script or ``-c`` code, and reports its own
# processor time and peak resident memory (VmHWM) on the way out, whatever the exit. Measured
# in the child: the kernel's figures for a child started from this (large) test process would
# include the parent's pages.
CAPPED = f"""
import atexit, resource, runpy, sys
resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_CAP}, {MEMORY_CAP}))
resource.setrlimit(resource.RLIMIT_CPU, ({CPU_CAP}, {CPU_CAP}))
def peak():
    used = resource.getrusage(resource.RUSAGE_SELF)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            sys.stdout.write(f"\\nCPU_S {{used.ru_utime + used.ru_stime}}")
            sys.stdout.write(f"\\nPEAK_KB {{line.split()[1]}}\\n")
            sys.stdout.flush()
atexit.register(peak)
sys.argv = sys.argv[1:]
if sys.argv[0] == "-c":
    code, sys.argv = sys.argv[1], sys.argv[1:]
    exec(compile(code, "<child>", "exec"), {{"__name__": "__main__"}})
else:
    runpy.run_path(sys.argv[0], run_name="__main__")
"""


def run_capped(args: list[str], env: dict | None = None) -> tuple[str, float, float]:
    """Run a Python subprocess under the caps: its output, processor seconds, and peak RSS in
    MB (the wall time is printed, not returned)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    start = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-c", CAPPED, *args],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        check=False,
    )
    wall = time.monotonic() - start
    output, _, peak = result.stdout.decode().rpartition("\nPEAK_KB ")
    assert peak, output
    output, _, cpu = output.rpartition("\nCPU_S ")
    print(f"\nthe child took {wall:.2f} s wall, {float(cpu):.2f} s of processor time")
    return output.strip(), float(cpu), int(peak) / 1024


PAGE_READER = """
import django, os, sys, time
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
django.setup()
from tournament.event.roster_files import FileProblem, rows_from_bytes
try:
    rows = rows_from_bytes(open(sys.argv[1], "rb").read(), "players.xlsx")
    print("READ", len(rows))
except FileProblem as problem:
    print("REFUSED", problem)
"""


@pytest.fixture(scope="module")
def bombs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bombs")
    built = {
        # The file: 1.2 MB, 416 MB unpacked, 8.5 million rows.
        "inflates": xlsx_bomb(folder / "inflates.xlsx", 8_500_000),
        # Small once unpacked but says it has 8.5 million rows.
        "declares": xlsx_bomb(folder / "declares.xlsx", 20_000, dimension="A1:A8500000"),
        # Under the unpacked limit, no dimension: 3 million empty rows, stopped while streaming.
        "streams": xlsx_bomb(folder / "streams.xlsx", 3_000_000, row=b"<row/>"),
    }
    assert built["inflates"].stat().st_size < 2 * 1024 * 1024
    return built


@pytest.mark.parametrize("kind", ["inflates", "declares", "streams"])
def test_the_import_pages_reader_refuses_a_bomb_quickly_in_little_memory(bombs, kind):
    output, seconds, peak = run_capped(["-c", PAGE_READER, str(bombs[kind])])
    print(f"[{kind}] page reader: {seconds:.2f} s CPU, peak RSS {peak:.0f} MB: {output.strip()}")
    assert output.startswith("REFUSED"), output
    assert "20,000 rows" in output and "24 MB" in output  # the limits are said
    assert peak < PEAK_MB


def _database_url() -> str:
    database = settings.DATABASES["default"]
    if connection.vendor == "sqlite":
        return f"sqlite:///{database['NAME']}"
    return (
        f"postgres://{database['USER']}:{database['PASSWORD'] or ''}@{database['HOST']}:"
        f"{database['PORT'] or 5432}/{database['NAME']}"
    )


def _dry_run(slug: str, path: Path) -> tuple[str, float, float]:
    return run_capped(
        ["manage.py", "import_players", "--tournament", slug, str(path), "--dry-run"],
        env={"DATABASE_URL": _database_url(), "DJANGO_SETTINGS_MODULE": "tests.settings"},
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["inflates", "declares", "streams"])
def test_import_players_dry_run_refuses_a_bomb_quickly_in_little_memory(bombs, kind, tmp_path):
    tournament = make_tournament()
    # The command's own start (Django, the database) on a two-line file, for comparison.
    small = tmp_path / "small.csv"
    small.write_text("Given name,Family name,Country\nAnna,Chan,HK\n")
    output, start_up, _ = _dry_run(tournament.slug, small)
    assert "1 new player" in output, output

    output, seconds, peak = _dry_run(tournament.slug, bombs[kind])
    print(
        f"[{kind}] import_players --dry-run: {seconds:.2f} s CPU "
        f"(a two-line file: {start_up:.2f} s), peak RSS {peak:.0f} MB"
    )
    assert "CommandError" in output and "20,000 rows" in output, output
    assert peak < PEAK_MB


@pytest.mark.django_db
def test_the_import_page_answers_a_bomb_with_the_limits(client, bombs):
    tournament = make_tournament()
    client.force_login(make_user("superuser"))
    with open(bombs["inflates"], "rb") as upload:
        response = client.post(
            reverse("console:roster_import", args=[tournament.slug]),
            {"file": upload, "header": "auto"},
        )
    assert response.status_code == 200
    assert "unpacks to 397 MB" in response.content.decode()


def test_a_legitimate_workbook_of_the_maximum_size_is_read(tmp_path):
    import openpyxl

    from tournament.event.roster_files import MAX_ROWS, rows_from_bytes

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet()
    sheet.append(["Given name", "Family name", "Country", "Club", "EMA number"])
    for number in range(MAX_ROWS - 1):
        sheet.append([f"Given{number}", f"Family{number}", "HK", "Club", 4010000 + number])
    buffer = io.BytesIO()
    book.save(buffer)
    rows = rows_from_bytes(buffer.getvalue(), "players.xlsx")
    assert len(rows) == MAX_ROWS and rows[1][4] == "04010000"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["tiny-values", "oversized"])
def test_import_tournament_refuses_a_heavy_archive_quickly_in_little_memory(tmp_path, kind):
    path = tmp_path / "archive.json"
    if kind == "tiny-values":  # 45 MB of zeros: 23 million values once parsed
        path.write_text('{"format": "zj-tournament-archive", "x": [' + "0," * 23_000_000 + "0]}")
    else:  # beyond the size limit: refused before it is read
        with open(path, "wb") as handle:
            handle.truncate(400 * 1024 * 1024)
    output, seconds, peak = run_capped(
        ["manage.py", "import_tournament", str(path)],
        env={"DATABASE_URL": _database_url(), "DJANGO_SETTINGS_MODULE": "tests.settings"},
    )
    start_cpu, start = _start()
    print(
        f"[{kind}] import_tournament: {seconds:.2f} s CPU, peak RSS {peak:.0f} MB "
        f"(the command's start: {start_cpu:.2f} s, {start:.0f} MB): {output}"
    )
    assert "The archive was refused" in output and "50 MB" in output
    assert peak - start < ARCHIVE_EXTRA_MB


def _start() -> tuple[float, float]:
    """The processor time and peak memory of a command's process before it reads anything:
    Django set up with every app and the system checks run (``check``), as every command does
    first."""
    _, seconds, peak = run_capped(
        ["manage.py", "check"],
        env={"DJANGO_SETTINGS_MODULE": "tests.settings"},
    )
    return seconds, peak

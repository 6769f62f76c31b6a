"""The tournament archive at world-championship scale: export memory and time, import time.

Vocabulary
----------
scored event    `build_scored_event(400, 10, 16)`: 400 players, 10 rounds, 16,000 hands whose
                every value, pattern and payment is the engine's (so the archive imports), an
                audit line per hand with the desk's snapshot, a second entry for one hand in
                ten, 400 private links, 40 penalties, every session reconciled with its card.
                Its archive is about 28 MB. (`bench_standings.build_event` is faster to build
                but its hands carry no tiles: its archive exports, and the import refuses it.)
export peak     `export_peak`: a fresh child process runs ``export_tournament SLUG -o FILE`` and
                nothing else. ``peak_mb`` is its peak resident memory (the kernel's high-water
                mark, reset after ``django.setup()``) minus its resident memory then;
                ``tracemalloc_mb`` is Python's own peak during the export, from a second child
                (tracemalloc slows the export, so ``seconds`` come from the first).
import time     `import_seconds`: a fresh child process reads the file, checks it (every hand
                re-scored) and writes it in one transaction (`tournament_import`), as
                ``import_tournament`` does, commit included (PostgreSQL checks the foreign
                keys then). What it wrote is then deleted, untimed, so the next run finds the
                database as the first did.
root            the code tree a child runs (default: this one). A checkout of an older commit
                gives the figures before a change, measured by the same code as after it.

Interface (for the scale benchmark)
-----------------------------------
``export_peak(tournament, database_url, root=ROOT)`` -> ``{"peak_mb", "tracemalloc_mb",
    "seconds", "bytes", "sha256"}``; ``tournament`` is a slug or a primary key.
``import_seconds(archive_path, database_url, root=ROOT)`` -> ``{"seconds", "cpu_seconds",
    "hands", "queries"}`` (``cpu_seconds``: the child's CPU time plus, for a PostgreSQL on
    this machine, its server process's, a figure a busy machine moves far less than the
    clock's; ``queries``: the statements the import sent through Django, its COPYs on
    PostgreSQL not counted).
``build_scored_event(players, rounds, hands, seed=1)`` -> the tournament (after
    ``django.setup()`` and migrate).

Run alone: ``python benchmarks/scale_archive.py [--players 400] [--runs 3] [--sqlite-only]
[--before DIR]`` builds the scored event in a throwaway SQLite file, exports it, imports the
file into a fresh SQLite file and a fresh PostgreSQL database (``BENCH_PG_URL``) in turns,
checks that each copy exports the same bytes, and prints medians. ``--before DIR`` (the code
before a change, e.g. ``git archive BASE | tar -x -C DIR``) interleaves its runs with this
tree's; the scored event itself is always built by this tree's test builders.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024


# -- the scored event ---------------------------------------------------------------------


def build_scored_event(players: int, rounds: int, hands: int, seed: int = 1):
    """A seated, played, reconciled event whose hands re-score (see the module docstring)."""
    from tests.tournament.builders import make_scored_event

    return make_scored_event(players, rounds, hands, seed)


# -- children -------------------------------------------------------------------------------


def _child_setup(root: Path):
    sys.path.insert(0, str(root))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()


def _resident(field: str) -> int:
    """VmRSS or VmHWM of this process in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"No {field} in /proc/self/status")


def _child_export(root: Path, which: str, output: str, traced: bool) -> dict:
    _child_setup(root)
    import tracemalloc

    from django.core.management import call_command

    import tournament.exports.selectors.archive  # noqa: F401 - loaded before the baseline
    import tournament.management.commands.export_tournament  # noqa: F401
    from tournament.models import Tournament

    found = Tournament.objects.filter(
        **({"pk": int(which)} if which.isdigit() else {"slug": which})
    ).first()
    if found is None:
        raise SystemExit(f"No tournament {which!r}.")
    Path("/proc/self/clear_refs").write_text("5")  # the high-water mark starts again here
    baseline = _resident("VmRSS")
    if traced:
        tracemalloc.start()
    start = time.perf_counter()
    call_command("export_tournament", found.slug, "-o", output, stderr=open(os.devnull, "w"))
    seconds = time.perf_counter() - start
    result = {"seconds": seconds, "peak_mb": (_resident("VmHWM") - baseline) / MIB}
    if traced:
        result["tracemalloc_mb"] = tracemalloc.get_traced_memory()[1] / MIB
        tracemalloc.stop()
    return result


def _child_import(root: Path, archive_path: str) -> dict:
    _child_setup(root)
    from django.contrib.auth import get_user_model
    from django.db import connection

    from tournament.exports.archive.text import archive_loads
    from tournament.exports.services.importing import tournament_import
    from tournament.models import Hand, Player

    users, players = get_user_model().objects, Player.objects
    last_user = users.order_by("-pk").values_list("pk", flat=True).first() or 0
    last_player = players.order_by("-pk").values_list("pk", flat=True).first() or 0
    statements = []

    def counted(execute, sql, params, many, context):
        statements.append(None)  # counted, not logged: logging would slow the many
        return execute(sql, params, many, context)

    connection.ensure_connection()
    server = _server_process(connection)
    cpu = _cpu_seconds(server)
    with connection.execute_wrapper(counted):
        start = time.perf_counter()
        archive = archive_loads(Path(archive_path).read_bytes())
        imported = tournament_import(archive=archive, slug=f"timed-import-{os.getpid()}")
        seconds = time.perf_counter() - start
    cpu = _cpu_seconds(server) - cpu
    hands = Hand.objects.filter(session__round__tournament=imported).count()
    _forget(imported, last_player, last_user)
    return {"seconds": seconds, "cpu_seconds": cpu, "hands": hands, "queries": len(statements)}


def _server_process(connection) -> Path | None:
    """/proc of the PostgreSQL backend serving ``connection`` when it runs on this machine."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        stat = Path(f"/proc/{cursor.fetchone()[0]}/stat")
    return stat if stat.exists() else None


def _cpu_seconds(server: Path | None) -> float:
    """CPU time of this process, plus that of its database server process when known: on a
    busy machine it moves far less than the time on the clock."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    seconds = usage.ru_utime + usage.ru_stime
    if server is not None:
        fields = server.read_text().rsplit(")", 1)[1].split()
        seconds += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return seconds


def _forget(tournament, last_player: int, last_user: int) -> None:
    """Delete an imported tournament, and the players and users its import created (those
    past ``last_player`` and ``last_user``): rows that others protect go first."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from tournament.models import Hand, Penalty, Player, Seat, Session

    with transaction.atomic():
        Penalty.objects.filter(tournament=tournament).delete()
        Hand.objects.filter(session__round__tournament=tournament).delete()
        Session.objects.filter(round__tournament=tournament).delete()
        Seat.objects.filter(round__tournament=tournament).delete()
        tournament.delete()
        Player.objects.filter(pk__gt=last_player).delete()
        get_user_model().objects.filter(pk__gt=last_user).delete()


def _child(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["export", "import", "build", "migrate"])
    parser.add_argument("--root", default=str(ROOT))
    parser.add_argument("--tournament", default="")
    parser.add_argument("--output", default="")
    parser.add_argument("--archive", default="")
    parser.add_argument("--traced", action="store_true")
    parser.add_argument("--players", type=int, default=400)
    options = parser.parse_args(argv)
    root = Path(options.root)
    if options.what == "export":
        result = _child_export(root, options.tournament, options.output, options.traced)
    elif options.what == "import":
        result = _child_import(root, options.archive)
    else:
        _child_setup(root)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        result = {}
        if options.what == "build":
            start = time.perf_counter()
            tournament = build_scored_event(options.players, 10, 16)
            result = {"slug": tournament.slug, "seconds": time.perf_counter() - start}
    print(json.dumps(result))


def _run_child(arguments: list[str], database_url: str) -> dict:
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    done = subprocess.run(
        [sys.executable, __file__, "--child", *arguments],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"The child {arguments[0]} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(MIB), b""):
            digest.update(block)
    return digest.hexdigest()


# -- the interface --------------------------------------------------------------------------


def export_peak(tournament, database_url: str, root: Path | str = ROOT) -> dict:
    """Export ``tournament`` (slug or pk) from ``database_url`` in fresh child processes; see
    the module docstring for what each figure means."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "archive.json"
        common = ["export", "--root", str(root), "--tournament", str(tournament)]
        result = _run_child([*common, "--output", str(output)], database_url)
        result["bytes"] = output.stat().st_size
        result["sha256"] = _sha256(output)
        traced = _run_child([*common, "--output", str(output), "--traced"], database_url)
        result["tracemalloc_mb"] = traced["tracemalloc_mb"]
    return result


def import_seconds(archive_path, database_url: str, root: Path | str = ROOT) -> dict:
    """Import the archive at ``archive_path`` into ``database_url`` (migrated) in a fresh child
    process; what it wrote is deleted afterwards, untimed (see the module docstring)."""
    return _run_child(["import", "--root", str(root), "--archive", str(archive_path)], database_url)


# -- run alone ------------------------------------------------------------------------------


def _postgres(name: str):
    base = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432").rstrip("/")
    try:
        import psycopg

        admin = psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=3)
    except Exception as error:  # noqa: BLE001 - any failure means "not reachable"
        print(f"PostgreSQL not reachable at {base}: {error}", file=sys.stderr)
        return None
    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin.execute(f'CREATE DATABASE "{name}"')

    def drop():
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()

    return f"{base}/{name}", drop


def _median(rows: list[dict], key: str) -> float:
    return statistics.median(row[key] for row in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--before", help="a checkout of the code before the change")
    options = parser.parse_args()
    trees = {"after": ROOT} if not options.before else {"before": options.before, "after": ROOT}
    print(f"Archive at {options.players} players; load {os.getloadavg()[0]:.1f}", flush=True)
    drops = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            source = f"sqlite:///{folder}/source.sqlite3"
            built = _run_child(["build", "--players", str(options.players)], source)
            print(f"built the scored event in {built['seconds']:.0f} s", flush=True)
            targets = {"sqlite": f"sqlite:///{folder}/target.sqlite3"}
            pg = None if options.sqlite_only else _postgres(f"zj_w_archive_scale_{os.getpid()}")
            if pg is not None:
                targets["postgresql"], drop = pg
                drops.append(drop)
            for url in targets.values():
                _run_child(["migrate"], url)
            exports = {name: [] for name in trees}
            imports = {(name, db): [] for name in trees for db in targets}
            for _ in range(options.runs):
                for name, tree in trees.items():
                    exports[name].append(export_peak(built["slug"], source, tree))
            archive = Path(folder) / "archive.json"
            _export_to(built["slug"], source, archive)
            for _ in range(options.runs):
                for db, url in targets.items():
                    for name, tree in trees.items():
                        imports[(name, db)].append(import_seconds(archive, url, tree))
            print(f"\nexport (medians of {options.runs}; peak over the RSS after setup)")
            for name, rows in exports.items():
                print(
                    f"  {name:<7} peak {_median(rows, 'peak_mb'):7.1f} MB  tracemalloc "
                    f"{_median(rows, 'tracemalloc_mb'):7.1f} MB  {_median(rows, 'seconds'):6.1f}"
                    f" s  {rows[0]['bytes']:,} bytes  same bytes: "
                    f"{len({row['sha256'] for rows in exports.values() for row in rows}) == 1}"
                )
            print(f"\nimport of {archive.stat().st_size:,} bytes (medians of {options.runs})")
            for name in trees:
                line = {db: _median(imports[(name, db)], "seconds") for db in targets}
                ratio = (
                    f"  postgresql/sqlite {line['postgresql'] / line['sqlite']:.2f}x"
                    if "postgresql" in line
                    else ""
                )
                queries = imports[(name, "sqlite")][0]["queries"]
                cells = "  ".join(f"{db} {seconds:6.1f} s" for db, seconds in line.items())
                print(f"  {name:<7} {cells}{ratio}  ({queries:,} statements on SQLite)")
                cpu = {db: _median(imports[(name, db)], "cpu_seconds") for db in targets}
                cells = "  ".join(f"{db} {seconds:6.1f} s" for db, seconds in cpu.items())
                ratio = (
                    f"  postgresql/sqlite {cpu['postgresql'] / cpu['sqlite']:.2f}x"
                    if "postgresql" in cpu
                    else ""
                )
                print(f"  {'':<7} {cells}{ratio}  (CPU, database server included)")
            for db, url in targets.items():
                _round_trip(archive, url, Path(folder) / f"again-{db}.json")
    finally:
        for drop in drops:
            drop()


def _export_to(slug: str, database_url: str, path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    subprocess.run(
        [sys.executable, "manage.py", "export_tournament", slug, "-o", str(path)],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


def _round_trip(archive: Path, database_url: str, again: Path) -> None:
    """Import ``archive`` under its own slug, export it again, compare the bytes, delete it."""
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "import_tournament", str(archive)], env=env, cwd=ROOT, check=True)
    slug = json.loads(archive.read_bytes())["tournament"]["slug"]
    subprocess.run(
        [*manage, "export_tournament", slug, "-o", str(again)], env=env, cwd=ROOT, check=True
    )
    same = archive.read_bytes() == again.read_bytes()
    print(f"round trip through {database_url.split(':')[0]}: same bytes {same}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(sys.argv[2:])
    else:
        main()

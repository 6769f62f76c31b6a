"""Backups of the whole database, taken while the desk works, and restores that refuse to harm.

Vocabulary
----------
backup      a directory ``zj-YYYYmmdd-HHMMSS`` (``-2``, ``-3``... when two start in the same
            second) in the backup directory, holding the database copy, ``archives/<slug>.json``
            for every tournament (``docs/archive.md``, each written as it is read, never held
            whole) and ``manifest.json``. It is written as ``<name>.partial-<pid>`` and
            renamed when whole, so a backup under a real name is always complete.
database copy   ``database.sqlite3`` (SQLite's online backup API) or ``database.pgdump``
            (``pg_dump --format=custom``), chosen by the engine of the database here.
snapshot    the instant a backup shows. The copy and every archive are read inside one
            read-only snapshot (`tournament.exports.selectors.snapshot.archive_snapshot`): SQLite's
            backup runs in that read transaction; pg_dump joins it with ``--snapshot`` (an
            exported snapshot, ``pg_export_snapshot()``). A hand acknowledged before a backup
            starts is in it; writers are never blocked.
manifest    ``manifest.json``: format, version, creation time, engine, every file with its size
            and SHA-256, the tournaments with their hand counts, the applied migrations.
keep        after a backup is whole, only the newest N backups in the directory stay; nothing
            else in the directory is touched.
empty       a database with no tournament, no player and no user: what ``migrate`` leaves.
restore     `backup_restore`: checks first (a manifest, the database copy's size and SHA-256,
            the copy opens whole, same engine, no migration unknown to this code, and an empty
            database here unless ``replace``), then replaces the database's content in one
            transaction (SQLite's backup API into the live file, or ``pg_restore --clean
            --single-transaction``). A refusal is one `BackupError` line and changes nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from ..exports.selectors.archive import tournament_archive_write
from ..exports.selectors.snapshot import archive_snapshot
from ..models import Hand, Player, Tournament
from ..standings.selectors import boards_forget

FORMAT = "zj-backup"
VERSION = 1
MANIFEST = "manifest.json"
ARCHIVES = "archives"
COPY_NAMES = {"sqlite": "database.sqlite3", "postgresql": "database.pgdump"}
ENGINE_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
NAME = re.compile(r"^zj-(\d{8}-\d{6})(?:-(\d+))?$")
# How long pg_restore waits for a table another program holds before giving up (ms).
RESTORE_LOCK_TIMEOUT_MS = 10_000


class BackupError(Exception):
    """A backup could not be made or restored; the message is one line saying what to do."""


@dataclass
class Backup:
    path: Path
    tournaments: dict[str, int]  # slug -> hands
    removed: list[Path] = field(default_factory=list)
    seconds: float = 0.0


@dataclass
class Restored:
    path: Path
    tournaments: dict[str, int]
    pending_migrations: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return str(self.path)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _engine(connection) -> str:
    if connection.vendor not in COPY_NAMES:
        raise BackupError(
            gettext("Backups support SQLite and PostgreSQL, not %(engine)s.")
            % {"engine": connection.vendor}
        )
    return connection.vendor


def _pg_environment(connection) -> dict[str, str]:
    """The libpq environment for pg_dump / pg_restore: no password on the command line."""
    settings = connection.settings_dict
    env = dict(os.environ)
    for variable, key in (("PGHOST", "HOST"), ("PGPORT", "PORT"), ("PGUSER", "USER")):
        if settings.get(key):
            env[variable] = str(settings[key])
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = settings["PASSWORD"]
    if settings.get("OPTIONS", {}).get("sslmode"):
        env["PGSSLMODE"] = settings["OPTIONS"]["sslmode"]
    return env


def _run_pg(tool: str, arguments: list[str], env: dict[str, str]) -> None:
    if shutil.which(tool) is None:
        raise BackupError(
            gettext(
                "%(tool)s was not found: install the PostgreSQL client of the server's major "
                "version (Debian: postgresql-client)."
            )
            % {"tool": tool}
        )
    done = subprocess.run([tool, *arguments], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        detail = next((line for line in lines if "version mismatch" in line), None)
        detail = detail or (lines[-1] if lines else f"exit status {done.returncode}")
        raise BackupError(
            gettext("%(tool)s failed: %(detail)s") % {"tool": tool, "detail": detail.strip()}
        )


# -- backup ---------------------------------------------------------------------------------


def _copy_sqlite(connection, target: Path) -> None:
    copy = sqlite3.connect(target)
    try:
        connection.connection.backup(copy)  # inside the snapshot's read transaction
        copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        verdict = copy.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        copy.close()
    if verdict != "ok":
        raise BackupError(
            gettext("The database copy failed its check (%(verdict)s).") % {"verdict": verdict}
        )


def _copy_postgresql(connection, target: Path) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_export_snapshot()")
        snapshot = cursor.fetchone()[0]
    arguments = ["--format=custom", f"--snapshot={snapshot}", "--no-password",
                 f"--file={target}", f"--dbname={connection.settings_dict['NAME']}"]  # fmt: skip
    _run_pg("pg_dump", arguments, _pg_environment(connection))


def _new_name(directory: Path, stamp: str) -> str:
    name, n = f"zj-{stamp}", 1
    while (directory / name).exists():
        n += 1
        name = f"zj-{stamp}-{n}"
    return name


def _backups_in(directory: Path) -> list[Path]:
    """The backups in ``directory``, oldest first."""
    found = []
    for path in directory.iterdir():
        match = NAME.match(path.name)
        if match and path.is_dir():
            found.append(((match.group(1), int(match.group(2) or 1)), path))
    return [path for _, path in sorted(found)]


def _applied_migrations(connection) -> list[str]:
    return sorted(
        f"{app}.{name}" for app, name in MigrationRecorder(connection).applied_migrations()
    )


def backup_create(*, directory, keep: int = 96) -> Backup:
    """Write a backup into ``directory`` (made if missing), then keep the newest ``keep``."""
    if keep < 1:
        raise BackupError(
            gettext("--keep must be 1 or more (got %(keep)s): it counts backups to keep.")
            % {"keep": keep}
        )
    started = time.perf_counter()
    directory = Path(directory).expanduser().resolve()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BackupError(
            gettext("Cannot create the backup directory %(directory)s: %(error)s.")
            % {"directory": directory, "error": error}
        ) from None
    connection = connections[DEFAULT_DB_ALIAS]
    engine = _engine(connection)
    created = timezone.localtime()
    partial = directory / f"zj-{created:%Y%m%d-%H%M%S}.partial-{os.getpid()}"
    try:
        (partial / ARCHIVES).mkdir(parents=True)
        copy_name = COPY_NAMES[engine]
        tournaments = {}
        with archive_snapshot() as snapshot:
            if engine == "sqlite":
                _copy_sqlite(snapshot, partial / copy_name)
            else:
                _copy_postgresql(snapshot, partial / copy_name)
            for tournament in Tournament.objects.order_by("slug"):
                tournament_archive_write(tournament, partial / ARCHIVES / f"{tournament.slug}.json")
                hands = Hand.objects.filter(session__round__tournament=tournament)
                tournaments[tournament.slug] = hands.count()
            migrations = _applied_migrations(snapshot)
        files = sorted(p for p in partial.rglob("*") if p.is_file())
        manifest = {
            "format": FORMAT,
            "version": VERSION,
            "created_at": created.isoformat(),
            "engine": engine,
            "database": copy_name,
            "files": {
                p.relative_to(partial).as_posix(): {"bytes": p.stat().st_size, "sha256": _sha256(p)}
                for p in files
            },
            "tournaments": tournaments,
            "migrations": migrations,
        }
        (partial / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
        final = directory / _new_name(directory, f"{created:%Y%m%d-%H%M%S}")
        partial.rename(final)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    older = _backups_in(directory)[:-keep]
    for path in older:
        shutil.rmtree(path)
    return Backup(final, tournaments, older, time.perf_counter() - started)


# -- restore --------------------------------------------------------------------------------


def _manifest(path: Path) -> tuple[Path, dict]:
    folder = path if path.is_dir() else path.parent
    if not path.exists():
        raise BackupError(gettext("No backup at %(path)s.") % {"path": path})
    try:
        manifest = json.loads((folder / MANIFEST).read_text("utf-8"))
    except FileNotFoundError:
        raise BackupError(
            gettext(
                "%(folder)s is not a backup (no %(manifest)s): give a zj-YYYYmmdd-HHMMSS "
                "directory written by `backup`."
            )
            % {"folder": folder, "manifest": MANIFEST}
        ) from None
    except (OSError, ValueError) as error:
        raise BackupError(
            gettext("The backup's %(manifest)s is unreadable (%(error)s).")
            % {"manifest": MANIFEST, "error": error}
        ) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BackupError(
            gettext("%(path)s is not a zj backup manifest.") % {"path": folder / MANIFEST}
        )
    if manifest.get("version") != VERSION:
        raise BackupError(
            gettext("Backup version %(version)s is not known here.")
            % {"version": repr(manifest.get("version"))}
        )
    return folder, manifest


def _checked_copy(folder: Path, manifest: dict) -> Path:
    """The database copy, refused when its size or SHA-256 differ from the manifest."""
    name = manifest.get("database")
    expected = manifest.get("files", {}).get(name)
    copy = folder / str(name)
    if not expected or not copy.is_file():
        raise BackupError(
            gettext("The backup %(folder)s has no database copy (%(name)s).")
            % {"folder": folder, "name": name}
        )
    size = copy.stat().st_size
    if size != expected["bytes"]:
        raise BackupError(
            gettext(
                "The database copy %(copy)s is damaged: %(size)s bytes where %(expected)s were "
                "written (truncated or altered). Nothing was restored; use another backup."
            )
            % {"copy": copy, "size": f"{size:,}", "expected": f"{expected['bytes']:,}"}
        )
    if _sha256(copy) != expected["sha256"]:
        raise BackupError(
            gettext(
                "The database copy %(copy)s is damaged: its checksum differs from the manifest. "
                "Nothing was restored; use another backup."
            )
            % {"copy": copy}
        )
    return copy


def _open_check(engine: str, copy: Path, env) -> None:
    if engine == "sqlite":
        try:
            source = sqlite3.connect(f"{copy.resolve().as_uri()}?mode=ro", uri=True)
            try:
                verdict = source.execute("PRAGMA integrity_check").fetchone()[0]
            finally:
                source.close()
        except sqlite3.DatabaseError as error:
            verdict = str(error)
        if verdict != "ok":
            raise BackupError(
                gettext("The database copy %(copy)s does not open whole (%(verdict)s).")
                % {"copy": copy, "verdict": verdict}
            )
    else:
        _run_pg("pg_restore", ["--list", "--file=/dev/null", str(copy)], env)


def database_contents() -> dict[str, int]:
    """What the database here holds that a restore would replace (all zero: empty)."""
    connection = connections[DEFAULT_DB_ALIAS]
    present = set(connection.introspection.table_names())
    counts = {}
    for label, model in (
        (gettext_noop("tournaments"), Tournament),
        (gettext_noop("players"), Player),
        (gettext_noop("users"), get_user_model()),
    ):
        table = model._meta.db_table
        counts[label] = model.objects.count() if table in present else 0
    return counts


def _unknown_migrations(manifest: dict) -> tuple[list[str], list[str]]:
    on_disk = {f"{app}.{name}" for app, name in MigrationLoader(None).disk_migrations}
    in_backup = set(manifest.get("migrations", []))
    return sorted(in_backup - on_disk), sorted(on_disk - in_backup)


def backup_restore(*, path, replace: bool = False) -> Restored:
    """Replace the database's content with the backup at ``path`` (see the module doc)."""
    folder, manifest = _manifest(Path(path).expanduser())
    connection = connections[DEFAULT_DB_ALIAS]
    engine = _engine(connection)
    if manifest.get("engine") != engine:
        raise BackupError(
            gettext(
                "This backup is of a %(backup_engine)s database and the database here is "
                "%(engine)s: load its tournaments with `import_tournament` from %(archives)s/ "
                "instead."
            )
            % {
                "backup_engine": ENGINE_NAMES.get(manifest.get("engine"), "?"),
                "engine": ENGINE_NAMES[engine],
                "archives": folder / ARCHIVES,
            }
        )
    copy = _checked_copy(folder, manifest)
    env = _pg_environment(connection) if engine == "postgresql" else None
    _open_check(engine, copy, env)
    newer, pending = _unknown_migrations(manifest)
    if newer:
        raise BackupError(
            gettext(
                "This backup was made by a newer version of the software (migration "
                "%(migration)s is unknown here): update the code first."
            )
            % {"migration": newer[0]}
        )
    held = database_contents()
    if any(held.values()) and not replace:
        what = ", ".join(
            gettext("%(count)s %(things)s") % {"count": count, "things": gettext(label)}
            for label, count in held.items()
            if count
        )
        raise BackupError(
            gettext(
                "The database here is not empty (%(what)s); restoring replaces all of it. Take a "
                "backup, stop the server, then run again with --replace."
            )
            % {"what": what}
        )
    if engine == "sqlite":
        _restore_sqlite(connection, copy)
    else:
        _restore_postgresql(connection, copy, env)
    boards_forget()
    return Restored(folder, dict(manifest.get("tournaments", {})), pending)


def _restore_sqlite(connection, copy: Path) -> None:
    if connection.in_atomic_block:
        raise BackupError(gettext("A restore cannot run inside a transaction."))
    connection.ensure_connection()
    source = sqlite3.connect(f"{copy.resolve().as_uri()}?mode=ro", uri=True)
    try:
        # One step copies every page in one write transaction: all of it or nothing.
        source.backup(connection.connection)
    except sqlite3.DatabaseError as error:
        raise BackupError(
            gettext("The restore failed and nothing was changed (%(error)s).") % {"error": error}
        ) from None
    finally:
        source.close()
        connection.close()


def _restore_postgresql(connection, copy: Path, env: dict[str, str]) -> None:
    name = connection.settings_dict["NAME"]
    connection.close()  # its session must not hold the tables pg_restore drops
    env = dict(env, PGOPTIONS=f"-c lock_timeout={RESTORE_LOCK_TIMEOUT_MS}")
    arguments = ["--clean", "--if-exists", "--single-transaction", "--exit-on-error",
                 "--no-owner", "--no-privileges", "--no-password", f"--dbname={name}",
                 str(copy)]  # fmt: skip
    try:
        _run_pg("pg_restore", arguments, env)
    except BackupError as error:
        if "lock" in str(error):
            refusal = gettext(
                "%(error)s (is the server still running? stop it first); nothing was changed."
            )
        else:
            refusal = gettext("%(error)s; nothing was changed.")
        raise BackupError(refusal % {"error": error}) from None

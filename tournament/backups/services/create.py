"""Write a backup (`backup_create`): the database copy and every tournament's archive, read in
one snapshot, with the manifest; then keep the newest.

Vocabulary: see `tournament.backups.services` (backup, database copy, snapshot, manifest, keep).
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone
from django.utils.translation import gettext

from ...exports.selectors.archive import tournament_archive_write
from ...exports.selectors.snapshot import archive_snapshot
from ...models import Hand, Tournament
from .manifest import manifest_write
from .shared import (
    ARCHIVES,
    COPY_NAMES,
    BackupError,
    engine_of,
    pg_environment,
    pg_run,
)

NAME = re.compile(r"^zj-(\d{8}-\d{6})(?:-(\d+))?$")


@dataclass
class Backup:
    path: Path
    tournaments: dict[str, int]  # slug -> hands
    removed: list[Path] = field(default_factory=list)
    seconds: float = 0.0


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
    pg_run("pg_dump", arguments, pg_environment(connection))


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
    engine = engine_of(connection)
    created = timezone.localtime()
    partial = directory / f"zj-{created:%Y%m%d-%H%M%S}.partial-{os.getpid()}"
    try:
        tournaments, migrations = _snapshot_write(partial, engine)
        manifest_write(partial, created, engine, tournaments, migrations)
        final = directory / _new_name(directory, f"{created:%Y%m%d-%H%M%S}")
        partial.rename(final)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    older = _backups_in(directory)[:-keep]
    for path in older:
        shutil.rmtree(path)
    return Backup(final, tournaments, older, time.perf_counter() - started)


def _snapshot_write(partial: Path, engine: str) -> tuple[dict[str, int], list[str]]:
    """The database copy and every tournament's archive into ``partial``, read in one snapshot;
    returns the tournaments' hand counts and the applied migrations, of that snapshot too."""
    (partial / ARCHIVES).mkdir(parents=True)
    tournaments = {}
    with archive_snapshot() as snapshot:
        if engine == "sqlite":
            _copy_sqlite(snapshot, partial / COPY_NAMES[engine])
        else:
            _copy_postgresql(snapshot, partial / COPY_NAMES[engine])
        for tournament in Tournament.objects.order_by("slug"):
            tournament_archive_write(tournament, partial / ARCHIVES / f"{tournament.slug}.json")
            hands = Hand.objects.filter(session__round__tournament=tournament)
            tournaments[tournament.slug] = hands.count()
        return tournaments, _applied_migrations(snapshot)

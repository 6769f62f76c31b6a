"""Restore a backup (`backup_restore`): every check first, then the database's content
replaced in one transaction; a refusal changes nothing.

Vocabulary: see `tournament.backups.services` (manifest, empty, restore).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.loader import MigrationLoader
from django.utils.translation import gettext, gettext_noop

from ...models import Player, Tournament
from ...standings.selectors.board import boards_forget
from ...statistics.selectors.event import statistics_forget
from .manifest import manifest_read
from .shared import (
    ARCHIVES,
    ENGINE_NAMES,
    BackupError,
    engine_of,
    pg_environment,
    pg_run,
    sha256,
)

# How long pg_restore waits for a table another program holds before giving up (ms).
RESTORE_LOCK_TIMEOUT_MS = 10_000


@dataclass
class Restored:
    path: Path
    tournaments: dict[str, int]
    pending_migrations: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return str(self.path)


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
    if sha256(copy) != expected["sha256"]:
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
        pg_run("pg_restore", ["--list", "--file=/dev/null", str(copy)], env)


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
    folder, manifest = manifest_read(Path(path).expanduser())
    connection = connections[DEFAULT_DB_ALIAS]
    engine = engine_of(connection)
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
    env = pg_environment(connection) if engine == "postgresql" else None
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
    statistics_forget()
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
        pg_run("pg_restore", arguments, env)
    except BackupError as error:
        if "lock" in str(error):
            refusal = gettext(
                "%(error)s (is the server still running? stop it first); nothing was changed."
            )
        else:
            refusal = gettext("%(error)s; nothing was changed.")
        raise BackupError(refusal % {"error": error}) from None

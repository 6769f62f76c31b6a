"""What a backup and a restore share: the one refusal (`BackupError`), the checksum, the names
of the files, and the tools of the two database engines (PostgreSQL's client programs).

Vocabulary: see `tournament.backups.services` (backup, database copy, manifest).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from django.utils.translation import gettext

ARCHIVES = "archives"
COPY_NAMES = {"sqlite": "database.sqlite3", "postgresql": "database.pgdump"}
ENGINE_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


class BackupError(Exception):
    """A backup could not be made or restored; the message is one line saying what to do."""


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def engine_of(connection) -> str:
    if connection.vendor not in COPY_NAMES:
        raise BackupError(
            gettext("Backups support SQLite and PostgreSQL, not %(engine)s.")
            % {"engine": connection.vendor}
        )
    return connection.vendor


def pg_environment(connection) -> dict[str, str]:
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


def pg_run(tool: str, arguments: list[str], env: dict[str, str]) -> None:
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

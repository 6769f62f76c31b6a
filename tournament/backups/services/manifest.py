"""A backup's manifest (``manifest.json``): written last by the backup, read first by the
restore.

Vocabulary: see `tournament.backups.services` (backup, manifest).
"""

from __future__ import annotations

import json
from pathlib import Path

from django.utils.translation import gettext

from .shared import COPY_NAMES, BackupError, sha256

FORMAT = "zj-backup"
VERSION = 1
MANIFEST = "manifest.json"


def manifest_write(partial: Path, created, engine: str, tournaments, migrations) -> None:
    """``manifest.json``: every file written so far with its size and SHA-256."""
    files = sorted(p for p in partial.rglob("*") if p.is_file())
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "created_at": created.isoformat(),
        "engine": engine,
        "database": COPY_NAMES[engine],
        "files": {
            p.relative_to(partial).as_posix(): {"bytes": p.stat().st_size, "sha256": sha256(p)}
            for p in files
        },
        "tournaments": tournaments,
        "migrations": migrations,
    }
    (partial / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


def manifest_read(path: Path) -> tuple[Path, dict]:
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

"""The database from the environment (``DATABASE_URL``, default ``db.sqlite3`` beside
manage.py).

Vocabulary
----------
pool        ``DJANGO_DB_POOL``, PostgreSQL only: the most connections each web process keeps
            in psycopg's pool, shared by its threads (an ASGI process with many open live
            streams borrows a connection only for each short read).
SQLite      WAL journal mode lets the public pages read while the desk writes; IMMEDIATE
            transactions avoid lock upgrades; a write waits ``DJANGO_SQLITE_TIMEOUT`` seconds
            (10) for the lock before the "busy, try again" page (503).
"""

from collections.abc import Mapping
from pathlib import Path

import dj_database_url


def default_database(environ: Mapping[str, str], base_dir: Path) -> dict:
    """``DATABASES["default"]``."""
    database = dj_database_url.config(
        default=f"sqlite:///{base_dir / 'db.sqlite3'}",
        conn_max_age=int(environ.get("DJANGO_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
    if environ.get("DJANGO_DB_POOL") and "postgresql" in database["ENGINE"]:
        database["CONN_MAX_AGE"] = 0
        database["CONN_HEALTH_CHECKS"] = False
        database.setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": int(environ["DJANGO_DB_POOL"]),
            "timeout": 10,
        }
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database["CONN_MAX_AGE"] = 0
        database.setdefault("OPTIONS", {}).update(
            {
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": float(environ.get("DJANGO_SQLITE_TIMEOUT", "10")),
            }
        )
    return database

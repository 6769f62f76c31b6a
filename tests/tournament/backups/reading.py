"""Reading backups back for the tests: the hands in a database copy, a fresh database driven
through ``manage.py`` in a subprocess, and a tournament's state (archive text and standings)
computed the same way on both sides."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection

from benchmarks.http_desk import database_url
from tournament.exports.archive.text import archive_dumps
from tournament.exports.selectors.archive import tournament_archive
from tournament.models import Hand, Tournament
from tournament.standings.selectors.board import boards_forget, standings

ROOT = Path(__file__).resolve().parents[3]


def tournament_state(tournament: Tournament) -> dict:
    """The archive text and the standings rows, as plain JSON values."""
    boards_forget()
    rows = [
        {
            "rank": row.rank,
            "place": row.place,
            "name": row.name,
            "hand_points": row.hand_points,
            "penalty_points": row.penalty_points,
            "match_points": str(row.match_points),
            "sessions": [[p.round_number, p.score, str(p.match_points)] for p in row.sessions],
        }
        for row in standings(tournament)
    ]
    return {"archive": archive_dumps(tournament_archive(tournament)), "standings": rows}


def print_state(slug: str) -> None:
    """Run inside ``manage.py shell -c``: the state of ``slug`` as one JSON line."""
    print(json.dumps(tournament_state(Tournament.objects.get(slug=slug))))


def table_counts() -> dict[str, int]:
    models = list(apps.get_app_config("tournament").get_models()) + [get_user_model()]
    return {model._meta.label: model.objects.count() for model in models}


def copy_hands(backup: Path) -> set[tuple[int, int]]:
    """(session id, hand number) of every hand in a backup's database copy."""
    manifest = json.loads((backup / "manifest.json").read_text())
    copy = backup / manifest["database"]
    table = Hand._meta.db_table
    if manifest["engine"] == "sqlite":
        reader = sqlite3.connect(f"{copy.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return set(reader.execute(f"SELECT session_id, number FROM {table}").fetchall())
        finally:
            reader.close()
    dump = subprocess.run(
        ["pg_restore", "--data-only", f"--table={table}", "--file=-", str(copy)],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    header = re.search(rf"^COPY \S*{table} \(([^)]*)\) FROM stdin;$", dump, re.M)
    columns = [name.strip().strip('"') for name in header.group(1).split(",")]
    rows = []
    for line in dump[header.end() + 1 :].splitlines():
        if line == "\\.":  # the end of the COPY data
            break
        rows.append(line)
    at_session, at_number = columns.index("session_id"), columns.index("number")
    return {
        (int(cells[at_session]), int(cells[at_number]))
        for cells in (line.split("\t") for line in rows if line)
    }


class Fresh:
    def __init__(self, url: str):
        self.url = url

    def manage(self, *args: str) -> str:
        env = dict(os.environ, DATABASE_URL=self.url, DJANGO_SETTINGS_MODULE="tests.settings")
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
            text=True,
        )  # fmt: skip
        assert done.returncode == 0, f"manage.py {' '.join(args)}: {done.stderr[-2000:]}"
        return done.stdout

    def state(self, slug: str) -> dict:
        code = f"from tests.tournament.backups.reading import print_state; print_state({slug!r})"
        return json.loads(self.manage("shell", "-c", code).strip().splitlines()[-1])


@contextmanager
def fresh_database(settings_dict: dict, tmp_path: Path):
    """A new, empty database of the same engine as the tests' (not migrated yet)."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        yield Fresh(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
        return
    name = f"{settings_dict['NAME']}_fresh"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        cursor.execute(f'CREATE DATABASE "{name}"')
    try:
        yield Fresh(database_url(dict(settings_dict, NAME=name)))
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

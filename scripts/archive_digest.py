"""The archive's round trip as digests: export a tournament, import the file into a fresh
database, export it again, and print the SHA-256 of both files.

Vocabulary
----------
source      a SQLite file holding one tournament: the demo (``migrate``, ``load_demo --force``) or,
            with ``--players N``, the scored event of the archive benchmark
            (`tests.tournament.builders.make_scored_event(N, 10, 16)`). Built once when the
            file is missing, then reused: the demo and the scored event stamp their rows with
            the time they were built, so two builds differ; one source read by two code trees
            does not.
tree        the code that exports and imports (``--root``, default this checkout). Give a
            checkout of the commit before a change (``git archive BASE | tar -x -C DIR``) and
            this one in turn, with the same ``--source``: the digests must be equal.
digest      the SHA-256 of an archive file, byte for byte (the archive holds no export time,
            so nothing is normalised).

Run: ``python scripts/archive_digest.py --source /tmp/demo.sqlite3 [--players 400]
[--root DIR]``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCORED = (
    "import django; django.setup(); from tests.tournament.builders import make_scored_event; "
    "make_scored_event({players}, 10, 16)"
)
SLUGS = (
    "import django; django.setup(); from tournament.models import Tournament; "
    "print(*Tournament.objects.order_by('pk').values_list('slug', flat=True))"
)


def _run(arguments: list[str], database: Path, root: Path) -> str:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "PYTHONPATH": str(root),
    }
    done = subprocess.run(
        [sys.executable, *arguments], env=env, cwd=root, capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.exit(f"{' '.join(arguments)} failed:\n{done.stderr}")
    return done.stdout


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_build(database: Path, players: int | None) -> None:
    """The source database (see the vocabulary), built by this checkout."""
    _run(["manage.py", "migrate", "-v0"], database, ROOT)
    if players is None:
        _run(["manage.py", "load_demo", "--force"], database, ROOT)
    else:
        _run(["-c", SCORED.format(players=players)], database, ROOT)


def round_trip(database: Path, root: Path) -> tuple[str, str, int]:
    """The digests of the source's archive and of the archive after an import into a fresh
    database, both written by the tree ``root``; and the archive's size."""
    (slug,) = _run(["-c", SLUGS], database, root).split()
    with tempfile.TemporaryDirectory() as folder:
        first, again = Path(folder) / "first.json", Path(folder) / "again.json"
        _run(["manage.py", "export_tournament", slug, "-o", str(first)], database, root)
        target = Path(folder) / "target.sqlite3"
        _run(["manage.py", "migrate", "-v0"], target, root)
        _run(["manage.py", "import_tournament", str(first)], target, root)
        _run(["manage.py", "export_tournament", slug, "-o", str(again)], target, root)
        return _sha256(first), _sha256(again), first.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True, help="the source SQLite file (built if new)")
    parser.add_argument("--players", type=int, help="a scored event of N players, not the demo")
    parser.add_argument("--root", default=str(ROOT), help="the code tree that exports")
    options = parser.parse_args()
    database = Path(options.source).resolve()
    if not database.exists():
        source_build(database, options.players)
    first, again, size = round_trip(database, Path(options.root).resolve())
    print(f"archive   {first}  ({size:,} bytes)")
    print(f"reimport  {again}")
    print(f"round trip identical: {first == again}")


if __name__ == "__main__":
    main()

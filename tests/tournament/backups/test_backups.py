"""Backups (issue 19, point 1): the package is in every clone; `backup` then `restore` into a
fresh database gives identical standings and archives; backups taken back to back while 8
judges save over HTTP hold every hand acknowledged before they started; `restore` refuses
without --yes, into a database that is not empty, and from a damaged copy, changing nothing.

Runs on SQLite by default and on PostgreSQL when ``DATABASE_URL`` points there (pg_dump and
pg_restore of the server's major version must be installed)."""

import hashlib
import json
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, connections

from benchmarks.http_desk import Judge, Outcome, Server, TablePlan, database_url, fill_tables
from tests.tournament.backups.reading import (
    copy_hands,
    fresh_database,
    table_counts,
    tournament_state,
)
from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.backups.services.create import backup_create
from tournament.backups.services.shared import BackupError
from tournament.exports.archive.checks import archive_problems
from tournament.exports.archive.text import archive_loads
from tournament.models import Hand, Session, Tournament
from tournament.play.services.hands import hand_save
from tournament.seating.services.fixed_tables import fixed_table_add
from tournament.seating.services.kept_apart import kept_apart_add
from tournament.seating.services.method import round_seating_method_set

pytestmark = pytest.mark.slow  # manage.py processes, writers on gunicorn
ROOT = Path(__file__).resolve().parents[3]
PRODUCT = ["tournament", "scoring", "templates", "static", "tests", "docs"]
HANDS = 16  # per table, one table per judge
# node_modules/: axe-core for the accessibility tests, installed by `make test` (npm ci).
CACHES = ("__pycache__/", ".pyc", ".sqlite3", ".sqlite3-wal", ".sqlite3-shm", "node_modules/")


def test_no_product_file_is_ignored_by_git():
    """The old ``backups/`` pattern swallowed ``tournament/backups/``: nothing the product
    needs may be ignored (``.ci/run`` refuses the same way before the tests)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(
        ["git", "ls-files", "--others", "--ignored", "--exclude-standard", "--", *PRODUCT],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert [name for name in listed if not any(c in name for c in CACHES)] == []
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", "tournament/backups/services.py"], cwd=ROOT
    )
    assert ignored.returncode == 1, "tournament/backups/ is ignored by .gitignore"


def _played_tournament(tables=2, hands=6):
    tournament = make_tournament(hands_per_session=hands)
    make_seated_round(tournament, make_players(tournament, 4 * tables))
    judge = make_user()
    for session in Session.objects.filter(round__tournament=tournament).select_related(
        "round__tournament", "table"
    ):
        for number in range(1, hands + 1):
            data = entry(
                session, number, winner="ESWN"[number % 4], discarder="ESWN"[(number + 1) % 4]
            )
            if number % 5 == 0:
                data = entry(session, number, outcome="draw")
            hand_save(session=session, entry=data, user=judge)
    return tournament


def _seating_rules_set(tournament):
    """A fixed table, a pair kept apart and a round 2 seated by the standings (issue 39)."""
    players = [r.player for r in tournament.registrations.select_related("player")]
    fixed_table_add(tournament=tournament, player=players[0], table=2, first_round=2)
    kept_apart_add(tournament=tournament, player_a=players[3], player_b=players[1], until_round=3)
    round_seating_method_set(tournament=tournament, number=2, method="swiss", repeat_limit=1)
    archive = tournament_state(tournament)["archive"]
    assert '"seating_method": "swiss"' in archive and '"until_round": 3' in archive


@pytest.mark.django_db(transaction=True)
def test_backup_then_restore_into_a_fresh_database_gives_identical_standings_and_archives(
    demo_committed, tmp_path
):
    second = _played_tournament()
    _seating_rules_set(second)
    before = {t.slug: tournament_state(t) for t in (demo_committed, second)}
    call_command("backup", dir=str(tmp_path), keep=5)
    (backup,) = tmp_path.iterdir()
    assert sorted(p.name for p in (backup / "archives").iterdir()) == sorted(
        f"{slug}.json" for slug in before
    )
    with fresh_database(connection.settings_dict, tmp_path) as fresh:
        fresh.manage("migrate", "--noinput")
        assert "Restored the database" in fresh.manage("restore", str(backup), "--yes")
        for slug, state in before.items():
            assert fresh.state(slug) == state
        # The archives written in the backup are the ones the restored database exports.
        for slug, state in before.items():
            assert (backup / "archives" / f"{slug}.json").read_text("utf-8") == state["archive"]


def _plans(tournament):
    sessions = Session.objects.filter(round__tournament=tournament).select_related("table")
    return [
        TablePlan(
            path=f"/t/{tournament.slug}/desk/round/1/table/{session.table.number}/",
            players=seat_players(session),
        )
        for session in sessions.order_by("table__number")
    ]


@pytest.mark.django_db(transaction=True)
def test_backups_taken_while_eight_judges_save_hold_every_acknowledged_hand(request, tmp_path):
    judges_count = 8
    tournament = make_tournament(hands_per_session=HANDS)
    make_seated_round(tournament, make_players(tournament, 4 * judges_count))
    plans = _plans(tournament)
    path_of = {
        session.pk: f"/t/{tournament.slug}/desk/round/1/table/{session.table.number}/"
        for session in Session.objects.filter(round__tournament=tournament).select_related("table")
    }
    users = [make_user() for _ in range(judges_count)]
    taken = []  # (hands acknowledged before the backup started, the backup)
    with Server(database_url(connection.settings_dict), workers=4) as server:
        judges = [Judge(server.base, user.username, "pw") for user in users]
        for judge in judges:
            judge.log_in()
        outcomes = [Outcome() for _ in judges]
        threads = [
            threading.Thread(target=fill_tables, args=(judge, [plan], outcome))
            for judge, plan, outcome in zip(judges, plans, outcomes, strict=True)
        ]
        for thread in threads:
            thread.start()
        while any(thread.is_alive() for thread in threads):
            before = {ack for outcome in outcomes for ack in list(outcome.acknowledged)}
            taken.append((before, backup_create(directory=tmp_path, keep=1000).path))
        for thread in threads:
            thread.join()
    acknowledged = {ack for outcome in outcomes for ack in outcome.acknowledged}
    assert [o.unclear for o in outcomes if o.unclear] == []
    assert not any(outcome.lost for outcome in outcomes)
    # The backups never held the write lock: no save waited out the busy timeout.
    assert sum(outcome.kinds["refused: busy"] for outcome in outcomes) == 0
    assert len(acknowledged) == judges_count * HANDS
    during = [path for before, path in taken if 0 < len(before) < len(acknowledged)]
    assert len(during) >= 3, "too few backups overlapped the saves to prove anything"
    for before, path in taken:
        in_copy = {(path_of[session], number) for session, number in copy_hands(path)}
        assert before <= in_copy, f"{path.name} lost {sorted(before - in_copy)[:5]}"
        archive = archive_loads((path / "archives" / f"{tournament.slug}.json").read_bytes())
        in_archive = {
            (f"/t/{tournament.slug}/desk/round/1/table/{record['table']}/", hand["number"])
            for record in archive["sessions"]
            for hand in record["hands"]
        }
        assert in_archive == in_copy, f"{path.name}: archive and copy are not one snapshot"
        assert archive_problems(archive) == []
        manifest = json.loads((path / "manifest.json").read_text())
        assert manifest["tournaments"][tournament.slug] == len(in_copy)
    figures = {
        "database": connection.vendor,
        "backups": len(taken),
        "during saves": len(during),
        "hands acknowledged": len(acknowledged),
    }
    request.node.user_properties.append(("backups_under_writes", figures))
    print(figures)


@pytest.mark.django_db(transaction=True)
def test_keep_leaves_the_newest_backups_and_nothing_else(tmp_path):
    _played_tournament(tables=1, hands=2)
    (tmp_path / "notes").mkdir()
    (tmp_path / "zj-keep-me.txt").write_text("not a backup")
    made = [backup_create(directory=tmp_path, keep=2) for _ in range(3)]
    assert made[2].removed == [made[0].path]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["notes", "zj-keep-me.txt", made[1].path.name, made[2].path.name]
    )
    with pytest.raises(BackupError, match="--keep must be 1 or more"):
        backup_create(directory=tmp_path, keep=0)
    with pytest.raises(CommandError, match="Cannot create the backup directory"):
        call_command("backup", dir=str(tmp_path / "zj-keep-me.txt" / "inside"))
    assert len(list(tmp_path.iterdir())) == 4


def _refused(*args, **options) -> str:
    with pytest.raises(CommandError) as refusal:
        call_command("restore", *args, **options)
    message = str(refusal.value)
    assert "\n" not in message and message
    return message


@pytest.mark.django_db(transaction=True)
def test_restore_refuses_without_yes_into_data_and_from_damaged_copies(tmp_path):
    tournament = _played_tournament()
    backup = backup_create(directory=tmp_path / "backups").path
    # The database moves on after the backup: a refused restore must leave this as it is.
    session = Session.objects.filter(round__tournament=tournament).first()
    Hand.objects.filter(session=session, number=6).delete()
    before = (tournament_state(tournament), table_counts())

    def untouched():
        connections.close_all()
        assert (tournament_state(Tournament.objects.get(pk=tournament.pk)), table_counts()) == (
            before
        )

    assert "run again with --yes" in _refused(str(backup))
    untouched()
    assert "not empty" in _refused(str(backup), yes=True) and "--replace" in _refused(
        str(backup), yes=True
    )
    untouched()
    copy_name = json.loads((backup / "manifest.json").read_text())["database"]
    truncated = tmp_path / "truncated"
    shutil.copytree(backup, truncated)
    data = (truncated / copy_name).read_bytes()
    (truncated / copy_name).write_bytes(data[: len(data) // 2])
    assert "damaged" in _refused(str(truncated), yes=True, replace=True)
    untouched()
    flipped = tmp_path / "flipped"
    shutil.copytree(backup, flipped)
    middle = len(data) // 2
    inverted = bytes(byte ^ 0xFF for byte in data[middle : middle + 64])
    (flipped / copy_name).write_bytes(data[:middle] + inverted + data[middle + 64 :])
    assert "checksum" in _refused(str(flipped), yes=True, replace=True)
    untouched()
    assert "not a backup" in _refused(str(tmp_path), yes=True, replace=True)
    untouched()
    if connection.vendor == "sqlite":
        # Damage that agrees with its manifest: the copy itself must open whole.
        # (Every page header after the first inverted: the b-trees no longer hold together.)
        damaged = bytearray(data)
        page = int.from_bytes(data[16:18], "big")
        for start in range(page, len(damaged), page):
            damaged[start : start + 8] = bytes(byte ^ 0xFF for byte in damaged[start : start + 8])
        (flipped / copy_name).write_bytes(damaged)
        manifest = json.loads((flipped / "manifest.json").read_text())
        manifest["files"][copy_name]["sha256"] = hashlib.sha256(damaged).hexdigest()
        (flipped / "manifest.json").write_text(json.dumps(manifest))
        assert "does not open whole" in _refused(str(flipped), yes=True, replace=True)
        untouched()

    # With --replace the backup's content comes back, the deleted hand included.
    call_command("restore", str(backup), yes=True, replace=True)
    connections.close_all()
    assert Hand.objects.filter(session=session, number=6).exists()

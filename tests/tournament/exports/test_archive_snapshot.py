"""An archive taken while judges save hands is whole (issue 20, point 2).

Eight writer threads save hands through the real hand service (each with its own database
connection, as gunicorn's workers have) while the test exports the tournament back to back.
Every archive must pass the import's checks and import as a new tournament, and every hand
acknowledged (``hand_save`` returned) before an export began must be in that archive. Before
the archive's tables were read inside one snapshot, a hand committed between the payments query
and the hands query came out with ``"payments": {}`` and the import refused the file.
"""

import threading
import time

import pytest
from django.db import connection, connections

from tests.tournament.builders import entry, make_players, make_seated_round, make_tournament
from tests.tournament.builders import make_user as make_official
from tournament.exports.archive.checks import archive_problems
from tournament.exports.archive.text import archive_dumps, archive_loads
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services.importing import tournament_import
from tournament.models import Hand, Session
from tournament.play.services.hands import hand_save

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]  # 8 writers
WRITERS = 8
HANDS = 16  # per table: one table per writer, 128 hands in all


class Writers:
    """Eight judges saving hands at their own table; ``acknowledged()`` is what returned."""

    def __init__(self, sessions, users):
        self.sessions, self.users = sessions, users
        self.lock = threading.Lock()
        self.saved: set[tuple[int, int]] = set()
        self.errors: list[str] = []
        self.threads = [
            threading.Thread(target=self._write, args=(s, u))
            for s, u in zip(sessions, users, strict=True)
        ]

    def _write(self, session, user):
        try:
            for number in range(1, HANDS + 1):
                winner = "ESWN"[number % 4]
                discarder = "ESWN"[(number + 1) % 4]
                data = entry(session, number, winner=winner, discarder=discarder)
                hand_save(session=session, entry=data, user=user)
                with self.lock:
                    self.saved.add((session.pk, number))
        except Exception as error:  # reported by the test, not lost in a thread
            self.errors.append(f"{type(error).__name__}: {error}")
        finally:
            connections.close_all()

    def acknowledged(self) -> set[tuple[int, int]]:
        with self.lock:
            return set(self.saved)

    def start(self):
        for thread in self.threads:
            thread.start()

    def running(self) -> bool:
        return any(thread.is_alive() for thread in self.threads)

    def join(self):
        for thread in self.threads:
            thread.join()


def _hands_in(archive: dict, session_of: dict[tuple[int, int], int]) -> set[tuple[int, int]]:
    return {
        (session_of[(record["round"], record["table"])], hand["number"])
        for record in archive["sessions"]
        for hand in record["hands"]
    }


def test_exports_under_eight_writers_import_whole_and_hold_every_acknowledged_hand(request):
    tournament = make_tournament(hands_per_session=HANDS)
    make_seated_round(tournament, make_players(tournament, 4 * WRITERS))
    sessions = list(
        Session.objects.filter(round__tournament=tournament)
        .select_related("round__tournament", "table")
        .order_by("table__number")
    )
    session_of = {(s.round.number, s.table.number): s.pk for s in sessions}
    writers = Writers(sessions, [make_official() for _ in sessions])
    taken = []  # (hands acknowledged before the export began, the archive)
    started = time.perf_counter()
    writers.start()
    while writers.running():
        before = writers.acknowledged()
        taken.append((before, archive_loads(archive_dumps(tournament_archive(tournament)))))
    writers.join()
    seconds = time.perf_counter() - started
    assert writers.errors == []
    written = Hand.objects.filter(session__round__tournament=tournament).count()
    assert written == WRITERS * HANDS
    during = [archive for before, archive in taken if 0 < len(before) < written]
    assert len(during) >= 5, "too few exports overlapped the writes to prove anything"

    for index, (before, archive) in enumerate(taken):
        held = _hands_in(archive, session_of)
        missing = before - held
        assert not missing, f"export {index} lost acknowledged hands {sorted(missing)[:5]}"
        assert archive_problems(archive) == [], f"export {index} would be refused"
    imported = 0
    for index, (_, archive) in enumerate(taken):
        copy = tournament_import(archive=archive, slug=f"snapshot-{index}")
        assert Hand.objects.filter(session__round__tournament=copy).count() == sum(
            len(record["hands"]) for record in archive["sessions"]
        )
        imported += 1
    figures = {
        "database": connection.vendor,
        "exports": len(taken),
        "exports during writes": len(during),
        "hands written": written,
        "archives imported": imported,
        "seconds": round(seconds, 1),
    }
    request.node.user_properties.append(("archive_snapshot", figures))
    print(figures)

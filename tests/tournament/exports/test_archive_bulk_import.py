"""The import writes in bulk: its statements grow with batches of rows, not with hands, and it
is still one transaction: a row refused after many batches were written leaves nothing."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournament.builders import make_scored_event
from tournament.exports.archive.format import ArchiveError
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services import play as services
from tournament.exports.services.importing import tournament_import
from tournament.models import AuditEntry, Hand, Payment, Player, Session, Tournament
from tournament.standings.selectors.board import standings

pytestmark = pytest.mark.django_db


def _statements_to_import(archive: dict, slug: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        tournament_import(archive=archive, slug=slug)
    return len(queries)


def test_the_import_statements_do_not_grow_with_the_hands():
    """Two tables of 16 hands, then of 64: 96 more hands, payments, audit lines and second
    entries cost a few more batches (SQLite takes about 38 hands to a statement), where a
    statement per hand cost hundreds."""
    counts = {}
    for hands in (16, 64):
        event = make_scored_event(8, 1, hands, seed=hands)
        archive = tournament_archive(event)
        assert sum(len(s["hands"]) for s in archive["sessions"]) == 2 * hands
        counts[hands] = _statements_to_import(archive, f"copy-{hands}")
        copy = Tournament.objects.get(slug=f"copy-{hands}")
        assert Hand.objects.filter(session__round__tournament=copy).count() == 2 * hands
        assert [r.total for r in standings(copy)] == [r.total for r in standings(event)]
    assert counts[64] - counts[16] <= 8, counts


def test_a_row_refused_after_many_batches_leaves_nothing(monkeypatch):
    monkeypatch.setattr(services, "BATCH", 5)  # the hands go in a dozen batches
    event = make_scored_event(8, 1, 32)
    archive = tournament_archive(event)
    archive["audit"][-1]["action"] = "vanish"  # checked by the database's choices, written last
    before = {model: model.objects.count() for model in (Tournament, Player, Session, Hand,
                                                         Payment, AuditEntry)}  # fmt: skip
    with pytest.raises(ArchiveError, match="An audit line: action"):
        tournament_import(archive=archive, slug="copy")
    assert {model: model.objects.count() for model in before} == before


def test_two_new_players_with_one_external_id_refuse_the_file():
    """Uniqueness is left to the database (no query per player): still refused, whole."""
    archive = tournament_archive(make_scored_event(8, 1, 2))
    for player in archive["players"][:2]:
        player["external_id"] = "EMA-0042"
    players = Player.objects.count()
    with pytest.raises(ArchiveError, match="share a number, a player or an external id"):
        tournament_import(archive=archive, slug="copy")
    assert Player.objects.count() == players
    assert not Tournament.objects.filter(slug="copy").exists()


def test_a_row_the_database_refuses_is_reported_and_nothing_is_written():
    """Two players' links with one token pass the file's checks; the database refuses the
    second (inside PostgreSQL's COPY, or SQLite's INSERT), after every hand was written, and
    nothing stays."""
    archive = tournament_archive(make_scored_event(8, 1, 2))
    for link in archive["links"][:2]:  # one key (the first 12 characters), new here, twice
        link["token"] = "Q" * 12 + link["token"][12:]
    counts = {model: model.objects.count() for model in (Tournament, Player, Hand, AuditEntry)}
    with pytest.raises(ArchiveError, match="The database refused the archive"):
        tournament_import(archive=archive, slug="copy")
    assert {model: model.objects.count() for model in counts} == counts

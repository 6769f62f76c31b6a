"""The archive carries the awards in the organiser's order and brings them back identical (their
winners are computed again from the hands); a file written before them imports with none; a bad
award refuses the file with nothing written."""

from __future__ import annotations

import copy
import json

import pytest

from tests.tournament.builders import make_ranked_event
from tournament.exports.archive.format import ArchiveError
from tournament.exports.archive.text import archive_dumps
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services.importing import tournament_import
from tournament.models import Award, Tournament
from tournament.statistics.selectors.awards import award_lines
from tournament.statistics.services.awards import award_publish, award_save

pytestmark = pytest.mark.django_db

FIELDS = ("kind", "title", "tie_rule", "min_sessions", "category", "category_value", "published")


def _awards(tournament) -> list[tuple]:
    return list(Award.objects.filter(tournament=tournament).values_list(*FIELDS))


@pytest.fixture
def archive():
    tournament = make_ranked_event(8)
    award_save(tournament=tournament, kind="most_wins", title="Most hands won")
    best = award_save(
        tournament=tournament, kind="best_hand", title="Best hand", tie_rule="standings"
    )
    award_publish(tournament=tournament, award_id=best.pk, published=True)
    award_save(tournament=tournament, kind="fewest_deal_ins", title="Safest", min_sessions=1)
    award_save(
        tournament=tournament, kind="best_of_category", title="Best Dane",
        category="country", category_value="DK",
    )  # fmt: skip
    return tournament, json.loads(archive_dumps(tournament_archive(tournament)))


def test_the_awards_travel_and_come_back_identical(archive):
    tournament, data = archive
    assert [award["title"] for award in data["awards"]] == [
        "Most hands won", "Best hand", "Safest", "Best Dane",
    ]  # fmt: skip
    copy_ = tournament_import(archive=data, slug="awarded-copy")
    assert _awards(copy_) == _awards(tournament)
    assert list(Award.objects.filter(tournament=copy_).values_list("position", flat=True)) == [
        1, 2, 3, 4,
    ]  # fmt: skip
    winners = [
        [c.name for c in line.result.winners] for line in award_lines(copy_, published_only=False)
    ]
    assert winners == [
        [c.name for c in line.result.winners]
        for line in award_lines(tournament, published_only=False)
    ]


def test_a_file_without_awards_imports_with_none(archive):
    _, data = archive
    old = copy.deepcopy(data)
    del old["awards"]
    assert not Award.objects.filter(
        tournament=tournament_import(archive=old, slug="no-awards")
    ).exists()


def test_a_bad_award_refuses_the_file(archive):
    _, data = archive
    bad = copy.deepcopy(data)
    bad["awards"][0]["kind"] = "luckiest"
    with pytest.raises(ArchiveError) as refused:
        tournament_import(archive=bad, slug="bad-awards")
    assert "Award Most hands won" in str(refused.value)
    bad["awards"][0]["kind"] = "most_wins"
    bad["awards"][1]["min_sessions"] = -1
    with pytest.raises(ArchiveError, match="Award #2"):
        tournament_import(archive=bad, slug="bad-awards")
    assert not Tournament.objects.filter(slug="bad-awards").exists()

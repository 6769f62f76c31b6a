"""The archive carries the stages and their confirmed cuts (seed, draw, carried points): a
staged tournament goes out and comes back identical, with the same standings; a version 1
archive (before stages) comes in as one stage; a bad stage refuses the file with nothing
written."""

import copy
import json

import pytest

from tests.tournament.builders import make_cut_event
from tournament.exports.archive.checks import archive_problems
from tournament.exports.archive.format import ArchiveError
from tournament.exports.archive.text import archive_dumps
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services.importing import tournament_import
from tournament.models import Stage, Tournament
from tournament.stage_selectors import confirmed_cuts, stage_plan
from tournament.standings.selectors.board import board_build

pytestmark = pytest.mark.django_db


@pytest.fixture
def staged():
    return make_cut_event(share="1/4", confirm_seed=77)[0]


def board_lines(tournament):
    board = board_build(tournament)
    return [(r.rank, r.name, r.carried, r.total, r.cut_after_round) for r in board.rows]


def test_a_staged_tournament_round_trips_with_its_cut_and_standings(staged):
    first = tournament_archive(staged)
    assert archive_problems(first) == []
    stages = first["stages"]
    assert [(s["number"], s["last_round"], s["cut_size"], s["carry"]) for s in stages] == [
        (1, 1, 4, [1, 4]),
        (2, None, None, [0, 1]),
    ]
    cut = stages[0]["cut"]
    assert cut["seed"] == 77 and len(cut["entries"]) == 8
    assert sum(1 for line in cut["entries"] if line["lot"]) == 4  # the drawn tie
    copy_ = tournament_import(archive=json.loads(archive_dumps(first)), slug="staged-copy")
    second = tournament_archive(copy_)
    second["tournament"]["slug"] = staged.slug
    assert archive_dumps(second) == archive_dumps(first)
    assert board_lines(copy_) == board_lines(staged)
    assert board_build(copy_).stage == 2


def test_a_version_1_archive_comes_in_as_one_stage(staged):
    old = copy.deepcopy(tournament_archive(staged))
    old["version"] = 1
    del old["stages"]
    copy_ = tournament_import(archive=old, slug="old-copy")
    assert Stage.objects.filter(tournament=copy_).count() == 1
    assert len(stage_plan(copy_).stages) == 1 and confirmed_cuts(copy_) == {}


@pytest.mark.parametrize(
    "tamper, message",
    [
        (lambda s: s[0].update(carry=[3, 2]), "'carry' is [numerator, denominator]"),
        (lambda s: s[1].update(last_round=3), "every stage but the last ends"),
        (lambda s: s[0]["cut"]["entries"][1].update(player=999), "unknown or repeated player"),
    ],
)
def test_a_bad_stage_refuses_the_file_and_writes_nothing(staged, tamper, message):
    archive = copy.deepcopy(tournament_archive(staged))
    tamper(archive["stages"])
    before = Tournament.objects.count()
    with pytest.raises(ArchiveError, match=message.replace("[", r"\[").replace("]", r"\]")):
        tournament_import(archive=archive, slug="bad-copy")
    assert Tournament.objects.count() == before

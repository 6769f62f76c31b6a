"""The archive carries the seating rules (issue 39): each round's method and repeat limit, the
fixed tables and the pairs kept apart go out by player number and come back identical; a file
written before them imports with random rounds and no rules; a bad rule refuses the file with
nothing written."""

import copy
import json

import pytest

from tests.kept import kept, kept_value
from tests.tournament.builders import make_ranked_event
from tournament.exports.archive.checks import archive_problems
from tournament.exports.archive.format import ArchiveError
from tournament.exports.archive.text import archive_dumps
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services.importing import tournament_import
from tournament.models import FixedTable, KeptApartPair, Tournament
from tournament.seating.rule_selectors import seating_constraints
from tournament.seating.services.fixed_tables import fixed_table_add
from tournament.seating.services.kept_apart import kept_apart_add
from tournament.seating.services.method import round_seating_method_set

pytestmark = pytest.mark.django_db


def _build():
    tournament = make_ranked_event(8)
    players = [
        r.player for r in tournament.registrations.select_related("player").order_by("number")
    ]
    round_seating_method_set(tournament=tournament, number=2, method="swiss", repeat_limit=2)
    round_seating_method_set(tournament=tournament, number=3, method="standings")
    fixed_table_add(tournament=tournament, player=players[6], table=2, first_round=2, last_round=3)
    fixed_table_add(tournament=tournament, player=players[1], table=1)
    kept_apart_add(tournament=tournament, player_a=players[5], player_b=players[2], until_round=2)
    kept_apart_add(tournament=tournament, player_a=players[0], player_b=players[7])
    return tournament.pk


rules_archive_kept = kept("rules_archive_kept", _build)


@pytest.fixture
def ruled(rules_archive_kept, db):
    return Tournament.objects.get(pk=kept_value(rules_archive_kept, "the ruled event"))


def test_the_rules_and_methods_round_trip_by_player_number(ruled):
    first = tournament_archive(ruled)
    assert archive_problems(first) == []
    assert [(r["number"], r["seating_method"], r["repeat_limit"]) for r in first["rounds"]] == [
        (1, "random", 0),
        (2, "swiss", 2),
        (3, "standings", 0),
    ]
    assert first["fixed_tables"] == [
        {"player": 2, "table": 1, "first_round": None, "last_round": None},
        {"player": 7, "table": 2, "first_round": 2, "last_round": 3},
    ]
    assert first["kept_apart"] == [
        {"player_a": 1, "player_b": 8, "until_round": None},
        {"player_a": 3, "player_b": 6, "until_round": 2},
    ]
    copy_ = tournament_import(archive=json.loads(archive_dumps(first)), slug="ruled-copy")
    second = tournament_archive(copy_)
    second["tournament"]["slug"] = ruled.slug
    assert archive_dumps(second) == archive_dumps(first)
    numbers = dict(copy_.registrations.values_list("player_id", "number"))
    constraints = seating_constraints(copy_)
    assert [(numbers[f.player_id], f.table) for f in constraints.fixed_tables] == [(2, 1), (7, 2)]
    assert all(pair.a < pair.b for pair in constraints.kept_apart)


def test_a_file_written_before_the_rules_imports_with_random_rounds_and_none(ruled):
    old = copy.deepcopy(tournament_archive(ruled))
    del old["fixed_tables"], old["kept_apart"]
    for round_ in old["rounds"]:
        del round_["seating_method"], round_["repeat_limit"]
    copy_ = tournament_import(archive=old, slug="old-ruled")
    assert set(copy_.rounds.values_list("seating_method", "repeat_limit")) == {("random", 0)}
    assert not FixedTable.objects.filter(tournament=copy_).exists()
    assert not KeptApartPair.objects.filter(tournament=copy_).exists()


@pytest.mark.parametrize(
    "tamper, message",
    [
        (lambda a: a["rounds"][1].update(seating_method="alphabetical"), "'seating_method' is one"),
        (lambda a: a["fixed_tables"][1].update(first_round=4), "the first round after the last"),
        (lambda a: a["fixed_tables"][1].update(player=2), "an unknown or repeated player"),
        (lambda a: a["kept_apart"][0].update(player_b=1), "Kept-apart pair #1: unknown players"),
        (lambda a: a["kept_apart"][1].update(player_a=99), "Kept-apart pair #2: unknown players"),
        (lambda a: a["fixed_tables"][0].update(table=0), "The fixed table of player 2: table"),
    ],
)
def test_a_bad_rule_refuses_the_file_and_writes_nothing(ruled, tamper, message):
    archive = copy.deepcopy(tournament_archive(ruled))
    tamper(archive)
    before = Tournament.objects.count()
    with pytest.raises(ArchiveError, match=message):
        tournament_import(archive=archive, slug="bad-ruled")
    assert Tournament.objects.count() == before

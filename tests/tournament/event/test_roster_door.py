"""One door into the roster: players are constructed in one place and every registration is
made through `tournament.event.services.roster_admit` (issue 21, point 5).

The walk reads the source (ast): any other module that builds a `Player` or a `Registration`,
or creates them through their managers, fails it. The behaviour tests show that the console,
the import, the demo's register and the archive import all come through it.
"""

import ast
from pathlib import Path

import pytest

import tournament
from tests.tournament.builders import make_tournament
from tournament.event import services
from tournament.models import Player

pytestmark = pytest.mark.django_db

ROOT = Path(tournament.__file__).parent
MODELS = {"Player", "Registration"}
CREATING = {"create", "bulk_create", "get_or_create", "update_or_create"}
DOOR = {("event/services.py", "player_build"), ("event/services.py", "roster_admit")}


def _constructions(path: Path):
    """(function name, line) of every Player/Registration construction in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            direct = isinstance(func, ast.Name) and func.id in MODELS
            managed = (
                isinstance(func, ast.Attribute)
                and func.attr in CREATING
                and isinstance(func.value, ast.Attribute)
                and isinstance(func.value.value, ast.Name)
                and func.value.value.id in MODELS
            )
            if direct or managed:
                yield function.name, node.lineno


def test_players_and_registrations_are_made_only_behind_the_door():
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("migrations/"):
            continue
        for name, line in _constructions(path):
            if (relative, name) not in DOOR:
                found.append(f"{relative}:{line} in {name}()")
    assert not found, "Create players and registrations through roster_admit: " + ", ".join(found)


def test_every_way_in_makes_the_same_player():
    tournament = make_tournament()
    added = services.registration_add(
        tournament=tournament, given_name=" Alan ", family_name="Chan ", external_id=" E7 "
    )
    registered = services.tournament_register(
        tournament=tournament, roster=[services.RosterEntry(name="Mei  Wong", external_id="E8")]
    )[0]
    assert (added.number, registered.number) == (1, 2)
    assert [(p.given_name, p.family_name, p.name, p.external_id) for p in Player.objects.all()] == [
        ("Alan", "Chan", "Alan Chan", "E7"),
        ("Mei", "Wong", "Mei Wong", "E8"),
    ]


def test_the_door_names_the_field_or_the_row_and_saves_nothing():
    tournament = make_tournament()
    with pytest.raises(services.ValidationError) as caught:
        services.registration_add(tournament=tournament, family_name="")
    assert "family_name" in caught.value.message_dict
    with pytest.raises(services.ValidationError, match="Player 2: .*family name"):
        services.roster_admit(
            tournament=tournament,
            admissions=[
                services.Admission(number=1, entry=services.RosterEntry(family_name="Chan")),
                services.Admission(number=2, entry=services.RosterEntry(), where="Player 2"),
            ],
        )
    with pytest.raises(services.ValidationError, match="share a number"):
        services.tournament_register(
            tournament=tournament,
            roster=[services.RosterEntry(family_name="A", external_id="X")] * 2,
        )
    assert not Player.objects.exists() and not tournament.registrations.exists()

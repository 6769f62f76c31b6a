"""One door into the roster: players are constructed in one place and every registration is
made through `tournament.event.services.admission.roster_admit` (issue 21, point 5).

The walk reads the source (ast): any other module that builds a `Player` or a `Registration`,
or creates them through their managers, fails it. The behaviour tests show that the console,
the import, the demo's register and the archive import all come through it.
"""

import ast
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

import tournament
from tests.tournament.builders import make_tournament
from tournament.event.services.admission import Admission, RosterEntry, roster_admit
from tournament.event.services.registrations import registration_add, tournament_register
from tournament.models import Player

pytestmark = pytest.mark.django_db

ROOT = Path(tournament.__file__).parent
MODELS = {"Player", "Registration"}
CREATING = {"create", "bulk_create", "get_or_create", "update_or_create"}
DOOR = {
    ("event/services/admission.py", "player_build"),
    ("event/services/admission.py", "roster_admit"),
}


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
    added = registration_add(
        tournament=tournament, given_name=" Alan ", family_name="Chan ", external_id=" E7 "
    )
    registered = tournament_register(
        tournament=tournament, roster=[RosterEntry(name="Mei  Wong", external_id="E8")]
    )[0]
    assert (added.number, registered.number) == (1, 2)
    assert [(p.given_name, p.family_name, p.name, p.external_id) for p in Player.objects.all()] == [
        ("Alan", "Chan", "Alan Chan", "E7"),
        ("Mei", "Wong", "Mei Wong", "E8"),
    ]


def test_the_door_names_the_field_or_the_row_and_saves_nothing():
    tournament = make_tournament()
    with pytest.raises(ValidationError) as caught:
        registration_add(tournament=tournament, family_name="")
    assert "family_name" in caught.value.message_dict
    with pytest.raises(ValidationError, match="Player 2: .*family name"):
        roster_admit(
            tournament=tournament,
            admissions=[
                Admission(number=1, entry=RosterEntry(family_name="Chan")),
                Admission(number=2, entry=RosterEntry(), where="Player 2"),
            ],
        )
    with pytest.raises(ValidationError, match="share a number"):
        tournament_register(
            tournament=tournament,
            roster=[RosterEntry(family_name="A", external_id="X")] * 2,
        )
    assert not Player.objects.exists() and not tournament.registrations.exists()

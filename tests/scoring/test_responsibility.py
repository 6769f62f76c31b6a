"""Who discarded, checked against the win in one place (RULINGS R8, R12).

`check_responsibility` is what the command line (and the judges' desk) ask before `settle`.
Blessing of Earth is won on East's first discard: the discarder is the player who is East in
that hand, and Same-Round Immunity cannot apply because nobody has discarded before.
"""

from __future__ import annotations

import json

import pytest

from scoring.__main__ import main
from scoring.engine import check_responsibility


def subjects(problems):
    return [subject for subject, _message in problems]


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        pytest.param(dict(winner="S", self_drawn=False, discarder="E"), [], id="plain-discard"),
        pytest.param(dict(winner="S", self_drawn=False, discarder=None), [], id="not-recorded"),
        pytest.param(dict(winner="S", self_drawn=True, discarder=None), [], id="self-draw"),
        pytest.param(
            dict(winner="S", self_drawn=False, discarder="W", immunity=True), [], id="immunity"
        ),
        pytest.param(
            dict(winner="S", self_drawn=False, discarder="S"), ["discarder"], id="winner-discarded"
        ),
        pytest.param(
            dict(winner="S", self_drawn=True, discarder="E"),
            ["discarder"],
            id="self-draw-discarder",
        ),
        pytest.param(
            dict(winner="S", self_drawn=True, discarder=None, immunity=True),
            ["immunity"],
            id="self-draw-immunity",
        ),
    ],
)
def test_responsibility_checks(call, expected):
    assert subjects(check_responsibility(**call)) == expected


def test_blessing_of_earth_discarder_must_be_east():
    # RULINGS R8, R12: East discarded the winning tile.
    ok = check_responsibility(winner="S", self_drawn=False, discarder="E", flags={"earth"})
    assert ok == []
    problems = check_responsibility(winner="S", self_drawn=False, discarder="W", flags={"earth"})
    assert subjects(problems) == ["discarder"]
    message = problems[0][1]
    assert "East's first discard" in message and "R8" in message and "R12" in message
    assert "the discarder is W" in message


def test_blessing_of_earth_refuses_same_round_immunity():
    # RULINGS R12: nobody has discarded before East's first discard.
    problems = check_responsibility(
        winner="N", self_drawn=False, discarder="E", immunity=True, flags=("earth",)
    )
    assert subjects(problems) == ["immunity"]
    assert "cannot apply" in problems[0][1] and "R12" in problems[0][1]
    both = check_responsibility(
        winner="N", self_drawn=False, discarder="S", immunity=True, flags=("earth",)
    )
    assert subjects(both) == ["discarder", "immunity"]  # every problem at once


EARTH = {
    "id": "earth",
    "concealed": "123m 456p 789s 234s 5m",
    "melds": [],
    "winning_tile": "5m",
    "self_drawn": False,
    "seat_wind": "S",
    "flags": ["earth"],
}


def _score(hands, capsys, tmp_path):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(hands), encoding="utf-8")
    code = main(["score", str(path)])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        pytest.param({"discarder": "W"}, "the discarder is W", id="wrong-discarder"),
        pytest.param({"discarder": "E", "responsible": "N"}, "cannot apply", id="immunity-other"),
        pytest.param({"discarder": "E", "responsible": None}, "cannot apply", id="immunity-nobody"),
        pytest.param({"responsible": "W"}, "cannot apply", id="responsible-not-east"),
    ],
)
def test_cli_refuses_a_blessing_of_earth_entry_that_contradicts_east_discarding(
    change, words, capsys, tmp_path
):
    code, out = _score([{**EARTH, **change}], capsys, tmp_path)
    assert code == 1
    assert out[0]["error"]["kind"] == "InvalidHandError"
    assert words in out[0]["error"]["message"] and "R12" in out[0]["error"]["message"]


def test_cli_blessing_of_earth_with_east_discarding_pays(capsys, tmp_path):
    code, out = _score(
        [{**EARTH, "discarder": "E"}, {**EARTH, "id": 2, "discarder": "E", "responsible": "E"}],
        capsys,
        tmp_path,
    )
    assert code == 0, out
    assert out[0]["total"] == out[1]["total"] >= 155
    assert out[0]["deltas"] == out[1]["deltas"]
    assert out[0]["deltas"]["E"] == -(3 * out[0]["total"] - 50)  # RULINGS R11, R12

"""The command line: python -m scoring score / explain, without Django settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.__main__ import main
from scoring.cli.results import result_line, score_entry
from scoring.engine import Rules

ROOT = Path(__file__).resolve().parents[2]

HANDS = [
    {
        "id": "freedom",
        "concealed": "11122233m 99s",
        "melds": [{"kind": "pung", "tiles": "RdRdRd", "concealed": False}],
        "winning_tile": "3m",
        "self_drawn": False,
        "seat_wind": "S",
        "flags": [],
        "discarder": "W",
    },
    {
        "id": 2,
        "concealed": "234m 345p 456s 678m 5p",
        "melds": [],
        "winning_tile": "5p",
        "self_drawn": True,
        "seat_wind": "E",
        "flags": ["final_draw"],
    },
    {
        "id": "immunity-nobody",
        "concealed": "1112345678999m",
        "melds": [],
        "winning_tile": "9m",
        "self_drawn": False,
        "seat_wind": "N",
        "flags": [],
        "discarder": "E",
        "responsible": None,
    },
    {
        "id": "no-discarder",
        "concealed": "123m 456p 789s 234s 5p",
        "melds": [],
        "winning_tile": "5p",
        "self_drawn": False,
        "seat_wind": "W",
        "flags": [],
    },
]


def run(hands, *options, tmp_path):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(hands), encoding="utf-8")
    return run_file(str(path), *options)


def run_file(path, *options, stdin=None):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "-m", "scoring", *options, path] if options[:1] != ("explain",) else
        [sys.executable, "-m", "scoring", *options],
        capture_output=True, text=True, cwd=ROOT, env=env, input=stdin, check=False,
    )  # fmt: skip


def test_score_contract(tmp_path):
    done = run(HANDS, "score", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [r["id"] for r in out] == ["freedom", 2, "immunity-nobody", "no-discarder"]
    assert out[0] == {
        "id": "freedom",
        "total": 170,
        "patterns": [
            ["Value Honor", 10],
            ["Three Identical Sequences", 120],
            ["Mixed Lesser Terminals", 40],
        ],
        "deltas": {"E": -25, "S": 510, "W": -460, "N": -25},
    }
    assert out[1]["deltas"] == {"E": 75, "S": -25, "W": -25, "N": -25}
    assert out[1]["total"] == 25
    assert out[2]["deltas"] == {"E": -480, "S": -480, "W": -480, "N": 1440}
    assert "deltas" not in out[3] and out[3]["total"] == 10


def test_score_from_stdin_and_options():
    hands = [dict(HANDS[0], id=1)]
    done = run_file("-", "score", "--scheme", "uniform", stdin=json.dumps(hands))
    assert done.returncode == 0
    assert json.loads(done.stdout)[0]["deltas"] == {"E": -170, "S": 510, "W": -170, "N": -170}


def _errors(hands, capsys, *options):
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"zj-cli-{os.getpid()}.json"
    path.write_text(json.dumps(hands), encoding="utf-8")
    try:
        code = main(["score", *options, str(path)])
    finally:
        path.unlink()
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("change", "kind", "words"),
    [
        pytest.param({"winning_tile": None}, "NotationError", "winning_tile", id="wrong-type"),
        pytest.param({"concealed": "12m x"}, "NotationError", "'x'", id="bad-tile"),
        pytest.param({"self_drawn": "yes"}, "NotationError", "self_drawn", id="bool-field"),
        pytest.param({"flags": ["lucky"]}, "NotationError", "lucky", id="unknown-flag"),
        pytest.param({"melds": [{"kind": "pong", "tiles": "EEE"}]}, "NotationError", "pong",
                     id="meld-kind"),
        pytest.param({"seat_wind": "X"}, "NotationError", "seat_wind", id="bad-seat"),
        pytest.param({"concealed": "55555p 123m"}, "InvalidHandError", "5 times", id="five"),
        pytest.param({"flags": ["final_draw"]}, "InvalidHandError", "R8", id="flag"),
        pytest.param({"discarder": "S"}, "InvalidHandError", "discarder", id="self-discard"),
        pytest.param({"penalty_tiles": "Rd"}, "IllegalWinError", "R9", id="penalty"),
        pytest.param({"melds": [{"kind": "chow", "tiles": "123m", "concealed": False}],
                      "concealed": "456p 789s 111s 5p", "winning_tile": "5p"},
                     "IllegalWinError", "R7", id="chicken"),
    ],
)  # fmt: skip
def test_errors_by_kind(change, kind, words, capsys):
    hand = {**HANDS[0], **change}
    code, out = _errors([hand], capsys)
    assert code == 1
    assert out[0]["id"] == "freedom" and set(out[0]) == {"id", "error"}
    assert out[0]["error"]["kind"] == kind, out
    assert words in out[0]["error"]["message"]


@pytest.mark.parametrize("ident", [7, "Zhōng 中", None, 2.5, True], ids=repr)
def test_result_lines_are_the_json_of_the_result(ident):
    """The lines written from kept pieces read exactly as json writes the result dict."""
    chicken = {"melds": [{"kind": "chow", "tiles": "123m", "concealed": False}],
               "concealed": "456p 789s 111s 5p", "winning_tile": "5p"}  # fmt: skip
    changes = [{}, chicken, chicken, {"concealed": "55555p 123m"}, {"seat_wind": "X"}]
    rules, kept = Rules(), {}
    for change in changes:  # twice each: the second line is written from the kept pieces
        entry = {**HANDS[0], **change, "id": ident}
        expected = json.dumps(score_entry(entry, rules), ensure_ascii=False)
        assert result_line(entry, rules, kept) == (expected, "error" in expected)
        assert result_line(entry, rules, kept)[0] == expected


def test_missing_field_is_a_notation_error(capsys):
    hand = {k: v for k, v in HANDS[0].items() if k != "concealed"}
    code, out = _errors([hand, HANDS[1]], capsys)
    assert code == 1
    assert out[0]["error"] == {
        "kind": "NotationError",
        "message": "the field 'concealed' is missing",
    }
    assert out[1]["total"] == 25


def test_missing_seat_is_reported_with_the_other_problems(capsys):
    hand = {k: v for k, v in HANDS[0].items() if k != "seat_wind"}
    code, out = _errors([hand, "not a hand"], capsys)
    assert out[0]["error"]["kind"] == "InvalidHandError"
    assert "seat wind is missing" in out[0]["error"]["message"]
    assert out[1]["error"]["kind"] == "NotationError" and out[1]["id"] is None


def test_minimum_zero_lets_a_chicken_hand_win(capsys):
    chicken = dict(HANDS[3], concealed="123m 456p 789s 111s 5p", id="c",
                   melds=[], discarder="E")  # fmt: skip
    chicken["concealed"] = "456p 789s 111s 5p"
    chicken["melds"] = [{"kind": "chow", "tiles": "123m", "concealed": False}]
    code, out = _errors([chicken], capsys, "--minimum", "0")
    assert code == 0 and out[0]["patterns"] == [["Chicken Hand", 1]]
    assert out[0]["deltas"] == {"E": -1, "S": -1, "W": 3, "N": -1}


def test_unreadable_json_exits_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    done = run_file(str(path), "score")
    assert done.returncode == 2 and "cannot read" in done.stderr and done.stdout == ""
    assert run_file(str(tmp_path / "missing.json"), "score").returncode == 2
    assert run_file("-", "score", stdin='{"a": 1}').returncode == 2


def test_explain():
    done = run_file("", "explain", "11122233m 99s [RdRdRd] +3m seat:S")
    assert done.returncode == 0, done.stderr
    assert "Three Identical Sequences" in done.stdout and "170" in done.stdout
    assert "Runners-up" in done.stdout and "145" in done.stdout
    assert "completed by the discarded winning tile" in done.stdout


def test_explain_error(capsys):
    assert main(["explain", "123m +5p"]) == 1
    assert capsys.readouterr().err.startswith("InvalidHandError: ")


def test_minimum_15_makes_a_10_point_hand_a_false_win(capsys):  # RULINGS R7
    ten = dict(HANDS[3], id="t", self_drawn=True)  # All Sequences 5 + Concealed Hand 5
    code, out = _errors([ten], capsys, "--minimum", "15")
    assert code == 1 and out[0]["error"]["kind"] == "IllegalWinError"
    assert "15-point minimum" in out[0]["error"]["message"]
    code, out = _errors([ten], capsys, "--minimum", "10")
    assert code == 0 and out[0]["total"] == 10


def test_cap_holds_a_listed_limit_to_the_cap():  # RULINGS R7a
    done = run_file("", "explain", "--minimum", "15", "--cap", "320", "1112345678999m +5m self")
    assert done.returncode == 0, done.stderr
    assert "480  2.2" in done.stdout and "320  total (the tournament's per-hand cap)" in done.stdout
    assert "each other player pays 320" in done.stdout


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (("--minimum", "321"), "from 0 to 320"),
        (("--minimum", "-1"), "from 0 to 320"),
        (("--minimum", "15", "--cap", "10"), "from 15"),
        (("--cap", "481"), "to 480"),
    ],
)
def test_a_minimum_or_cap_out_of_range_exits_2_with_the_reason(options, words):
    done = run_file("", "explain", *options, "123m 456p 789s 234s 5p +5p")
    assert done.returncode == 2 and words in done.stderr and done.stdout == ""

"""Commands: ``score`` (a JSON file of hands) and ``explain`` (one hand in notation).

Vocabulary:
- *args*: the parsed command line (`scoring.__main__.main`): ``minimum``, ``cap``, ``scheme``,
  and ``file`` for ``score`` or ``hand`` for ``explain``.
- *exit status*: what a command returns: 0 when every hand scored, 1 when one failed, 2 when
  ``score``'s file cannot be read as a JSON list.
- *payoff text*: ``explain``'s account of who pays what for the hand, under each way it can be
  won (self-draw; a discard with the discarder responsible, or nobody).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys

from scoring.engine import (
    SEATS,
    Hand,
    IllegalWinError,
    InvalidHandError,
    NotationError,
    Rules,
    Scheme,
    score_hand,
    settle,
)

from .results import result_line


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(minimum=args.minimum, cap=args.cap, scheme=Scheme(args.scheme))


def command_score(args: argparse.Namespace) -> int:
    # Reading and scoring make no reference cycles: the garbage collector is off meanwhile
    # (its passes over the growing input cost about as much as reading it), back on after.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _score_file(args)
    finally:
        if collecting:
            gc.enable()


def _score_file(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            data = json.load(sys.stdin)
        else:
            with open(args.file, encoding="utf-8") as handle:
                data = json.load(handle)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        print(f"cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    if not isinstance(data, list):
        print(f"cannot read {args.file}: expected a JSON list of hands", file=sys.stderr)
        return 2
    rules = _rules(args)
    gc.freeze()  # the input lives to the end: out of the collector's sight once it runs again
    deltas_json: dict[tuple, str] = {}
    failed = False
    lines = []
    for entry in data:
        line, error = result_line(entry, rules, deltas_json)
        lines.append(line)
        failed = failed or error
    # One hand per line: readable, and still one JSON document.
    text = ",\n  ".join(lines)
    sys.stdout.write(f"[\n  {text}\n]\n" if lines else "[]\n")
    return 1 if failed else 0


def command_explain(args: argparse.Namespace) -> int:
    rules = _rules(args)
    try:
        hand = Hand.from_notation(args.hand)
        score = score_hand(hand, rules)
    except (NotationError, InvalidHandError, IllegalWinError) as error:
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        return 1
    how = "self-drawn" if hand.self_drawn else "won on a discard"
    print(f"Hand: {hand.notation()}  ({how}, seat {hand.seat_wind})")
    print(f"Arrangement: {score.arrangement.notation()}   (* = completed by the winning tile)")
    print(score.describe())
    print()
    print(_payoff_text(score.total, hand, rules))
    if score.runners_up:
        print()
        print("Runners-up (Freedom of Count, RULINGS R2):")
        for other in score.runners_up:
            names = ", ".join(f"{p.name} {pts}" for p, pts in other.patterns)
            print(f"  {other.total:>4}  {other.arrangement.notation()}  [{names}]")
    return 0


def _payoff_text(total: int, hand: Hand, rules: Rules) -> str:
    winner = hand.seat_wind
    everyone = settle(total, winner=winner, self_drawn=True, responsible=None, rules=rules)
    lines = [f"Payoff ({rules.scheme} scheme):"]
    if hand.self_drawn:
        lines.append(
            f"  self-draw: each other player pays {-min(everyone.values())}, "
            f"{winner} receives {everyone[winner]}"
        )
        return "\n".join(lines)
    other = next(s for s in SEATS if s != winner)
    charged = settle(total, winner=winner, self_drawn=False, responsible=other, rules=rules)
    lines.append(
        f"  discarder responsible: discarder pays {-charged[other]}, "
        f"the others {-min(v for s, v in charged.items() if s not in (winner, other))} "
        f"each; {winner} receives {charged[winner]}"
    )
    lines.append(
        f"  nobody responsible (Same-Round Immunity, winner's own discard): each pays "
        f"{total}; {winner} receives {everyone[winner]}"
    )
    return "\n".join(lines)

"""Command line for the scoring engine; needs no Django settings.

    python -m scoring score [--minimum N] [--cap N] [--scheme formal|uniform] FILE   (- = stdin)
    python -m scoring explain [--minimum N] [--cap N] [--scheme formal|uniform] "<hand notation>"

``--minimum`` is the winning minimum (0 to 320, default 5; RULINGS R7); ``--cap`` an optional
per-hand cap (at least the minimum and 1, at most 480; RULINGS R7a). A value outside its range
exits 2 with the reason.

`score` reads a JSON list of hands and writes a JSON list in the same order, each
``{"id", "total", "patterns": [[name, points], ...], "deltas": {"E", "S", "W", "N"}}`` (deltas
when they can be computed: a self-draw, or a discard win with its discarder or an explicit
``responsible``) or ``{"id", "error": {"kind", "message"}}``. Exit 0 when every hand scored,
1 when any failed, 2 when the file cannot be read as a JSON list.

Input hand fields: ``id``, ``concealed`` (tiles before the winning tile, excluding melds),
``melds`` ([{"kind": "chow"|"pung"|"kong", "tiles", "concealed": bool}]), ``winning_tile``,
``self_drawn``, ``seat_wind`` (E S W N), ``flags`` (list), optional ``penalty_tiles``,
``discarder`` (seat letter) and ``responsible`` (seat letter, or null for nobody; absent means
the discarder). Tiles are text in any `parse_tiles` notation (a list of tile strings works too).
Who discarded is checked against the win by the engine's `check_responsibility` (RULINGS R8,
R12): e.g. a Blessing of Earth names East as the discarder and records no immunity.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys

from scoring.engine import (
    CAP_MOST,
    FLAGS,
    MINIMUM_MOST,
    SEATS,
    Hand,
    IllegalWinError,
    InvalidHandError,
    Meld,
    MeldKind,
    NotationError,
    Problem,
    Rules,
    Scheme,
    cap_problem,
    check_responsibility,
    minimum_problem,
    parse_tiles,
    score_hand,
    settle,
)
from scoring.engine.errors import ScoringError

_MISSING = object()
_MELD_KINDS = {kind.value: kind for kind in MeldKind}
_MELD_MEMO: dict[tuple, Meld] = {}  # (kind, tiles text, concealed) -> Meld, see hand_from_json
_TEXT = (str, list)
_SEAT_OR_NONE = (str, type(None))
_SEAT_OR_MISSING = (*SEATS, _MISSING)
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode  # one encoder for every output line


def _field(
    entry: dict, name: str, kinds: type | tuple[type, ...], default: object = _MISSING
) -> object:
    value = entry.get(name, _MISSING)
    if value is _MISSING:
        if default is _MISSING:
            raise NotationError(f"the field {name!r} is missing")
        return default
    kind = value.__class__
    if kind is kinds or (kinds.__class__ is tuple and kind in kinds):
        return value  # JSON gives exact types: the usual case, decided without isinstance
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
        names = " or ".join(k.__name__ for k in _as_tuple(kinds))
        raise NotationError(f"the field {name!r} must be {names}, got {json.dumps(value)}")
    return value


def _as_tuple(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _tiles(value: str | list, name: str) -> tuple:
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            raise NotationError(f"the field {name!r} must list tiles as strings")
        value = " ".join(value)
    try:
        return parse_tiles(value)
    except NotationError as error:
        raise NotationError(f"{name}: {error}") from None


def _seat(entry: dict, name: str) -> str | None:
    value = _field(entry, name, _SEAT_OR_NONE)
    if value is not None and value not in SEATS:
        raise NotationError(f"the field {name!r} must be one of E, S, W, N, got {value!r}")
    return value


def hand_from_json(entry: object) -> Hand:
    """Build a Hand from one JSON entry; malformed entries raise NotationError."""
    if not isinstance(entry, dict):
        raise NotationError(f"each hand must be a JSON object, got {json.dumps(entry)[:40]}")
    get = entry.get
    concealed, melds, winning = get("concealed"), get("melds"), get("winning_tile")
    flags, self_drawn, seat = get("flags"), get("self_drawn"), get("seat_wind", _MISSING)
    penalty = get("penalty_tiles", "")
    if not (
        # Every field present and of its plain type: read each once. Anything else takes the
        # long way, which names the field at fault.
        concealed.__class__ is str
        and melds.__class__ is list
        and winning.__class__ is str
        and flags.__class__ is list
        and self_drawn.__class__ is bool
        and seat in _SEAT_OR_MISSING
        and penalty.__class__ is str
    ):
        return _hand_from_json_checked(entry)
    try:
        tiles = parse_tiles(concealed)
    except NotationError as error:
        raise NotationError(f"concealed: {error}") from None
    declared = _melds(melds) if melds else ()  # in the long way's order: same first error
    try:
        read = parse_tiles(winning)
    except NotationError as error:
        raise NotationError(f"winning_tile: {error}") from None
    if len(read) != 1:
        raise NotationError(f"winning_tile must be exactly one tile, read {len(read)}")
    for flag in flags:
        if flag not in FLAGS:
            raise NotationError(f"unknown flag {flag!r}: flags are {', '.join(FLAGS)}")
    return Hand.of(
        tiles,
        declared,
        read[0],
        self_drawn,
        None if seat is _MISSING else seat,
        flags,
        _tiles(penalty, "penalty_tiles") if penalty else (),
    )


def _hand_from_json_checked(entry: dict) -> Hand:
    concealed = _tiles(_field(entry, "concealed", _TEXT), "concealed")
    melds = _melds(_field(entry, "melds", list))
    winning = _tiles(_field(entry, "winning_tile", _TEXT), "winning_tile")
    if len(winning) != 1:
        raise NotationError(f"winning_tile must be exactly one tile, read {len(winning)}")
    flags = _field(entry, "flags", list)
    for flag in flags:
        if flag not in FLAGS:
            raise NotationError(f"unknown flag {flag!r}: flags are {', '.join(FLAGS)}")
    seat = _seat(entry, "seat_wind") if "seat_wind" in entry else None
    penalty = _field(entry, "penalty_tiles", _TEXT, "")
    return Hand(
        concealed=concealed,
        melds=melds,
        winning_tile=winning[0],
        self_drawn=_field(entry, "self_drawn", bool),
        seat_wind=seat,  # missing: reported by validate_hand with every other problem
        flags=frozenset(flags),
        penalty_tiles=_tiles(penalty, "penalty_tiles"),
    )


def _melds(entries: list) -> tuple[Meld, ...]:
    melds = []
    for n, raw in enumerate(entries, start=1):
        if not isinstance(raw, dict):
            raise NotationError(f"meld {n} must be an object with kind, tiles and concealed")
        key = (raw.get("kind"), raw.get("tiles"), raw.get("concealed", False))
        if not (key[0].__class__ is str and key[1].__class__ is str and key[2].__class__ is bool):
            key = None  # unusual entry: read it the long way, which reports what is wrong
        meld = _MELD_MEMO.get(key) if key else None
        if meld is None:
            kind = _MELD_KINDS.get(_field(raw, "kind", str))
            if kind is None:
                raise NotationError(f"meld {n}: kind {raw['kind']!r} is not chow, pung or kong")
            tiles = _tiles(_field(raw, "tiles", _TEXT), f"meld {n} tiles")
            meld = Meld(kind, tiles, _field(raw, "concealed", bool, False))
            if key and len(_MELD_MEMO) < 4096:
                _MELD_MEMO[key] = meld  # a meld is a value: the same entry reads the same
        melds.append(meld)
    return tuple(melds)


def responsible_seat(entry: dict, hand: Hand) -> tuple[bool, str | None]:
    """(known, responsible seat or None) for the payoff; RULINGS R8, R12."""
    discarder = entry.get("discarder")
    if discarder is not None and discarder not in SEATS:  # the long way says what is wrong
        discarder = _seat(entry, "discarder")
    given = "responsible" in entry
    responsible = entry["responsible"] if given else None
    if responsible is not None and responsible not in SEATS:
        responsible = _seat(entry, "responsible")
    # Immunity: a responsible player (or nobody) other than the discarder was recorded; on a
    # Blessing of Earth the discarder is East even when not given (RULINGS R12).
    expected = discarder if discarder is not None else ("E" if "earth" in hand.flags else None)
    problems = check_responsibility(
        winner=hand.seat_wind,
        self_drawn=hand.self_drawn,
        discarder=discarder,
        immunity=given and not hand.self_drawn and responsible != expected,
        flags=hand.flags,
    )
    if problems:
        found = [Problem(message, subject) for subject, message in problems]
        raise InvalidHandError("; ".join(found), found)
    if given or hand.self_drawn:
        return True, responsible
    return discarder is not None, discarder


def score_entry(entry: object, rules: Rules) -> dict:
    """The result of one entry as a dict (see the module docstring); `result_line` writes it."""
    ident = entry.get("id") if isinstance(entry, dict) else None
    try:
        if isinstance(entry, dict) and "id" not in entry:
            raise NotationError("the field 'id' is missing")
        hand = hand_from_json(entry)
        score = score_hand(hand, rules)
        known, responsible = responsible_seat(entry, hand)
        result: dict[str, object] = {"id": ident, "total": score.total}
        result["patterns"] = score.breakdown()
        if known:
            result["deltas"] = settle(
                score.total,
                winner=hand.seat_wind,
                self_drawn=hand.self_drawn,
                responsible=responsible,
                rules=rules,
            )
        return result
    except ScoringError as error:
        return {"id": ident, "error": {"kind": type(error).__name__, "message": str(error)}}


def result_line(entry: object, rules: Rules, deltas_json: dict) -> tuple[str, bool]:
    """(the JSON text of `score_entry(entry, rules)`, whether it is an error).

    The text is what ``json`` writes for that dict, put together from pieces written once:
    the pattern lists by `Score.patterns` (one tuple per outcome, shared between hands) and the
    deltas by (total, winner, self-drawn, responsible) in `deltas_json`, kept for one `rules`.
    """
    if entry.__class__ is not dict or "id" not in entry:
        result = score_entry(entry, rules)  # not an object, or no id: an error, said as such
        return _ENCODE(result), "error" in result
    ident = entry["id"]
    try:
        hand = hand_from_json(entry)
        score = score_hand(hand, rules)
        known, responsible = responsible_seat(entry, hand)
        total = score.total
        deltas = ""
        if known:
            key = (total, hand.seat_wind, hand.self_drawn, responsible)
            deltas = deltas_json.get(key)
            if deltas is None:
                deltas = ', "deltas": ' + _ENCODE(
                    settle(
                        total,
                        winner=hand.seat_wind,
                        self_drawn=hand.self_drawn,
                        responsible=responsible,
                        rules=rules,
                    )
                )
                deltas_json[key] = deltas
    except ScoringError as error:
        # The same text as the dict {"id", "error": {"kind", "message"}}; the error part is
        # written once per (kind, message): most failures are the same Chicken Hand (R7).
        key = (type(error).__name__, str(error))
        failed = _ERROR_JSON.get(key)
        if failed is None:
            failed = ', "error": ' + _ENCODE({"kind": key[0], "message": key[1]}) + "}"
            if len(_ERROR_JSON) < 4096:
                _ERROR_JSON[key] = failed
        shown = str(ident) if ident.__class__ is int else _ENCODE(ident)
        return f'{{"id": {shown}{failed}', True
    patterns = _PATTERNS_JSON.get(score.patterns)
    if patterns is None:
        patterns = _ENCODE(score.breakdown())
        if len(_PATTERNS_JSON) < 4096:
            _PATTERNS_JSON[score.patterns] = patterns
    shown = str(ident) if ident.__class__ is int else _ENCODE(ident)
    return f'{{"id": {shown}, "total": {total}, "patterns": {patterns}{deltas}}}', False


_PATTERNS_JSON: dict[tuple, str] = {}  # Score.patterns -> its JSON list of [name, points]
_ERROR_JSON: dict[tuple[str, str], str] = {}  # (kind, message) -> ', "error": {...}}'


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, helptext in (
        ("score", "score a JSON list of hands"),
        ("explain", "explain one hand written in notation"),
    ):
        sub = commands.add_parser(name, help=helptext)
        sub.add_argument(
            "--minimum",
            type=int,
            default=5,
            metavar="N",
            help=f"winning minimum in points, 0 to {MINIMUM_MOST} (RULINGS R7), default 5",
        )
        sub.add_argument(
            "--cap",
            type=int,
            default=None,
            metavar="N",
            help=f"per-hand cap in points, up to {CAP_MOST} (RULINGS R7a), default none",
        )
        sub.add_argument(
            "--scheme",
            choices=("formal", "uniform"),
            default="formal",
            help="payoff scheme (RULINGS R11), default formal",
        )
        if name == "score":
            sub.add_argument("file", metavar="FILE", help="JSON file of hands, - for stdin")
        else:
            sub.add_argument("hand", help='e.g. "11123m 456p EE [789s] +E self seat:S"')
    args = parser.parse_args(argv)
    problem = minimum_problem(args.minimum) or cap_problem(args.cap, args.minimum)
    if problem:
        parser.error(problem)
    return command_score(args) if args.command == "score" else command_explain(args)


if __name__ == "__main__":
    status = main()
    # The process ends without taking its heap apart object by object (the memos, the
    # modules, a last garbage collection): about 4% of a 20,000-hand run. Nothing else is
    # pending: the output is flushed here, and the command registers no exit handler.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)

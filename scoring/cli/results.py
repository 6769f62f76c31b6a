"""Results: what ``python -m scoring score`` writes for one entry (see `entries`).

Vocabulary:
- *result*: ``{"id", "total", "patterns": [[name, points], ...], "deltas": {"E", "S", "W",
  "N"}}`` (deltas when they can be computed: a self-draw, or a discard win with its discarder or
  an explicit ``responsible``), or ``{"id", "error": {"kind", "message"}}`` when the entry
  cannot be scored (``kind`` names the engine's error).
- *result line*: the JSON text of a result, as ``json`` writes it, put together from pieces
  written once and kept (the pattern lists, the deltas, the errors).
"""

from __future__ import annotations

import json

from scoring.engine import Hand, NotationError, Rules, Score, score_hand, settle
from scoring.engine.errors import ScoringError

from .entries import hand_from_json, responsible_seat

_ENCODE = json.JSONEncoder(ensure_ascii=False).encode  # one encoder for every output line
_PATTERNS_JSON: dict[tuple, str] = {}  # Score.patterns -> its JSON list of [name, points]
_ERROR_JSON: dict[tuple[str, str], str] = {}  # (kind, message) -> ', "error": {...}}'


def score_entry(entry: object, rules: Rules) -> dict:
    """The result of one entry as a dict (see the module docstring); `result_line` writes it."""
    ident = entry.get("id") if isinstance(entry, dict) else None
    try:
        if isinstance(entry, dict) and "id" not in entry:
            raise NotationError("the field 'id' is missing")
        hand, score, known, responsible = _scored(entry, rules)
        result: dict[str, object] = {"id": ident, "total": score.total}
        result["patterns"] = score.breakdown()
        if known:
            result["deltas"] = _deltas(score.total, hand, responsible, rules)
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
        hand, score, known, responsible = _scored(entry, rules)
        total = score.total
        deltas = ""
        if known:
            key = (total, hand.seat_wind, hand.self_drawn, responsible)
            deltas = deltas_json.get(key)
            if deltas is None:
                deltas = ', "deltas": ' + _ENCODE(_deltas(total, hand, responsible, rules))
                deltas_json[key] = deltas
    except ScoringError as error:
        return f'{{"id": {_id_json(ident)}{_error_json(error)}', True
    patterns = _PATTERNS_JSON.get(score.patterns)
    if patterns is None:
        patterns = _ENCODE(score.breakdown())
        if len(_PATTERNS_JSON) < 4096:
            _PATTERNS_JSON[score.patterns] = patterns
    return (
        f'{{"id": {_id_json(ident)}, "total": {total}, "patterns": {patterns}{deltas}}}',
        False,
    )


def _scored(entry: object, rules: Rules) -> tuple[Hand, Score, bool, str | None]:
    """(the entry's hand, its score, whether who pays is known, the responsible seat)."""
    hand = hand_from_json(entry)
    score = score_hand(hand, rules)
    known, responsible = responsible_seat(entry, hand)
    return hand, score, known, responsible


def _deltas(total: int, hand: Hand, responsible: str | None, rules: Rules) -> dict[str, int]:
    return settle(
        total,
        winner=hand.seat_wind,
        self_drawn=hand.self_drawn,
        responsible=responsible,
        rules=rules,
    )


def _id_json(ident: object) -> str:
    return str(ident) if ident.__class__ is int else _ENCODE(ident)


def _error_json(error: ScoringError) -> str:
    """The text of ``, "error": {"kind", "message"}}``, written once per (kind, message): most
    failures are the same Chicken Hand (RULINGS R7)."""
    key = (type(error).__name__, str(error))
    failed = _ERROR_JSON.get(key)
    if failed is None:
        failed = ', "error": ' + _ENCODE({"kind": key[0], "message": key[1]}) + "}"
        if len(_ERROR_JSON) < 4096:
            _ERROR_JSON[key] = failed
    return failed

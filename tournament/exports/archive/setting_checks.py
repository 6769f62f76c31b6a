"""The archive's checks of the event's settings around play: the stages and their cuts, the
seating rules (fixed tables, pairs kept apart) and the awards.

Pure: no Django. Vocabulary: see `.checks` and `.typed`.
"""

from __future__ import annotations

from .typed import INT, OPT_INT, OPT_STR, is_count, known_user, typed


def stages_check(records, players, officials, problems: list[str]) -> None:
    """Stages numbered 1, 2, ...; every one but the last with its cut; cuts name known
    players once each."""
    if not isinstance(records, list):
        problems.append("'stages' must be a list.")
        return
    fields = {"number": INT, "last_round": OPT_INT, "cut_size": OPT_INT, "carry": list,
              "cut": (dict, type(None))}  # fmt: skip
    for i, stage in enumerate(records):
        where = f"Stage #{i + 1}"
        if not typed(stage, fields, where, problems):
            continue
        last = i == len(records) - 1
        carry = stage["carry"]
        if stage["number"] != i + 1:
            problems.append(f"{where} is numbered {stage['number']}: stages count 1, 2, ...")
        if (stage["last_round"] is None) != last or (stage["cut_size"] is None) != last:
            problems.append(f"{where}: every stage but the last ends with its round and cut.")
        if not (
            len(carry) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in carry)
            and 0 <= carry[0] <= carry[1]
            and carry[1] >= 1
        ):
            problems.append(f"{where}: 'carry' is [numerator, denominator], at most the whole.")
        cut = stage["cut"]
        if cut is None:
            continue
        cut_fields = {"seed": INT, "tie_breaks": str, "confirmed_by": OPT_STR,
                      "confirmed_at": str, "entries": list}  # fmt: skip
        if not typed(cut, cut_fields, f"{where}'s cut", problems):
            continue
        known_user(cut["confirmed_by"], officials, f"{where}'s cut", problems)
        seen = set()
        entry_fields = {"player": INT, "position": INT, "rank": str, "score": INT,
                        "carried": INT, "qualified": bool, "lot": OPT_INT}  # fmt: skip
        for j, entry in enumerate(cut["entries"]):
            name = f"{where}'s cut, line #{j + 1}"
            if not typed(entry, entry_fields, name, problems):
                continue
            if entry["player"] not in players or entry["player"] in seen:
                problems.append(f"{name} names an unknown or repeated player {entry['player']}.")
            seen.add(entry["player"])


def seating_rules_check(archive, players, problems: list[str]) -> None:
    """The fixed tables (one per known player, tables and rounds from 1, in order) and the
    pairs kept apart (two known players, each pair once): lists a file may lack."""
    fixed, pairs = archive.get("fixed_tables", []), archive.get("kept_apart", [])
    if not isinstance(fixed, list) or not isinstance(pairs, list):
        problems.append("'fixed_tables' and 'kept_apart' must be lists.")
        return
    fields = {"player": INT, "table": INT, "first_round": OPT_INT, "last_round": OPT_INT}
    seen: set = set()
    for i, rule in enumerate(fixed):
        if typed(rule, fields, f"Fixed table #{i + 1}", problems):
            first = rule["first_round"] or 1
            last = rule["last_round"] or first
            if rule["player"] not in players or rule["player"] in seen or first > last:
                problems.append(f"Fixed table #{i + 1}: an unknown or repeated player, or "
                                "the first round after the last.")  # fmt: skip
            seen.add(rule["player"])
    fields = {"player_a": INT, "player_b": INT, "until_round": OPT_INT}
    for i, pair in enumerate(pairs):
        if typed(pair, fields, f"Kept-apart pair #{i + 1}", problems):
            key = frozenset((pair["player_a"], pair["player_b"]))
            if not key <= set(players) or len(key) != 2 or key in seen:
                problems.append(f"Kept-apart pair #{i + 1}: unknown players, or twice.")
            seen.add(key)


def awards_check(awards, problems: list[str]) -> None:
    """The awards (a list a file may lack): their fields of the right kinds; their choices are
    checked with the rows (`kinds.AWARDS`)."""
    if not isinstance(awards, list):
        problems.append("'awards' must be a list.")
        return
    fields = {"kind": str, "title": str, "tie_rule": str, "min_sessions": INT,
              "category": str, "category_value": str, "published": bool}  # fmt: skip
    for i, award in enumerate(awards):
        if typed(award, fields, f"Award #{i + 1}", problems) and not is_count(
            award["min_sessions"]
        ):
            problems.append(f"Award #{i + 1}: 'min_sessions' is a count from 0.")

"""Everything wrong with an archive (`archive_problems`). Pure: no Django.

Vocabulary (and see `.format`)
----------
check           the structure (each record's keys of the right kind: `.typed`; the event's
                settings around play: `.setting_checks`), the references
                between parts (players, tables, officials, presets named by the records), and
                every hand re-scored with the engine (`tournament.play.entry.evaluate`, the
                archived hand as an entry: `hand_entry`) against its stored value, patterns and
                payments. An import refuses the file on any problem, naming the hands.
problems        the list every check appends its sentences to; empty: the file may be imported.
"""

from __future__ import annotations

from types import SimpleNamespace

from ...play.entry.evaluation import evaluate, rules_for
from ...play.entry.hand_entry import ENTRY_FLAGS, HandEntryData, Seating
from ...seating.request import SEATING_METHODS
from ...winds import WINDS
from .format import HAND_FLAGS, TOURNAMENT_FIELDS, half_of
from .setting_checks import awards_check, seating_rules_check, stages_check
from .typed import INT, OPT_INT, OPT_STR, is_count, known_user, typed


def _check_half(record: dict, where: str, problems: list[str]) -> bool:
    """A half is 1 or 2; null only for a penalty or audit line outside any session."""
    half = half_of(record)
    if half is None and "round" in record and record["round"] is None:
        return True
    if half in (1, 2) and not isinstance(half, bool):
        return True
    problems.append(f"{where}: 'half' must be 1 or 2 (2: after the round's table change).")
    return False


def hand_entry(hand: dict) -> HandEntryData:
    """The entry that reproduces an archived hand (players by number)."""
    tiles = " ".join(part for part in (hand.get("concealed", ""), hand.get("melds", "")) if part)
    flags = tuple(sorted(flag for flag in hand.get("flags", ()) if flag in ENTRY_FLAGS))
    return HandEntryData(
        number=hand["number"],
        outcome=hand["outcome"],
        winner=hand.get("winner"),
        win_type=hand.get("win_type", ""),
        discarder=hand.get("discarder"),
        immunity=hand.get("immunity", ""),
        responsible=hand.get("responsible"),
        tiles=tiles,
        winning_tile=hand.get("winning_tile", ""),
        penalty_tiles=hand.get("penalty_tiles", ""),
        flags=flags,
    )


def archive_problems(archive: dict) -> list[str]:
    """Everything wrong with an archive, hands that do not re-score to their stored values
    included (each named by round, table and hand). Empty when it may be imported."""
    problems: list[str] = []
    if not typed(archive.get("tournament"), TOURNAMENT_FIELDS, "The tournament", problems):
        return problems
    if not isinstance(archive["tournament"].get("players_confirm_at_table", False), bool):
        problems.append("The tournament: 'players_confirm_at_table' must be true or false.")
    parts = {}
    keys = ("players", "tables", "rounds", "sessions", "penalty_presets", "penalties")
    for key in keys + ("officials", "audit"):
        parts[key] = archive.get(key)
        if not isinstance(parts[key], list):
            problems.append(f"{key!r} must be a list.")
    if problems:
        return problems
    players = _check_players(parts["players"], problems)
    tables = set()
    for i, table in enumerate(parts["tables"]):
        if typed(table, {"number": INT, "label": str}, f"Table #{i + 1}", problems):
            tables.add(table["number"])
    seatings = _check_rounds(parts["rounds"], players, tables, problems)
    officials = set()
    for i, official in enumerate(parts["officials"]):
        if typed(official, {"username": str, "role": str}, f"Official #{i + 1}", problems):
            officials.add(official["username"])
    rules = None
    if not problems:
        try:
            rules = rules_for(SimpleNamespace(**archive["tournament"]))
        except ValueError as error:
            problems.append(f"The tournament's scoring settings cannot be used ({error}).")
    _check_sessions(parts["sessions"], seatings, players, officials, rules, problems)
    presets = _check_presets(parts["penalty_presets"], problems)
    for i, penalty in enumerate(parts["penalties"]):
        fields = {"player": INT, "amount": INT, "mode": str, "reason": str,
                  "round": OPT_INT, "table": OPT_INT, "hand": OPT_INT,
                  "created_by": OPT_STR, "created_at": str, "preset": OPT_STR,
                  "warning": bool}  # fmt: skip
        if typed(penalty, fields, f"Penalty #{i + 1}", problems):
            _check_half(penalty, f"Penalty #{i + 1}", problems)
            if penalty["player"] not in players:
                problems.append(f"Penalty #{i + 1} names an unknown player {penalty['player']}.")
            if penalty["preset"] is not None and penalty["preset"] not in presets:
                problems.append(f"Penalty #{i + 1} names an unknown preset {penalty['preset']!r}.")
            known_user(penalty["created_by"], officials, f"Penalty #{i + 1}", problems)
    _check_links_and_queries(archive, archive["tournament"], players, officials, problems)
    stages_check(archive.get("stages", []), players, officials, problems)
    seating_rules_check(archive, players, problems)
    awards_check(archive.get("awards", []), problems)
    for i, line in enumerate(parts["audit"]):
        fields = {"action": str, "reason": str, "created_at": str, "user": OPT_STR,
                  "round": OPT_INT, "table": OPT_INT, "hand_number": OPT_INT}  # fmt: skip
        if typed(line, fields, f"Audit line #{i + 1}", problems):
            _check_half(line, f"Audit line #{i + 1}", problems)
            known_user(line["user"], officials, f"Audit line #{i + 1}", problems)
    return problems


def _check_links_and_queries(archive, tournament, players, officials, problems) -> None:
    """The private links and hand queries, and the appeal window setting: keys added after
    version 1 was first written, so a file without them still imports (no links, no queries,
    no appeal window)."""
    if not isinstance(tournament.get("appeal_window_minutes", 0), int):
        problems.append("The tournament's appeal_window_minutes must be a whole number.")
    for key in ("links", "queries"):
        if not isinstance(archive.get(key, []), list):
            problems.append(f"{key!r} must be a list.")
            return
    for i, link in enumerate(archive.get("links", [])):
        fields = {"player": INT, "token": str, "issued_at": str}
        if typed(link, fields, f"Private link #{i + 1}", problems):
            if link["player"] not in players:
                problems.append(f"Private link #{i + 1} names an unknown player {link['player']}.")
    for i, query in enumerate(archive.get("queries", [])):
        fields = {"round": INT, "table": INT, "hand_number": INT, "player": INT,
                  "text": str, "raised_at": str, "status": str, "answer": str,
                  "answered_by": OPT_STR, "answered_at": OPT_STR}  # fmt: skip
        if typed(query, fields, f"Hand query #{i + 1}", problems):
            if query["player"] not in players:
                problems.append(f"Hand query #{i + 1} names an unknown player {query['player']}.")
            known_user(query["answered_by"], officials, f"Hand query #{i + 1}", problems)


def _check_presets(records: list, problems: list[str]) -> set[str]:
    """The names of the archive's penalty presets (each named once)."""
    names: set[str] = set()
    fields = {"name": str, "points": INT, "per": str, "mode": str, "warning_first": bool,
              "position": INT}  # fmt: skip
    for i, preset in enumerate(records):
        if not typed(preset, fields, f"Penalty preset #{i + 1}", problems):
            continue
        if preset["name"] in names:
            problems.append(f"Penalty preset {preset['name']!r} appears twice.")
        names.add(preset["name"])
    return names


def _check_players(records: list, problems: list[str]) -> dict[int, str]:
    players: dict[int, str] = {}
    fields = {"number": INT, "name": str, "given_name": str, "family_name": str,
              "chinese_name": str, "country": str, "club": str, "external_id": str,
              "status": str, "is_substitute": bool}  # fmt: skip
    for i, player in enumerate(records):
        if not typed(player, fields, f"Player #{i + 1}", problems):
            continue
        if player["number"] in players:
            problems.append(f"Player number {player['number']} appears twice.")
        players[player["number"]] = player["name"]
    return players


def _check_rounds(records, players, tables, problems) -> dict[tuple[int, int, int], Seating]:
    """Seatings by (round, half, table), players by number."""
    seatings: dict[tuple[int, int, int], dict[str, int]] = {}
    seen_rounds = set()
    for i, round_ in enumerate(records):
        fields = {"number": INT, "status": str, "seating_published": bool, "seats": list,
                  "table_change_after": OPT_INT}  # fmt: skip
        if not typed(round_, fields, f"Round #{i + 1}", problems):
            continue
        halves_declared = 1 if round_.get("table_change_after") is None else 2
        if round_.get("seating_method", "random") not in SEATING_METHODS or not is_count(
            round_.get("repeat_limit", 0)
        ):
            problems.append(
                f"Round {round_['number']}: 'seating_method' is one of "
                f"{', '.join(SEATING_METHODS)} and 'repeat_limit' a count from 0."
            )
        if round_["number"] in seen_rounds:
            problems.append(f"Round {round_['number']} appears twice.")
        seen_rounds.add(round_["number"])
        for j, seat in enumerate(round_["seats"]):
            where = f"Round {round_['number']}, seat #{j + 1}"
            if not typed(seat, {"table": INT, "wind": str, "player": INT}, where, problems):
                continue
            if seat["table"] not in tables or seat["player"] not in players:
                problems.append(f"{where} names an unknown table or player.")
                continue
            if seat["wind"] not in WINDS:
                problems.append(f"{where} has an unknown wind {seat['wind']!r}.")
                continue
            if not _check_half(seat, where, problems):
                continue
            if half_of(seat) > halves_declared:
                problems.append(f"{where} is after a table change the round does not declare.")
                continue
            winds = seatings.setdefault((round_["number"], half_of(seat), seat["table"]), {})
            if seat["wind"] in winds:
                problems.append(f"{where}: wind {seat['wind']} is taken twice at that table.")
            winds[seat["wind"]] = seat["player"]
    return {
        key: Seating(players=winds, names={pid: players[pid] for pid in winds.values()})
        for key, winds in seatings.items()
    }


def _check_sessions(records, seatings, players, officials, rules, problems) -> None:
    seen = set()
    for i, session in enumerate(records):
        fields = {"round": INT, "table": INT, "status": str, "hands": list,
                  "card_totals": (dict, type(None)), "reconciled_by": OPT_STR,
                  "reconciled_at": OPT_STR, "opened_at": OPT_STR,
                  "table_proposals": (list, type(None))}  # fmt: skip
        if not typed(session, fields, f"Session #{i + 1}", problems):
            continue
        if not _check_half(session, f"Session #{i + 1}", problems):
            continue
        key = (session["round"], half_of(session), session["table"])
        where = f"Round {key[0]}, table {key[2]}" + (", after the change" if key[1] == 2 else "")
        if key in seen:
            problems.append(f"{where} appears twice.")
        seen.add(key)
        seating = seatings.get(key)
        if seating is None:
            problems.append(f"{where} has no seats.")
            continue
        known_user(session["reconciled_by"], officials, where, problems)
        numbers = set()
        for hand in session["hands"]:
            _check_hand(hand, where, seating, officials, rules, numbers, problems)
        for proposal in session.get("table_proposals") or []:
            fields = {"number": INT, "player": INT, "data": dict, "entered_at": str}
            if typed(proposal, fields, f"{where}, a player's table entry", problems):
                if proposal["player"] not in seating.names:
                    problems.append(f"{where}: a table entry names a player not at the table.")


def _check_hand(hand, where, seating, officials, rules, numbers, problems) -> None:
    fields = {"number": INT, "outcome": str, "winner": OPT_INT, "win_type": str,
              "discarder": OPT_INT, "immunity": str, "responsible": OPT_INT,
              "concealed": str, "melds": str, "winning_tile": str, "penalty_tiles": str,
              "flags": list, "value": OPT_INT, "patterns": list, "payments": dict,
              "entered_by": OPT_STR, "confirmed_by": OPT_STR, "entered_at": str,
              "updated_at": str, "version": INT, "confirmed": bool,
              "second_entries": list, "table_entry": (dict, type(None))}  # fmt: skip
    if not typed(hand, fields, f"{where}, a hand", problems):
        return
    name = f"{where}, hand {hand['number']}"
    if hand["number"] in numbers:
        problems.append(f"{name} appears twice.")
    numbers.add(hand["number"])
    for user in (hand["entered_by"], hand["confirmed_by"]):
        known_user(user, officials, name, problems)
    at_table = hand.get("table_entry")
    if at_table is not None:
        table_fields = {"entered_by": OPT_STR, "entered_at": str, "first": bool, "players": list}
        if typed(at_table, table_fields, f"{name}, its table entry", problems):
            known_user(at_table["entered_by"], officials, name, problems)
            if any(number not in seating.names for number in at_table["players"]):
                problems.append(f"{name}: its table entry names a player not at the table.")
    if any(flag not in HAND_FLAGS for flag in hand["flags"]):
        problems.append(f"{name} has an unknown flag.")
        return
    if rules is None:
        return
    try:
        evaluation = evaluate(hand_entry(hand), seating=seating, rules=rules)
    except (KeyError, TypeError, ValueError, StopIteration) as error:
        problems.append(f"{name} cannot be read ({error}).")
        return
    if not evaluation.ok and hand["outcome"] != "false_win":
        problems.append(f"{name} does not score: {'; '.join(m for _, m in evaluation.errors)}")
        return
    patterns = (
        [[pattern.name, points] for pattern, points in evaluation.score.patterns]
        if evaluation.score
        else []
    )
    payments = {str(pid): amount for pid, amount in sorted(evaluation.payments.items())}
    stored = {str(k): v for k, v in hand["payments"].items()}
    if hand["value"] != evaluation.value or hand["patterns"] != patterns or stored != payments:
        problems.append(
            f"{name} disagrees with the scoring engine: stored {hand['value']} points, "
            f"payments {stored}; the engine gives {evaluation.value} points, payments "
            f"{payments}."
        )

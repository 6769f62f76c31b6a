"""What a tournament archive holds: one JSON file with everything about a tournament. Pure: no
Django.

Vocabulary
----------
archive         a dict in the documented format (``docs/archive.md``): ``format``, ``version``
                and the tournament's settings, players, tables, rounds with seats, sessions with
                their hands (payments, second entries, the table's entry), penalty presets,
                penalties (and warnings), stages with their confirmed cuts, officials and audit
                log.
number          players are named by their *registration number* in the tournament, tables and
                rounds by their numbers, officials by user name: an archive holds no database
                ids, so it loads into any database.
upgrade         an archive of an older version that this one still reads (`READABLE`) is
                brought to the current version on reading (`.text.archive_loads`): the keys added
                since get the value that means "as before" (no cap, no presets, no warnings).
canonical text  `.text`: sorted keys, fixed indentation, one trailing newline; the same
                tournament always gives the same bytes (export -> import -> export is identical).
check           `.checks.archive_problems`: the structure, the references between parts, and
                every hand re-scored with the engine against its stored value, patterns and
                payments. An import refuses the file on any problem, naming the hands.
"""

from __future__ import annotations

FORMAT = "zj-tournament-archive"
VERSION = 2
#: Versions this code reads; version 1 had no per-hand cap, penalty presets, warnings or
#: stages (read as one stage holding every round), or table changes (its rounds, seats
#: and sessions read as one half, `half_of`).
READABLE = (1, 2)
MAX_BYTES = 50 * 1024 * 1024
# Values (counted by their separators, before parsing, so commas inside texts count too): a
# 400-player, 16,000-hand event with its whole audit log counts about 2.1 million in 29 MB. The
# bound leaves room for twice that while 50 MB of tiny values (gigabytes once parsed) is refused.
MAX_VALUES = 4_500_000
HAND_FLAGS = ("final_draw", "final_discard", "win_on_kong", "heaven", "earth")
ENTRY_PLAYER_FIELDS = ("winner", "discarder", "responsible")

TOURNAMENT_FIELDS = {
    "name": str,
    "slug": str,
    "start_date": str,
    "end_date": str,
    "venue": str,
    "minimum_points": int,
    "hand_cap": (int, type(None)),
    "payoff_scheme": str,
    "standard_value": int,
    "hands_per_session": int,
    "false_win_penalty": int,
    "use_match_points": bool,
    "match_points": str,
    "tie_break_order": str,
    "results_public": bool,
    "double_entry": bool,
    "players_confirm_at_table": (bool, type(None)),  # absent from files written before it
    "seating_separate_by": str,
}


class ArchiveError(ValueError):
    """The file cannot be imported; ``problems`` lists every reason found."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        shown = self.problems[:20]
        more = f" (and {len(self.problems) - 20} more)" if len(self.problems) > 20 else ""
        super().__init__("The archive was refused: " + " ".join(shown) + more)


def archive_upgrade(archive: dict) -> dict:
    """A version 1 archive as version 2 (see the vocabulary); a current one unchanged."""
    if archive.get("version") != 1:
        return archive
    upgraded = dict(archive, version=VERSION, penalty_presets=[])
    if isinstance(archive.get("tournament"), dict):
        upgraded["tournament"] = {"hand_cap": None, **archive["tournament"]}
    if isinstance(archive.get("penalties"), list):
        upgraded["penalties"] = [
            {"preset": None, "warning": False, **penalty} if isinstance(penalty, dict) else penalty
            for penalty in archive["penalties"]
        ]
    return upgraded


def half_of(record: dict) -> int:
    """The half of a seat, session, penalty or audit line: 2 after its round's table change;
    1 when the key is absent (version 1)."""
    return record.get("half", 1)


def entry_numbers(data: dict, to_number: dict[int, int]) -> dict:
    """An entry dict (`HandEntryData.as_data`) with its player ids turned into numbers, or back
    (give the inverse mapping). Unknown ids become None."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for name in ENTRY_PLAYER_FIELDS:
        if out.get(name) is not None:
            out[name] = to_number.get(out[name])
    return out


def snapshot_numbers(snapshot, to_number: dict[int, int]):
    """An audit snapshot with the player ids inside its ``entry`` translated (see above)."""
    if isinstance(snapshot, dict) and isinstance(snapshot.get("entry"), dict):
        return {**snapshot, "entry": entry_numbers(snapshot["entry"], to_number)}
    return snapshot

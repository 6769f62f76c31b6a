"""Planning a player import: rows of text in, a preview of every row as it will be saved out.

Pure Python fed plain rows (lists of strings, as `roster_files` reads them from a CSV/XLSX file
or pasted text); no Django, no models. The page and the command reach it through
`roster_bridge`, which adds the header decision, the countries and the known players.

Vocabulary
----------
field       one thing we store about a player: ``given_name``, ``family_name``, ``name`` (a full
            name, split with the last word as the family name), ``chinese_name``, ``country``,
            ``club``, ``external_id`` (e.g. an EMA number) and ``number`` (registration number).
column      a column of the file, named by its header cell (any of `COLUMN_ALIASES`) or chosen
            on the page when the file has no header.
line        a row's line number in the file as a person counts it (the header is line 1).
known       a player already in the database (`KnownPlayer`); *registered* ones are in this
            tournament with a number.
match       a line is the same person as a known player: by external id first, then by given
            name, family name and country (case-insensitive).
action      what confirming does with a line: ``new`` (create and register), ``register`` (a
            known player, registered now) or ``skip`` (already registered: nothing changes).
problem     something that stops the import, on its line (or line 0 for the file), such as a
            name a person cannot read as stored (`tournament.name_characters`); nothing is
            saved while any problem remains. A *notice* is said but does not stop it. Problems
            and notices are `Message`s (`scoring.engine.messages`): English, translated where
            the page shows them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scoring.engine.messages import Message as _
from scoring.engine.messages import MessageList

from ..name_characters import name_problems
from .roster_columns import FIELD_LABELS, FIELDS, MAX_LENGTHS


@dataclass(frozen=True)
class KnownPlayer:
    id: int
    given_name: str
    family_name: str
    country: str = ""
    external_id: str = ""
    number: int | None = None  # registration number in this tournament, if registered


@dataclass
class ImportLine:
    line: int
    values: dict[str, str]
    action: str = "new"
    player_id: int | None = None
    number: int | None = None
    problems: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)

    @property
    def display_name(self) -> str:
        return " ".join(p for p in (self.values["given_name"], self.values["family_name"]) if p)


@dataclass
class ImportPlan:
    lines: list[ImportLine]
    problems: list[str] = field(default_factory=list)  # about the file, not one line

    @property
    def ok(self) -> bool:
        return not self.problems and not any(line.problems for line in self.lines)

    def problem_messages(self) -> list[str]:
        """Every problem as one message with its place: "Line 4: ..." or the file's own."""
        messages = list(self.problems)
        for line in self.lines:
            messages.extend(
                _("Line %(line)s: %(problem)s", line=line.line, problem=problem)
                for problem in line.problems
            )
        return messages

    def counts(self) -> Counter:
        return Counter(line.action for line in self.lines if not line.problems)


def plan_import(
    rows: Sequence[Sequence[str]],
    *,
    columns: Sequence[str | None],
    countries: Mapping[str, str],
    known: Iterable[KnownPlayer] = (),
    first_line: int = 2,
) -> ImportPlan:
    """Read ``rows`` (header excluded) with ``columns`` into a plan, with every problem.

    ``countries`` maps lower-case country names, ISO alpha-2 and alpha-3 codes to ISO alpha-2
    codes. ``known`` are the players in the database (with their number when registered in this
    tournament). Registration numbers missing from the file are assigned after the highest one
    in use, in file order.
    """
    known = list(known)
    by_external = {p.external_id.lower(): p for p in known if p.external_id}
    by_name: dict[tuple[str, str, str], list[KnownPlayer]] = {}
    for player in known:
        key = (player.given_name.lower(), player.family_name.lower(), player.country)
        by_name.setdefault(key, []).append(player)
    numbers_in_use = {p.number: p for p in known if p.number is not None}
    lines = []
    for offset, row in enumerate(rows):
        if not any((cell or "").strip() for cell in row):
            continue  # blank lines are skipped, as a person would
        lines.append(_read_line(first_line + offset, row, columns, countries))
    file_problems = [] if lines else [_("The file has no player rows.")]
    _check_within_file(lines)
    for line in lines:
        _match(line, by_external, by_name, numbers_in_use)
    _assign_numbers(lines, numbers_in_use)
    return ImportPlan(lines=lines, problems=file_problems)


def _read_line(number, row, columns, countries) -> ImportLine:
    """One row as a line of the plan: its cells read into fields, then each check in turn
    (`LINE_CHECKS`), every problem and notice on the line in that order."""
    values = dict.fromkeys(FIELDS, "")
    line = ImportLine(line=number, values=values)
    _check_extra_cells(line, row, columns)
    for column, cell in zip(columns, row, strict=False):
        if column is not None:
            values[column] = " ".join((cell or "").split())
    if values["name"] and not (values["given_name"] or values["family_name"]):
        words = values["name"].split()
        values["given_name"], values["family_name"] = " ".join(words[:-1]), words[-1]
    for check in LINE_CHECKS:
        check(line, countries)
    return line


def _check_extra_cells(line: ImportLine, row, columns) -> None:
    """Cells past the header's last column are a problem (empty ones are not)."""
    extra = [cell for cell in row[len(columns) :] if (cell or "").strip()]
    if extra:
        line.problems.append(
            _(
                "%(count)s more cell(s) than the header has columns (%(first)s...).",
                count=len(extra),
                first=repr(extra[0]),
            )
        )


def _check_family_name(line: ImportLine, countries) -> None:
    values = line.values
    if not values["family_name"]:
        line.problems.append(
            _("Missing name: give a family name (last name).")
            if not values["given_name"]
            else _("Missing family name for %(given)s.", given=repr(values["given_name"]))
        )


def _check_lengths(line: ImportLine, countries) -> None:
    for name, limit in MAX_LENGTHS.items():
        if len(line.values[name]) > limit:
            line.problems.append(
                _(
                    "The %(field)s is %(length)s characters long; at most %(limit)s.",
                    field=FIELD_LABELS[name],
                    length=len(line.values[name]),
                    limit=limit,
                )
            )


def _check_name_characters(line: ImportLine, countries) -> None:
    line.problems.extend(name_problems(line.values).values())  # `tournament.name_characters`


def _read_country(line: ImportLine, countries) -> None:
    """The country as its ISO code, or a problem when ``countries`` does not know it."""
    country = line.values["country"]
    if not country:
        return
    code = countries.get(country.lower())
    if code is None:
        line.problems.append(
            _(
                "Unknown country %(country)s: give its English name or ISO code (e.g. HK, GB).",
                country=repr(country),
            )
        )
    else:
        line.values["country"] = code


def _read_number(line: ImportLine, countries) -> None:
    """The registration number, a whole number of 1 or more (7.0 as spreadsheets write 7)."""
    text = line.values["number"]
    if not text:
        return
    if text.endswith(".0"):
        text = text[:-2]  # spreadsheets write whole numbers as 7.0
    if not text.isdecimal() or int(text) < 1:
        line.problems.append(
            _(
                "Number %(number)s is not a whole number of 1 or more.",
                number=repr(line.values["number"]),
            )
        )
    else:
        line.number = int(text)


def _notice_formula_start(line: ImportLine, countries) -> None:
    """A notice for the first text field that starts like a spreadsheet formula."""
    for name in ("given_name", "family_name", "club", "chinese_name", "external_id"):
        if line.values[name].startswith(("=", "+", "-", "@")):
            line.notices.append(
                _(
                    "The %(field)s starts with %(start)s: stored as text, escaped in exports.",
                    field=FIELD_LABELS[name],
                    start=repr(line.values[name][0]),
                )
            )
            break


# The checks of one line, in the order their problems and notices are said.
LINE_CHECKS = (
    _check_family_name,
    _check_lengths,
    _check_name_characters,
    _read_country,
    _read_number,
    _notice_formula_start,
)


def _check_within_file(lines: list[ImportLine]) -> None:
    for key in ("external_id", "number"):
        first_seen: dict[str, int] = {}
        for line in lines:
            value = str(line.number) if key == "number" else line.values[key].lower()
            if key == "number" and line.number is None:
                continue
            if not value:
                continue
            if value in first_seen:
                line.problems.append(
                    _(
                        "Duplicate %(field)s %(value)s: line %(line)s has it too.",
                        field=FIELD_LABELS[key],
                        value=repr(line.values[key]),
                        line=first_seen[value],
                    )
                )
            else:
                first_seen[value] = line.line


def _match(line, by_external, by_name, numbers_in_use) -> None:
    values = line.values
    match, how = None, ""
    if values["external_id"]:
        match = by_external.get(values["external_id"].lower())
        how = _("external id")
        if match is not None and match.family_name.lower() != values["family_name"].lower():
            line.problems.append(
                _(
                    "External id %(external_id)s belongs to %(owner)s, not %(name)s.",
                    external_id=repr(values["external_id"]),
                    owner=f"{match.given_name} {match.family_name}",
                    name=line.display_name,
                )
            )
            return
    if match is None:
        candidates = by_name.get(
            (values["given_name"].lower(), values["family_name"].lower(), values["country"]), []
        )
        candidates = [
            p
            for p in candidates
            if not (values["external_id"] and p.external_id)
            or p.external_id.lower() == values["external_id"].lower()
        ]
        if len(candidates) == 1:
            match, how = candidates[0], _("name and country")
    if match is None:
        line.action = "new"
    elif match.number is not None:
        line.action, line.player_id = "skip", match.id
        note = _(
            "Already registered as number %(number)s (matched by %(how)s): unchanged.",
            number=match.number,
            how=how,
        )
        if line.number is not None and line.number != match.number:
            ignored = _("The file's number %(number)s is ignored.", number=line.number)
            note = MessageList((note, ignored), separator=" ")
        line.notices.append(note)
        line.number = match.number
        return
    else:
        line.action, line.player_id = "register", match.id
        line.notices.append(_("Existing player, matched by %(how)s.", how=how))
    if line.number is not None and line.number in numbers_in_use:
        holder = numbers_in_use[line.number]
        line.problems.append(
            _(
                "Number %(number)s is taken by %(holder)s.",
                number=line.number,
                holder=f"{holder.given_name} {holder.family_name}",
            )
        )


def _assign_numbers(lines: list[ImportLine], numbers_in_use: Mapping[int, KnownPlayer]) -> None:
    taken = set(numbers_in_use) | {line.number for line in lines if line.number is not None}
    next_number = max(taken, default=0) + 1
    for line in lines:
        if line.number is None and line.action != "skip":
            line.number = next_number
            next_number += 1

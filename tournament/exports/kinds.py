"""The archive's row kinds: one table saying, for each kind of row, which model it is, which
fields travel as they are, which are times and which name another row; the export
(`.selectors`) and the import (`.services`) both read it.

Vocabulary
----------
row kind    a `RowKind`: the archive's key for the rows (``"penalties"``), the model, the fields
            copied as they are, the times (ISO 8601 text in the archive), the foreign keys
            (`Ref`) and the parents. What a kind holds beyond that (a hand's flags and
            payments, a session's place, an audit line's snapshots) is a hook of the export or
            the import, named after the kind.
ref         a foreign key as the archive names its row: a player by registration number
            (``player``: the model field holds the player; ``registration``: it holds the
            registration), an official by user name (``user``). The archive holds no ids.
parent      a foreign key the import sets from the rows it wrote before (a hand's session, a
            penalty's preset): never in the record as such, never checked field by field.
names       `Names`, the export's translation of ids: player ids to numbers, user ids to user
            names. `Refs`, the import's, the other way round.
record      one row as the archive holds it: a dict (`record_of` makes it, `row_of` reads it).
where       how a refusal names a row (``"Table {number}"``, filled from the record); a kind
            without one is written unchecked, as its rows come from rows checked already.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError

from ..models import (
    AuditEntry,
    Award,
    FixedTable,
    Hand,
    HandEntry,
    HandQuery,
    KeptApartPair,
    Penalty,
    PenaltyPreset,
    PlayerLink,
    Round,
    Seat,
    Session,
    Stage,
    StageCut,
    StageCutEntry,
    Table,
    TableEntry,
    TableProposal,
)


@dataclass(frozen=True)
class Ref:
    """A foreign key as the archive names its row (see the vocabulary)."""

    key: str  # the record's key
    field: str  # the model's field
    to: str  # "player", "registration" or "user"


def _players(*names: str) -> tuple[Ref, ...]:
    return tuple(Ref(name, name, "player") for name in names)


def _users(*names: str) -> tuple[Ref, ...]:
    return tuple(Ref(name, name, "user") for name in names)


REGISTRATION = Ref("player", "registration", "registration")
#: A session's place: its round's and table's numbers (its half is a field of its own).
_PLACE = {"round": "round__number", "table": "table__number"}
#: The place of the session a row names (all three None for a row outside any session).
_SESSION_PLACE = {"round": "session__round__number", "table": "session__table__number",
                  "half": "session__half"}  # fmt: skip


@dataclass(frozen=True)
class RowKind:
    """One kind of row of the archive (see the vocabulary)."""

    name: str
    model: type
    fields: tuple[str, ...] = ()
    times: tuple[str, ...] = ()
    refs: tuple[Ref, ...] = ()
    parents: tuple[str, ...] = ()
    #: Keys an older file may lack, with the value that means "as before".
    defaults: dict = field(default_factory=dict)
    where: str | None = None
    #: Keys the export reads through a join (the key -> the lookup), the import from its parents.
    joined: dict = field(default_factory=dict)
    #: The export's query: the lookup from the row to its tournament, the rows kept, the order.
    scope: str = "tournament"
    only: dict = field(default_factory=dict)
    order: tuple[str, ...] = ()

    def columns(self) -> tuple[str, ...]:
        """What the export reads of a row (``QuerySet.values``) for `record_of`."""
        refs = (_column(ref) for ref in self.refs)
        return (*self.fields, *self.times, *refs, *self.joined.values())

    def rows(self, *columns: str, **filters):
        """The export's rows of this kind (``filters``; by default the tournament's, given as
        ``tournament``) as dicts of `columns` and ``columns``, in order."""
        if "tournament" in filters and self.scope != "tournament":
            filters[self.scope] = filters.pop("tournament")
        rows = self.model.objects.filter(**filters, **self.only).order_by(*self.order)
        return rows.values(*self.columns(), *columns)

    def unchecked(self) -> tuple[str, ...]:
        """The fields a row's check leaves to the database: its parents and foreign keys."""
        return (*self.parents, *(ref.field for ref in self.refs))


def _column(ref: Ref) -> str:
    return f"{ref.field}__number" if ref.to == "registration" else f"{ref.field}_id"


TABLES = RowKind(
    "tables", Table, fields=("number", "label"), parents=("tournament",), where="Table {number}",
    order=("number",),
)  # fmt: skip
ROUNDS = RowKind(
    "rounds", Round,
    fields=("number", "status", "seating_published", "table_change_after", "seating_method",
            "repeat_limit"),
    parents=("tournament",),
    defaults={"table_change_after": None, "seating_method": "random", "repeat_limit": 0},
    where="Round {number}", order=("number",),
)  # fmt: skip
SEATS = RowKind(
    "seats", Seat, fields=("half", "wind"), refs=_players("player"), parents=("round", "table"),
    defaults={"half": 1}, joined={"table": "table__number"}, scope="round__tournament",
    order=("round__number", "half", "table__number", "wind"),
)  # fmt: skip
SESSIONS = RowKind(
    "sessions", Session, fields=("half", "status"),
    times=("reconciled_at", "opened_at", "appeal_closed_at"), refs=_users("reconciled_by"),
    parents=("round", "table"), defaults={"half": 1, "appeal_closed_at": None},
    where="Round {round}, table {table}", joined=_PLACE, scope="round__tournament",
    order=("round__number", "half", "table__number"),
)  # fmt: skip
HANDS = RowKind(
    "hands", Hand,
    fields=("number", "outcome", "win_type", "immunity", "concealed", "melds", "winning_tile",
            "penalty_tiles", "value", "patterns", "version", "confirmed"),
    times=("entered_at", "updated_at"),
    refs=(*_players("winner", "discarder", "responsible"), *_users("entered_by", "confirmed_by")),
    parents=("session",), order=("session_id", "number"),
)  # fmt: skip
SECOND_ENTRIES = RowKind(
    "second_entries", HandEntry, fields=("hand_version",), times=("entered_at",),
    refs=_users("entered_by"), parents=("hand",), order=("entered_at", "pk"),
)  # fmt: skip
TABLE_ENTRIES = RowKind(
    "table_entry", TableEntry, fields=("first",), times=("entered_at",),
    refs=_users("entered_by"), parents=("hand",),
)  # fmt: skip
TABLE_PROPOSALS = RowKind(
    "table_proposals", TableProposal, fields=("number",), times=("entered_at",),
    refs=(REGISTRATION,), parents=("session",), order=("number", "entered_at", "pk"),
)  # fmt: skip
PENALTY_PRESETS = RowKind(
    "penalty_presets", PenaltyPreset,
    fields=("name", "points", "per", "mode", "warning_first", "position"),
    parents=("tournament",), where="Penalty preset {name}", order=("position", "name"),
)  # fmt: skip
PENALTIES = RowKind(
    "penalties", Penalty, fields=("amount", "mode", "reason", "warning"), times=("created_at",),
    refs=(*_players("player"), *_users("created_by")),
    parents=("tournament", "session", "hand", "preset"), where="A penalty",
    joined={**_SESSION_PLACE, "hand": "hand__number", "preset": "preset__name"},
    order=("created_at", "pk"),
)  # fmt: skip
AUDIT = RowKind(
    "audit", AuditEntry, fields=("hand_number", "action", "reason"), times=("created_at",),
    refs=_users("user"), parents=("tournament", "session"), where="An audit line",
    order=("created_at", "pk"),
)  # fmt: skip
# Links in force travel with their tokens, so that a restored tournament keeps every printed
# and mailed link working (docs/archive.md); revoked ones stay behind.
LINKS = RowKind(
    "links", PlayerLink, fields=("token",), times=("issued_at",), refs=(REGISTRATION,),
    where="The private link of player {player}", scope="registration__tournament",
    only={"revoked_at__isnull": True}, order=("registration__number",),
)  # fmt: skip
QUERIES = RowKind(
    "queries", HandQuery, fields=("hand_number", "text", "status", "answer"),
    times=("raised_at", "answered_at"), refs=(REGISTRATION, *_users("answered_by")),
    parents=("session",), where="Hand query of player {player}", joined=_SESSION_PLACE,
    scope="session__round__tournament", order=("raised_at", "pk"),
)  # fmt: skip
STAGES = RowKind(
    "stages", Stage, fields=("number", "last_round", "cut_size"), parents=("tournament",),
    where="Stage {number}", order=("number",),
)  # fmt: skip
CUTS = RowKind(
    "cut", StageCut, fields=("seed", "tie_breaks"), times=("confirmed_at",),
    refs=_users("confirmed_by"), parents=("stage",),
)  # fmt: skip
CUT_ENTRIES = RowKind(
    "entries", StageCutEntry,
    fields=("position", "rank", "score", "carried", "qualified", "lot"), refs=_players("player"),
    parents=("cut",), scope="cut__stage__tournament", order=("cut_id", "position"),
)  # fmt: skip
# The seating rules: their order is the archive's (by table and player number, by the pair's
# numbers), not the query's, which only knows the players' ids (`selectors.archive`).
FIXED_TABLES = RowKind(
    "fixed_tables", FixedTable, fields=("table", "first_round", "last_round"),
    refs=_players("player"), parents=("tournament",), where="The fixed table of player {player}",
)  # fmt: skip
KEPT_APART = RowKind(
    "kept_apart", KeptApartPair, fields=("until_round",), refs=_players("player_a", "player_b"),
    parents=("tournament",), where="Players {player_a} and {player_b} kept apart",
)  # fmt: skip

# The awards in the organiser's order (their position is their place in the list); their
# winners are never stored, so nothing else travels.
AWARDS = RowKind(
    "awards", Award,
    fields=("kind", "title", "tie_rule", "min_sessions", "category", "category_value",
            "published"),
    parents=("tournament",), where="Award {title}", order=("position", "pk"),
)  # fmt: skip

#: The kinds whose records the export reads whole by their query: top-level lists, no hook.
READ_WHOLE = (TABLES, PENALTY_PRESETS, PENALTIES, LINKS, QUERIES, AWARDS)
#: Every kind, in the order the import writes them.
KINDS = (TABLES, ROUNDS, SEATS, SESSIONS, HANDS, SECOND_ENTRIES, TABLE_ENTRIES, TABLE_PROPOSALS,
         PENALTY_PRESETS, PENALTIES, AUDIT, LINKS, QUERIES, STAGES, CUTS, CUT_ENTRIES,
         FIXED_TABLES, KEPT_APART, AWARDS)  # fmt: skip


@dataclass
class Names:
    """The export's names for ids (see the vocabulary)."""

    number_of: dict[int, int]  # player id -> registration number
    usernames: dict[int, str]  # user id -> user name

    def of(self, ref: Ref, value, nullable: bool):
        """The archive's name of ``value`` (an id, or a registration's number already)."""
        if ref.to == "user":
            return self.usernames.get(value)
        if ref.to == "registration":
            return value
        return self.number_of.get(value) if nullable else self.number_of[value]


@dataclass
class Refs:
    """The import's rows for the archive's names (see the vocabulary)."""

    id_of: dict[int, int]  # registration number -> player id
    registration_of: dict[int, object]  # registration number -> registration
    users: dict[str, object]  # user name -> user

    def pk_of(self, ref: Ref, value):
        """The id of the row the archive names ``value`` (None for None)."""
        if value is None:
            return None
        if ref.to == "user":
            return self.users[value].pk
        if ref.to == "registration":
            return self.registration_of[value].pk
        return self.id_of[value]


def when(value) -> str | None:
    """A time as the archive writes it."""
    return value.isoformat() if value is not None else None


def time_of(value) -> datetime.datetime | None:
    """A time as the archive wrote it, read back."""
    return datetime.datetime.fromisoformat(value) if value is not None else None


def record_of(kind: RowKind, row: dict, names: Names) -> dict:
    """The record of ``row`` (a dict of `RowKind.columns`): its fields, times and refs."""
    record = {name: row[name] for name in kind.fields}
    record.update((key, row[lookup]) for key, lookup in kind.joined.items())
    record.update((name, when(row[name])) for name in kind.times)
    meta = kind.model._meta
    record.update(
        (ref.key, names.of(ref, row[_column(ref)], meta.get_field(ref.field).null))
        for ref in kind.refs
    )
    return record


def row_of(kind: RowKind, record: dict, refs: Refs, where: str | None = None, **given):
    """The unsaved row of ``record``, ``given`` its parents (and anything its hooks add);
    checked field by field when the kind has a `where` (``where`` overrides its name)."""
    values = {name: record.get(name, kind.defaults[name]) if name in kind.defaults
              else record[name] for name in (*kind.fields, *kind.times)}  # fmt: skip
    values.update((name, time_of(values[name])) for name in kind.times)
    values.update((f"{ref.field}_id", refs.pk_of(ref, record[ref.key])) for ref in kind.refs)
    row = kind.model(**values, **given)
    if kind.where is not None or where is not None:
        checked(row, where or kind.where.format(**record), kind.unchecked())
    return row


def checked(row, where: str, exclude=()):
    """``row`` when its fields are valid; else a `ValidationError` naming it ``where``."""
    try:
        row.clean_fields(exclude=list(exclude))
    except ValidationError as error:
        details = "; ".join(f"{k}: {' '.join(v)}" for k, v in error.message_dict.items())
        raise ValidationError(f"{where}: {details}") from None
    return row

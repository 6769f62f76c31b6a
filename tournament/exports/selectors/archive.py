"""The archive of a tournament read from the database (`..archive`), every part in one snapshot.

Every list is in a fixed order (numbers, then time and row order for the audit log), and players
are named by registration number, so the same tournament always gives the same archive.

Vocabulary
----------
part        a top-level key of the archive: the settings, the players, the officials, and one
            list per row kind of `..kinds` (tables, rounds with their seats, sessions, penalty
            presets, penalties, audit log, private links, hand queries, stages), each read by
            the kind's query (`RowKind.rows`) and turned into records (`record_of`); what a
            kind holds beyond its fields is added here or in `.streams`.
written as read  `tournament_archive_chunks`: the archive's parts with the sessions and the
            audit log as streams (`..archive.text.Stream`, read by `.streams` when their text is
            written). The officials are read first (one query over every table that names a
            user): their key comes before the sessions'. `tournament_archive` holds the same
            parts whole (tests, small uses); `tournament_archive_write` is the file writer of
            the command and the backups.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter
from pathlib import Path

from django.contrib.auth import get_user_model

from ...models import (
    AuditEntry,
    Hand,
    HandEntry,
    HandQuery,
    Penalty,
    Session,
    Stage,
    StageCut,
    TableEntry,
    Tournament,
)
from ...roles import roles_of
from ..archive.format import FORMAT, TOURNAMENT_FIELDS, VERSION
from ..archive.text import Stream, archive_chunks
from ..kinds import (
    CUT_ENTRIES,
    CUTS,
    FIXED_TABLES,
    KEPT_APART,
    READ_WHOLE,
    ROUNDS,
    SEATS,
    STAGES,
    Names,
    record_of,
)
from .snapshot import archive_snapshot
from .streams import audit_read, sessions_read


def tournament_archive(tournament: Tournament) -> dict:
    """Everything about ``tournament`` as an archive dict (see ``docs/archive.md``), every
    table read in one snapshot (`archive_snapshot`). Holds the whole archive: to write it,
    use `tournament_archive_chunks`."""
    with archive_snapshot():
        parts = _archive(Tournament.objects.get(pk=tournament.pk))
        return {key: list(v) if isinstance(v, Stream) else v for key, v in parts.items()}


def tournament_archive_chunks(tournament: Tournament) -> Iterator[str]:
    """The archive's canonical text (`archive_dumps`) piece by piece (`archive_chunks`), read as
    it is written: the sessions a few at a time, the audit log through a cursor, all in one
    snapshot that stays open until the last piece (or until the caller stops reading)."""
    with archive_snapshot():
        yield from archive_chunks(_archive(Tournament.objects.get(pk=tournament.pk)))


def tournament_archive_write(tournament: Tournament, path) -> int:
    """Write the archive to the file ``path`` as it is read (`tournament_archive_chunks`);
    returns its size in bytes."""
    path = Path(path)
    with path.open("w", encoding="utf-8") as stream:
        stream.writelines(tournament_archive_chunks(tournament))
    return path.stat().st_size


def _archive(tournament: Tournament) -> dict:
    """The archive's parts; the sessions and the audit log as `Stream`s, read when written."""
    registrations = list(tournament.registrations.select_related("player").order_by("number"))
    officials = _officials(tournament)
    names = Names(
        number_of={reg.player_id: reg.number for reg in registrations},
        usernames={pk: user.username for pk, user in officials.items()},
    )
    archive = {
        "format": FORMAT,
        "version": VERSION,
        "tournament": _settings(tournament),
        "players": [_player(reg) for reg in registrations],
        "officials": sorted(
            ({"username": u.username, "role": _role(u, tournament)} for u in officials.values()),
            key=itemgetter("username"),
        ),
        "sessions": Stream(sessions_read(tournament, names)),
        "audit": Stream(audit_read(tournament, names)),
        "rounds": _rounds(tournament, names),
        "stages": _stages(tournament, names),
        **_seating_rules(tournament, names),
    }
    for kind in READ_WHOLE:
        archive[kind.name] = [
            record_of(kind, row, names) for row in kind.rows(tournament=tournament)
        ]
    return archive


def _settings(tournament: Tournament) -> dict:
    settings = {name: getattr(tournament, name) for name in TOURNAMENT_FIELDS}
    settings["start_date"] = tournament.start_date.isoformat()
    settings["end_date"] = tournament.end_date.isoformat()
    settings["appeal_window_minutes"] = tournament.appeal_window_minutes
    return settings


def _player(registration) -> dict:
    """A player as the roster holds them (they are written back through the roster's door)."""
    player = registration.player
    return {
        "number": registration.number,
        "name": player.name,
        "given_name": player.given_name,
        "family_name": player.family_name,
        "chinese_name": player.chinese_name,
        "country": player.country.code or "",
        "club": player.club,
        "external_id": player.external_id,
        "status": registration.status,
        "is_substitute": registration.is_substitute,
    }


def _role(user, tournament: Tournament) -> str:
    """The official's role in ``tournament`` (a role held in another tournament is not one
    here; a global group's role holds in every tournament)."""
    roles = roles_of(user, tournament)
    if roles.organiser:
        return "organiser"
    if roles.head_judge:
        return "head judge"
    return "judge" if roles.judge else "none"


def _officials(tournament: Tournament) -> dict[int, object]:
    """Every user the archive names (who entered, confirmed, reconciled, recorded, answered or
    confirmed a cut, and the audit log's users), by id: read before the parts that name them,
    since the officials are written before the sessions (keys are sorted)."""
    in_hands = Hand.objects.filter(session__round__tournament=tournament)
    in_sessions = {"session__round__tournament": tournament}
    named = [
        in_hands.values_list("entered_by_id"),
        in_hands.values_list("confirmed_by_id"),
        HandEntry.objects.filter(hand__session__round__tournament=tournament).values_list(
            "entered_by_id"
        ),
        TableEntry.objects.filter(hand__session__round__tournament=tournament).values_list(
            "entered_by_id"
        ),
        Session.objects.filter(round__tournament=tournament).values_list("reconciled_by_id"),
        Penalty.objects.filter(tournament=tournament).values_list("created_by_id"),
        AuditEntry.objects.filter(tournament=tournament).values_list("user_id"),
        HandQuery.objects.filter(**in_sessions).values_list("answered_by_id"),
        StageCut.objects.filter(stage__tournament=tournament).values_list("confirmed_by_id"),
    ]
    first, *rest = (query.order_by() for query in named)
    ids = {pk for (pk,) in first.union(*rest) if pk is not None}
    return {user.pk: user for user in get_user_model().objects.filter(pk__in=ids)} if ids else {}


def _rounds(tournament: Tournament, names: Names) -> list[dict]:
    """The rounds, each with its seats."""
    seats: dict[int, list] = {}
    for seat in SEATS.rows("round_id", tournament=tournament):
        seats.setdefault(seat["round_id"], []).append(record_of(SEATS, seat, names))
    return [
        record_of(ROUNDS, round_, names) | {"seats": seats.get(round_["id"], [])}
        for round_ in ROUNDS.rows("id", tournament=tournament)
    ]


def _seating_rules(tournament: Tournament, names: Names) -> dict[str, list[dict]]:
    """The fixed tables (by table, then player number) and the pairs kept apart (the lower
    player number first, by numbers): ordered by numbers, so the same in every database."""
    fixed = [
        record_of(FIXED_TABLES, row, names) for row in FIXED_TABLES.rows(tournament=tournament)
    ]
    pairs = []
    for row in KEPT_APART.rows(tournament=tournament):
        record = record_of(KEPT_APART, row, names)
        if record["player_a"] > record["player_b"]:
            record["player_a"], record["player_b"] = record["player_b"], record["player_a"]
        pairs.append(record)
    return {
        FIXED_TABLES.name: sorted(fixed, key=itemgetter("table", "player")),
        KEPT_APART.name: sorted(pairs, key=itemgetter("player_a", "player_b")),
    }


def _stages(tournament: Tournament, names: Names) -> list[dict]:
    """The stages with their confirmed cuts, players by number (``docs/archive.md``)."""
    entries: dict[int, list[dict]] = {}
    for entry in CUT_ENTRIES.rows("cut_id", tournament=tournament):
        entries.setdefault(entry["cut_id"], []).append(record_of(CUT_ENTRIES, entry, names))
    stages = []
    for stage in (
        Stage.objects.filter(tournament=tournament).select_related("cut").order_by("number")
    ):
        cut = getattr(stage, "cut", None)
        stages.append(
            record_of(STAGES, vars(stage), names)
            | {
                "carry": [stage.carry_numerator, stage.carry_denominator],
                "cut": None
                if cut is None
                else record_of(CUTS, vars(cut), names) | {"entries": entries.get(cut.pk, [])},
            }
        )
    # A tournament without stage rows (made before stages, or by the admin) is one stage.
    return stages or [
        {"number": 1, "last_round": None, "cut_size": None, "carry": [0, 1], "cut": None}
    ]

"""Load an archive (`..archive`) into the database, whole or not at all.

Vocabulary: see `..archive` and `..kinds`. `tournament_import` checks the file first (structure,
references, every hand re-scored), outside any transaction; then writes everything in one unit
of work (`tournament.audit.unit_of_work`), in bulk: each kind of row (hands, payments, second
entries, audit lines, seats...) is made from its records by the kinds' table (`row_of`, which
checks it), then written by `..rows.rows_insert`, so the statements grow with the batches, not
with the hands (a world championship's 16,000 hands took a statement each, and PostgreSQL
waited on every round trip). The sessions with their hands are `.play`'s.
Players are matched by external id when they already exist (a player of two tournaments stays
one player); officials by user name (a user missing here is created without a usable password
and with the archived role in the imported tournament only, never in a global group: an
organiser sets a password before they can log in).
"""

from __future__ import annotations

import datetime
from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError
from django.utils.translation import gettext

from ...audit import unit_of_work
from ...event.links import player_link_build
from ...event.services.admission import Admission, RosterEntry, roster_admit
from ...models import (
    KeptApartPair,
    PenaltyPreset,
    Player,
    PlayerLink,
    Stage,
    Tournament,
    TournamentOfficial,
)
from ...play.services.scores import session_scores_rebuild
from ...roles import roles_ensure
from ..archive.checks import archive_problems
from ..archive.format import ArchiveError, archive_upgrade
from ..kinds import (
    AWARDS,
    CUT_ENTRIES,
    CUTS,
    FIXED_TABLES,
    KEPT_APART,
    KINDS,
    LINKS,
    PENALTY_PRESETS,
    QUERIES,
    ROUNDS,
    SEATS,
    STAGES,
    TABLES,
    Refs,
    checked,
    row_of,
    time_of,
)
from ..rows import rows_insert
from .play import Written, audit_write, penalties_write, sessions_write

_ROLES = {
    "judge": TournamentOfficial.Role.JUDGE,
    "head judge": TournamentOfficial.Role.HEAD_JUDGE,
    "organiser": TournamentOfficial.Role.ORGANISER,
}
ROSTER_FIELDS = ("given_name", "family_name", "chinese_name", "country", "club", "external_id")


@contextmanager
def _stamps_as_given():
    """Let ``auto_now`` / ``auto_now_add`` fields keep the archived times while importing
    (every kind's times, `..kinds`: those stamped by the database are among them)."""
    saved = []
    for kind in KINDS:
        for name in kind.times:
            field = kind.model._meta.get_field(name)
            saved.append((field, field.auto_now, field.auto_now_add))
            field.auto_now = field.auto_now_add = False
    try:
        yield
    finally:
        for field, auto_now, auto_now_add in reversed(saved):
            field.auto_now, field.auto_now_add = auto_now, auto_now_add


def tournament_import(*, archive: dict, slug: str | None = None) -> Tournament:
    """Load ``archive`` as a new tournament (under ``slug`` when given); `ArchiveError` names
    every problem and nothing is written."""
    archive = archive_upgrade(archive)
    problems = archive_problems(archive)
    target = slug or archive["tournament"].get("slug")
    if not problems and Tournament.objects.filter(slug=target).exists():
        problems.append(
            gettext("A tournament %(slug)s already exists here; import with --slug NEW.")
            % {"slug": repr(target)}
        )
    if problems:
        raise ArchiveError(problems)
    try:
        with _stamps_as_given(), unit_of_work() as unit:
            tournament = _write(archive, target)
            unit.touch(tournament)  # past any archived time: a last write of this database
            return tournament
    except ValidationError as error:
        raise ArchiveError(error.messages) from None
    except (DatabaseError, ValueError, TypeError, KeyError, OverflowError) as error:
        raise ArchiveError(
            [gettext("The database refused the archive (%(error)s).") % {"error": error}]
        ) from None


def _write(archive: dict, slug: str) -> Tournament:
    """Every part of ``archive`` in the order the rows refer to each other."""
    users, created = _users(archive)
    tournament = _tournament_write(archive["tournament"], slug, created)
    refs = _roster_write(tournament, archive["players"], users)
    written = Written(tournament)
    written.tables = _insert(TABLES, archive["tables"], refs, tournament=tournament)
    written.rounds = _insert(ROUNDS, archive["rounds"], refs, tournament=tournament)
    rows_insert(
        SEATS.model,
        (
            row_of(
                SEATS,
                seat,
                refs,
                round=written.rounds[record["number"]],
                table=written.tables[seat["table"]],
            )  # fmt: skip
            for record in archive["rounds"]
            for seat in record["seats"]
        ),
    )
    sessions_write(archive["sessions"], refs, written)
    written.presets = {
        record["name"]: checked(
            PenaltyPreset(tournament=tournament, **record),
            PENALTY_PRESETS.where.format(**record),
            PENALTY_PRESETS.unchecked(),
        )
        for record in archive["penalty_presets"]
    }
    rows_insert(PenaltyPreset, written.presets.values())
    penalties_write(archive["penalties"], refs, written)
    audit_write(archive["audit"], refs, written)
    _links_write(archive.get("links", []), refs)
    rows_insert(
        QUERIES.model,
        (
            row_of(QUERIES, record, refs, session=written.session_at(record))
            for record in archive.get("queries", [])
        ),
    )
    _stages_write(tournament, archive.get("stages") or [], refs)
    _seating_rules_write(tournament, archive, refs)
    rows_insert(
        AWARDS.model,
        (
            row_of(AWARDS, record, refs, tournament=tournament, position=position)
            for position, record in enumerate(archive.get(AWARDS.name, []), start=1)
        ),
    )
    session_scores_rebuild(tournament=tournament)  # the kept totals the standings read
    return tournament


def _insert(kind, records: list[dict], refs: Refs, **parents) -> dict:
    """The rows of ``records`` (each numbered) written, by number."""
    rows = {record["number"]: row_of(kind, record, refs, **parents) for record in records}
    rows_insert(kind.model, rows.values())
    return rows


def _users(archive: dict) -> tuple[dict[str, object], dict[object, str]]:
    """The archive's officials as users, and the roles of those created here (user -> role)."""
    roles_ensure()
    model = get_user_model()
    users, created = {}, {}
    known = model.objects.in_bulk(
        [o["username"] for o in archive["officials"]], field_name="username"
    )
    for official in archive["officials"]:
        user = known.get(official["username"])
        if user is None:
            user = model(username=official["username"])
            user.set_unusable_password()
            checked(user, f"Official {official['username']}")
            user.save()
            if official["role"] in _ROLES:
                created[user] = _ROLES[official["role"]]
        users[official["username"]] = user
    return users, created


def _tournament_write(record: dict, slug: str, created: dict) -> Tournament:
    """The tournament with its settings, and the roles of the officials created for it."""
    settings = dict(record, slug=slug)
    settings["start_date"] = datetime.date.fromisoformat(settings["start_date"])
    settings["end_date"] = datetime.date.fromisoformat(settings["end_date"])
    tournament = Tournament(**settings)
    tournament.full_clean()
    tournament.save()
    # A new official's role holds in this tournament only (a global group would make them an
    # official of every tournament).
    TournamentOfficial.objects.bulk_create(
        TournamentOfficial(tournament=tournament, user=user, role=role)
        for user, role in created.items()
    )
    return tournament


def _roster_write(tournament: Tournament, records: list[dict], users: dict) -> Refs:
    """The players, through the roster's one door; a player already here (same external id)
    stays one player. Returns the import's `Refs`."""
    known = dict(
        Player.objects.filter(
            external_id__in=[r["external_id"] for r in records if r["external_id"]]
        ).values_list("external_id", "pk")
    )
    registrations = roster_admit(
        tournament=tournament,
        validate_unique=False,  # a new tournament; numbers checked; known external ids matched
        admissions=[
            Admission(
                number=record["number"],
                entry=None
                if record["external_id"] in known
                else RosterEntry(**{k: record[k] for k in ROSTER_FIELDS}),
                player_id=known.get(record["external_id"]),
                status=record["status"],
                is_substitute=record["is_substitute"],
                where=f"Player {record['number']}",
            )
            for record in records
        ],
    )
    return Refs(
        id_of={registration.number: registration.player_id for registration in registrations},
        registration_of={registration.number: registration for registration in registrations},
        users=users,
    )


def _links_write(records: list[dict], refs: Refs) -> None:
    """The private links as archived; a token already in use in this database (the archive
    imported as a copy next to its original) is replaced by a fresh one, so that each link
    opens one tournament only."""
    links = []
    for record in records:
        registration = refs.registration_of[record["player"]]
        token = record["token"]
        link = PlayerLink.of_token(
            token, registration=registration, issued_at=time_of(record["issued_at"])
        )
        checked(link, LINKS.where.format(**record), LINKS.unchecked())
        links.append(link)
    taken = set(
        PlayerLink.objects.filter(key__in=[link.key for link in links]).values_list(
            "key", flat=True
        )
    )
    rows_insert(
        PlayerLink,
        (
            player_link_build(link.registration.pk, link.issued_at) if link.key in taken else link
            for link in links
        ),
    )


def _stages_write(tournament, records, refs: Refs) -> None:
    """The stages and their confirmed cuts (a version 1 archive: one stage)."""
    if not records:
        Stage.objects.create(tournament=tournament, number=1)
        return
    for record in records:
        numerator, denominator = record["carry"]
        stage = row_of(STAGES, record, refs, tournament=tournament,
                       carry_numerator=numerator, carry_denominator=denominator)  # fmt: skip
        stage.save()
        cut = record["cut"]
        if cut is None:
            continue
        made = row_of(CUTS, cut, refs, where=f"The cut of stage {record['number']}", stage=stage)
        made.save()
        CUT_ENTRIES.model.objects.bulk_create(
            row_of(CUT_ENTRIES, line, refs, cut=made) for line in cut["entries"]
        )


def _seating_rules_write(tournament, archive: dict, refs: Refs) -> None:
    """The fixed tables and the pairs kept apart (files written before them have none); a
    pair is stored the lower player id first, whatever its players' numbers."""
    rows_insert(
        FIXED_TABLES.model,
        (
            row_of(FIXED_TABLES, record, refs, tournament=tournament)
            for record in archive.get(FIXED_TABLES.name, [])
        ),
    )
    pairs = []
    for record in archive.get(KEPT_APART.name, []):
        pair = row_of(KEPT_APART, record, refs, tournament=tournament)
        pair.player_a_id, pair.player_b_id = KeptApartPair.ordered(
            pair.player_a_id, pair.player_b_id
        )
        pairs.append(pair)
    rows_insert(KEPT_APART.model, pairs)

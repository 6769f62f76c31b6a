"""Writes for the archive: load an archive (`.archive`) into the database, whole or not at all.

Vocabulary: see `.archive`. `tournament_import` checks the file first (structure, references,
every hand re-scored), outside any transaction; then writes everything in one unit of work
(`tournament.audit.unit_of_work`), in bulk: each kind of row (hands, payments, second entries,
audit lines, seats...) is validated, then written by `.rows.rows_insert`, so the statements
grow with the batches, not with the hands (a world championship's 16,000 hands took a
statement each, and PostgreSQL waited on every round trip).
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

from ..audit import unit_of_work
from ..event.links import player_link_build
from ..event.services.admission import Admission, RosterEntry, roster_admit
from ..models import (
    AuditEntry,
    Hand,
    HandEntry,
    HandQuery,
    Payment,
    Penalty,
    PenaltyPreset,
    Player,
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
    Tournament,
    TournamentOfficial,
)
from ..play.services.scores import session_scores_rebuild
from ..roles import roles_ensure
from ..stages import CutLine
from .archive import (
    HAND_FLAGS,
    ArchiveError,
    archive_problems,
    archive_upgrade,
    entry_numbers,
    half_of,
    snapshot_numbers,
)
from .rows import rows_insert

CUT_LINE_FIELDS = ("position", "rank", "score", "carried", "qualified", "lot")
#: Hands written at once (with their payments and entries): the import's memory, not its
#: statements (`rows_insert` writes each kind of row in as few as it can).
BATCH = 1000
_ROLES = {
    "judge": TournamentOfficial.Role.JUDGE,
    "head judge": TournamentOfficial.Role.HEAD_JUDGE,
    "organiser": TournamentOfficial.Role.ORGANISER,
}
# Stamped fields that the archive restores as they were, not as "now".
_STAMPS = (
    (Hand, "entered_at"),
    (Hand, "updated_at"),
    (Penalty, "created_at"),
    (HandEntry, "entered_at"),
    (TableEntry, "entered_at"),
    (TableProposal, "entered_at"),
    (AuditEntry, "created_at"),
    (StageCut, "confirmed_at"),
)


@contextmanager
def _stamps_as_given():
    """Let ``auto_now`` / ``auto_now_add`` fields keep the archived times while importing."""
    saved = []
    for model, name in _STAMPS:
        field = model._meta.get_field(name)
        saved.append((field, field.auto_now, field.auto_now_add))
        field.auto_now = field.auto_now_add = False
    try:
        yield
    finally:
        for field, auto_now, auto_now_add in saved:
            field.auto_now, field.auto_now_add = auto_now, auto_now_add


def _time(value):
    return datetime.datetime.fromisoformat(value) if value is not None else None


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


def _valid(instance, where: str, exclude=()):
    try:
        instance.clean_fields(exclude=list(exclude))
    except ValidationError as error:
        details = "; ".join(f"{k}: {' '.join(v)}" for k, v in error.message_dict.items())
        raise ValidationError(f"{where}: {details}") from None
    return instance


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
            _valid(user, f"Official {official['username']}")
            user.save()
            if official["role"] in _ROLES:
                created[user] = _ROLES[official["role"]]
        users[official["username"]] = user
    return users, created


def _write(archive: dict, slug: str) -> Tournament:
    users, created = _users(archive)

    def who(name):
        return users[name] if name is not None else None

    settings = dict(archive["tournament"], slug=slug)
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

    # Through the roster's one door; a player already here (same external id) stays one player.
    names = ("given_name", "family_name", "chinese_name", "country", "club", "external_id")
    known = dict(
        Player.objects.filter(
            external_id__in=[r["external_id"] for r in archive["players"] if r["external_id"]]
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
                else RosterEntry(**{k: record[k] for k in names}),
                player_id=known.get(record["external_id"]),
                status=record["status"],
                is_substitute=record["is_substitute"],
                where=f"Player {record['number']}",
            )
            for record in archive["players"]
        ],
    )
    id_of = {registration.number: registration.player_id for registration in registrations}
    players = Player.objects.in_bulk(id_of.values())
    player_of = {number: players[pk] for number, pk in id_of.items()}
    registration_of = {registration.number: registration for registration in registrations}

    tables = {
        record["number"]: _valid(
            Table(tournament=tournament, number=record["number"], label=record["label"]),
            f"Table {record['number']}",
            ("tournament",),
        )
        for record in archive["tables"]
    }
    rows_insert(Table, tables.values())
    rounds = {
        record["number"]: _valid(
            Round(
                tournament=tournament,
                number=record["number"],
                status=record["status"],
                seating_published=record["seating_published"],
                table_change_after=record.get("table_change_after"),
            ),
            f"Round {record['number']}",
            ("tournament",),
        )
        for record in archive["rounds"]
    }
    rows_insert(Round, rounds.values())
    rows_insert(
        Seat,
        (
            Seat(
                round=rounds[record["number"]],
                table=tables[s["table"]],
                half=half_of(s),
                wind=s["wind"],
                player=player_of[s["player"]],
            )
            for record in archive["rounds"]
            for s in record["seats"]
        ),
    )

    sessions, played = {}, []
    for record in archive["sessions"]:
        where = f"Round {record['round']}, table {record['table']}"
        totals = record["card_totals"]
        session = Session(
            round=rounds[record["round"]],
            table=tables[record["table"]],
            half=half_of(record),
            status=record["status"],
            card_totals=(
                {str(id_of[int(n)]): total for n, total in totals.items()}
                if totals is not None
                else None
            ),
            reconciled_by=who(record["reconciled_by"]),
            reconciled_at=_time(record["reconciled_at"]),
            opened_at=_time(record["opened_at"]),
            appeal_closed_at=_time(record.get("appeal_closed_at")),
        )
        _valid(session, where, ("round", "table", "reconciled_by"))
        sessions[(record["round"], record["table"], half_of(record))] = session
        played += [(session, hand, f"{where}, hand {hand['number']}") for hand in record["hands"]]
    rows_insert(Session, sessions.values())
    hands = {}
    for start in range(0, len(played), BATCH):
        hands.update(
            _hands_write(played[start : start + BATCH], (player_of, id_of, registration_of), who)
        )
    rows_insert(
        TableProposal,
        (
            TableProposal(
                session=sessions[(record["round"], record["table"], half_of(record))],
                number=proposal["number"],
                registration=registration_of[proposal["player"]],
                data=entry_numbers(proposal["data"], id_of),
                entered_at=_time(proposal["entered_at"]),
            )
            for record in archive["sessions"]
            # absent from files written before table entries
            for proposal in record.get("table_proposals") or []
        ),
    )

    presets = {
        record["name"]: _valid(
            PenaltyPreset(tournament=tournament, **record),
            f"Penalty preset {record['name']}",
            ("tournament",),
        )
        for record in archive["penalty_presets"]
    }
    rows_insert(PenaltyPreset, presets.values())
    penalties = []
    for record in archive["penalties"]:
        session = sessions.get((record["round"], record["table"], half_of(record) or 1))
        hand = None
        if session is not None and record["hand"] is not None:
            hand = hands.get((session.pk, record["hand"]))
        penalty = Penalty(
            tournament=tournament,
            player=player_of[record["player"]],
            session=session,
            hand=hand,
            amount=record["amount"],
            mode=record["mode"],
            reason=record["reason"],
            preset=presets.get(record["preset"]),
            warning=record["warning"],
            created_by=who(record["created_by"]),
            created_at=_time(record["created_at"]),
        )
        excluded = ("tournament", "player", "session", "hand", "created_by", "preset")
        penalties.append(_valid(penalty, "A penalty", excluded))
    rows_insert(Penalty, penalties)

    rows_insert(
        AuditEntry,
        (
            _valid(
                AuditEntry(
                    tournament_id=tournament.pk,
                    session_id=_pk(
                        sessions.get((line["round"], line["table"], half_of(line) or 1))
                    ),
                    hand_number=line["hand_number"],
                    action=line["action"],
                    user_id=_pk(who(line["user"])),
                    reason=line["reason"],
                    before=snapshot_numbers(line.get("before"), id_of),
                    after=snapshot_numbers(line.get("after"), id_of),
                    created_at=_time(line["created_at"]),
                ),
                "An audit line",
                ("tournament", "session", "user"),
            )
            for line in archive["audit"]
        ),
    )
    _links_write(archive.get("links", []), registration_of)
    rows_insert(
        HandQuery,
        (
            _valid(
                HandQuery(
                    session=sessions.get((record["round"], record["table"], half_of(record) or 1)),
                    hand_number=record["hand_number"],
                    registration=registration_of[record["player"]],
                    text=record["text"],
                    raised_at=_time(record["raised_at"]),
                    status=record["status"],
                    answer=record["answer"],
                    answered_by=who(record["answered_by"]),
                    answered_at=_time(record["answered_at"]),
                ),
                f"Hand query of player {record['player']}",
                ("session", "registration", "answered_by"),
            )
            for record in archive.get("queries", [])
        ),
    )
    _stages_write(tournament, archive.get("stages") or [], player_of, who)
    session_scores_rebuild(tournament=tournament)  # the kept totals the standings read
    return tournament


def _links_write(records: list[dict], registration_of: dict) -> None:
    """The private links as archived; a token already in use in this database (the archive
    imported as a copy next to its original) is replaced by a fresh one, so that each link
    opens one tournament only."""
    links = []
    for record in records:
        registration = registration_of[record["player"]]
        token = record["token"]
        link = PlayerLink.of_token(
            token, registration=registration, issued_at=_time(record["issued_at"])
        )
        _valid(link, f"The private link of player {record['player']}", ("registration",))
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


def _cut_line(record: dict, player_of) -> CutLine:
    """An archived cut line with its player by number, as the plain `CutLine`."""
    return CutLine(
        player_id=player_of[record["player"]].pk,
        **{name: record[name] for name in CUT_LINE_FIELDS},
    )


def _stages_write(tournament, records, player_of, who) -> None:
    """The stages and their confirmed cuts (a version 1 archive: one stage)."""
    if not records:
        Stage.objects.create(tournament=tournament, number=1)
        return
    for record in records:
        numerator, denominator = record["carry"]
        stage = Stage(
            tournament=tournament,
            number=record["number"],
            last_round=record["last_round"],
            cut_size=record["cut_size"],
            carry_numerator=numerator,
            carry_denominator=denominator,
        )
        _valid(stage, f"Stage {record['number']}", ("tournament",)).save()
        cut = record["cut"]
        if cut is None:
            continue
        made = StageCut(
            stage=stage,
            seed=cut["seed"],
            tie_breaks=cut["tie_breaks"],
            confirmed_by=who(cut["confirmed_by"]),
            confirmed_at=_time(cut["confirmed_at"]),
        )
        _valid(made, f"The cut of stage {record['number']}", ("stage", "confirmed_by")).save()
        StageCutEntry.objects.bulk_create(
            StageCutEntry.of_line(made, _cut_line(line, player_of)) for line in cut["entries"]
        )


def _pk(row):
    return row.pk if row is not None else None


def _hands_write(played, numbers, who) -> dict[tuple[int, int], Hand]:
    """The hands ``played`` ((session, hand record, name) each, the sessions saved) with their
    payments, second entries and table entries; returns them by (session id, number).
    ``numbers``: players, player ids and registrations by registration number."""
    _, id_of, registration_of = numbers

    def player(number):
        return id_of[number] if number is not None else None

    hands = []
    for session, record, name in played:
        hand = Hand(
            session_id=session.pk,
            number=record["number"],
            outcome=record["outcome"],
            winner_id=player(record["winner"]),
            win_type=record["win_type"],
            discarder_id=player(record["discarder"]),
            immunity=record["immunity"],
            responsible_id=player(record["responsible"]),
            concealed=record["concealed"],
            melds=record["melds"],
            winning_tile=record["winning_tile"],
            penalty_tiles=record["penalty_tiles"],
            value=record["value"],
            patterns=record["patterns"],
            entered_by_id=_pk(who(record["entered_by"])),
            entered_at=_time(record["entered_at"]),
            updated_at=_time(record["updated_at"]),
            version=record["version"],
            confirmed=record["confirmed"],
            confirmed_by_id=_pk(who(record["confirmed_by"])),
            **{flag: flag in record["flags"] for flag in HAND_FLAGS},
        )
        excluded = ("session", "winner", "discarder", "responsible", "entered_by", "confirmed_by")
        hands.append(_valid(hand, name, excluded))
    rows_insert(Hand, hands)
    records = [record for _, record, _ in played]
    rows_insert(
        Payment,
        (
            Payment(hand_id=hand.pk, player_id=id_of[int(number)], amount=amount)
            for hand, record in zip(hands, records, strict=True)
            for number, amount in sorted(record["payments"].items(), key=lambda i: int(i[0]))
        ),
    )
    rows_insert(
        HandEntry,
        (
            HandEntry(
                hand_id=hand.pk,
                data=entry_numbers(second["data"], id_of),
                entered_by=who(second["entered_by"]),
                entered_at=_time(second["entered_at"]),
                hand_version=second["hand_version"],
            )
            for hand, record in zip(hands, records, strict=True)
            for second in record["second_entries"]
        ),
    )
    at_table = [
        (
            TableEntry(
                hand=hand,
                entered_by=who(record["table_entry"]["entered_by"]),
                entered_at=_time(record["table_entry"]["entered_at"]),
                first=record["table_entry"]["first"],
            ),
            record["table_entry"].get("players") or [],
        )
        for hand, record in zip(hands, records, strict=True)
        # absent from files written before table entries
        if record.get("table_entry") is not None
    ]
    rows_insert(TableEntry, (entry for entry, _ in at_table))
    agreed = TableEntry.agreed_by.through
    rows_insert(
        agreed,
        (
            agreed(tableentry_id=entry.pk, registration_id=registration_of[number].pk)
            for entry, players in at_table
            for number in players
        ),
    )
    return {(hand.session_id, hand.number): hand for hand in hands}

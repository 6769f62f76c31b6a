"""Writes to the event: players and their registrations, tables, the tournament's settings.

Every function here is ``<noun>_<verb>`` with keyword-only arguments and runs in one
transaction, so a failure leaves nothing half-saved; the writes the public sees are public
writes (`tournament.audit.public_write`: they move the tournament's last write). Roster changes
(added, renamed, withdrawn, reinstated, imported) are audited with who made them (``user``).

Vocabulary: a *roster* is the list of players to register; *settings* are the tournament's
fields that officials may change during the event (`SETTINGS_FIELDS`), audited. The *scoring
rules* among them (`SCORING_RULES`) are frozen once the tournament has a hand: changing them
would score the same hand two ways in one event. A *preset* is a named set of rule settings for
a new tournament (`PRESETS`); *withdrawing* a registration from round N keeps its seats before
N (the reseating of later rounds is `tournament.seating.services.roster_withdraw`'s job); the
*roll call* marks who is present for a round (`Registration.checked_in_round`); *officials* are
users with a role in one tournament.

The *door into the roster* is `roster_admit`: every registration made anywhere (a player added
on the console, a substitute, an import, the demo, an archive) comes in through it, and
`player_build` is the one constructor of players.
"""

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import translation
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy, gettext_noop
from django.utils.translation import gettext as _

from scoring.translation import translate_message

from .. import pagewarm
from ..audit import audit_record, public_write
from ..models import (
    AuditEntry,
    Hand,
    Player,
    Registration,
    Round,
    Stage,
    Table,
    Tournament,
    TournamentOfficial,
)
from ..name_characters import NAME_FIELDS, name_problems
from ..roles import ORGANISER_GROUP, roles_ensure
from . import selectors
from .links import player_links_follow
from .roster_import import ImportPlan


@dataclass(frozen=True)
class RosterEntry:
    """One player to register; ``name`` alone is split (the last word is the family name)."""

    name: str = ""
    given_name: str = ""
    family_name: str = ""
    country: str = ""
    club: str = ""
    chinese_name: str = ""
    external_id: str = ""


@dataclass(frozen=True)
class Admission:
    """One registration to make: a new player from ``entry``, or the known player
    ``player_id``, under ``number``; ``where`` names the row in messages ("Player 12")."""

    number: int
    entry: RosterEntry | None = None
    player_id: int | None = None
    status: str = Registration.Status.ACTIVE
    is_substitute: bool = False
    checked_in_round: int | None = None
    where: str = ""


ROSTER_CHANGED = gettext_lazy(
    "The roster changed while you were importing (a number or external id is now taken); "
    "check the preview again. Nothing was saved."
)


def player_build(entry: RosterEntry) -> Player:
    """The one constructor of players: an unsaved `Player` from ``entry``, its display name
    derived (a bulk insert does not call `Player.save`)."""
    player = Player(
        name=entry.name,
        given_name=entry.given_name,
        family_name=entry.family_name,
        country=entry.country,
        club=entry.club,
        chinese_name=entry.chinese_name,
        external_id=entry.external_id.strip(),
    )
    player.derive_name()
    return player


def _full_clean(instance, **options) -> None:
    """``instance.full_clean(**options)``, and for a player the name rules too
    (`tournament.name_characters`: no direction or control characters, not only invisible
    ones), every message on its field."""
    errors: dict = {}
    try:
        instance.full_clean(**options)
    except ValidationError as error:
        errors = error.update_error_dict(errors)
    if isinstance(instance, Player):
        values = {field: getattr(instance, field) for field in NAME_FIELDS}
        for field, problem in name_problems(values).items():
            errors.setdefault(field, []).append(translate_message(problem))
    if errors:
        raise ValidationError(errors)


def _validated(instance, where: str, unique: bool = True) -> None:
    """``instance.full_clean()`` (`_full_clean`); with ``where``, its messages are put as
    "where: field: ...". Without ``unique``, nothing is asked of the database: neither
    uniqueness nor whether the rows it refers to exist (see `roster_admit`)."""
    references = [] if unique else [f.name for f in instance._meta.fields if f.is_relation]
    try:
        _full_clean(
            instance, exclude=references, validate_unique=unique, validate_constraints=unique
        )
    except ValidationError as error:
        if not where:
            raise
        details = "; ".join(
            " ".join(messages) if field == "__all__" else f"{field}: {' '.join(messages)}"
            for field, messages in error.message_dict.items()
        )
        raise ValidationError(f"{where}: {details}") from None


@public_write
def roster_admit(
    *,
    tournament: Tournament,
    admissions: Iterable[Admission],
    checked: bool = False,
    validate_unique: bool = True,
    user=None,
) -> list[Registration]:
    """The door into the roster: create the new players and make every registration, all or
    nothing. Each player and registration is validated first (field errors as the models say
    them) unless ``checked``: an import plan checked every row against the roster already, so
    the rows are only written, in bulk; a row the database refuses meanwhile (a number or an
    external id taken) is `ROSTER_CHANGED`. Without ``validate_unique`` the fields are
    validated but a taken number or external id is left to the database to refuse, as one
    error for the whole roster, and the tournament and players are not looked up again,
    instead of queries per row: for a new tournament's roster whose numbers were checked and
    whose known external ids name their players (an archive's, 400 players at a world
    championship). When the tournament's private links are issued, each new player gets theirs
    in the same transaction (`links.player_links_follow`; audited as ``user``)."""
    admissions = list(admissions)
    players = [
        player_build(admission.entry) if admission.player_id is None else None
        for admission in admissions
    ]
    if not checked:
        for admission, player in zip(admissions, players, strict=True):
            if player is not None:
                _validated(player, admission.where, validate_unique)
    try:
        with transaction.atomic():
            created = Player.objects.bulk_create([p for p in players if p is not None])
            if any(player.pk is None for player in created):  # backends without RETURNING
                raise ValidationError(_("This database cannot add players in bulk."))
            registrations = [
                Registration(
                    tournament=tournament,
                    player_id=admission.player_id or player.pk,
                    number=admission.number,
                    status=admission.status,
                    is_substitute=admission.is_substitute,
                    checked_in_round=admission.checked_in_round,
                )
                for admission, player in zip(admissions, players, strict=True)
            ]
            if not checked:
                for admission, registration in zip(admissions, registrations, strict=True):
                    _validated(registration, admission.where, validate_unique)
            Registration.objects.bulk_create(registrations)
            player_links_follow(
                tournament=tournament,
                registration_ids=[registration.pk for registration in registrations],
                user=user,
            )
    except IntegrityError as error:
        if checked:
            raise ValidationError(ROSTER_CHANGED) from error
        raise ValidationError(
            _(
                "Two of these registrations share a number, a player or an external id (or the "
                "roster changed meanwhile). Nothing was saved."
            )
        ) from error
    return registrations


@public_write
def tournament_register(
    *, tournament: Tournament, roster: Iterable[RosterEntry]
) -> list[Registration]:
    """Register players (creating Player rows as needed) with consecutive numbers."""
    next_number = _next_number(tournament)
    registrations = roster_admit(
        tournament=tournament,
        admissions=[
            Admission(number=number, entry=entry)
            for number, entry in enumerate(roster, start=next_number)
        ],
    )
    return registrations


@public_write
def tables_ensure(*, tournament: Tournament, count: int) -> list[Table]:
    """Make sure tables 1..count exist; return them in order."""
    for number in range(1, count + 1):
        Table.objects.get_or_create(tournament=tournament, number=number)
    return list(tournament.tables.filter(number__lte=count).order_by("number"))


SETTINGS_FIELDS = (
    "minimum_points",
    "hand_cap",
    "payoff_scheme",
    "standard_value",
    "false_win_penalty",
    "hands_per_session",
    "double_entry",
    "players_confirm_at_table",
    "use_match_points",
    "match_points_scheme",
    "match_points",
    "rank_by",
    "tie_break_order",
    "results_public",
    "standings_public",
    "silent_rounds",
    "hold_unreconciled_results",
    "hide_withdrawn",
    "appeal_window_minutes",
)


# The settings that release standings to the public (or more of them): a change to one of them,
# with the standings public, is a release, and warms the standings (`tournament.pagewarm`).
STANDINGS_RELEASE = {
    "standings_public",
    "results_public",
    "silent_rounds",
    "hold_unreconciled_results",
    "hide_withdrawn",
}


SCORING_RULES = (
    "minimum_points",
    "hand_cap",
    "payoff_scheme",
    "standard_value",
    "false_win_penalty",
)
FROZEN_REASON = gettext_noop(
    "Frozen: this tournament already has hands, and changing how hands score during the "
    "event would score the same hand two ways."
)


def tournament_has_hands(tournament: Tournament) -> bool:
    return Hand.objects.filter(session__round__tournament=tournament).exists()


def highest_hand_number(tournament: Tournament) -> int:
    """The highest hand number entered at any table of the tournament (0 without hands)."""
    found = Hand.objects.filter(session__round__tournament=tournament).aggregate(n=Max("number"))
    return found["n"] or 0


@translation.override("en")
def settings_summary(values: dict) -> str:
    """ "Standard value: 25; Double entry: yes" with the fields' own labels, for the audit log:
    stored, so always in English whatever the judge's language."""

    def shown(name, value):
        if name == "minimum_points":
            return f"{value} points" if value else "No minimum"
        if value is None:
            return "none"
        field = Tournament._meta.get_field(name)
        if field.choices:
            return dict(field.flatchoices).get(value, value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return value

    return "; ".join(
        f"{Tournament._meta.get_field(name).verbose_name.capitalize()}: {shown(name, value)}"
        for name, value in values.items()
    )


@public_write
def tournament_settings_update(*, tournament: Tournament, changes: dict, user) -> Tournament:
    """Change the desk-relevant settings of a tournament (head judges); audited.

    Refused, with the reason on each field, when it would change a scoring rule of a
    tournament that has hands, or leave fewer hands per session than a table already has.
    """
    unknown = set(changes) - set(SETTINGS_FIELDS)
    if unknown:
        raise ValidationError(
            _("Unknown settings: %(names)s.") % {"names": ", ".join(sorted(unknown))}
        )
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = {name: getattr(tournament, name) for name in changes}
    changed = {k: v for k, v in changes.items() if before[k] != v}
    errors = {}
    if tournament_has_hands(tournament):
        for name in SCORING_RULES:
            if name in changed:
                errors[name] = gettext(FROZEN_REASON)
    highest = highest_hand_number(tournament)
    if "hands_per_session" in changed and changed["hands_per_session"] < highest:
        errors["hands_per_session"] = _(
            "A table already has hand %(hand)s: hands per session cannot be fewer than %(hand)s."
        ) % {"hand": highest}
    change = tournament.rounds.aggregate(latest=Max("table_change_after"))["latest"]
    if "hands_per_session" in changed and change and changed["hands_per_session"] <= change:
        errors["hands_per_session"] = _(
            "A round changes tables after hand %(hand)s: hands per session must be more than "
            "%(hand)s (or remove that round's table change on its seating page first)."
        ) % {"hand": change}
    if errors:
        raise ValidationError(errors)
    for name, value in changes.items():
        setattr(tournament, name, value)
    tournament.full_clean()
    tournament.save()
    if set(changed) & STANDINGS_RELEASE and tournament.standings_public and not tournament.hidden:
        pagewarm.standings_warm_on_commit(tournament.slug)  # the phones ask at once
    if changed:
        old = {k: before[k] for k in changed}
        audit_record(
            session=None,
            tournament=tournament,
            action=AuditEntry.Action.SETTINGS,
            user=user,
            before={**old, "summary": settings_summary(old)},
            after={**changed, "summary": settings_summary(changed)},
        )
    return tournament


# --- tournaments ------------------------------------------------------------------------------

PRESETS = {
    "zj_tournament": {
        "label": gettext_lazy(
            "ZJ tournament: 5-point minimum, formal scheme, 16 hands, 30-minute appeal window"
        ),
        "minimum_points": 5,
        "payoff_scheme": Tournament.Scheme.FORMAL,
        "hands_per_session": 16,
        "appeal_window_minutes": 30,  # WSoM takes appeals within 30 minutes of the session
    },
    "zj_standard": {
        "label": gettext_lazy("ZJ standard: no minimum, formal scheme, 16 hands"),
        "minimum_points": 0,
        "payoff_scheme": Tournament.Scheme.FORMAL,
        "hands_per_session": 16,
    },
}

EDIT_FIELDS = ("name", "start_date", "end_date", "venue", "seating_separate_by") + SETTINGS_FIELDS


def slug_free(name: str) -> str:
    """A slug made from ``name`` that no tournament uses yet."""
    base = slugify(name)[:70] or "tournament"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@public_write
def tournament_create(
    *,
    name: str,
    start_date,
    end_date,
    venue: str = "",
    preset: str,
    slug: str = "",
    user=None,
    same_name_ok: bool = False,
) -> Tournament:
    """A new tournament with the rule settings of ``preset``; its creator becomes its organiser
    when they are not an organiser everywhere already.

    A name already taken (but for case and spaces) is refused unless ``same_name_ok``: a second
    "Spring Open" is more often a double submission than a second event (code ``same_name``).
    """
    if preset not in PRESETS:
        raise ValidationError(
            _("Unknown preset %(preset)s; choose one of %(choices)s.")
            % {"preset": repr(preset), "choices": ", ".join(PRESETS)}
        )
    taken = Tournament.objects.filter(name__iexact=name.strip()).order_by("-start_date").first()
    if taken is not None and not same_name_ok:
        raise ValidationError(
            {
                "name": ValidationError(
                    _(
                        "A tournament named %(name)s exists already (%(date)s, address "
                        "/t/%(slug)s/). Change the name, or tick the box below to create another "
                        "tournament with the same name."
                    )
                    % {
                        "name": repr(taken.name),
                        "date": date_format(taken.start_date, "DATE_FORMAT"),
                        "slug": taken.slug,
                    },
                    code="same_name",
                )
            }
        )
    settings = {k: v for k, v in PRESETS[preset].items() if k != "label"}
    tournament = Tournament(
        name=name.strip(),
        slug=slug or slug_free(name),
        start_date=start_date,
        end_date=end_date,
        venue=venue.strip(),
        **settings,
    )
    tournament.full_clean()
    tournament.save()
    Stage.objects.create(tournament=tournament, number=1)
    if user is not None and not (user.is_superuser or user.groups.filter(name=ORGANISER_GROUP)):
        TournamentOfficial.objects.create(
            tournament=tournament, user=user, role=TournamentOfficial.Role.ORGANISER
        )
    return tournament


@public_write
def tournament_update(*, tournament: Tournament, changes: dict, user) -> Tournament:
    """Change the name, dates, venue and settings; the desk-relevant settings are audited."""
    unknown = set(changes) - set(EDIT_FIELDS)
    if unknown:
        raise ValidationError(
            _("Unknown fields: %(names)s.") % {"names": ", ".join(sorted(unknown))}
        )
    settings = {k: v for k, v in changes.items() if k in SETTINGS_FIELDS}
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    for name, value in changes.items():
        if name not in SETTINGS_FIELDS:
            setattr(tournament, name, value)
    tournament.full_clean()
    tournament.save()
    if settings:
        tournament = tournament_settings_update(tournament=tournament, changes=settings, user=user)
    return tournament


# --- players and registrations ----------------------------------------------------------------


def _roster_audit(tournament_id: int, user, summary: str, *, before: str = "", **after) -> None:
    """The audit line of a roster change: "Renamed Ann Lee -> Ann Li", "Imported 36 players"."""
    audit_record(
        session=None,
        tournament=tournament_id,
        action=AuditEntry.Action.ROSTER,
        user=user,
        before={"summary": before} if before else None,
        after={**after, "summary": summary},
    )


_PLAYER_FACTS = ("name", "chinese_name", "country", "club", "external_id")


def _player_facts(registration: Registration) -> dict[str, str]:
    player = registration.player
    facts = {name: str(getattr(player, name) or "") for name in _PLAYER_FACTS}
    return {**facts, "number": str(registration.number)}


@translation.override("en")
def _facts_change(before: dict[str, str], after: dict[str, str]) -> str:
    """ "Renamed Ann Lee -> Ann Li; country HK -> CN" (the fields that changed), for the audit
    log: stored, so in English whatever the organiser's language."""
    parts = []
    if before["name"] != after["name"]:
        parts.append(f"Renamed {before['name']} -> {after['name']}")
    for name in _PLAYER_FACTS[1:] + ("number",):
        if before[name] != after[name]:
            label = Player._meta.get_field(name).verbose_name if name != "number" else "number"
            parts.append(f"{label} {before[name] or '—'} -> {after[name] or '—'}")
    text = "; ".join(parts)
    return text if text.startswith("Renamed") else f"Changed {after['name']}: {text}"


def _next_number(tournament: Tournament) -> int:
    return (
        tournament.registrations.order_by("-number").values_list("number", flat=True).first() or 0
    ) + 1


@public_write
def registration_add(
    *,
    tournament: Tournament,
    given_name: str = "",
    family_name: str,
    country: str = "",
    club: str = "",
    chinese_name: str = "",
    external_id: str = "",
    number: int | None = None,
    is_substitute: bool = False,
    checked_in_round: int | None = None,
    user=None,
) -> Registration:
    """Create a player and register them (the next free number unless ``number`` is given);
    audited ("Added Ann Lee as #12")."""
    entry = RosterEntry(
        given_name=given_name,
        family_name=family_name,
        country=country,
        club=club,
        chinese_name=chinese_name,
        external_id=external_id,
    )
    admission = Admission(
        number=number or _next_number(tournament),
        entry=entry,
        is_substitute=is_substitute,
        checked_in_round=checked_in_round,
    )
    registration = roster_admit(tournament=tournament, admissions=[admission], user=user)[0]
    name = registration.player.name
    role = " (substitute)" if is_substitute else ""
    _roster_audit(
        tournament.pk,
        user,
        f"Added {name} as #{registration.number}{role}",
        player=name,
        number=registration.number,
    )
    return registration


@public_write
def player_update(*, registration: Registration, changes: dict, user=None) -> Registration:
    """Change a registered player's names, country, club, ids and registration number;
    audited when something changed ("Renamed Ann Lee -> Ann Li")."""
    before = _player_facts(registration)
    player = registration.player
    number = changes.pop("number", None)
    for name, value in changes.items():
        setattr(player, name, value)
    _full_clean(player)
    player.save()
    if number is not None and number != registration.number:
        registration.number = number
        registration.full_clean()
        registration.save(update_fields=["number"])
    after = _player_facts(registration)
    if after != before:
        summary = _facts_change(before, after)
        _roster_audit(
            registration.tournament_id, user, summary, before=before["name"], player=after["name"]
        )
    return registration


@public_write
def registration_withdraw(
    *, registration: Registration, from_round: int, user=None
) -> Registration:
    """Mark a registration withdrawn from round ``from_round`` on (no reseating here); audited
    ("Ann Lee withdrawn from round 3")."""
    if from_round < 1:
        raise ValidationError(_("Withdraw from round 1 or later."))
    if registration.status == Registration.Status.WITHDRAWN:
        raise ValidationError(
            _("%(player)s is already withdrawn (from round %(round)s).")
            % {"player": registration.player, "round": registration.withdrawn_from_round or 1}
        )
    registration.status = Registration.Status.WITHDRAWN
    registration.withdrawn_from_round = from_round
    if (registration.checked_in_round or 0) >= from_round:
        registration.checked_in_round = None
    registration.save(update_fields=["status", "withdrawn_from_round", "checked_in_round"])
    name = registration.player.name
    summary = f"{name} withdrawn from round {from_round}"
    _roster_audit(registration.tournament_id, user, summary, before=name, player=name)
    return registration


@public_write
def registration_reinstate(*, registration: Registration, user=None) -> Registration:
    """Bring a withdrawn player back (no reseating here); audited ("Ann Lee reinstated")."""
    if registration.status == Registration.Status.ACTIVE:
        raise ValidationError(_("%(player)s is not withdrawn.") % {"player": registration.player})
    registration.status = Registration.Status.ACTIVE
    registration.withdrawn_from_round = None
    registration.save(update_fields=["status", "withdrawn_from_round"])
    name = registration.player.name
    _roster_audit(registration.tournament_id, user, f"{name} reinstated", player=name)
    return registration


# --- roll call ----------------------------------------------------------------------------------


@transaction.atomic
def checkin_set(
    *, tournament: Tournament, round_number: int, registration_ids: Iterable[int], present: bool
) -> int:
    """Mark registrations present (or absent) for ``round_number``; returns how many changed.

    Only active registrations of the round's field (`selectors.round_field`) can be checked in.
    """
    registrations = tournament.registrations.filter(pk__in=list(registration_ids))
    if present:
        field = selectors.round_field(tournament, round_number)
        return (
            selectors.in_field(registrations, field)
            .filter(status=Registration.Status.ACTIVE)
            .exclude(checked_in_round=round_number)
            .update(checked_in_round=round_number)
        )
    return registrations.filter(checked_in_round=round_number).update(checked_in_round=None)


@transaction.atomic
def roll_call_save(
    *, tournament: Tournament, round_number: int, present_ids: Iterable[int]
) -> None:
    """The whole roll call at once: ``present_ids`` present, every other active player absent
    (only players of the round's field are marked present)."""
    present_ids = set(present_ids)
    active = tournament.registrations.filter(status=Registration.Status.ACTIVE)
    field = selectors.round_field(tournament, round_number)
    selectors.in_field(active, field).filter(pk__in=present_ids).update(
        checked_in_round=round_number
    )
    active.exclude(pk__in=present_ids).filter(checked_in_round=round_number).update(
        checked_in_round=None
    )


# --- import -------------------------------------------------------------------------------------


@public_write
def roster_import(*, tournament: Tournament, plan: ImportPlan, user=None) -> dict[str, int]:
    """Save a checked import plan: all rows or none. Returns the count per action; audited
    ("Imported 36 players").

    The plan must have been made against the roster as it is now (the caller re-plans right
    before saving); a database conflict (someone registered the same number meanwhile) is
    turned into a ValidationError and nothing is saved.
    """
    if not plan.ok:
        raise ValidationError([translate_message(m) for m in plan.problem_messages()])
    fields = ("given_name", "family_name", "chinese_name", "country", "club", "external_id")
    roster_admit(
        tournament=tournament,
        admissions=[
            Admission(
                number=line.number,
                entry=RosterEntry(**{name: line.values[name] for name in fields})
                if line.action == "new"
                else None,
                player_id=line.player_id if line.action == "register" else None,
            )
            for line in plan.lines
            if line.action in ("new", "register")
        ],
        checked=True,
    )
    counts = dict(plan.counts())
    imported = sum(1 for line in plan.lines if line.action in ("new", "register"))
    if imported:
        summary = f"Imported {imported} player{'s' if imported != 1 else ''}"
        _roster_audit(tournament.pk, user, summary, counts=counts)
    return counts


# --- officials ----------------------------------------------------------------------------------


@transaction.atomic
def official_add(
    *, tournament: Tournament, role: str, username: str, create: bool = False
) -> tuple[TournamentOfficial, str | None]:
    """Give ``username`` a role in this tournament; with ``create`` a new account is made and
    its generated password returned (shown once, never stored in clear)."""
    roles_ensure()
    users = get_user_model()
    username = username.strip()
    if not username:
        raise ValidationError(_("Give a user name."))
    password = None
    if create:
        if users.objects.filter(username__iexact=username).exists():
            raise ValidationError(
                _("The user name %(username)s is taken; pick another.")
                % {"username": repr(username)}
            )
        password = secrets.token_urlsafe(9)
        user = users(username=username)
        user.set_password(password)
        user.full_clean(exclude=["password"])
        user.save()
    else:
        user = users.objects.filter(username__iexact=username).first()
        if user is None:
            raise ValidationError(
                _("No account %(username)s; tick 'new account' to create one.")
                % {"username": repr(username)}
            )
    if role not in TournamentOfficial.Role.values:
        raise ValidationError(_("Unknown role %(role)s.") % {"role": repr(role)})
    official, created = TournamentOfficial.objects.get_or_create(
        tournament=tournament, user=user, defaults={"role": role}
    )
    if not created and official.role != role:
        official.role = role
        official.save(update_fields=["role"])
    return official, password


@transaction.atomic
def official_remove(*, official: TournamentOfficial) -> None:
    official.delete()


# --- rounds and penalties (organiser and head-judge repairs outside the desk) -----------------


@public_write
def round_status_set(*, round_: Round, status: str, user) -> Round:
    """Mark a round draft, seated, playing or finished (audited as a settings change)."""
    if status not in Round.Status.values:
        raise ValidationError(_("Unknown round status %(status)s.") % {"status": repr(status)})
    if status != Round.Status.DRAFT and not round_.seats.exists():
        raise ValidationError(
            _("Round %(round)s has no seating yet; seat it first.") % {"round": round_.number}
        )
    before = round_.status
    if before == status:
        return round_
    round_.status = status
    round_.save(update_fields=["status"])
    audit_record(
        session=None,
        tournament=round_.tournament,
        action=AuditEntry.Action.SETTINGS,
        user=user,
        before={f"round {round_.number} status": before},
        after={f"round {round_.number} status": status},
    )
    return round_

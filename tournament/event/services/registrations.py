"""Players and their registrations: adding, editing, withdrawing, reinstating, importing.

Every change is audited with who made it (``user``) in one English line, the *roster audit*
("Renamed Ann Lee -> Ann Li", "Imported 36 players"). Vocabulary: a *roster* is the list of
players to register; *withdrawing* a registration from round N keeps its seats before N (the
reseating of later rounds is `tournament.seating.services.roster.roster_withdraw`'s job); a
player's *facts* are what the audit compares: names, country, club, external id and number.
"""

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext as _

from scoring.translation import translate_message

from ...audit import audit_record, public_write
from ...models import AuditEntry, Player, Registration, Tournament
from ..roster_import import ImportPlan
from .admission import Admission, RosterEntry, _full_clean, roster_admit


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

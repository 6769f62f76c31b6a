"""Writes for the tournament's penalty presets (RULINGS R13): the organiser's named penalties
that the judges' desk offers, and the example sets loaded with one click.

Vocabulary: see `tournament.play.penalties` (preset, warning, example set). A preset that a
penalty or warning was recorded from is *used*: it cannot be deleted (the record keeps its
history), only edited; an edit changes what the desk records from then on, never a penalty
already recorded (each keeps its own amount and reason). Every change is audited.
"""

from __future__ import annotations

from dataclasses import asdict

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.db.models import Max
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ...audit import audit_record, unit_of_work
from ...models import AuditEntry, PenaltyPreset, Tournament
from ..penalties import EXAMPLE_SETS

PRESET_FIELDS = ("name", "points", "per", "mode", "warning_first")


@translation.override("en")
def _describe(preset: PenaltyPreset) -> str:
    """ "Talking: 30 points, deducted from the player's total, warning first", for the audit
    log: stored, so in English whatever the organiser's language."""
    per = f" per {preset.per}" if preset.per else ""
    warning = ", warning first" if preset.warning_first else ""
    return (
        f"{preset.name}: {preset.points} points{per}, {preset.get_mode_display().lower()}{warning}"
    )


def _next_position(tournament) -> int:
    """The desk-list position after the tournament's last preset."""
    last = tournament.penalty_presets.aggregate(n=Max("position"))["n"]
    return 0 if last is None else last + 1


def _audit(tournament, user, *, before: str = "", after: str = "") -> None:
    audit_record(
        session=None,
        tournament=tournament,
        action=AuditEntry.Action.PRESETS,
        user=user,
        before={"summary": before} if before else None,
        after={"summary": after} if after else None,
    )


NAME_TAKEN = {
    "name": gettext_lazy("This tournament has a preset of that name already: choose another name.")
}


def penalty_preset_save(
    *, tournament: Tournament, values: dict, user, preset: PenaltyPreset | None = None
) -> PenaltyPreset:
    """Add a preset (``preset`` None) or change one; ``values`` holds `PRESET_FIELDS`. Audited.
    An edit applies to what the desk records from now on, not to recorded penalties."""
    unknown = set(values) - set(PRESET_FIELDS)
    if unknown:
        raise ValidationError(
            _("Unknown preset fields: %(fields)s.") % {"fields": ", ".join(sorted(unknown))}
        )
    with unit_of_work(tournament):
        if preset is None:
            preset = PenaltyPreset(tournament=tournament, position=_next_position(tournament))
            before = ""
        else:
            preset = PenaltyPreset.objects.select_for_update().get(
                pk=preset.pk, tournament=tournament
            )
            before = _describe(preset)
        for name, value in values.items():
            setattr(preset, name, value.strip() if isinstance(value, str) else value)
        preset.full_clean(validate_constraints=False)
        others = tournament.penalty_presets.exclude(pk=preset.pk)
        if others.filter(name__iexact=preset.name).exists():
            raise ValidationError(NAME_TAKEN)
        try:
            with unit_of_work(tournament):  # a savepoint: a name taken meanwhile is refused
                preset.save()
        except IntegrityError:
            raise ValidationError(NAME_TAKEN) from None
        if before != _describe(preset):
            _audit(tournament, user, before=before, after=_describe(preset))
    return preset


def penalty_preset_delete(*, preset: PenaltyPreset, user) -> None:
    """Delete a preset nobody has been penalised or warned with; a used one is refused (it
    stays, for the history of the penalties recorded from it). Audited."""
    tournament = preset.tournament
    with unit_of_work(tournament):
        preset = PenaltyPreset.objects.select_for_update().get(pk=preset.pk)
        used = preset.penalties.count()
        if used:
            raise ValidationError(
                ngettext(
                    "%(name)s has been used once at the desk, so it stays for the history of "
                    "those penalties. Edit it instead if its points change.",
                    "%(name)s has been used %(count)s times at the desk, so it stays for the "
                    "history of those penalties. Edit it instead if its points change.",
                    used,
                )
                % {"name": preset.name, "count": used}
            )
        described = _describe(preset)
        preset.delete()
        _audit(tournament, user, before=described)


def penalty_presets_load(*, tournament: Tournament, example: str, user) -> list[PenaltyPreset]:
    """Add the presets of an example set (`EXAMPLE_SETS`); a preset whose name the tournament
    already has is left as it is. Returns the presets added. Audited."""
    if example not in EXAMPLE_SETS:
        raise ValidationError(
            _("Unknown example set %(example)s; choose one of %(known)s.")
            % {"example": repr(example), "known": ", ".join(EXAMPLE_SETS)}
        )
    label, terms = EXAMPLE_SETS[example]
    with unit_of_work(tournament):
        # Locks the tournament's row: two loads at once add each preset once.
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        taken = {
            name.casefold() for name in tournament.penalty_presets.values_list("name", flat=True)
        }
        position = _next_position(tournament)
        added = []
        for term in terms:
            if term.name.casefold() in taken:
                continue
            preset = PenaltyPreset(tournament=tournament, position=position, **asdict(term))
            preset.full_clean()
            preset.save()
            added.append(preset)
            position += 1
        if added:
            _audit(
                tournament,
                user,
                after=f"Loaded {label}: " + "; ".join(_describe(p) for p in added),
            )
    return added

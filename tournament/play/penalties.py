"""What a penalty does to the session's totals (RULINGS R13). Pure Python: no Django, no models.

Vocabulary
----------
penalty effect  points per player of the session: the offender loses the amount; in the
                *zero-sum* mode each of the other three players of the session gains a third
                of it (the amount is a multiple of 3); in the *deduction* mode nobody gains.
                Players are whatever keys the caller uses (player ids at the desk, starting
                winds on the printed score card), so the card's *Penalties* row, the kept
                session scores and the desk's reconciliation add up the same numbers.
preset          a named penalty the organiser keeps (`PresetTerms`): points, optionally *per*
                a unit ("missed game": the desk gives how many), a mode, and *warning first*.
warning         under *warning first*, the first time a preset is given to a player it is a
                warning: 0 points, recorded and audited like a penalty; every later time it
                is the deduction (`preset_outcome`).
example set     a named list of presets an organiser can load with one click
                (`EXAMPLE_SETS`), such as The Star's rules.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

ZERO_SUM = "zero_sum"
DEDUCTION = "deduction"


def penalty_effect(
    offender: Hashable, amount: int, *, zero_sum: bool, seated: Iterable[Hashable]
) -> dict:
    """Points per player (``seated`` keys and the offender) that one penalty changes."""
    effect = {offender: -amount}
    if zero_sum:
        for other in seated:
            if other != offender:
                effect[other] = effect.get(other, 0) + amount // 3
    return effect


def penalty_points(penalties: Iterable[tuple[Hashable, int, bool]], seated) -> dict:
    """Summed effect of (offender, amount, zero_sum) penalties; every seated player present."""
    seated = list(seated)
    points = dict.fromkeys(seated, 0)
    for offender, amount, zero_sum in penalties:
        for player, change in penalty_effect(
            offender, amount, zero_sum=zero_sum, seated=seated
        ).items():
            points[player] = points.get(player, 0) + change
    return points


@dataclass(frozen=True)
class PresetTerms:
    """A preset as the desk applies it (the model's fields, as plain values)."""

    name: str
    points: int
    per: str = ""
    mode: str = DEDUCTION
    warning_first: bool = False


@dataclass(frozen=True)
class PresetOutcome:
    """What recording a preset gives: the amount (0 for a warning), whether it is the warning,
    the reason written on the penalty ("Late arrival: 2 x missed game") and the preset's mode."""

    amount: int
    warning: bool
    reason: str
    mode: str


def preset_outcome(
    terms: PresetTerms, *, count: int = 1, warned_before: bool, note: str = ""
) -> PresetOutcome:
    """The penalty a preset gives a player: the warning the first time when the preset says
    *warning first* and the player has no earlier record of it, else points x count."""
    warning = terms.warning_first and not warned_before
    if warning:
        reason = f"{terms.name}: warning"
    elif terms.per:
        reason = f"{terms.name}: {count} x {terms.per}"
    else:
        reason = terms.name
    note = note.strip()
    reason = f"{reason}. {note}" if note else reason
    return PresetOutcome(0 if warning else terms.points * count, warning, reason, terms.mode)


#: Example preset sets an organiser can load with one click: {key: (label, presets)}.
EXAMPLE_SETS: dict[str, tuple[str, tuple[PresetTerms, ...]]] = {
    "the_star": (
        "The Star",
        (
            PresetTerms("Late arrival", 30, per="missed game"),
            PresetTerms("Talking", 30, warning_first=True),
            PresetTerms("Refusing to show tiles", 30, warning_first=True),
        ),
    ),
}

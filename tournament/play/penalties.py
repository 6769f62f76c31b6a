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
shipped word    a name or unit of an example set (``Late arrival``, ``missed game``): product
                text, marked for the catalogues and said in the reader's language wherever a
                preset is shown (`shipped_word`), also once loaded; words an organiser typed
                for their own presets are shown as typed.
reason          what a preset writes on the penalty ("Talking: warning", "Late arrival: 2 x
                missed game", then the judge's note): stored in English, like every record;
                `reason_message` reads it back as a `Message` so a page says it in its
                reader's language (the preset's name, its unit and the note stay as typed).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from scoring.engine.messages import Message, gettext_noop, message_of

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

    @classmethod
    def of(cls, preset) -> PresetTerms:
        """The terms of a kept preset: any object with the same fields (a `PenaltyPreset`)."""
        return cls(**{name: getattr(preset, name) for name in cls.__dataclass_fields__})


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
        reason = Message(WARNING_REASON, name=terms.name)
    elif terms.per:
        reason = Message(PER_REASON, name=terms.name, count=count, per=terms.per)
    else:
        reason = terms.name
    note = note.strip()
    reason = Message(NOTED_REASON, reason=reason, note=note) if note else reason
    amount = 0 if warning else terms.points * count
    return PresetOutcome(amount, warning, str(reason), terms.mode)  # stored: plain English


WARNING_REASON = gettext_noop("%(name)s: warning")
PER_REASON = gettext_noop("%(name)s: %(count)s x %(per)s")
NOTED_REASON = gettext_noop("%(reason)s. %(note)s")
_PER = re.compile(r"(\d+) x (.+)")


def reason_message(reason: str, preset_name: str | None) -> str:
    """A stored reason that preset ``preset_name`` wrote (`preset_outcome`), as a `Message`
    (its English text unchanged) to say in the reader's language; any other reason as it is."""
    if not preset_name or not reason.startswith(f"{preset_name}: "):
        return reason
    rest = reason[len(preset_name) + 2 :]
    said, _, note = rest.partition(". ")
    per = _PER.fullmatch(said)
    if said == "warning":
        message = Message(WARNING_REASON, name=shipped_word(preset_name))
    elif per:
        message = Message(
            PER_REASON, name=shipped_word(preset_name), count=per[1], per=shipped_word(per[2])
        )
    else:
        return reason
    return Message(NOTED_REASON, reason=message, note=note) if note else message


#: Example preset sets an organiser can load with one click: {key: (label, presets)}.
EXAMPLE_SETS: dict[str, tuple[str, tuple[PresetTerms, ...]]] = {
    "the_star": (
        gettext_noop("The Star"),
        (
            PresetTerms(gettext_noop("Late arrival"), 30, per=gettext_noop("missed game")),
            PresetTerms(gettext_noop("Talking"), 30, warning_first=True),
            PresetTerms(gettext_noop("Refusing to show tiles"), 30, warning_first=True),
        ),
    ),
}
SHIPPED_WORDS = frozenset(
    word
    for label, terms in EXAMPLE_SETS.values()
    for word in (label, *(t.name for t in terms), *(t.per for t in terms))
    if word
)


def shipped_word(text: str) -> str:
    """``text`` as a `Message` to translate when it is a shipped word (see the vocabulary),
    else as it is: an organiser's own words are theirs."""
    return message_of(text) if text in SHIPPED_WORDS else text

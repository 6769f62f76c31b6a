"""The stage plan of a tournament: which rounds each stage holds, where the cuts fall and what a
qualifier carries. Pure Python: no Django, no models.

Vocabulary
----------
stage rule   `StageRule`: a stage's number, its last round and cut size (both None for the
             last stage) and the share of the score its qualifiers carry into the next stage.
plan         `StagePlan`: the stage rules in order. Stage 1 starts at round 1, every later stage
             the round after the previous cut; the last stage holds every round after the last
             cut. A tournament without cuts is one stage (`StagePlan.single()`).
share        an exact fraction between 0 (nothing is carried) and 1 (the whole score), such as
             1/4; written "none", "1/4", "1/2" or "whole" (`share_text`).
cut line     `CutLine`: one player's line of a confirmed cut (see `standings.cuts`).
round field  `RoundField`: who may be seated in a round: everyone in stage 1, the qualifiers of
             the previous cut after it; ``waiting_for`` names the stage whose cut is not
             confirmed yet (nobody may be seated beyond it) and ``cut_round`` the round that
             cut follows.
carried      what a qualifier starts the next stage with: share x score, rounded to the
             nearest whole point, an exact half away from zero (12.5 -> 13, -12.5 -> -13), the
             unit of the standings (`carry`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.messages import gettext_noop

NONE = Fraction(0)
WHOLE = Fraction(1)
SHARE_WORDS = {"none": NONE, "nothing": NONE, "whole": WHOLE, "all": WHOLE}


@dataclass(frozen=True)
class StageRule:
    number: int
    last_round: int | None = None
    cut_size: int | None = None
    share: Fraction = NONE

    @property
    def has_cut(self) -> bool:
        return self.last_round is not None


@dataclass(frozen=True)
class StagePlan:
    stages: tuple[StageRule, ...]

    @classmethod
    def single(cls) -> StagePlan:
        return cls((StageRule(1),))

    def first_round(self, number: int) -> int:
        """The first round of stage ``number``."""
        if number == 1:
            return 1
        return (self.stage(number - 1).last_round or 0) + 1

    def stage(self, number: int) -> StageRule:
        return self.stages[number - 1]

    def stage_of_round(self, round_number: int) -> StageRule:
        for rule in self.stages:
            if rule.last_round is None or round_number <= rule.last_round:
                return rule
        return self.stages[-1]

    @property
    def cuts(self) -> tuple[StageRule, ...]:
        return tuple(rule for rule in self.stages if rule.has_cut)

    def describe(self, number: int) -> str:
        """A stage in the organiser's words: "Stage 2: rounds 3 to 4, then the top 64
        continue, carrying 1/4 of their score"."""
        template, values = self.description(number)
        if "share" in values:
            share_template, share_values = values["share"]
            values = {**values, "share": share_template % share_values}
        return template % values

    def description(self, number: int) -> tuple[str, dict]:
        """`describe` as a template and its values (`scoring.engine.messages`); the share is one
        of `share_words`' templates with its own values, under ``"share"``."""
        rule = self.stage(number)
        first = self.first_round(number)
        if not rule.has_cut:
            return gettext_noop("Stage %(stage)s: round %(first)s on."), {
                "stage": number,
                "first": first,
            }
        values = {"stage": number, "first": first, "last": rule.last_round, "top": rule.cut_size}
        values["share"] = share_description(rule.share)
        if first == rule.last_round:
            template = gettext_noop(
                "Stage %(stage)s: round %(first)s, then the top %(top)s continue, carrying "
                "%(share)s."
            )
        else:
            template = gettext_noop(
                "Stage %(stage)s: rounds %(first)s to %(last)s, then the top %(top)s continue, "
                "carrying %(share)s."
            )
        return template, values


@dataclass(frozen=True)
class CutLine:
    player_id: int
    position: int
    rank: str
    score: int
    carried: int
    qualified: bool
    lot: int | None = None


@dataclass(frozen=True)
class RoundField:
    round_number: int
    stage: int
    player_ids: frozenset[int] | None  # None: every registered player (stage 1)
    waiting_for: int | None = None  # the stage whose cut must be confirmed first
    cut_round: int | None = None  # the round that cut follows

    def admits(self, player_id: int) -> bool:
        return self.player_ids is None or player_id in self.player_ids

    @property
    def refusal(self) -> str:
        """Why nobody may be seated in this round yet ("" when they may)."""
        if self.waiting_for is None:
            return ""
        return REFUSAL % self.refusal_values

    @property
    def refusal_values(self) -> dict:
        """The values of `REFUSAL` for this round."""
        return {"number": self.round_number, "stage": self.stage, "cut_round": self.cut_round}


REFUSAL = gettext_noop(
    "Round %(number)s belongs to stage %(stage)s, which only the qualifiers of the cut after "
    "round %(cut_round)s play: confirm the cut after round %(cut_round)s on the Stages page first."
)


def field_of_round_number(
    plan: StagePlan, cuts: dict[int, tuple[CutLine, ...]], number: int
) -> RoundField:
    """Who may play round ``number``, from the plan and the confirmed cuts (by stage)."""
    stage = plan.stage_of_round(number).number
    if stage == 1:
        return RoundField(number, 1, None)
    missing = next((n for n in range(1, stage) if n not in cuts), None)
    if missing is not None:
        return RoundField(
            number,
            stage,
            frozenset(),
            waiting_for=missing,
            cut_round=plan.stage(missing).last_round,
        )
    qualified = frozenset(line.player_id for line in cuts[stage - 1] if line.qualified)
    return RoundField(number, stage, qualified)


def share_parse(text: str) -> Fraction:
    """ "1/4", "0.25", "25%", "none", "whole", "1" -> the exact share; ValueError says why not."""
    cleaned = text.strip().lower()
    if cleaned in SHARE_WORDS:
        return SHARE_WORDS[cleaned]
    try:
        share = Fraction(cleaned[:-1]) / 100 if cleaned.endswith("%") else Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            f"{text!r} is not a share: write none, a fraction such as 1/4 or 1/2, or whole."
        ) from None
    if not NONE <= share <= WHOLE:
        raise ValueError(
            f"{text!r} is not between none (0) and the whole score (1): write e.g. 1/4."
        )
    return share


def share_text(share: Fraction) -> str:
    if share == NONE:
        return "none"
    if share == WHOLE:
        return "whole"
    return f"{share.numerator}/{share.denominator}"


def share_words(share: Fraction) -> str:
    template, values = share_description(share)
    return template % values


def share_description(share: Fraction) -> tuple[str, dict]:
    """`share_words` as a template and its values (`scoring.engine.messages`)."""
    if share == NONE:
        return gettext_noop("nothing of their score"), {}
    if share == WHOLE:
        return gettext_noop("their whole score"), {}
    return gettext_noop("%(share)s of their score"), {"share": share_text(share)}


def carry(share: Fraction, score: int) -> int:
    """share x score in whole points, an exact half rounded away from zero."""
    exact = share * score
    whole, rest = divmod(abs(exact), 1)
    points = int(whole) + (1 if rest >= Fraction(1, 2) else 0)
    return points if exact >= 0 else -points

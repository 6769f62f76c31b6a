"""The organiser's review of a cut between stages: before it is confirmed (`cut_preview`)
and after, when the scores of its stage changed since (`cuts_changed`). The rules of the cut
themselves are pure (`standings.cuts`).

Vocabulary
----------
cut preview     `CutPreview`: the cut ending a stage as it would be made now, with why it cannot
                be confirmed yet (earlier cut, rounds unplayed, provisional results).
changed cut     `CutChanged`: a confirmed cut whose stored scores no longer match the scores of
                its stage (a hand corrected or a penalty changed after the confirmation).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext

from ...models import Penalty, Registration, Round, Stage, StageCut, Tournament
from ...names import page_name
from ...play.selectors.rounds import round_progress
from ...stage_selectors import confirmed_cuts, stage_plan
from ...stages import CutLine, StagePlan
from ..cuts import CutOutcome, cut_decide, stage_inputs
from ..ranking.build import standings_build
from .inputs import entrants, loose_penalties, ranking_rules, session_results
from .provisional import provisional

# --- A cut before it is confirmed -------------------------------------------------------


@dataclass
class CutPreview:
    """What the organiser sees before confirming the cut that ends stage ``stage``.

    ``problems`` say why it cannot be confirmed yet (earlier cut, rounds unplayed, provisional
    results); ``outcome`` is the cut as it would be made with ``seed`` (None when the stage
    has no cut); ``names`` and ``numbers`` name the players: the page prints each name with
    its number beside it, so a name is the player's shown name in the page's language
    (`names.page_name`: the Chinese name first on a Chinese page), without the label's marks
    ("(#5, ES)"), which would print the number twice; ``confirmed`` is the stored cut once it
    is made (its lines by stage, see `fields.confirmed_cuts`)."""

    stage: int
    description: str
    seed: int
    problems: list[str]
    outcome: CutOutcome | None
    names: dict[int, str]
    numbers: dict[int, int]
    confirmed: tuple[CutLine, ...] | None
    first_round: int
    last_round: int | None
    confirmed_seed: int | None = None


def stage_description(plan: StagePlan, number: int) -> str:
    """`StagePlan.describe` in the reader's language."""
    template, values = plan.description(number)
    if "share" in values:
        share_template, share_values = values["share"]
        values = {**values, "share": gettext(share_template) % share_values}
    return gettext(template) % values


def cut_preview(tournament: Tournament, stage: int, *, seed: int) -> CutPreview:
    """The cut ending ``stage`` as it stands (a fixed number of queries)."""
    plan = stage_plan(tournament)
    if not 1 <= stage <= len(plan.stages):
        raise Stage.DoesNotExist(f"Stage {stage} does not exist.")
    rule = plan.stage(stage)
    cuts = confirmed_cuts(tournament)
    numbers = dict(
        Registration.objects.filter(tournament=tournament).values_list("player_id", "number")
    )
    everyone = entrants(tournament)
    names = {
        entrant.player_id: page_name(entrant.name, entrant.chinese_name) for entrant in everyone
    }
    preview = CutPreview(
        stage=stage,
        description=stage_description(plan, stage),
        seed=seed,
        problems=[],
        outcome=None,
        names=names,
        numbers=numbers,
        confirmed=cuts.get(stage),
        first_round=plan.first_round(stage),
        last_round=rule.last_round,
        confirmed_seed=StageCut.objects.filter(stage__tournament=tournament, stage__number=stage)
        .values_list("seed", flat=True)
        .first(),
    )
    if not rule.has_cut:
        preview.problems.append(
            gettext("Stage %(stage)s is the last stage: it ends with no cut.") % {"stage": stage}
        )
        return preview
    preview.problems.extend(_cut_problems(tournament, plan, cuts, stage))
    if stage > 1 and stage - 1 not in cuts:
        return preview
    field_, results, carried = stage_inputs(
        everyone, session_results(tournament, rule.last_round), plan, cuts, stage
    )
    preview.outcome = cut_decide(
        field_,
        results,
        ranking_rules(tournament),
        size=rule.cut_size,
        share=rule.share,
        seed=seed,
        draw_key=numbers,
        loose_penalties=loose_penalties(tournament),
        carried=carried,
    )
    return preview


def _cut_problems(tournament, plan, cuts, stage: int) -> list[str]:
    """Why the cut ending ``stage`` cannot be confirmed now (empty when it can)."""
    rule = plan.stage(stage)
    if stage in cuts:
        return [
            gettext("The cut after round %(round)s is confirmed already.")
            % {"round": rule.last_round}
        ]
    if stage > 1 and stage - 1 not in cuts:
        return [
            gettext("Confirm the cut after round %(round)s first.")
            % {"round": plan.stage(stage - 1).last_round}
        ]
    first = plan.first_round(stage)
    played = round_progress(tournament).played
    unplayed = [n for n in range(first, rule.last_round + 1) if n not in played]
    problems = []
    if unplayed:
        problems.append(
            gettext(
                "Round(s) %(rounds)s of this stage are not played yet: the cut is made after "
                "round %(round)s."
            )
            % {"rounds": ", ".join(map(str, unplayed)), "round": rule.last_round}
        )
    waiting = provisional(tournament, rule.last_round)
    for number, tables in sorted(waiting.unreconciled.items()):
        if number >= first:
            problems.append(
                gettext(
                    "Round %(number)s: table(s) %(tables)s not reconciled; reconcile them at the "
                    "judges' desk first."
                )
                % {"number": number, "tables": ", ".join(map(str, tables))}
            )
    pending = sum(n for (r, _), n in waiting.pending_hands.items() if r >= first)
    if pending:
        problems.append(
            gettext(
                "%(count)s hand(s) of this stage await a second entry or a head judge's decision."
            )
            % {"count": pending}
        )
    return problems


# --- A confirmed cut whose scores changed since -------------------------------------------


@dataclass(frozen=True)
class CutChanged:
    """A confirmed cut (ending ``stage``, after round ``last_round``) whose stored scores no
    longer match the stage's scores: a hand corrected or a penalty changed in its rounds after
    it was confirmed. ``players`` counts the players whose score differs; ``next_published``
    says the next stage's first round is published (the cut can no longer be undone)."""

    stage: int
    last_round: int
    players: int
    next_published: bool

    @property
    def text(self) -> str:
        start = f"Scores changed after the cut after round {self.last_round} was confirmed"
        first = f"stage {self.stage + 1}'s round 1 (round {self.last_round + 1})"
        if self.next_published:
            return (
                f"{start} ({self.players} player(s)): check it; {first} is published, so the "
                "cut can no longer be undone."
            )
        return (
            f"{start} ({self.players} player(s)): check it (undo and confirm again while "
            f"{first} is unpublished)."
        )


def cuts_changed(tournament: Tournament) -> list[CutChanged]:
    """The confirmed cuts whose stored scores differ from the scores of their stage now, each
    computed as the cut computed it (a fixed number of queries, whatever the cuts or players).

    Loose penalties count as they stood at the confirmation: those recorded after it belong
    to the later stages (they count in every stage's total from then on)."""
    cuts = confirmed_cuts(tournament)
    if not cuts:
        return []
    plan = stage_plan(tournament)
    confirmed_at = dict(
        StageCut.objects.filter(stage__tournament=tournament).values_list(
            "stage__number", "confirmed_at"
        )
    )
    loose_rows = list(
        Penalty.objects.filter(tournament=tournament, session__isnull=True)
        .order_by()
        .values_list("player_id", "amount", "created_at")
    )
    everyone = entrants(tournament)
    last = max(plan.stage(stage).last_round for stage in cuts)
    results = session_results(tournament, last)
    rules = ranking_rules(tournament)
    published = set(
        Round.objects.filter(
            tournament=tournament,
            seating_published=True,
            number__in=[plan.stage(stage).last_round + 1 for stage in cuts],
        ).values_list("number", flat=True)
    )
    changed = []
    for stage, lines in sorted(cuts.items()):
        loose: dict[int, int] = defaultdict(int)
        for player_id, amount, created_at in loose_rows:
            if created_at <= confirmed_at[stage]:
                loose[player_id] -= amount
        field_, in_stage, carried = stage_inputs(everyone, results, plan, cuts, stage)
        totals = {
            row.player_id: row.total
            for row in standings_build(field_, in_stage, rules, dict(loose), carried)
        }
        differ = sum(1 for line in lines if totals.get(line.player_id) != line.score)
        if differ:
            last_round = plan.stage(stage).last_round
            changed.append(CutChanged(stage, last_round, differ, last_round + 1 in published))
    return changed

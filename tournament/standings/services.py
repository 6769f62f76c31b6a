"""Writes of stages and cuts: the organiser's stage plan, confirming a cut, undoing it.

Vocabulary: see `tournament.stages` (stage plan, share, carried) and `standings.cuts` (field,
the line, the draw). A *cut rule* is one ``(last round, cut size, share)`` of the plan: after
round *last round*, the top *cut size* continue carrying *share* of their score.

Every write here is one unit of work (`tournament.audit.public_write`), audited, and moves the
tournament's last write: the standings show the new stage at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ..audit import audit_record, public_write
from ..models import AuditEntry, Round, Stage, StageCut, StageCutEntry, Tournament
from ..play.selectors.rounds import round_progress
from ..stage_selectors import confirmed_cuts, stage_plan
from ..stages import share_text
from .selectors.cut_review import cut_preview

MIN_CUT = 4  # one table


@public_write
def stages_set(
    *, tournament: Tournament, cuts: Sequence[tuple[int, int, Fraction]], user=None
) -> list[Stage]:
    """Replace the plan: one stage per cut rule, then the last stage (no cut: one stage)."""
    if confirmed_cuts(tournament):
        raise ValidationError(
            gettext("A cut is confirmed already: undo it on its page before changing the stages.")
        )
    cuts = sorted(cuts)
    _check_rules(tournament, cuts)
    before = _plan_lines(tournament)
    Stage.objects.filter(tournament=tournament).delete()
    stages = [
        Stage(
            tournament=tournament,
            number=number,
            last_round=last_round,
            cut_size=size,
            carry_numerator=share.numerator,
            carry_denominator=share.denominator,
        )
        for number, (last_round, size, share) in enumerate(cuts, start=1)
    ]
    stages.append(Stage(tournament=tournament, number=len(cuts) + 1))
    Stage.objects.bulk_create(stages)
    after = _plan_lines(tournament)
    audit_record(
        session=None,
        tournament=tournament,
        action=AuditEntry.Action.STAGES,
        user=user,
        before={"summary": "; ".join(before)},
        after={"summary": "; ".join(after)},
    )
    return stages


def _plan_lines(tournament: Tournament) -> list[str]:
    plan = stage_plan(tournament)
    return [plan.describe(rule.number) for rule in plan.stages]


def _check_rules(tournament: Tournament, cuts) -> None:
    rounds = [last_round for last_round, _, _ in cuts]
    if any(r < 1 for r in rounds):
        raise ValidationError(
            {"last_round": gettext("A cut comes after round 1 or a later round.")}
        )
    if len(set(rounds)) != len(rounds):
        raise ValidationError({"last_round": gettext("Two cuts after the same round: keep one.")})
    sizes = [size for _, size, _ in cuts]
    if any(size < MIN_CUT for size in sizes):
        raise ValidationError(
            {
                "cut_size": gettext("A cut keeps at least %(least)s players (one table).")
                % {"least": MIN_CUT}
            }
        )
    if any(later >= earlier for earlier, later in zip(sizes, sizes[1:], strict=False)):
        raise ValidationError(
            {"cut_size": gettext("Each cut keeps fewer players than the cut before it.")}
        )
    if any(not Fraction(0) <= share <= Fraction(1) for _, _, share in cuts):
        raise ValidationError(
            {"share": gettext("The carried share is between none and the whole.")}
        )
    progress = round_progress(tournament)
    published = set(
        Round.objects.filter(tournament=tournament, seating_published=True).values_list(
            "number", flat=True
        )
    )
    for last_round in rounds:
        seen = sorted(n for n in progress.opened | published if n > last_round)
        if seen:
            raise ValidationError(
                {
                    "last_round": gettext(
                        "Round %(number)s is published or played with every player, so a cut "
                        "after round %(round)s cannot be added now."
                    )
                    % {"number": seen[0], "round": last_round}
                }
            )


@public_write
def cut_confirm(*, tournament: Tournament, stage: int, seed: int, user=None) -> StageCut:
    """Make the cut ending ``stage`` as previewed with ``seed``: who qualifies and what each
    carries are stored with the seed and the draw. Refused with the preview's problems.

    A confirmation sent again with the same seed (a retry after an answer that never arrived:
    the worker died after the commit) finds the cut it made and returns it, changing nothing:
    it is done, not refused."""
    done = StageCut.objects.filter(stage__tournament=tournament, stage__number=stage).first()
    if done is not None and done.seed == seed:
        return done
    preview = cut_preview(tournament, stage, seed=seed)
    if preview.problems:
        raise ValidationError(" ".join(preview.problems))
    if preview.outcome is None:  # pragma: no cover - a stage without a cut has a problem
        raise ValidationError(gettext("Stage %(stage)s has no cut.") % {"stage": stage})
    outcome = preview.outcome
    row = Stage.objects.select_for_update().get(tournament=tournament, number=stage)
    meanwhile = StageCut.objects.filter(stage=row).first()
    if meanwhile is not None and meanwhile.seed == seed:  # the same confirmation, twice at once
        return meanwhile
    if meanwhile is not None:
        raise ValidationError(gettext("This cut was confirmed meanwhile; nothing was changed."))
    cut = StageCut.objects.create(
        stage=row,
        seed=seed,
        tie_breaks=",".join([*outcome.keys, "draw"]),
        confirmed_by=user if user is not None and user.is_authenticated else None,
    )
    StageCutEntry.objects.bulk_create(StageCutEntry.of_line(cut, line) for line in outcome.lines)
    drawn = (
        f" Tie at the line drawn with seed {seed}: "
        + ", ".join(f"#{preview.numbers[pid]}" for pid in outcome.drawn)
        + "."
        if outcome.drawn
        else ""
    )
    _audit(
        tournament,
        AuditEntry.Action.CUT,
        user,
        summary=f"Cut after round {preview.last_round}: {len(outcome.qualifiers)} of "
        f"{len(outcome.lines)} continue, carrying {share_text(outcome.share)}.{drawn}",
        seed=seed,
        qualifiers=[preview.numbers[pid] for pid in outcome.qualifiers],
    )
    return cut


def _audit(tournament: Tournament, action: str, user, **after) -> None:
    audit_record(session=None, tournament=tournament, action=action, user=user, after=after)


@public_write
def cut_undo(*, tournament: Tournament, stage: int, user=None) -> int:
    """Undo the confirmed cut ending ``stage``; allowed until the next stage's first round is
    published (or opened at the desk). The rounds prepared for the later stages since the cut
    (seated with the qualifiers, not published) are removed; a round seated before the cut was
    confirmed was not made by it and stays. Returns how many rounds were removed."""
    plan = stage_plan(tournament)
    cut = (
        StageCut.objects.select_for_update()
        .filter(stage__tournament=tournament, stage__number=stage)
        .first()
    )
    if cut is None:
        raise ValidationError(
            gettext("The cut ending stage %(stage)s is not confirmed: nothing to undo.")
            % {"stage": stage}
        )
    if StageCut.objects.filter(stage__tournament=tournament, stage__number__gt=stage).exists():
        raise ValidationError(gettext("A later cut is confirmed: undo it first."))
    first_next = plan.first_round(stage + 1)
    later = Round.objects.filter(tournament=tournament, number__gte=first_next)
    opened = round_progress(tournament).opened
    shown = sorted({r.number for r in later if r.seating_published or r.number in opened})
    if shown:
        raise ValidationError(
            gettext(
                "Round %(number)s of stage %(stage)s is published (or opened at the desk): the "
                "qualifiers have seen their seats, so the cut can no longer be undone. Unpublish "
                "the round first if it has not started."
            )
            % {"number": shown[0], "stage": stage + 1}
        )
    made = later.filter(seated_at__gte=cut.confirmed_at)  # what the cut made, nothing older
    removed = made.count()
    made.delete()
    cut.delete()
    _audit(
        tournament,
        AuditEntry.Action.CUT_UNDO,
        user,
        summary=f"Cut after round {plan.stage(stage).last_round} undone"
        + (f"; {removed} prepared round(s) removed." if removed else "."),
    )
    return removed

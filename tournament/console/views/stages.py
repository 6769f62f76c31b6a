"""Stages and cuts: the organiser sets the cuts, previews each cut (who is in, who is out, the
tie at the line and how it was broken), confirms it, and may undo it until the next stage's
first round is published. Writes: `standings.services` (`stages_set`, `cut_confirm`,
`cut_undo`).

Vocabulary: see `tournament.stages` and `tournament.standings.cuts`. The *seed* of a preview is
drawn afresh for each new preview (or kept from the address, ``?seed=``), and the confirm form
carries it, so what is confirmed is what was shown.
"""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...models import Stage
from ...stage_selectors import confirmed_cuts, stage_plan
from ...standings import services as standings_services
from ...standings.ranking.rows import number_text
from ...standings.ranking.tie_breaks import TIE_BREAKS
from ...standings.selectors.cut_review import cut_preview, cuts_changed, stage_description
from ...web.writes import service_write
from ..forms.stages import CutConfirmForm, CutUndoForm, StagesForm
from .common import console_page

SEED_LIMIT = 1_000_000  # a seed people can read out and type again


@console_page()
def stages(request, tournament):
    plan = stage_plan(tournament)
    form = StagesForm(request.POST or None, initial={"cuts": StagesForm.initial_text(plan)})
    if request.method == "POST" and form.is_valid():
        answer = service_write(
            request,
            lambda: standings_services.stages_set(
                tournament=tournament, cuts=form.cleaned_data["cuts"], user=request.user
            ),
            form=form,
            done=_("Stages saved."),
            then=reverse("console:stages", args=[tournament.slug]),
        )
        if answer is not None:
            return answer
    cuts = confirmed_cuts(tournament)
    context = {
        "tournament": tournament,
        "form": form,
        "stages": [
            (rule, stage_description(plan, rule.number), rule.number in cuts)
            for rule in plan.stages
        ],
        "changed": cuts_changed(tournament),
    }
    return render(request, "tournament/console/stages.html", context)


def _seed(request) -> int:
    try:
        seed = int(request.GET.get("seed", ""))
    except ValueError:
        return secrets.randbelow(SEED_LIMIT)
    return seed if 0 <= seed < 2**63 else secrets.randbelow(SEED_LIMIT)


def _preview(tournament, number: int, seed: int):
    try:
        return cut_preview(tournament, number, seed=seed)
    except Stage.DoesNotExist:
        raise Http404(_("This tournament has no stage %(number)s.") % {"number": number}) from None


@console_page()
def cut(request, tournament, number):
    preview = _preview(tournament, number, _seed(request))
    if request.method == "POST":
        form = CutConfirmForm(request.POST)
        if form.is_valid():
            return service_write(
                request,
                lambda: standings_services.cut_confirm(
                    tournament=tournament,
                    stage=number,
                    seed=form.cleaned_data["seed"],
                    user=request.user,
                ),
                done=_("Cut after round %(round)s confirmed; see the standings.")
                % {"round": preview.last_round},
                then=_cut_url(tournament, number),
            )
        messages.error(request, _("The preview's seed is missing: preview the cut again."))
    context = {
        "tournament": tournament,
        "preview": preview,
        "confirm_form": CutConfirmForm(initial={"seed": preview.seed}),
        "undo_form": CutUndoForm(),
        **_cut_rows(preview),
    }
    return render(request, "tournament/console/cut.html", context)


def _cut_rows(preview) -> dict:
    """The lines to show: the stored cut once confirmed, else the preview's."""
    lines = preview.confirmed or (preview.outcome.lines if preview.outcome else ())
    name, number = preview.names, preview.numbers
    rows = [
        {
            "position": line.position,
            "rank": line.rank,
            "name": name.get(line.player_id, "?"),
            "number": number.get(line.player_id),
            "score": line.score,
            "carried": line.carried,
            "lot": line.lot,
        }
        for line in lines
    ]
    tie = preview.outcome.tie if preview.outcome and not preview.confirmed else None
    return {
        "qualified": [row for row, line in zip(rows, lines, strict=True) if line.qualified],
        "cut_out": [row for row, line in zip(rows, lines, strict=True) if not line.qualified],
        # The pure ranking names a tie-break in English; its name is a msgid (`models.TIE_BREAKS`).
        "tie_keys": [_(TIE_BREAKS[key].name) for key in tie.keys] if tie else [],
        "tie_rows": [
            {
                "name": name.get(pid, "?"),
                "number": number.get(pid),
                "values": [number_text(value) for value in values],
                "lot": lot,
                "qualified": qualified,
            }
            for pid, values, lot, qualified in (tie.rows if tie else ())
        ],
        "drawn": any(line.lot for line in lines),
    }


@console_page()
@require_POST
def cut_undo(request, tournament, number):
    form = CutUndoForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Tick the box to undo the cut."))
        return redirect(_cut_url(tournament, number))
    return service_write(
        request,
        lambda: standings_services.cut_undo(tournament=tournament, stage=number, user=request.user),
        done=_cut_undone,
        then=_cut_url(tournament, number),
    )


def _cut_url(tournament, number: int) -> str:
    return reverse("console:cut", args=[tournament.slug, number])


def _cut_undone(removed: int) -> str:
    extra = (
        " " + _("%(count)s prepared round(s) of the next stage removed.") % {"count": removed}
        if removed
        else ""
    )
    return _("Cut undone.") + extra

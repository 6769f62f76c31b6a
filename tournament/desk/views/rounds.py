"""The desk's start: the round that is being played, and a round's tables with their state."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render

from ...models import Round, Session, Tournament
from ...play import selectors
from ...roles import judge_required


@judge_required
def home(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    rounds = list(tournament.rounds.all())
    if not rounds:
        messages.warning(request, "This tournament has no rounds yet.")
        return redirect("public:tournament_detail", slug=slug)
    open_rounds = [r for r in rounds if r.sessions.filter(status=Session.Status.OPEN).exists()]
    current = open_rounds[0] if open_rounds else rounds[-1]
    return redirect("desk:round_desk", slug=slug, round_number=current.number)


@judge_required
def round_desk(request, slug, round_number):
    round_ = get_object_or_404(
        Round.objects.select_related("tournament"), tournament__slug=slug, number=round_number
    )
    table = request.GET.get("table", "").strip()
    if table:
        if table.isdecimal() and round_.sessions.filter(table__number=int(table)).exists():
            return redirect(
                "desk:session_sheet",
                slug=slug,
                round_number=round_number,
                table_number=int(table),
            )
        messages.error(request, f"Round {round_number} has no table {table}.")
    context = {
        "tournament": round_.tournament,
        "round": round_,
        "rounds": round_.tournament.rounds.all(),
        "cards": selectors.round_desk(round_, viewer=request.user),
    }
    return render(request, "tournament/desk/round.html", context)

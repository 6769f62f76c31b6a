"""The desk's start: the round that is being played, and a round's tables with their state."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ...models import Round, Session, Tournament
from ...play import clock as play_clock
from ...play import selectors
from ...play.services import clock as clock_services
from ...roles import head_judge_required, judge_required


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
        "clock": play_clock.clock_of(round_),
    }
    return render(request, "tournament/desk/round.html", context)


def _whole_number(text: str) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdecimal() and len(text) < 6 else None


@head_judge_required
@require_POST
def round_clock(request, slug, round_number):
    """Start, pause, resume, extend (the round or one table) or stop the round clock."""
    round_ = get_object_or_404(
        Round.objects.select_related("tournament"), tournament__slug=slug, number=round_number
    )
    action = request.POST.get("action", "")
    minutes = _whole_number(request.POST.get("minutes", "")) or 0
    table = request.POST.get("table", "").strip()
    table_number = _whole_number(table)
    try:
        if table and table_number is None:
            raise ValidationError(f"{table!r} is not a table number.")
        clock_services.round_clock_control(
            round_=round_,
            action=action,
            minutes=minutes,
            table_number=table_number,
            user=request.user,
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, f"Round {round_number} clock: {action}.")
    return redirect("desk:round_desk", slug=slug, round_number=round_number)

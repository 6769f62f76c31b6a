"""Organiser pages for seating: generate, swap, publish (the public lists are in `public`).

Writes go through :mod:`.services`; only organisers (`tournament.roles`) may use them.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ..event import selectors as event_selectors
from ..models import Round, Tournament
from ..names import player_names
from ..play.selectors import round_is_opened
from ..roles import organiser_required
from . import services as seating_services
from .forms import GenerateSeatingForm, SwapSeatsForm
from .selectors import rounds_seating_report, tournament_seating_report

SHOWN_ROWS = 200  # long lists (same-country pairs at a 400-player event) are cut on the page


@organiser_required
def seating_overview(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    rounds = list(tournament.rounds.all())
    form = GenerateSeatingForm(
        request.POST or None, initial={"total_rounds": max(len(rounds), 1), "seed": 0}
    )
    if request.method == "POST" and form.is_valid():
        try:
            plan = seating_services.seating_generate(tournament=tournament, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, plan.describe())
            return redirect("seating:seating_overview", slug=slug)
    report = tournament_seating_report(tournament)
    kept = [r for r in rounds if r.seating_published or round_is_opened(r)]
    last_kept = kept[-1].number if kept else 0
    players = player_names(tournament)  # labels and the family order
    names = {pid: players.label(pid) for pid in players.people}
    separation = _separation_rows(report, names)
    context = {
        "tournament": tournament,
        "rounds": [(r, round_is_opened(r)) for r in rounds],
        "form": form,
        "report": report,
        "published_report": rounds_seating_report(tournament, kept),
        "last_kept": last_kept,
        # Rounds prepared after the last published (or played) one: regenerated on their own.
        "prepared": [r.number for r in rounds if r.number > last_kept],
        "repeat_pairs": [
            (names.get(a, a), names.get(b, b), count)
            for (a, b), count in list(report.repeat_pairs.items())[:SHOWN_ROWS]
        ],
        "wind_spread_over_1": [
            (names.get(pid, pid), spread)
            for pid, spread in players.ordered(report.wind_spread.items(), lambda item: item[0])
            if spread > 1
        ][:SHOWN_ROWS],
        "separation_meetings": separation[:SHOWN_ROWS],
        "separation_count": len(separation),
        "byes": [
            (names.get(pid, pid), count)
            for pid, count in players.ordered(report.byes.items(), lambda item: item[0])
        ],
        "same_table_repeats": [
            (number, names.get(pid, pid), table) for number, pid, table in report.same_table_repeats
        ],
    }
    return render(request, "tournament/seating/seating_overview.html", context)


def _separation_rows(report, names) -> list[tuple[int, int, str, str, str]]:
    """One row per pair at a table, with what they share ("club, country")."""
    shared: dict[tuple[int, int, int, int], list[str]] = {}
    for number, table, a, b, kind in report.separation_meetings:
        shared.setdefault((number, table, a, b), []).append(kind)
    return [
        (number, table, names.get(a, a), names.get(b, b), ", ".join(kinds))
        for (number, table, a, b), kinds in shared.items()
    ]


@organiser_required
def seating_round(request, slug, number):
    round_ = get_object_or_404(Round, tournament__slug=slug, number=number)
    form = SwapSeatsForm(request.POST or None, round_=round_)
    if request.method == "POST" and form.is_valid():
        try:
            seating_services.seating_swap(round_=round_, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            first, second = (form.label_of(form.cleaned_data[key]) for key in ("first", "second"))
            messages.success(request, f"Swapped {first} and {second}. Publish again when ready.")
            return redirect("seating:seating_round", slug=slug, number=number)
    context = {
        "tournament": round_.tournament,
        "round": round_,
        "played": round_is_opened(round_),
        "tables": event_selectors.round_tables(round_),
        "byes": event_selectors.round_byes(round_),
        "form": form,
    }
    return render(request, "tournament/seating/seating_round.html", context)


@organiser_required
@require_POST
def seating_publish(request, slug, number):
    round_ = get_object_or_404(Round, tournament__slug=slug, number=number)
    publish = request.POST.get("publish") == "1"
    try:
        seating_services.seating_publish(round_=round_, published=publish)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        state = "published" if publish else "withdrawn from the public pages"
        messages.success(request, f"Round {round_.number} seating {state}.")
    return redirect("seating:seating_round", slug=slug, number=number)

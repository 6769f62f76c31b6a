"""Organiser pages for seating (generate, swap, publish) and the public seating lists.

Writes go through :mod:`tournament.seating_services`; only organisers (superusers or users
with the ``tournament.change_seat`` permission) may use them.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from . import seating_services, selectors
from .models import Round, Seat, Tournament
from .seating_forms import GenerateSeatingForm, SwapSeatsForm


def can_organise(user) -> bool:
    return user.is_authenticated and (user.is_superuser or user.has_perm("tournament.change_seat"))


def organiser_required(view):
    @login_required
    def wrapped(request, *args, **kwargs):
        if not can_organise(request.user):
            raise PermissionDenied("Only organisers can change the seating.")
        return view(request, *args, **kwargs)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


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
            messages.success(
                request,
                f"Seated round(s) {', '.join(map(str, plan.seated_rounds))}: "
                f"{plan.report.repeat_meetings} repeat meeting(s), wind spread at most "
                f"{plan.report.max_wind_spread}. Check them, then publish each round.",
            )
            return redirect("seating_overview", slug=slug)
    report = seating_services.tournament_seating_report(tournament)
    names = dict(tournament.registrations.values_list("player_id", "player__name"))
    context = {
        "tournament": tournament,
        "rounds": [(r, seating_services.round_is_played(r)) for r in rounds],
        "form": form,
        "report": report,
        "repeat_pairs": [
            (names.get(a, a), names.get(b, b), count)
            for (a, b), count in report.repeat_pairs.items()
        ],
        "wind_spread_over_1": sorted(
            (names.get(pid, pid), spread)
            for pid, spread in report.wind_spread.items()
            if spread > 1
        ),
        "separation_meetings": _separation_rows(report, names),
        "same_table_repeats": [
            (number, names.get(pid, pid), table) for number, pid, table in report.same_table_repeats
        ],
    }
    return render(request, "tournament/seating_overview.html", context)


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
            first, second = form.cleaned_data["first"], form.cleaned_data["second"]
            messages.success(request, f"Swapped {first} and {second}. Publish again when ready.")
            return redirect("seating_round", slug=slug, number=number)
    context = {
        "tournament": round_.tournament,
        "round": round_,
        "played": seating_services.round_is_played(round_),
        "tables": selectors.round_tables(round_),
        "form": form,
    }
    return render(request, "tournament/seating_round.html", context)


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
    return redirect("seating_round", slug=slug, number=number)


def seating_by_player(request, slug, number):
    """The public alphabetical seating list of a round (published rounds only)."""
    round_ = get_object_or_404(
        Round.objects.select_related("tournament"), tournament__slug=slug, number=number
    )
    visible = round_.seating_published or can_organise(request.user)
    seats = (
        Seat.objects.filter(round=round_).select_related("player", "table").order_by("player__name")
        if visible
        else Seat.objects.none()
    )
    return render(
        request,
        "tournament/seating_by_player.html",
        {"tournament": round_.tournament, "round": round_, "seats": seats, "visible": visible},
    )

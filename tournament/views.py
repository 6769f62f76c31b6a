"""Public pages: tournament overview, players, rounds with seating, tables, standings.

Views stay thin: they fetch through selectors and render; nothing here writes.
"""

from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from . import selectors
from .models import Registration, Round, Tournament
from .tables import RegistrationTable, StandingsTable


def home(request):
    paginator = Paginator(selectors.public_tournaments(), 20)
    page = paginator.get_page(request.GET.get("page"))
    return render(request, "tournament/home.html", {"page": page})


def tournament_detail(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    context = {
        "tournament": tournament,
        "rounds": tournament.rounds.all(),
        "player_count": tournament.registrations.filter(status=Registration.Status.ACTIVE).count(),
        "table_count": tournament.tables.count(),
    }
    return render(request, "tournament/tournament_detail.html", context)


def player_list(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    registrations = tournament.registrations.select_related("player")
    query = request.GET.get("q", "").strip()
    if query:
        registrations = registrations.filter(
            Q(player__name__icontains=query)
            | Q(player__chinese_name__icontains=query)
            | Q(player__country__icontains=query)
            | Q(player__club__icontains=query)
            | Q(player__external_id__iexact=query)
        )
    table = RegistrationTable(registrations)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "tournament/player_list.html",
        {"tournament": tournament, "table": table, "query": query},
    )


def round_list(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    return render(
        request,
        "tournament/round_list.html",
        {"tournament": tournament, "rounds": tournament.rounds.all()},
    )


def round_detail(request, slug, number):
    round_ = get_object_or_404(
        Round.objects.select_related("tournament"), tournament__slug=slug, number=number
    )
    show_seating = round_.seating_published or request.user.is_staff
    context = {
        "tournament": round_.tournament,
        "round": round_,
        "show_seating": show_seating,
        "tables": selectors.round_tables(round_) if show_seating else [],
    }
    return render(request, "tournament/round_detail.html", context)


def table_list(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    return render(
        request,
        "tournament/table_list.html",
        {"tournament": tournament, "tables": tournament.tables.all()},
    )


def standings(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.results_public and not request.user.is_staff:
        raise Http404("The results of this tournament are not public.")
    table = StandingsTable(selectors.standings(tournament))
    RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return render(request, "tournament/standings.html", {"tournament": tournament, "table": table})


def page_not_found(request, exception):
    return render(request, "404.html", status=404)


def server_error(request):
    return render(request, "500.html", status=500)

"""Public pages: tournament overview, players, rounds with seating, tables, standings.

Each view is wrapped in `public_page(rule)` (`tournament.release`), which loads the tournament,
refuses what its rule holds back and hands the tournament over; the view reads through
selectors and renders, asking `release` only whether a round's seating is out. Nothing here
writes. A round's page is a live page (`live_template`). The error pages (403, 404, 500) live
here too.
"""

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from ...event.selectors.countries import country_names
from ...event.selectors.roster import active_player_count, public_roster
from ...event.selectors.seats import round_byes, round_seats_by_player, round_tables
from ...event.selectors.tournaments import public_tournaments
from ...models import Round
from ...names import player_names
from ...play import clock as play_clock
from ...release import Rule, player_page_visible, public_page, seating_visible
from ..tables import RegistrationTable, table_paginate, table_query


def live_template(request, template: str) -> str:
    """The template of a live page, or of its live fragment (``<name>_body.html``) for the
    htmx request that fetches it again (`tournament.templatetags.live`)."""
    return template.replace(".html", "_body.html") if request.htmx else template


def round_or_404(tournament, number: int) -> Round:
    """Round ``number`` of the loaded tournament (which it carries, so it is not read again)."""
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    return round_


@public_page(Rule.ALWAYS)
def home(request):
    paginator = Paginator(public_tournaments(request.user), 20)
    page = paginator.get_page(request.GET.get("page"))
    return render(request, "tournament/public/home.html", {"page": page})


@public_page(Rule.ALWAYS)
def tournament_detail(request, tournament):
    context = {
        "tournament": tournament,
        "rounds": tournament.rounds.all(),
        "player_count": active_player_count(tournament),
        "table_count": tournament.tables.count(),
    }
    return render(request, "tournament/public/tournament_detail.html", context)


@public_page(Rule.ALWAYS, query=table_query(RegistrationTable))
def player_list(request, tournament):
    # A NUL cannot reach PostgreSQL in a string; nobody types one, so it is dropped.
    query = request.GET.get("q", "").replace("\x00", "").strip()[:100]
    roster = public_roster(tournament, query)
    names = player_names(tournament)
    table = RegistrationTable(
        RegistrationTable.rows(roster, names, country_names()),
        slug=tournament.slug,
        link_players=player_page_visible(request.user, tournament),
    )
    table_paginate(request, table, per_page=50)
    return render(
        request,
        "tournament/public/player_list.html",
        {"tournament": tournament, "table": table, "query": query},
    )


@public_page(Rule.ALWAYS)
def round_list(request, tournament):
    return render(
        request,
        "tournament/public/round_list.html",
        {"tournament": tournament, "rounds": tournament.rounds.all()},
    )


@public_page(Rule.SEATING)
def round_detail(request, tournament, number):
    round_ = round_or_404(tournament, number)
    show_seating = seating_visible(request.user, round_)
    names = player_names(round_.tournament_id) if show_seating else None
    context = {
        "tournament": round_.tournament,
        "round": round_,
        "show_seating": show_seating,
        "tables": round_tables(round_, names) if show_seating else [],
        "byes": round_byes(round_, names) if show_seating else [],
        "clock": play_clock.clock_of(round_),
    }
    return render(request, live_template(request, "tournament/public/round_detail.html"), context)


@public_page(Rule.SEATING)
def seating_by_player(request, tournament, number):
    """The seating list of a round by player, in name order ("where do I sit?"; family-name
    order on English pages, `names.name_key`)."""
    round_ = round_or_404(tournament, number)
    visible = seating_visible(request.user, round_)
    names = player_names(round_.tournament_id) if visible else None
    seats = round_seats_by_player(round_, names) if visible else []
    byes = round_byes(round_, names) if visible else []
    return render(
        request,
        "tournament/public/seating_by_player.html",
        {
            "tournament": round_.tournament,
            "round": round_,
            "seats": seats,
            "visible": visible,
            "places": names.name_ordered([*seats, *byes]) if visible else [],
        },
    )


@public_page(Rule.ALWAYS)
def table_list(request, tournament):
    return render(
        request,
        "tournament/public/table_list.html",
        {"tournament": tournament, "tables": tournament.tables.all()},
    )


def permission_denied(request, exception):
    """A 403 that says why (the reason the server gave) and offers a way back."""
    reason = str(exception) if exception is not None and str(exception) else ""
    back = request.META.get("HTTP_REFERER", "")
    if not back or not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = ""
    context = {"reason": reason or _("You do not have the role this page needs."), "back": back}
    return render(request, "403.html", context, status=403)


def page_not_found(request, exception):
    return render(request, "404.html", status=404)


def server_error(request):
    return render(request, "500.html", status=500)

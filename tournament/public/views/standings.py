"""Public pages of results: the standings, a player's page, a round's results, the countries.

Each declares its release rule and `public_page` enforces it (404 with the reason): the
standings and countries need released standings, a player's page released results. A round's
results are judged per round (`release.round_results_visible`: silent rounds, results held
until reconciled) and the page says what is not public yet. Officials see everything. The
standings and a round's results are live pages: an htmx request gets their live fragment alone
(`live_template`).
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from ... import release
from ...models import Tournament
from ...play import clock as play_clock
from ...release import Rule, public_page
from ...standings.chart import cumulative_chart
from ...standings.ranking.rows import number_text
from ...standings.selectors.board import Board, board_for_viewer, countries
from ...standings.selectors.player_card import player_card_seen
from ...standings.selectors.provisional import provisional
from ...standings.selectors.round_results import round_results as table_results
from ...statistics.selectors.released import statistics_visible
from ...winds import WIND_NAMES
from ..rows_html import hand_rows_html
from ..tables import StandingsTable, table_paginate, table_query
from .pages import live_template, round_or_404

PER_PAGE = 100


def public_board(request, tournament: Tournament) -> Board:
    return board_for_viewer(request.user, tournament)


def _search(rows, query: str):
    query = query.casefold()
    return [
        row
        for row in rows
        if query in row.name.casefold()
        or query in row.entrant.country.casefold()
        or query in row.entrant.club.casefold()
    ]


def _common(request, tournament, board_=None) -> dict:
    return {
        "tournament": tournament,
        "board": board_,
        "release_note": release.release_note(request.user, tournament),
    }


@public_page(Rule.STANDINGS, query=table_query(StandingsTable))
def standings(request, tournament):
    board_ = public_board(request, tournament)
    query = request.GET.get("q", "").strip()
    rows = _search(board_.rows, query) if query else list(board_.rows)  # the table sorts it
    table = StandingsTable(
        rows,
        slug=tournament.slug,
        match_points=board_.uses_match_points,
        link_players=release.player_page_visible(request.user, tournament),
        provisional=board_.provisional,
        carried=board_.shows_carried,
    )
    table_paginate(request, table, per_page=PER_PAGE)
    context = _common(request, tournament, board_) | {"table": table, "query": query}
    return render(request, live_template(request, "tournament/public/standings.html"), context)


@public_page(Rule.STANDINGS)
def country_list(request, tournament):
    board_ = public_board(request, tournament)
    context = _common(request, tournament, board_) | {"countries": countries(board_)}
    return render(request, "tournament/public/country_list.html", context)


@public_page(Rule.RESULTS)
def player_detail(request, tournament, player_id):
    card = player_card_seen(request.user, tournament, player_id)
    if card is None:
        raise Http404(_("No such player in this tournament."))
    limit = card.board.round_limit
    rounds = limit if limit is not None else tournament.rounds.count()
    session_rows = [
        {
            "round_number": p.round_number,
            "table_number": p.table_number,
            "half": p.half,
            "wind_name": WIND_NAMES.get(p.wind, p.wind),  # translated on the page
            "score": p.score,
            "place_text": number_text(p.place),
            "match_text": number_text(p.match_points),
        }
        for p in sorted(card.standing.sessions, key=lambda p: (p.round_number, p.half))
    ]
    context = _common(request, tournament, card.board) | {
        "card": card,
        "standing": card.standing,
        "session_rows": session_rows,
        "places": card.places,
        "match_points_text": number_text(card.standing.match_points),
        "chart": cumulative_chart(card.standing.cumulative_by_round(), rounds),
        "hand_rows": hand_rows_html(card.hands),
        "show_rank": release.standings_visible(request.user, tournament),
    }
    if statistics_visible(request.user, tournament):  # asked for once the page shows
        context["statistics_url"] = reverse(
            "public:player_statistics", args=[tournament.slug, player_id]
        )
    return render(request, "tournament/public/player_detail.html", context)


@public_page(Rule.RESULTS, per_round=True)
def round_results(request, tournament, number):
    round_ = round_or_404(tournament, number)
    visible = release.round_results_visible(request.user, round_)
    context = _common(request, tournament) | {
        "round": round_,
        "visible": visible,
        "tables": table_results(round_) if visible else [],
        "provisional": provisional(tournament).unreconciled.get(round_.number, []),
        "clock": play_clock.clock_of(round_),
    }
    return render(request, live_template(request, "tournament/public/round_results.html"), context)

"""A tournament's rounds: the list, a round's seating (tables, seats, winds, byes) and a round's
results by table, as the rounds, round and round results pages show them.

A round seated by the standings (or Swiss) gives each seat its player's rank going in, while
the viewer may see the standings after the round before (null otherwise).

A round's seating is refused until it is published (`release.rule_refusal` with
``Rule.SEATING``, the wording of the seating printouts), and a round's results while they are
not public: the tournament's results held back, a silent round, or results held until every
card is reconciled (``Rule.RESULTS`` judged per round). Officials see everything. Where the
page says "not published yet", the API answers 404 with that reason.
"""

from __future__ import annotations

from django.http import Http404
from rest_framework.response import Response

from ... import release
from ...event.selectors.seats import round_byes, round_tables
from ...names import player_names
from ...play import clock as play_clock
from ...release import Rule
from ...roles import is_official
from ...seating.ranking_selectors import ranks_going_in
from ...standings.selectors.provisional import provisional
from ...standings.selectors.round_results import round_results as table_results
from .. import serializers
from .common import PAGING_QUERY, Pages, api_page, round_of


@api_page(Rule.ALWAYS, response=serializers.RoundList, query=PAGING_QUERY)
def round_list(request, tournament):
    """The tournament's rounds: number, status and whether the seating is published."""
    rounds = list(tournament.rounds.all())
    context = {
        "request": request,
        "results": release.results_visible(request.user, tournament),
        "official": is_official(request.user, tournament),
    }
    page = Pages(page_size=100).envelope(rounds, request)
    return Response(serializers.RoundList(page, context=context).data)


@api_page(Rule.SEATING, response=serializers.Round)
def round_detail(request, tournament, number):
    """A round's seating: each table's four seats (starting wind, player) in wind order, the
    second half's tables after a table change, and the players sitting the round out."""
    round_ = round_of(tournament, number)
    refusal = release.rule_refusal(Rule.SEATING, request.user, tournament, round_)
    if refusal:
        raise Http404(refusal)
    names = player_names(tournament, "en")  # data: romanised in every language
    round_.clock = play_clock.clock_of(round_)
    round_.tables = round_tables(round_, names)
    round_.byes = round_byes(round_, names)
    ranks = _ranks_seen(request.user, tournament, round_)
    for table in round_.tables:
        for seat in table["seats"]:
            seat.rank = ranks.get(seat.player_id, (None,))[0]
    context = {
        "request": request,
        "results": release.results_visible(request.user, tournament),
    }
    return Response(serializers.Round(round_, context=context).data)


def _ranks_seen(user, tournament, round_) -> dict[int, tuple[str, int]]:
    """The ranks going into ``round_``, when it is seated by the standings and the viewer may
    see the standings after the round before it (else none)."""
    if not round_.by_standings or not release.standings_visible(user, tournament):
        return {}
    limit = release.counted_round_limit(user, tournament)
    if limit is not None and limit < round_.number - 1:
        return {}
    return ranks_going_in(tournament, round_.number)


@api_page(Rule.RESULTS, response=serializers.RoundResults)
def round_results(request, tournament, number):
    """A round's results: each table's players with their session score, place and match
    points; tables whose score card is not reconciled yet are listed as provisional."""
    round_ = round_of(tournament, number)
    refusal = release.rule_refusal(Rule.RESULTS, request.user, tournament, round_)
    if refusal:
        raise Http404(refusal)
    results = {
        "round": round_,
        "unreconciled_tables": provisional(tournament).unreconciled.get(round_.number, []),
        "tables": table_results(round_),
    }
    context = {"request": request, "match_points": tournament.use_match_points}
    return Response(serializers.RoundResults(results, context=context).data)

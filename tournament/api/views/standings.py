"""The standings and a player's page, as JSON: the same board and the same player card as the
pages (`standings.selectors.board.board_for_viewer`, `player_card`), so silent rounds, withdrawn
players left out, stages and cuts, provisional rows and the hands awaiting a blind second
entry are exactly what the pages show the same viewer.

The standings need released standings and a player's page released results (404 with the
reason otherwise); officials see everything.
"""

from __future__ import annotations

from collections import defaultdict

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext
from rest_framework.response import Response

from ... import release
from ...release import Rule
from ...standings.selectors.board import board_for_viewer
from ...standings.selectors.player_card import player_card_seen
from .. import serializers
from .common import PAGING, PAGING_QUERY, Pages, api_page


@api_page(Rule.STANDINGS, response=serializers.StandingsPage, parameters=PAGING, query=PAGING_QUERY)
def standings(request, tournament):
    """The ranked standings, a page at a time (100 rows unless ``page_size`` says otherwise):
    the top of the standings is the first page (``?page_size=8``)."""
    board = board_for_viewer(request.user, tournament)
    page = Pages(page_size=100).envelope(
        list(board.rows),
        request,
        stage=board.stage,
        stages=board.stages,
        counted_rounds=board.round_limit,
        ranked_by=board.rules.rank_by,
        match_points=board.rules.match_points,
        provisional={"active": board.provisional.active, "summary": board.provisional.summary()},
        page=request.build_absolute_uri(reverse("public:standings", args=[tournament.slug])),
    )
    context = {
        "request": request,
        "board": board,
        "slug": tournament.slug,
        "match_points": board.uses_match_points,
        "link_players": release.player_page_visible(request.user, tournament),
    }
    return Response(serializers.StandingsPage(page, context=context).data)


@api_page(Rule.RESULTS, response=serializers.Player)
def player_detail(request, tournament, player_id):
    """A player's page: their standing, their seat in every published round, and per counted
    round their sessions (score, place, match points) and every hand they won or paid on."""
    card = player_card_seen(request.user, tournament, player_id)
    if card is None:
        raise Http404(gettext("No such player in this tournament."))
    rounds: dict[int, dict] = defaultdict(lambda: {"sessions": [], "hands": []})
    for placing in sorted(card.standing.sessions, key=lambda p: (p.round_number, p.half)):
        rounds[placing.round_number]["sessions"].append(placing)
    for hand in card.hands:
        rounds[hand.round_number]["hands"].append(hand)
    player = {
        "standing": card.standing,
        "rank": card.standing.rank if release.standings_visible(request.user, tournament) else None,
        "provisional": card.board.provisional.row_note(player_id),
        "counted_rounds": card.board.round_limit,
        "seats": card.places,
        "rounds": [{"number": number, **rounds[number]} for number in sorted(rounds)],
        "penalties": card.penalties,
    }
    context = {
        "request": request,
        "slug": tournament.slug,
        "match_points": card.board.uses_match_points,
    }
    return Response(serializers.Player(player, context=context).data)

"""The event's statistics as JSON: the same figures as the Statistics page
(`statistics.selectors.event.statistics_seen`), so silent rounds and the hands awaiting a blind
second entry are left out exactly as there. It needs released results (404 with the reason
otherwise); officials see every round."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework.response import Response

from ...release import Rule
from ...statistics.selectors.event import statistics_seen
from ...statistics.selectors.player import player_statistics_seen
from .. import serializers
from ..serializers.statistics import event_statistics_data, player_statistics_data
from .common import api_page


@api_page(Rule.RESULTS, response=serializers.EventStatistics)
def statistics(request, tournament):
    """Hands, draws and false wins per round, the hand values by bin, every pattern's count and
    share of wins, the big hands with their tiles, the figures by country and the event's
    rates."""
    figures = statistics_seen(request.user, tournament)
    context = {"request": request, "slug": tournament.slug}
    return Response(
        serializers.EventStatistics(event_statistics_data(figures), context=context).data
    )


@api_page(Rule.RESULTS, response=serializers.PlayerStatistics)
def player_statistics(request, tournament, player_id):
    """One player's figures beside the event's: hands played, wins by type, deal-ins and their
    cost, false wins, draws, largest hand, patterns by count, place after each round while the
    standings are public. Its own address: the event's figures it stands beside are built again
    after each write, which would cost more than the rest of the player's answer."""
    stats = player_statistics_seen(request.user, tournament, player_id)
    if stats is None:
        raise Http404(_("No such player in this tournament."))
    return Response(serializers.PlayerStatistics(player_statistics_data(stats)).data)

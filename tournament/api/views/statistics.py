"""The event's statistics as JSON: the same figures as the Statistics page
(`statistics.selectors.event.statistics_seen`), so silent rounds and the hands awaiting a blind
second entry are left out exactly as there. It needs released results (404 with the reason
otherwise); officials see every round."""

from __future__ import annotations

from rest_framework.response import Response

from ...release import Rule
from ...statistics.selectors.event import statistics_seen
from .. import serializers
from ..serializers.statistics import event_statistics_data
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

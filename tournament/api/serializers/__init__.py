"""The public API's answers, field by field: what each endpoint returns and, through
drf-spectacular, its OpenAPI schema, by family as the views (`common` holds what they share).
Nothing here reads the database: the views hand over what the selectors read, as the pages'
templates receive it."""

from .common import Problem
from .rounds import Round, RoundList, RoundResults
from .standings import Player, StandingsPage
from .statistics import EventStatistics, PlayerStatistics
from .tournaments import PlayerPage, Root, Tournament, TournamentPage

__all__ = [
    "EventStatistics",
    "PlayerStatistics",
    "Player",
    "PlayerPage",
    "Problem",
    "Root",
    "Round",
    "RoundList",
    "RoundResults",
    "StandingsPage",
    "Tournament",
    "TournamentPage",
]

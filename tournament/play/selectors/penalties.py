"""Reads of play: the penalties and warnings on record, and the presets they come from.

Vocabulary
----------
penalty         points an official takes from a player (`Penalty`; what it does to the
                session's totals: `play.penalties`, RULINGS R13), in a session or outside any.
warning         a penalty of 0 points under a preset's *warning first* (`play.penalties`);
                the desk shows a session's players' warnings before a penalty is given.
preset          a named penalty the organiser keeps (`PenaltyPreset`); ``used`` counts the
                penalties and warnings recorded from it.
"""

from __future__ import annotations

from django.db.models import Count

from ...models import Penalty, PenaltyPreset, Seat
from ...names import player_names


def penalty_presets(tournament) -> list[PenaltyPreset]:
    """The tournament's penalty presets in the desk's order, each with ``used``: how many
    penalties and warnings were recorded from it."""
    return list(
        PenaltyPreset.objects.filter(tournament=tournament)
        .annotate(used=Count("penalties"))
        .order_by("position", "name")
    )


def warnings_of(session) -> list[Penalty]:
    """The warnings (see `play.penalties`) on record for the players of ``session``, in any
    session of the tournament, newest first: the desk shows them before a penalty is given."""
    players = Seat.objects.filter(round=session.round_id, table=session.table_id).values("player")
    return list(
        Penalty.objects.filter(
            tournament_id=session.round.tournament_id, warning=True, player__in=players
        )
        .select_related("player", "preset", "session__round", "session__table")
        .order_by("-created_at")
    )


def tournament_penalties(tournament) -> list[Penalty]:
    """Every penalty of ``tournament``, newest first, each with its player's ``label``."""
    penalties = list(
        Penalty.objects.filter(tournament=tournament)
        .select_related("player", "session__table", "session__round")
        .order_by("-created_at")
    )
    names = player_names(tournament)
    for penalty in penalties:
        penalty.label = names.label(penalty.player_id, penalty.player.name)
    return penalties

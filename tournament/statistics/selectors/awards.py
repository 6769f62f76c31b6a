"""Reads of the awards: the tournament's awards and their winners, computed from the figures
the public may count (`event.event_statistics` up to the public round limit) and the final
places of the standings the public sees, so that a published award never shows what a silent
round holds back.

Vocabulary
----------
award line      `AwardLine`: an award with its result (`statistics.awards.AwardResult`).
people          what the awards need beyond the figures (`statistics.awards.Person`): each
                player's country and club (the roster) and whether they are a newcomer (no
                registration in a tournament that started earlier); two queries.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import release
from ...models import Award, Registration, Tournament
from ...standings.selectors.board import board_seen
from ...standings.selectors.inputs import entrants
from .. import awards as a
from ..figures import EventFigures
from .event import event_statistics


@dataclass(frozen=True)
class AwardLine:
    award: Award
    result: a.AwardResult


def award_rule(award: Award) -> a.AwardRule:
    return a.AwardRule(
        kind=award.kind,
        title=award.title,
        tie_rule=award.tie_rule,
        min_sessions=award.min_sessions,
        category=award.category,
        category_value=award.category_value,
    )


def award_people(tournament: Tournament) -> dict[int, a.Person]:
    """See *people*."""
    earlier = set(
        Registration.objects.filter(
            player__registrations__tournament=tournament,
            tournament__start_date__lt=tournament.start_date,
        )
        .order_by()
        .values_list("player_id", flat=True)
    )
    return {
        entrant.player_id: a.Person(
            country=entrant.country,
            club=entrant.club,
            newcomer=entrant.player_id not in earlier,
        )
        for entrant in entrants(tournament)
    }


def awards_figures(tournament: Tournament) -> EventFigures:
    """The figures the awards are decided on: the public's (silent rounds left out)."""
    return event_statistics(
        tournament,
        round_limit=release.public_round_limit(tournament),
        last_write=tournament.last_write,
    )


def award_lines(tournament: Tournament, *, published_only: bool) -> list[AwardLine]:
    """The tournament's awards in order (only the published ones when ``published_only``),
    each with its winners."""
    awards = list(Award.objects.filter(tournament=tournament))
    if published_only:
        awards = [award for award in awards if award.published]
    if not awards:
        return []
    figures = awards_figures(tournament)
    people = award_people(tournament)
    board = board_seen(tournament, official=False, last_write=tournament.last_write)
    places = {row.player_id: row.place for row in board.rows}
    return [
        AwardLine(award, a.award_result(award_rule(award), figures, people, places))
        for award in awards
    ]

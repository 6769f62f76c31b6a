"""Reads of the console that join several domain packages: the dashboard's facts (the roster
from `event`, what is played from `play`, what is seated from the rounds).

Vocabulary: see `tournament.event.steps` (event facts, the next step). The *current round* is
the last played round while it still has sessions open or closed but not reconciled; once they
are all reconciled, the next round is the one to prepare. Every read here takes a fixed number
of queries whatever the number of rounds, players or hands.
"""

from __future__ import annotations

from django.db.models import Count

from ..event.selectors.roll_call import checked_in_player_ids
from ..event.selectors.roster import active_player_count
from ..event.steps import EventFacts
from ..models import Registration, Round, Seat, Session, StageCut, Tournament
from ..play.selectors.rounds import round_progress
from ..stage_selectors import stage_plan


def event_facts(tournament: Tournament) -> tuple[EventFacts, list[Round]]:
    """The facts the dashboard's next step is read from, and the tournament's rounds."""
    rounds = list(tournament.rounds.all())
    played = sorted(round_progress(tournament).played)
    last_played = next((r for r in rounds if played and r.number == played[-1]), None)
    by_number = {r.number: r for r in rounds}
    current = last_played
    sessions: dict[str, int] = {}
    if current is not None:
        sessions = dict(
            Session.objects.filter(round=current)
            .values_list("status")
            .annotate(count=Count("pk"))
            .values_list("status", "count")
        )
        if not sessions.get(Session.Status.OPEN) and not sessions.get(Session.Status.CLOSED):
            current = None
    number = current.number if current else (last_played.number + 1 if last_played else 1)
    upcoming = by_number.get(number)
    facts = EventFacts(
        players=active_player_count(tournament),
        next_round=number,
        checked_in=len(checked_in_player_ids(tournament, number)),
        next_round_seated=bool(upcoming and Seat.objects.filter(round=upcoming).exists()),
        next_round_published=bool(upcoming and upcoming.seating_published),
        next_round_played=current is not None,
        open_sessions=sessions.get(Session.Status.OPEN, 0),
        unreconciled_sessions=sessions.get(Session.Status.CLOSED, 0),
        cut_after=None if current is not None else _cut_pending_after(tournament, number - 1),
    )
    return facts, rounds


def _cut_pending_after(tournament: Tournament, last_round: int) -> int | None:
    """``last_round`` when a stage with a cut ends with it and that cut is not confirmed."""
    rule = next((r for r in stage_plan(tournament).cuts if r.last_round == last_round), None)
    if rule is None or last_round < 1:
        return None
    confirmed = StageCut.objects.filter(stage__tournament=tournament, stage__number=rule.number)
    return None if confirmed.exists() else last_round


def withdrawn_count(tournament: Tournament) -> int:
    return tournament.registrations.filter(status=Registration.Status.WITHDRAWN).count()

"""Roster changes that reseat: withdraw, reinstate, substitute.

Vocabulary: a *roster change* reseats the seated rounds not yet played, from the round it takes
effect on (`roster_withdraw`, `roster_reinstate`, `roster_substitute`); *played* rounds never
change. The *first open round* is the one after the last played round.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ...audit import public_write
from ...event.services.registrations import (
    registration_add,
    registration_reinstate,
    registration_withdraw,
)
from ...models import Registration, Tournament
from ...play.selectors.rounds import round_progress
from .one_round import seating_round_generate


def _reseat_from(tournament: Tournament, from_round: int) -> tuple[int, ...]:
    """Reseat every seated round from ``from_round`` on, one after another (byes when the
    count is not a multiple of 4); refuse when one of them is played."""
    rounds = list(tournament.rounds.filter(number__gte=from_round).order_by("number"))
    played = sorted(round_progress(tournament).played & {r.number for r in rounds})
    if played:
        raise ValidationError(
            gettext(
                "Round %(number)s is already played and never changes: choose round "
                "%(next)s or later."
            )
            % {"number": played[-1], "next": played[-1] + 1}
        )
    reseated = []
    for round_ in rounds:
        if round_.seats.exists():
            seating_round_generate(tournament=tournament, number=round_.number, odd_players="byes")
            reseated.append(round_.number)
    return tuple(reseated)


@public_write
def roster_withdraw(*, registration: Registration, from_round: int, user=None) -> tuple[int, ...]:
    """Withdraw a player from round ``from_round`` on and reseat the seated rounds not yet
    played from there; returns the round numbers reseated."""
    registration_withdraw(registration=registration, from_round=from_round, user=user)
    return _reseat_from(registration.tournament, from_round)


def _first_open_round(tournament: Tournament) -> int:
    return max(round_progress(tournament).played, default=0) + 1


@public_write
def roster_reinstate(*, registration: Registration, user=None) -> tuple[int, ...]:
    """Bring a withdrawn player back and reseat the rounds not yet played."""
    registration_reinstate(registration=registration, user=user)
    return _reseat_from(registration.tournament, _first_open_round(registration.tournament))


@public_write
def roster_substitute(
    *, tournament: Tournament, reseat: bool = True, user=None, **player
) -> Registration:
    """Register a substitute, present for the next round to play; with ``reseat``, the seated
    rounds not yet played are seated again with them."""
    first_open = _first_open_round(tournament)
    roll_call_started = tournament.registrations.filter(checked_in_round=first_open).exists()
    registration = registration_add(
        tournament=tournament,
        is_substitute=True,
        checked_in_round=first_open if roll_call_started else None,
        user=user,
        **player,
    )
    if reseat:
        _reseat_from(tournament, first_open)
    return registration

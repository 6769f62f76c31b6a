"""What every printout reads: the seated rounds, the players' numbers, absolute addresses for
the QR codes, the winds' names, and the counts a printout's length follows.

Vocabulary
----------
address         an absolute web address printed as a QR code: ``base_url`` (the site, e.g.
                ``https://zj.example.org``) joined with a path from ``reverse``.
seated round    a round with at least one seat; printouts of a round that is not seated stop
                with `NothingToPrint`.
registrations   the tournament's registrations by player id, each with its player
                (`registrations_by_player`): a player's number on a card, a list, a slip.
counts          (players, cards): the tournament's registrations and a round's sessions
                (`printout_counts`), which a printout's length follows
                (`tournament.printing.background`).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from ...models import Registration, Round, Session, Tournament
from ...winds import WIND_NAMES
from ..errors import NothingToPrint


def wind_name(wind: str) -> str:
    """The wind's name in the active language ("East", "東")."""
    return _(WIND_NAMES[wind])


def absolute(base_url: str, path: str) -> str:
    return base_url.rstrip("/") + path


def seated_rounds(tournament: Tournament) -> list[Round]:
    """Rounds with at least one seat, in order."""
    return list(tournament.rounds.filter(seats__isnull=False).distinct().order_by("number"))


def registrations_by_player(tournament: Tournament) -> dict[int, Registration]:
    return {
        reg.player_id: reg
        for reg in Registration.objects.filter(tournament=tournament).select_related("player")
    }


def require_seated(round_: Round, seats) -> None:
    if not seats:
        raise NothingToPrint(
            _("Round %(number)s is not seated yet: seat it on the Seating page first.")
            % {"number": round_.number}
        )


def printout_counts(
    tournament: Tournament,
    round_: Round | None = None,
    *,
    table_number: int | None = None,
    half: int | None = None,
) -> tuple[int, int]:
    """(players, cards) that a printout's length follows, in two counts: the tournament's
    registrations, and the round's sessions (one table's, or one half's, when given; 0 without
    a round)."""
    players = Registration.objects.filter(tournament=tournament).count()
    if round_ is None:
        return players, 0
    sessions = Session.objects.filter(round=round_)
    if table_number is not None:
        sessions = sessions.filter(table__number=table_number)
    if half is not None:
        sessions = sessions.filter(half=half)
    return players, sessions.count()

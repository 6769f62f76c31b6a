"""Reads of play: a session found by its place, its seating and its next hand number.

Vocabulary
----------
place           a session's tournament, round number, table number and half (2 after the
                round's table change: each half is a card of its own).
seating         `play.entry.Seating`: a session's players by starting wind (RULINGS R14).
table in play   the card the desk opens for "table N" of a round (`table_session_in_play`).
next number     the lowest hand number of a session not yet entered (a deleted hand leaves a
                gap that is filled first), or None when the session has all its hands.
"""

from __future__ import annotations

from django.db.models import OuterRef, Subquery

from ...models import Round, Seat, Session
from ...names import PERSON_FIELDS, Names, Person, player_names, registrations_of
from ...winds import WINDS
from ..entry.hand_entry import Seating


def seating_of(session: Session) -> Seating:
    """The session's four players by starting wind, with their labels (`names.player_names`).

    One query: the tournament's registrations (the labels tell same names apart among all of
    them), each with its seat wind at this table if it sits there. A table that does not come
    out as four registered players is read seat by seat instead (as it stands)."""
    seat_wind = Seat.objects.filter(
        round_id=session.round_id,
        table_id=session.table_id,
        half=session.half,
        player_id=OuterRef("player_id"),
    ).values("wind")[:1]
    rows = list(
        registrations_of(session.round.tournament_id)
        .annotate(seat_wind=Subquery(seat_wind))
        .values_list("seat_wind", *PERSON_FIELDS)
    )
    # In the seats' own order (`Seat.Meta.ordering`: by wind letter), as the seat-by-seat read
    # below gives them: callers such as the demo's hands depend on it.
    players = dict(sorted((row[0], row[1]) for row in rows if row[0]))
    if len(players) == len(WINDS):
        names = Names(Person(*row[1:]) for row in rows)
        return Seating(players=players, names={pid: names.label(pid) for pid in players.values()})
    seats = Seat.objects.filter(
        round_id=session.round_id, table_id=session.table_id, half=session.half
    )
    seats = list(seats.select_related("player"))
    names = player_names(session.round.tournament_id)  # same names told apart
    return Seating(
        players={seat.wind: seat.player_id for seat in seats},
        names={seat.player_id: names.label(seat.player_id, seat.player.name) for seat in seats},
    )


def session_of(
    tournament, *, round_number: int, table_number: int, half: int = 1
) -> Session | None:
    """The session at table ``table_number`` of round ``round_number`` (in ``half``: 2 after
    the round's table change) of the loaded ``tournament`` (which the session's round carries,
    so it is not read again)."""
    session = _session_at_place(
        ("round", "table"),
        round__tournament=tournament,
        round_number=round_number,
        table_number=table_number,
        half=half,
    )
    if session is not None:
        session.round.tournament = tournament
    return session


def table_session_in_play(round_: Round, table_number: int) -> Session | None:
    """The session the desk opens for "table ``table_number``" of the round (None: no such
    table). Without a table change, the round's one session there. With one, the table number
    means a different card in each half (players move): the second half's card once every
    first-half card of the round is reconciled or once the second half's card at that table
    has a hand; the first half's card until then (docs/formats.md, table change)."""
    sessions = {
        session.half: session
        for session in round_.sessions.filter(table__number=table_number).select_related("table")
    }
    second = sessions.get(2)
    if second is not None and (
        second.hands.exists()
        or not round_.sessions.filter(half=1).exclude(status=Session.Status.RECONCILED).exists()
    ):
        return second
    return sessions.get(1, second)


def session_at(slug: str, *, round_number: int, table_number: int, half: int = 1):
    """`session_of` for the tournament of ``slug``, read with it in the same query (a desk
    session page's address), or None."""
    return _session_at_place(
        ("round__tournament", "table"),
        round__tournament__slug=slug,
        round_number=round_number,
        table_number=table_number,
        half=half,
    )


def _session_at_place(
    related: tuple[str, ...], *, round_number: int, table_number: int, half: int, **tournament
) -> Session | None:
    """The session of the tournament that ``tournament`` (a filter) names at that round, table
    and half, with ``related`` read in the same query, or None."""
    return (
        Session.objects.select_related(*related)
        .filter(**tournament, round__number=round_number, table__number=table_number, half=half)
        .first()
    )


def session_next_number(session: Session, taken: set[int] | None = None) -> int | None:
    """The session's first hand number not entered yet; ``taken``: its entered numbers, when
    the caller has read them (`services.hands.session_check_open`)."""
    if taken is None:
        taken = set(session.hands.values_list("number", flat=True))
    for number in session.hand_numbers():
        if number not in taken:
            return number
    return None

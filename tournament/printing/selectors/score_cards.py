"""Reads for the score record cards: every session of a round (or one table's, or one half's)
as a card's plain input (`cards.CardSession`), in table order, in a fixed number of queries.

Vocabulary
----------
seated          the seats of each card by (half, table id), each card's by starting wind
                (`Seated`): the players a card names, and the winds its hands and penalties
                are written with.
filled          a card with the hands and penalties entered at the desk; a blank card has none.
withheld        (session id, hand number) of the hands the reader may not see (blind double
                entry): they are handed over with their number only.
table change    a round whose players move after hand N: each half has its own cards (the
                second numbered on from N + 1), the first card says where each player goes and
                the second where each came from (`_table_changes`).
name            a player's ``name`` on a card heading is the romanised label
                (`names.Names.romanised`) in every language; the Chinese name travels apart
                (``chinese_name``). A line that names a player (a penalty, a table change)
                holds the label in the printout's language (`names.Names.label`).
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from ...models import Hand, Penalty, Round, Seat, Session
from ...names import Names, player_names
from ...winds import wind_order
from ..cards import CardHand, CardPenalty, CardPlayer, CardSession
from ..errors import NothingToPrint
from .common import absolute, registrations_by_player, require_seated, wind_name

#: (half, table id) -> {starting wind: seat}
Seated = dict[tuple[int, int], dict[str, Seat]]


def round_card_sessions(
    round_: Round,
    *,
    base_url: str,
    filled: bool,
    table_number: int | None = None,
    half: int | None = None,
    withheld: frozenset[tuple[int, int]] = frozenset(),
) -> list[CardSession]:
    """Every session of the round (or one table's, or one half's) as a card's plain input, in
    table order (see *filled*, *withheld*)."""
    tournament = round_.tournament
    seats = list(Seat.objects.filter(round=round_).select_related("player", "table"))
    require_seated(round_, seats)
    sessions = _round_sessions(round_, table_number, half)
    registrations = registrations_by_player(tournament)
    names = player_names(tournament)
    seated: Seated = defaultdict(dict)
    for seat in seats:
        seated[(seat.half, seat.table_id)][seat.wind] = seat
    changes = _table_changes(round_, seats, names)
    hands: dict[int, list[CardHand]] = defaultdict(list)
    penalties: dict[int, list[CardPenalty]] = defaultdict(list)
    if filled:
        for session_id, hand in _hands(sessions, seated, withheld):
            hands[session_id].append(hand)
        for session_id, penalty in _penalties(sessions, seated, names):
            penalties[session_id].append(penalty)
    cards = []
    for session in sessions:
        session.round = round_
        numbers = session.hand_numbers()
        at_table = seated[(session.half, session.table_id)]
        cards.append(
            CardSession(
                tournament=tournament.name,
                round_number=round_.number,
                table_number=session.table.number,
                table_label=session.table.label,
                players=_card_players(at_table, registrations, names),
                hands_per_session=numbers[-1],
                first_hand=numbers[0],
                address=absolute(base_url, session.desk_url()),
                table_address=absolute(base_url, session.desk_url("table_page")),
                hands=tuple(sorted(hands[session.pk], key=lambda h: h.number)),
                penalties=tuple(penalties[session.pk]),
                change=tuple(changes.get((session.half, session.table_id), ())),
            )
        )
    return cards


def _round_sessions(round_: Round, table_number: int | None, half: int | None) -> list[Session]:
    """The round's sessions (one table's, one half's) in card order; `NothingToPrint` saying
    what is missing when there is none."""
    sessions = (
        Session.objects.filter(round=round_)
        .select_related("table")
        .order_by("half", "table__number")
    )
    if table_number is not None:
        sessions = sessions.filter(table__number=table_number)
    if half is not None:
        sessions = sessions.filter(half=half)
    sessions = list(sessions)
    if not sessions:
        raise NothingToPrint(_no_card(round_, table_number, half))
    return sessions


def _no_card(round_: Round, table_number: int | None, half: int | None) -> str:
    values = {"number": round_.number, "table": table_number}
    if half is not None:
        values["hands"] = round_.hand_range(half)
        if table_number is not None:
            reason = _("Round %(number)s has no table %(table)s for %(hands)s.")
        else:
            reason = _("Round %(number)s has no card for %(hands)s.")
    elif table_number is not None:
        reason = _("Round %(number)s has no table %(table)s.")
    else:
        reason = _("Round %(number)s has no card.")
    return reason % values


def _card_players(at_table: dict[str, Seat], registrations, names: Names) -> tuple:
    """The card's players (`CardPlayer`) in wind order."""
    return tuple(
        CardPlayer(
            wind=wind,
            name=names.romanised(seat.player_id, seat.player.name),
            number=getattr(registrations.get(seat.player_id), "number", None),
            chinese_name=seat.player.chinese_name,
        )
        for wind, seat in sorted(at_table.items(), key=lambda item: wind_order(item[0]))
    )


def _table_changes(round_: Round, seats, names) -> dict[tuple[int, int], list[str]]:
    """The lines each card prints about the round's table change, by (half, table id): where
    each player of a first-half table goes, where each of a second-half table comes from."""
    if round_.table_change_after is None:
        return {}
    after = round_.table_change_after
    place = {(seat.half, seat.player_id): seat for seat in seats}
    lines: dict[tuple[int, int], list[str]] = defaultdict(list)
    for seat in sorted(seats, key=lambda s: (s.half, s.table.number, wind_order(s.wind))):
        other = place.get((3 - seat.half, seat.player_id))
        if other is None:
            continue
        values = {
            "wind": seat.wind,
            "name": names.label(seat.player_id, seat.player.name),
            "after": after,
            "table": other.table.number,
            "wind_name": wind_name(other.wind),
        }
        lines[(seat.half, seat.table_id)].append(
            _("%(wind)s %(name)s: after hand %(after)s moves to table %(table)s, %(wind_name)s")
            % values
            if seat.half == 1
            else _("%(wind)s %(name)s: played hands 1-%(after)s at table %(table)s, %(wind_name)s")
            % values
        )
    return lines


def _winds_by_session(sessions: list[Session], seated: Seated) -> dict[int, dict[int, str]]:
    """Each session's starting winds by player id: session id -> {player id: wind}."""
    return {
        session.pk: {
            seat.player_id: wind for wind, seat in seated[(session.half, session.table_id)].items()
        }
        for session in sessions
    }


def _hands(sessions: list[Session], seated: Seated, withheld=frozenset()):
    """(session id, CardHand) for every hand of these sessions, payments prefetched."""
    winds_of = _winds_by_session(sessions, seated)
    queryset = Hand.objects.filter(session_id__in=list(winds_of)).prefetch_related("payments")
    for hand in queryset.order_by("session_id", "number"):
        if (hand.session_id, hand.number) in withheld:
            yield hand.session_id, CardHand(hand.number, "", confirmed=False, withheld=True)
            continue
        winds = winds_of[hand.session_id]
        yield (
            hand.session_id,
            CardHand(
                number=hand.number,
                outcome=hand.outcome,
                winner=winds.get(hand.winner_id, ""),
                win_type=hand.win_type,
                discarder=winds.get(hand.discarder_id, ""),
                value=hand.value,
                amounts={winds.get(p.player_id, "?"): p.amount for p in hand.payments.all()},
                confirmed=hand.confirmed,
            ),
        )


def _penalties(sessions: list[Session], seated: Seated, names: Names):
    """(session id, CardPenalty) for every penalty of these sessions."""
    winds_of = _winds_by_session(sessions, seated)
    queryset = Penalty.objects.filter(session_id__in=list(winds_of)).select_related(
        "player", "hand"
    )
    for penalty in queryset:
        yield (
            penalty.session_id,
            CardPenalty(
                wind=winds_of[penalty.session_id].get(penalty.player_id, "?"),
                name=names.label(penalty.player_id, penalty.player.name),
                amount=penalty.amount,
                zero_sum=penalty.mode == Penalty.Mode.ZERO_SUM,
                reason=penalty.reason,
                hand_number=penalty.hand.number if penalty.hand else None,
            ),
        )

"""Kept session totals (`SessionScore`): refreshed in the same transaction as every write.

Vocabulary
----------
session score   one player's totals in one session: hand points (the sum of their payments in
                *confirmed* hands: a hand awaiting its blind second entry counts nowhere until it
                is confirmed, so that no total gives its payments away to the other judge),
                penalty points of the session (RULINGS R13: the player loses the amount; a
                zero-sum penalty gives a third of it to each of the three others), hands won
                and largest hand won. The standings read these rows, so their cost follows
                players x rounds, not hands.
new hand        a hand write that only adds a hand to a session that had hands before
                (`session_scores_add`): its share is added to the kept rows in one UPDATE
                (nothing at all for a hand awaiting its second entry, which counts nowhere);
                the rows are recomputed instead whenever they are not all there.
refresh         recompute one session's rows from its hands, payments and penalties (a handful
                of small queries over at most 4 x hands-per-session payments). Every service
                that writes a hand, a payment or a penalty calls `session_scores_refresh` once,
                inside its own transaction.
drift           a session whose kept rows differ from what a refresh would give: found by
                `session_scores_check` (the health page, which passes in the sessions, the
                sessions with a hand and the kept rows it reads anyway) and
                `session_scores_drift`, for every session at once: one grouped pass over the
                payments, one over the wins, the seating and the penalties, compared with the
                kept rows as a whole (every field, and which rows there are); cured by a
                refresh (`session_scores_rebuild`: every drifted session at once, in bulk). A
                refresh and the check build the rows with the same code.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Case, Count, F, Max, Sum, Value, When
from django.db.models.functions import Greatest

from ...audit import public_write
from ...models import Hand, Payment, Penalty, Seat, Session, SessionScore
from ..penalties import penalty_effect


def _computed(
    session_ids=None, *, played: Session | None = None, seated: dict[str, int] | None = None
) -> dict[int, dict[int, dict]]:
    """{session id: {player id: fields}} from the hands, payments and penalties themselves, for
    the sessions ``session_ids``. ``played``: the one session, loaded with its round and table,
    known to have a hand (a hand write's), with ``seated`` its players by starting wind: its
    place and seats are not read."""
    if played is not None:
        session_ids = [played.pk]
    scope = {"pk__in": list(session_ids)}

    def under(path: str) -> dict:
        return {f"{path}__pk__in": scope["pk__in"]}

    rows: dict[tuple[int, int], list] = {}
    if played is not None:
        places = {played.pk: _place(played)}
        rows.update(((played.pk, pid), _blank(wind)) for wind, pid in seated.items())
    else:
        places = _places(scope, under, rows)
        if not places:
            return {}
    _add_hands_and_penalties(rows, under, None)
    computed: dict[int, dict[int, dict]] = defaultdict(dict)
    for (pk, pid), row in rows.items():
        computed[pk][pid] = dict(zip(FIELDS, _head(places[pk]) + tuple(row), strict=True))
    return computed


def _place(session: Session) -> tuple:
    """(round id, table id, half, tournament id, round number, table number) of a loaded session."""
    return (
        session.round_id,
        session.table_id,
        session.half,
        session.round.tournament_id,
        session.round.number,
        session.table.number,
    )


#: A session's place as `_place` gives it, read with ``values_list("pk", *PLACE)``.
PLACE = (
    "round_id",
    "table_id",
    "half",
    "round__tournament_id",
    "round__number",
    "table__number",
)


def _head(place: tuple) -> tuple:
    """The first four `FIELDS` of a row, which its session's place gives."""
    _, _, half, tournament_id, round_number, table_number = place
    return tournament_id, round_number, table_number, half


def _places(scope: dict, under, rows: dict) -> dict[int, tuple]:
    """The place (see `_place`) of every session in ``scope`` with a hand or a penalty, and its
    seated players' blank rows put into ``rows``."""
    active = set(
        Hand.objects.filter(**under("session"))
        .order_by()
        .values_list("session_id", flat=True)
        .distinct()
    ) | set(
        Penalty.objects.filter(**under("session"))
        .order_by()
        .values_list("session_id", flat=True)
        .distinct()
    )
    if not active:
        return {}
    places = {
        pk: tuple(place)
        for pk, *place in Session.objects.filter(**scope).values_list("pk", *PLACE)
        if pk in active
    }
    _seat(rows, places, Seat.objects.filter(round_id__in={place[0] for place in places.values()}))
    return places


def _seat(rows: dict, places: dict[int, tuple], seats) -> None:
    """Put the blank rows of the players seated in the sessions of ``places`` into ``rows``."""
    by_place = {place[:3]: pk for pk, place in places.items()}
    for round_id, table_id, half, player_id, wind in seats.order_by().values_list(
        "round_id", "table_id", "half", "player_id", "wind"
    ):
        pk = by_place.get((round_id, table_id, half))
        if pk is not None:
            rows[pk, player_id] = _blank(wind)


def _add_hands_and_penalties(
    rows: dict, under, paid_per_session: dict[int, int] | None, penalties: list | None = None
) -> None:
    """Add the payments of confirmed hands, the wins and the penalties (``penalties`` when
    read already, see `_penalties`) into ``rows`` ({(session id, player id): `_blank` list}).

    Each payment is summed once; with ``paid_per_session`` the same pass also adds up each
    session's payments of every hand, confirmed or not (zero when every hand balances)."""
    for session_id, player_id, confirmed, total in (
        Payment.objects.filter(**under("hand__session"))
        .order_by()  # no joins for the models' orderings: one pass over the payments
        .values("hand__session_id", "player_id", "hand__confirmed")
        .annotate(total=Sum("amount"))
        .values_list("hand__session_id", "player_id", "hand__confirmed", "total")
    ):
        if paid_per_session is not None:
            paid_per_session[session_id] = paid_per_session.get(session_id, 0) + total
        if confirmed:
            key = session_id, player_id
            (rows.get(key) or rows.setdefault(key, _blank("")))[HAND_POINTS] = total
    for session_id, winner_id, count, largest in (
        Hand.objects.filter(**under("session"), outcome=Hand.Outcome.WIN, confirmed=True)
        .order_by()
        .values("session_id", "winner_id")
        .annotate(count=Count("pk"), largest=Max("value"))
        .values_list("session_id", "winner_id", "count", "largest")
    ):
        key = session_id, winner_id
        row = rows.get(key) or rows.setdefault(key, _blank(""))
        row[HANDS_WON], row[LARGEST_HAND] = count, largest or 0
    penalties = _penalties(under) if penalties is None else penalties
    if not penalties:
        return
    # A zero-sum penalty gives a third to every other player with a row when it comes.
    penalised = {session_id for session_id, *_ in penalties}
    players: dict[int, list[int]] = defaultdict(list)
    for session_id, player_id in rows:
        if session_id in penalised:
            players[session_id].append(player_id)
    for session_id, player_id, amount, zero_sum in penalties:
        if (session_id, player_id) not in rows:
            rows[session_id, player_id] = _blank("")
            players[session_id].append(player_id)
        effect = penalty_effect(  # RULINGS R13, as the score card prints it
            player_id, amount, zero_sum=zero_sum, seated=players[session_id]
        )
        for pid, points in effect.items():
            rows[session_id, pid][PENALTY_POINTS] += points


def _penalties(under) -> list[tuple[int, int, int, bool]]:
    """(session id, player id, amount, zero-sum) of every penalty in scope, in the model's
    order."""
    return [
        (session_id, player_id, amount, mode == Penalty.Mode.ZERO_SUM)
        for session_id, player_id, amount, mode in Penalty.objects.filter(
            **under("session")
        ).values_list("session_id", "player_id", "amount", "mode")
    ]


def _blank(wind: str) -> list:
    """A row's own fields (``FIELDS[4:]``: wind, hand points, penalty points, hands won,
    largest hand) before anything is added."""
    return [wind, 0, 0, 0, 0]


HAND_POINTS, PENALTY_POINTS, HANDS_WON, LARGEST_HAND = 1, 2, 3, 4


FIELDS = (
    "tournament_id",
    "round_number",
    "table_number",
    "half",
    "wind",
    "hand_points",
    "penalty_points",
    "hands_won",
    "largest_hand",
)


@public_write
def session_scores_refresh(*, session: Session) -> None:
    """Recompute one session's kept totals; call inside every hand or penalty write."""
    session_scores_write(session=session)


def session_scores_write(*, session: Session, seated: dict[str, int] | None = None) -> None:
    """`session_scores_refresh` for a hand write already inside its unit of work (no savepoint
    of its own): with ``seated`` (the session's players by starting wind, from its seating)
    the session has a hand and its place and seats are not read again."""
    if seated is not None:
        computed = _computed(played=session, seated=seated).get(session.pk, {})
    else:
        computed = _computed([session.pk]).get(session.pk, {})
    SessionScore.objects.filter(session_id=session.pk).delete()
    SessionScore.objects.bulk_create(
        SessionScore(session_id=session.pk, player_id=pid, **fields)
        for pid, fields in sorted(computed.items())
    )


def session_scores_add(
    *, session: Session, hand: Hand, paid: dict[int, int], seated: dict[str, int]
) -> None:
    """Count a new hand (see the vocabulary) of a session that had hands before, inside its
    unit of work: ``paid`` its payments (player id -> amount), ``seated`` the session's players
    by starting wind (for a recompute)."""
    if not hand.confirmed:
        return  # it counts nowhere until it is confirmed: the kept rows stand
    players = set(paid)
    changes = {
        "hand_points": F("hand_points")
        + Case(
            *(When(player_id=pid, then=Value(amount)) for pid, amount in paid.items()),
            default=Value(0),
        )
    }
    if hand.outcome == Hand.Outcome.WIN:
        players.add(hand.winner_id)
        winner = {"player_id": hand.winner_id}
        changes["hands_won"] = F("hands_won") + Case(When(**winner, then=Value(1)), default=0)
        changes["largest_hand"] = Case(
            When(**winner, then=Greatest(F("largest_hand"), Value(hand.value or 0))),
            default=F("largest_hand"),
        )
    rows = SessionScore.objects.filter(session_id=session.pk, player_id__in=players)
    if rows.update(**changes) != len(players):  # a row is missing: recompute them all
        session_scores_write(session=session, seated=seated)


def kept_rows(*, tournament) -> dict[tuple[int, int], tuple]:
    """{(session id, player id): the `FIELDS` of its kept row} of every session of the
    tournament, in one query (by the row's own tournament: no join to the sessions)."""
    return {
        (row[0], row[1]): row[2:]
        for row in SessionScore.objects.filter(tournament=tournament)
        .order_by()
        .values_list("session_id", "player_id", *FIELDS)
    }


def session_scores_check(
    *,
    tournament,
    places: dict[int, tuple] | None = None,
    with_hands: set[int] | None = None,
    kept: dict[tuple[int, int], tuple] | None = None,
    only: set[int] | None = None,
) -> tuple[list[int], set[int]]:
    """The ids of the sessions whose kept totals differ from their hands, payments and penalties
    (drift), in the order of their places, and the ids of the sessions whose payments do not
    sum to zero (an unbalanced hand is in them, RULINGS R11), from one pass over the payments.

    What the caller has read already is not read again: ``places`` {session id: place (see
    `_place`)} of every session of the tournament, ``with_hands`` the ids of the sessions with
    a hand, ``kept`` as `kept_rows` gives it. With ``only`` (session ids), only those sessions
    are checked: their payments, wins, penalties and seats are read, no others."""

    def under(path: str) -> dict:
        if only is not None:
            return {f"{path}_id__in": only}
        return {f"{path}__round__tournament": tournament}

    if places is None:
        places = {
            row[0]: row[1:]
            for row in Session.objects.filter(round__tournament=tournament).values_list(
                "pk", *PLACE
            )
        }
    if with_hands is None:
        with_hands = set(
            Hand.objects.filter(**under("session"))
            .order_by()
            .values_list("session_id", flat=True)
            .distinct()
        )
    if kept is None:
        kept = kept_rows(tournament=tournament)
    if only is not None:
        with_hands = with_hands & only
        kept = {key: row for key, row in kept.items() if key[0] in only}
    computed, paid = _computed_rows(tournament, places, with_hands, under, checks_all=only is None)
    wrong = _drifted(computed, kept)
    ordered = sorted(wrong, key=lambda pk: (places[pk][4], places[pk][5], places[pk][2]))
    return ordered, {pk for pk, total in paid.items() if total}


def _computed_rows(tournament, places, with_hands, under, *, checks_all: bool):
    """The rows a refresh would give the checked sessions (those with a hand or a penalty),
    keyed like `kept_rows`, and each session's sum of payments."""
    penalties = _penalties(under)
    active = {pk: places[pk] for pk in with_hands | {row[0] for row in penalties}}
    rows: dict[tuple[int, int], list] = {}
    paid: dict[int, int] = {}
    if active:
        seats = (
            Seat.objects.filter(round__tournament=tournament)
            if checks_all
            else Seat.objects.filter(round_id__in={place[0] for place in active.values()})
        )
        _seat(rows, active, seats)
        _add_hands_and_penalties(rows, under, paid, penalties)
    heads = {pk: _head(place) for pk, place in active.items()}
    return {key: heads[key[0]] + tuple(row) for key, row in rows.items()}, paid


def _drifted(computed: dict, kept: dict) -> set[int]:
    """The sessions whose computed rows differ from the kept ones (a row missing on either
    side counts), compared whole first: rows differ only where something is wrong."""
    if computed == kept:
        return set()
    return {key[0] for key in computed.keys() ^ kept.keys()} | {
        key[0] for key in computed.keys() & kept.keys() if computed[key] != kept[key]
    }


def session_scores_drift(*, tournament) -> list[Session]:
    """Sessions whose kept totals differ from their hands, payments and penalties."""
    drifted = session_scores_check(tournament=tournament)[0]
    found = Session.objects.select_related("round", "table").in_bulk(drifted) if drifted else {}
    return [found[pk] for pk in drifted]


@public_write
def session_scores_rebuild(*, tournament) -> int:
    """Refresh every session of the tournament that drifted, all at once (their rows computed
    together and written in bulk: an imported world championship's 1,000 sessions are a few
    statements); returns how many were fixed."""
    drifted = session_scores_check(tournament=tournament)[0]
    if not drifted:
        return 0
    computed = _computed(drifted)
    SessionScore.objects.filter(session_id__in=drifted).delete()
    SessionScore.objects.bulk_create(
        (
            SessionScore(session_id=pk, player_id=pid, **fields)
            for pk in drifted
            for pid, fields in sorted(computed.get(pk, {}).items())
        ),
        batch_size=1000,
    )
    return len(drifted)

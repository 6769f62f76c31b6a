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
                `session_scores_drift` (the health page and the tests), cured by a refresh
                (`session_scores_rebuild`: every drifted session at once, in bulk).
"""

from __future__ import annotations

from collections import defaultdict
from operator import itemgetter

from django.db.models import Case, Count, F, Max, Sum, Value, When
from django.db.models.functions import Greatest

from ...audit import public_write
from ...models import Hand, Payment, Penalty, Seat, Session, SessionScore
from ..penalties import penalty_effect


def _computed(
    session_ids=None,
    *,
    tournament=None,
    paid_per_session: dict[int, int] | None = None,
    played: Session | None = None,
    seated: dict[str, int] | None = None,
) -> dict[int, dict[int, dict]]:
    """{session id: {player id: fields}} from the hands, payments and penalties themselves, for
    the sessions ``session_ids`` or every session of ``tournament`` (joined, not listed).

    Each payment is summed once; with ``paid_per_session`` the same pass also adds up each
    session's payments of every hand, confirmed or not (zero when every hand balances).
    ``played``: the one session, loaded with its round and table, known to have a hand (a hand
    write's), with ``seated`` its players by starting wind: its place and seats are not read."""
    if played is not None:
        session_ids = [played.pk]
    if tournament is not None:
        scope = {"round__tournament": tournament}
    else:
        scope = {"pk__in": list(session_ids)}

    def under(path: str) -> dict:
        return {f"{path}__{key}": value for key, value in scope.items()}

    rows: dict[int, dict[int, dict]] = defaultdict(dict)
    if played is not None:
        places = {played.pk: _place(played)}
        rows[played.pk] = {pid: _blank(wind) for wind, pid in seated.items()}
    else:
        places = _places(scope, under, rows)
        if not places:
            return {}
    _add_hands_and_penalties(rows, under, paid_per_session)
    for pk, players in rows.items():
        _, _, half, tournament_id, round_number, table_number = places[pk]
        for row in players.values():
            row.update(
                tournament_id=tournament_id,
                round_number=round_number,
                table_number=table_number,
                half=half,
            )
    return rows


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
        pk: (round_id, table_id, half, tournament_id, round_number, table_number)
        for pk, round_id, table_id, half, tournament_id, round_number, table_number in (
            Session.objects.filter(**scope).values_list(
                "pk",
                "round_id",
                "table_id",
                "half",
                "round__tournament_id",
                "round__number",
                "table__number",
            )
        )
        if pk in active
    }
    by_place = {place[:3]: pk for pk, place in places.items()}
    for round_id, table_id, half, player_id, wind in (
        Seat.objects.filter(round_id__in={place[0] for place in places.values()})
        .order_by()
        .values_list("round_id", "table_id", "half", "player_id", "wind")
    ):
        pk = by_place.get((round_id, table_id, half))
        if pk is not None:
            rows[pk][player_id] = _blank(wind)
    return places


def _add_hands_and_penalties(rows: dict, under, paid_per_session: dict[int, int] | None) -> None:
    """Add the payments of confirmed hands, the wins and the penalties into ``rows``."""
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
            rows[session_id].setdefault(player_id, _blank(""))["hand_points"] = total
    for session_id, winner_id, count, largest in (
        Hand.objects.filter(**under("session"), outcome=Hand.Outcome.WIN, confirmed=True)
        .order_by()
        .values("session_id", "winner_id")
        .annotate(count=Count("pk"), largest=Max("value"))
        .values_list("session_id", "winner_id", "count", "largest")
    ):
        row = rows[session_id].setdefault(winner_id, _blank(""))
        row["hands_won"], row["largest_hand"] = count, largest or 0
    for penalty in Penalty.objects.filter(**under("session")).values(
        "session_id", "player_id", "amount", "mode"
    ):
        players = rows[penalty["session_id"]]
        players.setdefault(penalty["player_id"], _blank(""))
        effect = penalty_effect(  # RULINGS R13, as the score card prints it
            penalty["player_id"],
            penalty["amount"],
            zero_sum=penalty["mode"] == Penalty.Mode.ZERO_SUM,
            seated=list(players),
        )
        for pid, points in effect.items():
            players[pid]["penalty_points"] += points


def _blank(wind: str) -> dict:
    return {"wind": wind, "hand_points": 0, "penalty_points": 0, "hands_won": 0, "largest_hand": 0}


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


def session_scores_check(*, tournament) -> tuple[list[Session], set[int]]:
    """The sessions whose kept totals differ from their hands, payments and penalties (drift),
    and the ids of the sessions whose payments do not sum to zero (an unbalanced hand is in
    them, RULINGS R11), from one pass over the payments."""
    drifted, unbalanced, _ = _check(tournament)
    return drifted, unbalanced


def _check(tournament) -> tuple[list[Session], set[int], dict[int, dict[int, dict]]]:
    """`session_scores_check`, and the computed rows of every session (`_computed`)."""
    kept: dict[int, dict[int, tuple]] = defaultdict(dict)
    for row in (
        SessionScore.objects.filter(session__round__tournament=tournament)
        .order_by()
        .values_list("session_id", "player_id", *FIELDS)
    ):
        kept[row[0]][row[1]] = row[2:]
    paid: dict[int, int] = {}
    computed = _computed(tournament=tournament, paid_per_session=paid)
    fields = itemgetter(*FIELDS)
    wrong = {
        pk
        for pk in set(kept) | set(computed)
        if kept.get(pk, {}) != {pid: fields(f) for pid, f in computed.get(pk, {}).items()}
    }
    drifted = list(
        Session.objects.filter(pk__in=wrong).select_related("round", "table").order_by("round")
        if wrong
        else ()
    )
    return drifted, {pk for pk, total in paid.items() if total}, computed


def session_scores_drift(*, tournament) -> list[Session]:
    """Sessions whose kept totals differ from their hands, payments and penalties."""
    return session_scores_check(tournament=tournament)[0]


@public_write
def session_scores_rebuild(*, tournament) -> int:
    """Refresh every session of the tournament that drifted, all at once (the rows the check
    computed, written in bulk: an imported world championship's 1,000 sessions are a few
    statements); returns how many were fixed."""
    drifted, _, computed = _check(tournament)
    ids = [session.pk for session in drifted]
    SessionScore.objects.filter(session_id__in=ids).delete()
    SessionScore.objects.bulk_create(
        (
            SessionScore(session_id=pk, player_id=pid, **fields)
            for pk in ids
            for pid, fields in sorted(computed.get(pk, {}).items())
        ),
        batch_size=1000,
    )
    return len(drifted)

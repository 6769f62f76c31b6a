"""One player's figures, read from the hands of the sessions they sat in, beside the event's
averages and their place after every round: what the player page, the private link and the API
show.

Vocabulary
----------
player's hands  the released hands (`released.released_hands`) of the sessions the player sat
                in (the kept session rows name them): a handful of sessions, so the reads are
                small whatever the size of the event.
event average   the event's figures summed over every player (`figures.PlayerLine`, player 0):
                counts by outcome and win type with the deal-ins, what the discarders paid,
                hands played (each session's hands times the players seated in it), from four
                grouped queries over the released hands; kept per version like the event's
                figures.
rank history    `statistics.ranks.rank_history` from the standings board the viewer sees (kept
                per version by `standings.selectors.board`), with the penalties outside any
                session; shown only while the standings are theirs to see.
"""

from __future__ import annotations

from django.db.models import Count, F, Max, Q, Sum, TextField
from django.db.models.functions import Cast

from ... import release
from ...models import Hand, Payment, Registration, SessionScore, Tournament
from ...roles import is_official
from ...standings.selectors.board import board_seen
from ...standings.selectors.inputs import counted_rounds, loose_penalties
from .. import figures as f
from .. import rows as r
from ..ranks import rank_history
from .event import kept, statistics_round_limit, statistics_visible
from .released import released_hands


def player_line(tournament: Tournament, player_id: int, round_limit: int | None) -> f.PlayerLine:
    """The player's figures from their hands (see *player's hands*): five small queries."""
    sessions = list(
        SessionScore.objects.filter(
            tournament=tournament,
            player_id=player_id,
            **counted_rounds("round_number", round_limit),
        ).values_list("session_id", flat=True)
    )
    if not sessions:
        return f.PlayerLine(player_id)
    hands = Hand.objects.filter(
        released_hands(tournament, round_limit), session_id__in=sessions
    ).order_by()
    mine = hands.filter(winner_id=player_id)
    line = f.player_lines(
        seats=[r.SeatRow(session_id, player_id) for session_id in sessions],
        sessions=(
            r.SessionRow(*row)
            for row in hands.values("session_id")
            .annotate(n=Count("pk"), d=Count("pk", filter=Q(outcome=f.DRAW)))
            .values_list("session_id", "n", "d")
        ),
        winners=(
            r.WinnerRow(player_id, *row)
            for row in mine.exclude(outcome=f.DRAW)
            .values("outcome", "win_type")
            .annotate(n=Count("pk"), points=Sum("value"), top=Max("value"))
            .values_list("outcome", "win_type", "n", "points", "top")
        ),
        deal_ins=_deal_ins(hands.filter(outcome=f.WIN, discarder_id=player_id), player_id),
        patterns=(
            r.PatternRow(player_id, *row)
            for row in mine.filter(outcome=f.WIN)
            .annotate(text=Cast("patterns", TextField()))
            .values("text")
            .annotate(n=Count("pk"))
            .values_list("text", "n")
        ),
    )
    return line.get(player_id) or f.PlayerLine(player_id)


def _deal_ins(won, player_id: int) -> list[r.DealInRow]:
    totals = won.aggregate(
        n=Count("pk", distinct=True),
        paid=Sum("payments__amount", filter=Q(payments__player_id=player_id)),
    )
    return [r.DealInRow(player_id, totals["n"] or 0, -(totals["paid"] or 0))]


def event_average(tournament: Tournament, *, round_limit: int | None) -> f.PlayerLine:
    """See *event average*; kept per version (the event figures' keeping)."""
    return kept(
        ("average", tournament.pk, tournament.last_write, round_limit),
        lambda: event_average_build(tournament, round_limit=round_limit),
    )


def event_average_build(tournament: Tournament, *, round_limit: int | None) -> f.PlayerLine:
    hands = Hand.objects.filter(released_hands(tournament, round_limit)).order_by()
    total = f.PlayerLine(player_id=0)
    seated = dict(
        SessionScore.objects.filter(
            tournament=tournament, **counted_rounds("round_number", round_limit)
        )
        .order_by()
        .values("session_id")
        .annotate(n=Count("pk"))
        .values_list("session_id", "n")
    )
    for session_id, count, draws in (
        hands.values("session_id")
        .annotate(n=Count("pk"), d=Count("pk", filter=Q(outcome=f.DRAW)))
        .values_list("session_id", "n", "d")
    ):
        total.hands += count * seated.get(session_id, 0)
        total.draws += draws * seated.get(session_id, 0)
    dealt_in = Q(outcome=f.WIN, discarder__isnull=False)
    for outcome, win_type, count, points, top, deal_ins in (
        hands.exclude(outcome=f.DRAW)
        .values("outcome", "win_type")
        .annotate(
            n=Count("pk"),
            points=Sum("value"),
            top=Max("value"),
            deal_ins=Count("pk", filter=dealt_in),
        )
        .values_list("outcome", "win_type", "n", "points", "top", "deal_ins")
    ):
        f.winner_add(total, r.WinnerRow(0, outcome, win_type, count, points, top))
        total.deal_ins += deal_ins
    # What the discarders paid: their own payment of each hand they dealt in (no DISTINCT).
    paid = Payment.objects.filter(
        released_hands(tournament, round_limit, prefix="hand__"),
        hand__outcome=f.WIN,
        player_id=F("hand__discarder_id"),
    ).aggregate(paid=Sum("amount"))["paid"]
    total.deal_in_cost = -(paid or 0)
    return total


def player_statistics_seen(
    user, tournament: Tournament, player_id: int, *, registered: bool = False
) -> f.PlayerStatistics | None:
    """One player's figures beside the event's as ``user`` may see them (the rank history only
    while the standings are theirs to see), or None when the results are not, or when the
    player is not registered in the tournament (``registered``: the caller knows they are)."""
    if not statistics_visible(user, tournament):
        return None
    if not registered and not (
        Registration.objects.filter(tournament=tournament, player_id=player_id).exists()
    ):
        return None
    limit = statistics_round_limit(user, tournament)
    official = is_official(user, tournament)
    ranks, ranked = [], 0
    if release.standings_visible(user, tournament):
        board = board_seen(tournament, official=official, last_write=tournament.last_write)
        history = kept(
            ("ranks", tournament.pk, tournament.last_write, limit, official),
            lambda: rank_history(
                board.rows,
                by_match_points=board.rules.rank_by == "match_points",
                outside=loose_penalties(tournament),
            ),
        )
        ranks, ranked = list(history.get(player_id, ())), len(history)
    return f.PlayerStatistics(
        line=player_line(tournament, player_id, limit),
        average=event_average(tournament, round_limit=limit),
        ranks=ranks,
        ranked=ranked,
    )

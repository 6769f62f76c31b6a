"""The event's figures, read from the stored hands in a constant number of grouped queries and
kept in this process per version, as the standings board is.

Vocabulary
----------
reads           each figure comes from the hand table itself (never from a second count kept
                beside it), grouped in the database: outcomes by round, wins by player and win
                type, deal-ins by discarder with what they paid, won hands by player and pattern
                list, hand values, hands per session; the seats come from the kept session rows
                (which players sat in which session), the names and countries from the roster.
                The same thirteen queries for 8 players or 400, for 100 hands or 16,000 (the pure
                part, `statistics.figures`, adds them up).
kept figures    `EventFigures` kept under (tournament, last write, round limit), the
                board's key (`standings.selectors.board`): every write moves the last write on,
                so figures are built once per change, not once per viewer.
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from collections.abc import Callable

from django.db.models import Count, F, Max, Sum, TextField
from django.db.models.functions import Cast

from ...models import Hand, SessionScore, Tournament
from ...standings.selectors.inputs import counted_rounds, entrants
from .. import figures as f
from .. import rows as r
from .released import released_hands, statistics_round_limit, statistics_visible

KEPT = 32  # figures kept per process: a few tournaments x viewer kinds x kinds of figure
_kept: OrderedDict[tuple, object] = OrderedDict()


def event_statistics(
    tournament: Tournament,
    *,
    round_limit: int | None,
    last_write: dt.datetime | None = None,
) -> f.EventFigures:
    """The event's figures counting the released hands up to ``round_limit``; kept (see *kept
    figures*). ``last_write`` is the one the caller loaded with the tournament; left out, it is
    read fresh (one small query)."""
    if last_write is None:
        last_write = (
            Tournament.objects.filter(pk=tournament.pk).values_list("last_write", flat=True).first()
        )
    return kept(
        (tournament.pk, last_write, round_limit),
        lambda: event_statistics_build(tournament, round_limit=round_limit),
    )


def kept(key: tuple, build: Callable[[], object]):
    """What ``build()`` gives, kept under ``key`` (which names the tournament's last write)
    with the event's figures (at most `KEPT` of them, the oldest dropped first)."""
    found = _kept.get(key)
    if found is None:
        found = build()
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return found


def statistics_forget() -> None:
    """Drop every kept figure (tests, and after restoring a database)."""
    _kept.clear()


def statistics_seen(user, tournament: Tournament) -> f.EventFigures | None:
    """The figures as ``user`` may see them (silent rounds, hidden tournaments), or None when
    the results are not theirs to see. ``tournament`` is the page's, loaded in this request."""
    if not statistics_visible(user, tournament):
        return None
    return event_statistics(
        tournament,
        round_limit=statistics_round_limit(user, tournament),
        last_write=tournament.last_write,
    )


def event_statistics_build(tournament: Tournament, *, round_limit: int | None) -> f.EventFigures:
    """The figures built afresh (no cache): six grouped reads of the released hands."""
    hands = Hand.objects.filter(released_hands(tournament, round_limit)).order_by()
    wins = hands.filter(outcome=f.WIN)
    sessions, by_round = r.hand_groups_split(
        (
            r.HandGroup(*row)
            for row in hands.values("session_id", "session__round__number", "outcome", "win_type")
            .annotate(n=Count("pk"))
            .values_list("session_id", "session__round__number", "outcome", "win_type", "n")
        ),
        draw=f.DRAW,
    )
    players = f.player_lines(
        seats=_seats(tournament, round_limit),
        sessions=sessions,
        winners=(
            r.WinnerRow(*row)
            for row in hands.exclude(outcome=f.DRAW)
            .values("winner_id", "outcome", "win_type")
            .annotate(n=Count("pk"), points=Sum("value"), top=Max("value"))
            .values_list("winner_id", "outcome", "win_type", "n", "points", "top")
        ),
        deal_ins=_deal_ins(wins),
        patterns=(
            # The list as the database holds it (text): the pure part decodes each distinct
            # list once, however many players' wins hold it.
            r.PatternRow(*row)
            for row in wins.annotate(text=Cast("patterns", TextField()))
            .values("winner_id", "text")
            .annotate(n=Count("pk"))
            .values_list("winner_id", "text", "n")
        ),
    )
    rounds = f.round_lines(by_round)
    people = entrants(tournament)
    countries = {entrant.player_id: entrant.country for entrant in people}
    return f.EventFigures(
        rounds=rounds,
        players=players,
        values=f.value_bins(
            r.ValueRow(*row)
            for row in wins.values("value").annotate(n=Count("pk")).values_list("value", "n")
        ),
        patterns=f.pattern_lines(players, sum(line.wins for line in rounds)),
        big_hands=f.big_hands(_big_hands(wins)),
        countries=f.country_lines(players, countries),
        round_limit=round_limit,
        names={entrant.player_id: entrant.label or entrant.name for entrant in people},
        chinese_names={e.player_id: e.chinese_name for e in people if e.chinese_name},
    )


def _seats(tournament: Tournament, round_limit: int | None) -> list[r.SeatRow]:
    """Who sat in which session (the kept session rows: one per seated player of every
    session with a hand or a penalty)."""
    return [
        r.SeatRow(*row)
        for row in SessionScore.objects.filter(
            tournament=tournament, **counted_rounds("round_number", round_limit)
        )
        .order_by()
        .values_list("session_id", "player_id")
    ]


def _deal_ins(wins) -> list[r.DealInRow]:
    """Won hands by discarder, with what the discarder paid on them (a positive number)."""
    # The discarder's own payment of each hand: one payment a hand, so no DISTINCT (a won
    # hand's discarder always pays).
    rows = (
        wins.filter(discarder__isnull=False, payments__player_id=F("discarder_id"))
        .values("discarder_id")
        .annotate(n=Count("pk"), paid=Sum("payments__amount"))
        .values_list("discarder_id", "n", "paid")
    )
    return [r.DealInRow(player_id, count, -(paid or 0)) for player_id, count, paid in rows]


def _big_hands(wins) -> list[r.BigHandRow]:
    """The won hands worth `figures.BIG_VALUE` or more, the largest first (at most the shown
    number)."""
    rows = (
        wins.filter(value__gte=f.BIG_VALUE)
        .order_by("-value", "session__round__number", "session__table__number", "number")
        .values_list(
            "session__round__number",
            "session__table__number",
            "number",
            "winner_id",
            "value",
            "patterns",
            "concealed",
            "melds",
            "winning_tile",
            "win_type",
        )[: f.BIG_HANDS_SHOWN]
    )
    return [r.BigHandRow(*row) for row in rows]

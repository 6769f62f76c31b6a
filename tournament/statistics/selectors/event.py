"""The event's figures, read from the stored hands in a constant number of grouped queries and
kept in this process per version, as the standings board is.

Vocabulary
----------
reads           each figure comes from the hand table itself (never from a second count kept
                beside it), grouped in the database: outcomes by session and round, wins by
                player and win type, deal-ins by discarder with what they paid, won hands by
                player and pattern list, hand values, the big hands (`rows.RoundsRows`); the
                seats come from the kept session rows (which players sat in which session), the
                names and countries from the roster. The same queries for 8 players or 400, for
                100 hands or 16,000 (the pure part, `statistics.figures`, adds them up).
kept figures    `EventFigures` kept under (tournament, last write, round limit), the
                board's key (`standings.selectors.board`): every write moves the last write on,
                so figures are built once per change, not once per viewer.
round signature what the released hands of one round are, in four numbers read in one grouped
                query: how many, the sum of their ids, the sum of their versions and the latest
                update. Every change a service makes to a hand (saved, corrected, confirmed,
                deleted) changes one of them: a correction raises the version and the update
                time, a new or deleted hand the count and the ids, a confirmation the count (an
                unconfirmed hand is not released). A hand's payments are only ever written with
                it.
kept rows       the reads of the rounds before the current one (the highest with a released
                hand), and those of the current round, each kept under the signatures of its
                rounds: after a save at a table only the current round is read again, and a
                correction in an earlier round reads those rounds again. The figures are added
                up from both sets each time the last write moves (`event_statistics`);
                `event_statistics_build` reads every round afresh (the tests' recount).
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from collections.abc import Callable
from itertools import chain

from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    Max,
    Sum,
    TextField,
    Value,
    When,
    Window,
)
from django.db.models.functions import Cast, RowNumber

from ...models import Hand, SessionScore, Tournament
from ...standings.selectors.inputs import counted_rounds, entrants
from .. import figures as f
from .. import rows as r
from .released import released_hands, statistics_round_limit, statistics_visible

KEPT = 48  # kept per process: a few tournaments x viewer kinds x kinds of figure, and rows
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
        lambda: _figures(tournament, round_limit, rounds_rows_kept(tournament, round_limit)),
    )


def kept(key: tuple, build: Callable[[], object]):
    """What ``build()`` gives, kept under ``key`` (which names the tournament's last write,
    or the signatures of some rounds) with the event's figures (at most `KEPT` of them, the
    longest unused dropped first)."""
    found = _kept.get(key)
    if found is not None:
        _kept.move_to_end(key)
    else:
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
    """The figures built afresh (no cache): six grouped reads of every round's released hands."""
    hands = Hand.objects.filter(released_hands(tournament, round_limit)).order_by()
    return _figures(tournament, round_limit, list(_rounds_rows(hands, current=None)))


def round_signatures(tournament: Tournament, round_limit: int | None) -> dict[int, tuple]:
    """Each round's signature (see the vocabulary), by round number: one grouped query."""
    return {
        number: tuple(signature)
        for number, *signature in Hand.objects.filter(released_hands(tournament, round_limit))
        .order_by()
        .values("session__round__number")
        .annotate(n=Count("pk"), ids=Sum("pk"), versions=Sum("version"), latest=Max("updated_at"))
        .values_list("session__round__number", "n", "ids", "versions", "latest")
    }


def rounds_rows_kept(tournament: Tournament, round_limit: int | None) -> list[r.RoundsRows]:
    """The reads of the earlier rounds and of the current one, each kept under its rounds'
    signatures (see *kept rows*); what is not kept is read, both sets in the same six queries
    when neither is."""
    signatures = sorted(round_signatures(tournament, round_limit).items())
    if not signatures:
        return []
    current = signatures[-1][0]
    keys = [("rounds", tournament.pk, tuple(part)) for part in (signatures[:-1], signatures[-1:])]
    earlier, latest = (_kept.get(key) for key in keys)
    if len(signatures) == 1:
        earlier = EMPTY
    if earlier is None or latest is None:
        numbers = [number for number, _signature in signatures]
        if earlier is not None:
            numbers = [current]
        elif latest is not None:
            numbers = numbers[:-1]
        hands = Hand.objects.filter(
            released_hands(tournament, None), session__round__number__in=numbers
        ).order_by()
        if earlier is None and latest is None:
            earlier, latest = _rounds_rows(hands, current=current)
        elif earlier is None:
            earlier = _rounds_rows(hands, current=None)[0]
        else:
            latest = _rounds_rows(hands, current=None)[0]
    for key, rows in zip(keys, (earlier, latest), strict=True):
        kept(key, lambda rows=rows: rows)
    return [earlier, latest]


EMPTY = r.RoundsRows([], [], [], [], [], [])


def _rounds_rows(hands, *, current: int | None) -> tuple[r.RoundsRows, r.RoundsRows]:
    """The six grouped reads of ``hands`` (released hands of some rounds), split into the rows
    of the rounds before ``current`` and those of ``current`` (None: every row in the first)
    by one more key of each grouping."""
    part = (
        Value(0, output_field=IntegerField())
        if current is None
        else Case(
            When(session__round__number=current, then=Value(1)),
            default=Value(0),
            output_field=IntegerField(),
        )
    )
    split: tuple[dict, dict] = ({}, {})
    for name, (kind, query, columns) in _grouped_reads(hands, part).items():
        found: tuple[list, list] = ([], [])
        for which, *row in query.annotate(part=part).values_list("part", *columns):
            found[which].append(kind(*row))
        split[0][name], split[1][name] = found
    return r.RoundsRows(**split[0]), r.RoundsRows(**split[1])


def _grouped_reads(hands, part) -> dict[str, tuple[Callable, object, tuple[str, ...]]]:
    """Each field of `rows.RoundsRows`: the row it makes, its grouped query of ``hands`` and
    the columns it reads (``part``: the grouping key that splits them, for the big hands'
    ranking)."""
    wins = hands.filter(outcome=f.WIN)
    return {
        "groups": (
            r.HandGroup,
            hands.values("session_id", "session__round__number", "outcome", "win_type").annotate(
                n=Count("pk")
            ),
            ("session_id", "session__round__number", "outcome", "win_type", "n"),
        ),
        "winners": (
            r.WinnerRow,
            hands.exclude(outcome=f.DRAW)
            .values("winner_id", "outcome", "win_type")
            .annotate(n=Count("pk"), points=Sum("value"), top=Max("value")),
            ("winner_id", "outcome", "win_type", "n", "points", "top"),
        ),
        # The discarder's own payment of each hand: one payment a hand, so no DISTINCT (a won
        # hand's discarder always pays); a positive cost.
        "deal_ins": (
            lambda player_id, count, paid: r.DealInRow(player_id, count, -(paid or 0)),
            wins.filter(discarder__isnull=False, payments__player_id=F("discarder_id"))
            .values("discarder_id")
            .annotate(n=Count("pk"), paid=Sum("payments__amount")),
            ("discarder_id", "n", "paid"),
        ),
        # The lists as the database holds them (text): the pure part decodes each distinct
        # list once, however many players' wins hold it.
        "patterns": (
            r.PatternRow,
            wins.annotate(text=Cast("patterns", TextField()))
            .values("winner_id", "text")
            .annotate(n=Count("pk")),
            ("winner_id", "text", "n"),
        ),
        "values": (r.ValueRow, wins.values("value").annotate(n=Count("pk")), ("value", "n")),
        "big_hands": (
            r.BigHandRow,
            wins.filter(value__gte=f.BIG_VALUE)
            .annotate(
                place=Window(
                    RowNumber(),
                    partition_by=[part],
                    order_by=[
                        "-value", "session__round__number", "session__table__number", "number",
                    ],
                )
            )
            .filter(place__lte=f.BIG_HANDS_SHOWN),
            ("session__round__number", "session__table__number", "number", "winner_id", "value",
             "patterns", "concealed", "melds", "winning_tile", "win_type"),
        ),
    }  # fmt: skip


def _figures(
    tournament: Tournament, round_limit: int | None, parts: list[r.RoundsRows]
) -> f.EventFigures:
    """The figures added up from ``parts`` (the reads of sets of rounds), the seats and the
    roster."""

    def every(name: str):
        return chain.from_iterable(getattr(part, name) for part in parts)

    sessions, by_round = r.hand_groups_split(every("groups"), draw=f.DRAW)
    players = f.player_lines(
        seats=_seats(tournament, round_limit),
        sessions=sessions,
        winners=every("winners"),
        deal_ins=every("deal_ins"),
        patterns=every("patterns"),
    )
    rounds = f.round_lines(by_round)
    people = entrants(tournament)
    countries = {entrant.player_id: entrant.country for entrant in people}
    return f.EventFigures(
        rounds=rounds,
        players=players,
        values=f.value_bins(every("values")),
        patterns=f.pattern_lines(players, sum(line.wins for line in rounds)),
        big_hands=f.big_hands(every("big_hands")),
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

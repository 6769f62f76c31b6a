"""The preview of one seated round, as the organiser checks it before publishing: each table's
players with their rank going in, the repeat meetings at the table, the pairs kept apart who
meet, the fixed tables missed, and the round's method.

Vocabulary (and see `ranking_selectors` and `rule_selectors`)
----------
rank going in   for a round seated by the standings, the player's rank in the standings after
                the round before it ("=3", "" when unranked); ``place`` is their place in that
                order (1, 2, ...; 0 when unranked). Empty for a random round.
repeat          two players at one table of the round who met before (in an earlier round, or
                in the other half of this one); ``meetings`` counts every meeting so far.
kept-apart meeting  a pair kept apart seated at one table of the round where the rule holds.
fixed-table miss    a player whose fixed table holds in the round, seated elsewhere (``given``,
                0 when not seated at all).
reason          why a rule could not be met, as the pure code words it (``(English text with
                %(name)s placeholders, values)``, player ids under ``a``, ``b`` and ``player``):
                `reason_texts` puts it in the reader's language with the players' labels.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext

from ..models import Round
from ..names import Names, player_names
from .ranking_selectors import ranks_going_in
from .reasons import PLAYER_KEYS, constraint_reasons
from .report import quality_report
from .rule_selectors import seating_constraints
from .selectors import _seated


@dataclass(frozen=True)
class PreviewSeat:
    player_id: int
    number: int | None  # registration number
    name: str  # the player's label in the reader's language
    wind: str
    rank: str = ""  # rank going in ("=3"): rounds seated by the standings only
    place: int = 0  # place in the standings going in (1, 2, ...): 0 when unranked or random


@dataclass(frozen=True)
class PreviewRepeat:
    first: str  # the two players' labels
    second: str
    meetings: int  # how many times they have met, this round included


@dataclass(frozen=True)
class PreviewTable:
    number: int
    half: int
    seats: tuple[PreviewSeat, ...]  # in wind order, E S W N
    repeats: tuple[PreviewRepeat, ...]
    kept_apart: tuple[tuple[str, str], ...]  # the labels of each pair kept apart who meet here


@dataclass(frozen=True)
class FixedTableMiss:
    name: str
    table: int  # the table set
    given: int  # the table given; 0 when not seated in the round


@dataclass(frozen=True)
class RoundPreview:
    number: int
    method: str  # "random", "standings" or "swiss"
    method_label: str  # in the reader's language
    repeat_limit: int  # Swiss: the most repeat meetings the round may have
    tables: tuple[PreviewTable, ...]  # in half, then table order
    repeat_meetings: int  # repeat meetings of the round, with every earlier round
    kept_apart_meetings: int
    fixed_table_misses: tuple[FixedTableMiss, ...]
    fixed_tables_honoured: int  # players seated at their fixed table in the round
    wind_spread: int = 0  # the largest wind spread over the rounds up to this one
    separation_meetings: int = 0  # pairs of one club or country at a table of the round
    # Why a rule was not met, in the reader's words (`seating.reasons`, `reason_texts`)
    reasons: tuple[str, ...] = ()

    @property
    def by_standings(self) -> bool:
        return self.method != Round.SeatingMethod.RANDOM


def round_preview(round_: Round) -> RoundPreview:
    """``round_``'s seating as the organiser previews it, in a fixed number of queries
    (whatever the players or rounds); an unseated round has no tables."""
    tournament = round_.tournament
    rounds = list(tournament.rounds.filter(number__lte=round_.number))
    players, seatings = _seated(tournament, rounds)
    constraints = seating_constraints(tournament)
    this = [s for s in seatings if s.number == round_.number]
    overall = quality_report(players, seatings, constraints)
    alone = quality_report(players, this, constraints)
    names = player_names(tournament)
    ranks = ranks_going_in(tournament, round_.number) if round_.by_standings else {}
    apart = {
        (table, frozenset((a, b)))
        for number, table, a, b in alone.kept_apart_meetings
        if number == round_.number
    }
    tables = [
        _table(seating.half, table, group, names, ranks, overall.repeat_pairs, apart)
        for seating in this
        for table, group in seating.tables().items()
    ]
    return RoundPreview(
        number=round_.number,
        method=round_.seating_method,
        method_label=str(Round.SeatingMethod(round_.seating_method).label),
        repeat_limit=round_.repeat_limit,
        tables=tuple(tables),
        repeat_meetings=_round_repeats(tables),
        kept_apart_meetings=len(apart),
        fixed_table_misses=tuple(
            FixedTableMiss(names.label(player), table, given)
            for number, player, table, given in alone.fixed_table_misses
            if number == round_.number
        ),
        fixed_tables_honoured=alone.fixed_tables_honoured,
        wind_spread=overall.max_wind_spread,
        separation_meetings=len(alone.separation_meetings),
        reasons=tuple(
            reason_texts(
                constraint_reasons(
                    players,
                    this,
                    constraints,
                    alone,
                    methods={round_.number: round_.seating_method},
                    rankings={round_.number: sorted(ranks, key=lambda pid: ranks[pid][1])},
                ),
                names,
            )
        ),
    )


def _table(half, table, group, names, ranks, repeat_pairs, apart) -> PreviewTable:
    """One table of the round: its seats (with ranks going in), repeats and pairs kept apart."""
    label = names.label
    pairs = list(itertools.combinations(sorted(p.player_id for p in group), 2))
    return PreviewTable(
        number=table,
        half=half,
        seats=tuple(
            PreviewSeat(
                p.player_id,
                _number(names, p.player_id),
                label(p.player_id),
                p.wind,
                *ranks.get(p.player_id, ("", 0)),
            )
            for p in group
        ),
        repeats=tuple(
            PreviewRepeat(label(a), label(b), repeat_pairs[(a, b)])
            for a, b in pairs
            if (a, b) in repeat_pairs
        ),
        kept_apart=tuple(
            (label(a), label(b)) for a, b in pairs if (table, frozenset((a, b))) in apart
        ),
    )


def _number(names, player_id: int) -> int | None:
    person = names.people.get(player_id)
    return person.number if person else None


def _round_repeats(tables: list[PreviewTable]) -> int:
    """The round's repeat meetings: each pair at one of its tables who had met before."""
    return sum(1 for table in tables for _ in table.repeats)


def reason_texts(reasons: Iterable[tuple[str, dict]], names: Names) -> list[str]:
    """Each reason (see the vocabulary) in the reader's language, every player named by their
    label (`names`: `tournament.names.player_names` of the tournament)."""
    return [
        gettext(text)
        % {
            key: names.label(value) if key in PLAYER_KEYS and isinstance(value, int) else value
            for key, value in values.items()
        }
        for text, values in reasons
    ]

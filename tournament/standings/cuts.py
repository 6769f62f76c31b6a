"""Cuts between stages: who continues, how ties at the line are broken, what each qualifier
carries, and the standings of a tournament played in stages. Pure Python: no Django, no models.

Vocabulary
----------
field          the players of a stage: every entrant in stage 1, the qualifiers of the previous
               cut after it (`stage_inputs`).
stage score    a player's total in the stage's standings: what they carried in, plus the points
               of the stage's rounds, plus loose penalties (those recorded outside any session,
               which always count in full and are therefore never carried).
order          the standings' own order (`ranking.standings_build`: the ranking's key, then the
               tournament's tie-breaks); players still tied after all of them are *tied*.
the line       between the last qualifier and the first player cut. Withdrawn players never
               qualify: they keep their place and the next player takes the seat.
draw           when a tied group straddles the line, its eligible players are put in a random
               order by ``random.Random(seed)`` shuffling them sorted by ``draw_key`` (the
               registration number): the same seed gives the same draw, on any database. Their
               place in it is their *lot*; the first lots qualify.
cut line       `CutLine`: one player's line of a cut: position (1, 2, ... after the draw), the
               rank shown to those cut (their places continue below the qualifiers), stage
               score, carried points (`tournament.stages.carry` of the score without loose
               penalties, for qualifiers; 0 for those cut), qualified, lot.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..stages import CutLine, StagePlan, carry
from .ranking.build import standings_build
from .ranking.rows import Entrant, SessionResult, Standing
from .ranking.rules import RankingRules
from .ranking.tie_breaks import TIE_BREAKS, Ledger


@dataclass(frozen=True)
class TieAtLine:
    """The players level with the line on the ranking's first key, with each key's value in
    the order applied (``keys``) and their lot when the draw was needed."""

    keys: tuple[str, ...]
    rows: tuple[tuple[int, tuple, int | None, bool], ...]  # player id, values, lot, qualified


@dataclass(frozen=True)
class CutOutcome:
    size: int
    share: Fraction
    seed: int
    lines: tuple[CutLine, ...]
    standings: tuple[Standing, ...]  # the stage's ranked rows, as the cut read them
    drawn: tuple[int, ...] = ()  # player ids put in order by the draw, in lot order
    tie: TieAtLine | None = None
    keys: tuple[str, ...] = ()  # the order applied before the draw (`RankingRules.chain`)

    @property
    def qualifiers(self) -> tuple[int, ...]:
        return tuple(line.player_id for line in self.lines if line.qualified)


def cut_decide(
    entrants: Iterable[Entrant],
    results: Iterable[SessionResult],
    rules: RankingRules,
    *,
    size: int,
    share: Fraction,
    seed: int,
    draw_key: Mapping[int, int],
    loose_penalties: Mapping[int, int] | None = None,
    carried: Mapping[int, int] | None = None,
) -> CutOutcome:
    """Rank a stage's field (its results only), keep the top ``size`` eligible players and say
    what each carries. ``draw_key`` orders a tied group before the seeded shuffle."""
    if size < 1:
        raise ValueError("A cut keeps at least one player.")
    loose = dict(loose_penalties or {})
    results = list(results)
    rows = standings_build(entrants, results, rules, loose, dict(carried or {}))
    groups: list[list[Standing]] = []
    for row in rows:
        if groups and groups[-1][0].place == row.place:
            groups[-1].append(row)
        else:
            groups.append([row])
    ordered: list[tuple[Standing, bool, int | None]] = []
    taken, drawn = 0, ()
    for group in groups:
        eligible = [row for row in group if not row.entrant.withdrawn]
        withdrawn = [row for row in group if row.entrant.withdrawn]
        if taken + len(eligible) <= size or taken >= size or len(eligible) < 2:
            for row in eligible:
                ordered.append((row, taken < size, None))
                taken += 1
        else:
            lots = sorted(eligible, key=lambda row: draw_key[row.player_id])
            random.Random(seed).shuffle(lots)
            drawn = tuple(row.player_id for row in lots)
            for lot, row in enumerate(lots, start=1):
                ordered.append((row, taken < size, lot))
                taken += 1
        ordered.extend((row, False, None) for row in withdrawn)
    lines = _lines(ordered, share, loose)
    return CutOutcome(
        size=size,
        share=share,
        seed=seed,
        lines=lines,
        standings=tuple(rows),
        drawn=drawn,
        tie=_tie_at_line(ordered, rules, results),
        keys=tuple(rules.chain()),
    )


def _lines(ordered, share: Fraction, loose: Mapping[int, int]) -> tuple[CutLine, ...]:
    """Positions in order; those cut are ranked below the qualifiers, sharing a rank where the
    standings had them tied."""
    first_position: dict[int, int] = {}
    out_count: dict[int, int] = defaultdict(int)
    for position, (row, qualified, _) in enumerate(ordered, start=1):
        if not qualified:
            first_position.setdefault(row.place, position)
            out_count[row.place] += 1
    lines = []
    for position, (row, qualified, lot) in enumerate(ordered, start=1):
        if qualified:
            rank = row.rank
        else:
            place = first_position[row.place]
            rank = f"={place}" if out_count[row.place] > 1 else str(place)
        base = row.total - loose.get(row.player_id, 0)
        lines.append(
            CutLine(
                player_id=row.player_id,
                position=position,
                rank=rank,
                score=row.total,
                carried=carry(share, base) if qualified else 0,
                qualified=qualified,
                lot=lot,
            )
        )
    return tuple(lines)


def _tie_at_line(ordered, rules: RankingRules, results) -> TieAtLine | None:
    """The players level with the last qualifier (or, when nobody is cut, nothing)."""
    last_in = next((row for row, qualified, _ in reversed(ordered) if qualified), None)
    first_out = next((row for row, qualified, _ in ordered if not qualified), None)
    if last_in is None or first_out is None:
        return None
    keys = tuple(rules.chain())
    ledger = Ledger(results)
    first = TIE_BREAKS[keys[0]]
    level_value = first.measure([last_in], ledger)[last_in.player_id]
    group = [row for row, _, _ in ordered]
    level = first.measure(group, ledger)
    tied = [entry for entry in ordered if level[entry[0].player_id] == level_value]
    if len(tied) < 2 or all(qualified for _, qualified, _ in tied):
        return None
    tied_rows = [row for row, _, _ in tied]
    values = [TIE_BREAKS[key].measure(tied_rows, ledger) for key in keys]
    return TieAtLine(
        keys=keys,
        rows=tuple(
            (row.player_id, tuple(value[row.player_id] for value in values), lot, qualified)
            for row, qualified, lot in tied
        ),
    )


# --- The standings of a tournament in stages -----------------------------------------------


@dataclass
class StagedStandings:
    stage: int  # the stage the qualifiers are playing (1 before any cut)
    rows: list[Standing] = field(default_factory=list)


def stage_inputs(
    entrants: Sequence[Entrant],
    results: Iterable[SessionResult],
    plan: StagePlan,
    cuts: Mapping[int, Sequence[CutLine]],
    stage: int,
) -> tuple[list[Entrant], list[SessionResult], dict[int, int]]:
    """The field of ``stage``, its rounds' results and what each of them carries in."""
    first = plan.first_round(stage)
    last = plan.stage(stage).last_round
    in_stage = [
        result
        for result in results
        if result.round_number >= first and (last is None or result.round_number <= last)
    ]
    if stage == 1:
        return list(entrants), in_stage, {}
    lines = {line.player_id: line for line in cuts[stage - 1] if line.qualified}
    field_ = [entrant for entrant in entrants if entrant.player_id in lines]
    ids = set(lines)
    return (
        field_,
        [result for result in in_stage if result.player_id in ids],
        {pid: line.carried for pid, line in lines.items()},
    )


def staged_standings(
    entrants: Sequence[Entrant],
    results: Sequence[SessionResult],
    rules: RankingRules,
    *,
    plan: StagePlan,
    cuts: Mapping[int, Sequence[CutLine]],
    loose_penalties: Mapping[int, int] | None = None,
) -> StagedStandings:
    """The standings in stages: the current stage's field ranked live (carried points in their
    own column), then the players cut at each earlier cut, latest cut first, in the cut's order
    with its ranks. ``cuts`` holds the confirmed cuts by the number of the stage they end,
    consecutive from stage 1. Every row keeps all the player's sessions for display; the
    totals count the stage's rounds only."""
    loose = dict(loose_penalties or {})
    results = list(results)
    everything = {row.player_id: row for row in standings_build(entrants, results, rules, loose)}
    stage = 1
    while stage in cuts:
        stage += 1
    shown = set()
    if stage == 1:
        rows = list(everything.values())
        return StagedStandings(stage=1, rows=rows)
    field_, in_stage, carried = stage_inputs(entrants, results, plan, cuts, stage)
    rows = standings_build(field_, in_stage, rules, loose, carried)
    shown.update(row.player_id for row in rows)
    for earlier in range(stage - 1, 0, -1):
        field_, in_stage, carried = stage_inputs(entrants, results, plan, cuts, earlier)
        built = {
            row.player_id: row for row in standings_build(field_, in_stage, rules, loose, carried)
        }
        for line in cuts[earlier]:
            row = built.get(line.player_id)
            if line.qualified or row is None or line.player_id in shown:
                continue
            row.rank, row.place = line.rank, line.position
            row.cut_after_round = plan.stage(earlier).last_round
            rows.append(row)
            shown.add(line.player_id)
    for row in rows:
        row.sessions = everything[row.player_id].sessions
    return StagedStandings(stage=stage, rows=rows)

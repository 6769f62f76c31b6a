"""The ranking itself: every entrant's totals summed, then ranked by the rules' chain of keys.

Vocabulary
----------
loose penalty   points deducted outside any session (a `Penalty` with no session), per player.
carried         points a qualifier brought from the previous stage, per player.
split           a group of rows broken by one key of the chain (`TIE_BREAKS`), best value first;
                what stays tied after every key stays together and shares its rank ("=3").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from fractions import Fraction
from itertools import groupby
from operator import attrgetter

from .match_points import SCALE, ZERO, session_placings
from .rows import Entrant, SessionResult, Standing
from .rules import RankingRules
from .tie_breaks import TIE_BREAKS, Ledger


def standings_build(
    entrants: Iterable[Entrant],
    results: Iterable[SessionResult],
    rules: RankingRules,
    loose_penalties: dict[int, int] | None = None,
    carried: dict[int, int] | None = None,
) -> list[Standing]:
    """Rank the entrants: best first, each with ``rank`` ("3" or "=3") and ``place``;
    ``carried`` gives each entrant the points they bring from an earlier stage."""
    rows = _rows_start(entrants, rules, loose_penalties or {}, carried or {})
    # In card order, each card's results by player: a fixed order, so that sums of roots
    # never depend on the input's.
    in_order = sorted(results, key=_CARD_AND_PLAYER)
    summed = _sessions_add(rows, in_order, rules)
    _match_points_set(rows, summed, rules)
    groups = _split([list(rows.values())], rules.chain(), Ledger(in_order))
    return _ranks_give(groups)


_CARD = attrgetter("round_number", "half", "table_number")  # `SessionResult.card`, as a key
_CARD_AND_PLAYER = attrgetter("round_number", "half", "table_number", "player_id")


def _rows_start(
    entrants: Iterable[Entrant],
    rules: RankingRules,
    loose_penalties: dict[int, int],
    carried: dict[int, int],
) -> dict[int, Standing]:
    """A row per entrant the rules show, by player, holding their loose penalties and what
    they carried in."""
    rows = {}
    for entrant in entrants:
        if (rules.hide_withdrawn and entrant.withdrawn) or (
            rules.hide_substitutes and entrant.substitute
        ):
            continue
        rows[entrant.player_id] = Standing(
            entrant,
            penalty_points=loose_penalties.get(entrant.player_id, 0),
            carried=carried.get(entrant.player_id, 0),
        )
    return rows


def _sessions_add(
    rows: dict[int, Standing], in_order: list[SessionResult], rules: RankingRules
) -> dict[int, int | float]:
    """Add every session to its players' rows (``in_order``: the results in card order, each
    card's by player); return each player's match points as summed (sixtieths for placing,
    floats for roots)."""
    summed: dict[int, int | float] = dict.fromkeys(rows, 0)
    for _, card in groupby(in_order, key=_CARD):
        session = list(card)
        for result, (placing, points) in zip(
            session, session_placings(session, rules), strict=True
        ):
            row = rows.get(result.player_id)
            if row is None:
                continue
            row.hand_points += result.hand_points
            row.penalty_points += result.penalty_points
            summed[result.player_id] += points
            row.hands_won += result.hands_won
            if result.largest_hand > row.largest_hand:
                row.largest_hand = result.largest_hand
            if row.best_session is None or placing.score > row.best_session:
                row.best_session = placing.score
            row.sessions.append(placing)
    return summed


def _match_points_set(
    rows: dict[int, Standing], summed: dict[int, int | float], rules: RankingRules
) -> None:
    """Each row's match points from its sum, in the scheme's exact form."""
    for pid, row in rows.items():
        if rules.match_points == "placing":
            row.match_points = Fraction(summed[pid], SCALE)
        elif rules.match_points == "sqrt":
            # Rounding keeps sums that are equal in exact arithmetic equal as floats.
            row.match_points = round(summed[pid], 9)
        else:
            row.match_points = ZERO


def _ranks_give(groups: list[list[Standing]]) -> list[Standing]:
    """The groups in order, each row with its place and rank; a tied group shares them and
    is listed in family-name order."""
    ranked: list[Standing] = []
    for group in groups:
        place = len(ranked) + 1
        if len(group) > 1:
            group.sort(key=lambda r: (r.entrant.order, r.entrant.name, r.entrant.player_id))
        rank = f"={place}" if len(group) > 1 else str(place)
        for row in group:
            row.place = place
            row.rank = rank
            ranked.append(row)
    return ranked


def _split(groups: list[list[Standing]], keys: list[str], ledger: Ledger) -> list[list[Standing]]:
    """Break every group by each key in turn, best value first; what stays tied stays together."""
    for key in keys:
        tie_break = TIE_BREAKS[key]
        next_groups = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
                continue
            values = tie_break.measure(group, ledger)
            buckets: dict[object, list[Standing]] = defaultdict(list)
            for row in group:
                buckets[values[row.player_id]].append(row)
            next_groups.extend(buckets[value] for value in sorted(buckets, reverse=True))
        groups = next_groups
    return groups

"""Making a seating schedule: who sits at which table, in which starting wind, round after round.

Pure Python fed plain objects (`request`: the players, the rounds played, the options, and the
checks a request must pass); the Django service turns models into these and back.

Vocabulary (the *players*, *rounds*, *tables*, *winds*, *byes* and *halves* are :mod:`.request`'s;
East deals the first hand and the deal rotates from there, RULINGS R14):

- *meeting*: two players at one table in one round. A *repeat meeting* is any meeting of a pair
  after its first; a pair that met three times has two repeat meetings.
- *wind spread*: for one player, the most-used minus the least-used starting wind.
- *same-table repeat*: a player at the same table number in two consecutive rounds.
- *half*: to the search each half of a round (e.g. 8 hands of 16 before the change) is a round of
  its own: its meetings and its winds count like any round's, so the second half avoids the
  pairs of the first half and of earlier rounds where it can, and the winds stay balanced over
  every half played.

:func:`generate_schedule` builds rounds (a whole event up front, or the next rounds after the
ones already played); :mod:`.report` measures any list of rounds. Results depend only
on the inputs and ``SeatingOptions.seed``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..winds import WINDS, wind_order
from . import cyclic, designs, placing, ranked, search
from .checks import check_request
from .request import (
    FixedTable,
    KeptApart,
    Placement,
    RoundSeating,
    SeatingConstraints,
    SeatingOptions,
    SeatingPlayer,
)

# Short restarts looking for a one-rotational zero-repeat schedule: they succeed fast or not at all.
CYCLIC_ATTEMPTS = 12
CYCLIC_ATTEMPT_STEPS = 300


def generate_schedule(
    players: Sequence[SeatingPlayer],
    rounds: int,
    *,
    played: Sequence[RoundSeating] = (),
    options: SeatingOptions = SeatingOptions(),  # noqa: B008 - frozen, safe as a default
    odd_players: str = "error",
    halves: Sequence[int] = (),
    constraints: SeatingConstraints = SeatingConstraints(),  # noqa: B008 - frozen
    ranking: Sequence[int] = (),
) -> list[RoundSeating]:
    """Seat ``players`` (the active ones) for ``rounds`` more rounds after ``played``.

    ``options.method`` fills the tables (``"standings"`` and ``"swiss"`` seat one round, in one
    half, from ``ranking``: every active player's id, best first); ``constraints`` fix players'
    tables and keep pairs apart in the rounds where they are set.

    ``halves`` gives, per new round, 1 or 2 (a table change in that round; missing: 1): the
    result has one seating per half, in order, the second with the first's number and byes.
    New rounds are numbered on from the highest played round number. Meetings, winds, byes and
    tables from ``played`` count, including those of players no longer active. When the number
    of active players is not a multiple of 4, ``odd_players="byes"`` sits the remainder out each
    round (those with the most rounds seated so far, ties by seed); ``"error"`` (the default)
    raises a :class:`SeatingError` that names both choices.
    """
    check_request(players, rounds, played, options, odd_players, constraints, ranking, halves)
    if rounds == 0:
        return []
    halves_of = [*halves, *[1] * (rounds - len(halves))]
    half_numbers = [half for count in halves_of for half in range(1, count + 1)]
    round_offsets = [offset for offset, count in enumerate(halves_of) for _ in range(count)]
    first_number = max((past.number for past in played), default=0) + 1
    numbers = [first_number + offset for offset in round_offsets]
    deadline = time.monotonic() + options.time_limit
    rng = random.Random(options.seed)
    ordered = sorted(players, key=lambda player: player.id)
    history = _History.of(ordered, played)
    index_of = {player.id: index for index, player in enumerate(ordered)}
    fixed_ids = [
        {p: t for p, t in constraints.fixed_in(number).items() if p in index_of}
        for number in numbers
    ]
    stay = [{index_of[p] for p in fixed} for fixed in fixed_ids]
    byes_by_round = _byes_by_round(half_numbers, history.sat_out, rng, stay)
    rules = _rules(index_of, numbers, byes_by_round, fixed_ids, constraints)
    if options.method == "random":
        partitions, seats = _search(
            ordered, played, history, byes_by_round, rng, options, deadline, rules
        )
    else:
        partitions, seats = _ranked_round(
            history, byes_by_round[0], rng, options, rules[0], ranking, index_of, numbers[0]
        )
    return _seatings(
        ordered,
        played,
        zip(round_offsets, half_numbers, partitions, seats, byes_by_round, fixed_ids, strict=True),
        first_number,
        by_rank=options.method != "random",
    )


@dataclass
class _History:
    """What the rounds played leave to the new ones, by player index (players in id order):
    who met whom (``met``), each player's starting winds (``wind_counts``, E S W N), how many
    rounds each sat out (``sat_out``), and the repeat cost of those meetings."""

    met: list[list[int]]
    wind_counts: list[list[int]]
    sat_out: list[int]
    repeat_cost: int

    @classmethod
    def of(cls, ordered: Sequence[SeatingPlayer], played: Sequence[RoundSeating]) -> _History:
        index_of = {player.id: index for index, player in enumerate(ordered)}
        n = len(ordered)
        met = [[0] * n for _ in range(n)]
        wind_counts = [[0] * 4 for _ in range(n)]
        sat_out = [0] * n
        for past in played:
            seated = {p.player_id for p in past.placements}
            for player in ordered:
                if player.id not in seated and past.half == 1:
                    sat_out[index_of[player.id]] += 1
            known = [
                [index_of[p.player_id] for p in group if p.player_id in index_of]
                for group in past.tables().values()
            ]
            search.count_meetings(known, met)
            for placement in past.placements:
                if placement.player_id in index_of:
                    wind_counts[index_of[placement.player_id]][WINDS.index(placement.wind)] += 1
        repeat_cost = search.REPEAT_WEIGHT * search.repeat_cost(met)
        return cls(met, wind_counts, sat_out, repeat_cost)


def _search(ordered, played, history, byes_by_round, rng, options, deadline, rules):
    """The tables (player indexes in groups of 4) and starting winds of every new half: from
    starting partitions (`_starting_partitions`, the fixed players pinned), improved by the
    search (`search`) down to the fewest repeat meetings it can find, then winds balanced.
    Counts the new meetings into ``history.met``."""
    met = history.met
    separation = _separation_keys(ordered, options.separate_by)
    partitions = _starting_partitions(
        len(ordered),
        len(byes_by_round),
        played,
        byes_by_round,
        met,
        separation,
        rng,
        options,
        deadline,
        rules,
    )
    for groups in partitions:
        search.count_meetings(groups, met)
    target = search.REPEAT_WEIGHT * max(
        history.repeat_cost // search.REPEAT_WEIGHT, _repeat_floor(met, partitions)
    )
    budget = search.SearchBudget(options.max_steps, options.stall_steps, deadline)
    partitions = search.improve_rounds(
        partitions, met, separation, target, rng, budget, [rule.search for rule in rules]
    )
    seats = placing.assign_winds(partitions, history.wind_counts, rng, max_passes=200)
    return partitions, seats


def _ranked_round(history, byes, rng, options, rules, ranking, index_of, number):
    """One round's tables from the ranking (`ranked`: by standings or Swiss) and its winds."""
    sitting_out = set(byes)
    order = [index_of[p] for p in ranking if p in index_of and index_of[p] not in sitting_out]
    if options.method == "standings":
        groups = ranked.standings_groups(order)
    else:
        apart = set(rules.search.apart) | rules.across_tables()
        groups = ranked.swiss_groups(
            order, history.met, apart, options.repeat_limit, rng, round_number=number
        )
    seats = placing.assign_winds([groups], history.wind_counts, rng, max_passes=200)
    return [groups], seats


@dataclass(frozen=True)
class _HalfRules:
    """One new half's constraints by player index: the fixed tables (``fixed``, table by
    index, those sitting out left out) and what the search must respect (``search``)."""

    fixed: dict[int, int]
    search: search.RoundRules

    def across_tables(self) -> set[tuple[int, int]]:
        """The pairs fixed to two different tables, in both orders."""
        return {(a, b) for a, ta in self.fixed.items() for b, tb in self.fixed.items() if ta != tb}


def _rules(index_of, numbers, byes_by_round, fixed_ids, constraints) -> list[_HalfRules]:
    result = []
    for number, byes, fixed in zip(numbers, byes_by_round, fixed_ids, strict=True):
        out = set(byes)
        by_index = {index_of[p]: t for p, t in fixed.items() if index_of[p] not in out}
        apart = {
            pair
            for kept in constraints.apart_in(number)
            if len(kept & index_of.keys()) == 2
            for a, b in [tuple(index_of[p] for p in kept)]
            for pair in ((a, b), (b, a))
        }
        result.append(
            _HalfRules(by_index, search.RoundRules(frozenset(by_index), frozenset(apart)))
        )
    return result


def _byes_by_round(half_numbers: list[int], sat_out: list[int], rng: random.Random, stay):
    """The player indexes sitting out each new half: those who sat out least so far (ties
    drawn), never a player with a fixed table (``stay``, per half) while another can, as many
    as do not fill a table; a second half sits out its first half's."""
    n = len(sat_out)
    bye_count = n % 4
    byes_by_round: list[list[int]] = []
    for half, staying in zip(half_numbers, stay, strict=True):
        if half == 2:  # the second half sits out the same players as the first
            byes_by_round.append(byes_by_round[-1])
            continue
        tiebreak = list(range(n))
        rng.shuffle(tiebreak)
        rank = sorted(range(n), key=lambda i: (i in staying, sat_out[i], tiebreak[i]))
        chosen = sorted(rank[:bye_count])
        for i in chosen:
            sat_out[i] += 1
        byes_by_round.append(chosen)
    return byes_by_round


def _seatings(ordered, played, new_rounds, first_number, *, by_rank) -> list[RoundSeating]:
    """The new rounds as seatings: tables numbered for the fixed tables, then in rank order
    (``by_rank``, `ranked.table_numbers`) or to keep players at their table where they can
    (`placing.number_tables`); placements in table and wind order."""
    previous_table: dict[int, int] = {}
    if played:
        last = max(played, key=lambda past: past.order)
        previous_table = {p.player_id: p.table for p in last.placements}
    result = []
    for offset, half, groups, round_seats, byes, fixed in new_rounds:
        ids = [[ordered[i].id for i in group] for group in groups]
        if by_rank:
            numbers = ranked.table_numbers(ids, fixed)
        else:
            numbers = placing.number_tables(ids, previous_table, fixed)
        placements = []
        for group, order, table in zip(ids, round_seats, numbers, strict=True):
            for player_id, wind in zip(group, order, strict=True):
                placements.append(Placement(player_id, table, WINDS[wind]))
        placements.sort(key=lambda p: (p.table, wind_order(p.wind)))
        result.append(
            RoundSeating(
                number=first_number + offset,
                placements=tuple(placements),
                byes=tuple(ordered[i].id for i in byes),
                half=half,
            )
        )
        previous_table = {p.player_id: p.table for p in placements}
    return result


def seat_second_half(
    players: Sequence[SeatingPlayer],
    first_half: RoundSeating,
    *,
    played: Sequence[RoundSeating] = (),
    options: SeatingOptions = SeatingOptions(),  # noqa: B008 - frozen, safe as a default
    constraints: SeatingConstraints = SeatingConstraints(),  # noqa: B008 - frozen
) -> RoundSeating:
    """Seat the second half of ``first_half``'s round: the same players (its byes sit out
    again), with the meetings and winds of ``played`` (the halves before) and of the first half
    counting, as for any new round, and the round's fixed tables and kept-apart pairs."""
    seated = {placement.player_id for placement in first_half.placements}
    number = first_half.number
    (second,) = generate_schedule(
        [player for player in players if player.id in seated],
        1,
        played=[*played, first_half],
        options=options,
        constraints=SeatingConstraints(
            tuple(FixedTable(p, t) for p, t in constraints.fixed_in(number).items()),
            tuple(KeptApart(*sorted(pair)) for pair in constraints.apart_in(number)),
        ),
    )
    return RoundSeating(
        number=first_half.number, placements=second.placements, byes=first_half.byes, half=2
    )


def _separation_keys(players: Sequence[SeatingPlayer], separate_by: str | None) -> list[int]:
    """One small integer per player for their club or country; -1 when none or not separating."""
    if separate_by is None:
        return [-1] * len(players)
    codes: dict[str, int] = {}
    keys = []
    for player in players:
        value = getattr(player, separate_by)
        keys.append(codes.setdefault(value, len(codes)) if value else -1)
    return keys


def _starting_partitions(
    n: int,
    rounds: int,
    played: Sequence[RoundSeating],
    byes_by_round: list[list[int]],
    met: list[list[int]],
    separation: list[int],
    rng: random.Random,
    options: SeatingOptions,
    deadline: float,
    rules: list[_HalfRules],
) -> list[designs.Partition]:
    """Rounds to start the search from: a zero-repeat construction when one fits, else greedy;
    the players with a fixed table pinned to their groups (`placing.pin_fixed`)."""
    starts: list[designs.Partition] = []
    if not played and n % 4 == 0:
        constructed = designs.known_rounds(n)
        if len(constructed) < rounds and _worth_developing(n, rounds):
            constructed = _developed_rounds(n, rounds, rng, options, deadline) or constructed
        rng.shuffle(constructed)
        relabel = list(range(n))
        rng.shuffle(relabel)
        starts = [[[relabel[p] for p in group] for group in groups] for groups in constructed]
        starts = [
            placing.pin_fixed(groups, rule.fixed)
            for groups, rule in zip(starts[:rounds], rules, strict=False)
        ]
    working = [row[:] for row in met]
    for groups in starts:
        search.count_meetings(groups, working)
    while len(starts) < rounds:
        byes = set(byes_by_round[len(starts)])
        active = [i for i in range(n) if i not in byes]
        groups = search.greedy_partition(active, working, separation, rng)
        groups = placing.pin_fixed(groups, rules[len(starts)].fixed)
        search.count_meetings(groups, working)
        starts.append(groups)
    return starts


def _worth_developing(n: int, rounds: int) -> bool:
    """Dense small events (each player meeting 2/3 of the field or more), where plain search
    struggles and a one-rotational search is cheap."""
    return n <= 48 and 3 * 3 * rounds >= 2 * (n - 1)


def _developed_rounds(
    n: int, rounds: int, rng: random.Random, options: SeatingOptions, deadline: float
) -> list[designs.Partition]:
    # Developing needs at least (players - tables) / 3 rounds, and an odd count avoids pairs
    # that would meet twice; extra rounds are dropped by the caller.
    smallest = max(rounds, -(-(n - n // 4) // 3))
    for developed_rounds in range(smallest, (n - 1) // 3 + 1):
        if developed_rounds % 2 == 0:
            continue
        for _ in range(CYCLIC_ATTEMPTS):
            steps = min(options.max_steps, CYCLIC_ATTEMPT_STEPS)
            found = cyclic.cyclic_rounds(n, developed_rounds, rng, steps, deadline)
            if found:
                return found
    return []


def _repeat_floor(met: list[list[int]], partitions: list[designs.Partition]) -> int:
    """A lower bound on repeat meetings among active players: a player with more meetings than
    possible partners repeats the difference, and every repeat is shared by two players."""
    n = len(met)
    meetings = [sum(row) for row in met]  # ``met`` already counts ``partitions``
    excess = sum(max(0, meetings[p] - (n - 1)) for p in range(n))
    return (excess + 1) // 2

"""Placing the groups the search found: each player's starting wind, and each table's number.

Pure Python, no Django; index based like :mod:`.search`. Vocabulary: a *group* is the four
player indices sharing a table in one round; its *order* gives each of them a seat, 0=E .. 3=N.
*Wind counts* are how often each player started in each wind (the rounds played included); they
are *balanced* when every player's counts differ by at most 1. A table's *number* (from 1) is
chosen so that few players stay at last round's table (a minimum-cost *assignment*), and a group
holding a player with a *fixed* table gets that table's number; before the search, *pinning*
puts the players fixed to one table into one group (`pin_fixed`).

Everything random comes from the ``random.Random`` passed in, so a seed gives the same result.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from .designs import Partition

WIND_PERMUTATIONS = tuple(itertools.permutations(range(4)))


# --- winds ------------------------------------------------------------------------------------


def assign_winds(
    rounds: list[Partition], wind_counts: list[list[int]], rng: random.Random, max_passes: int
) -> list[list[tuple[int, ...]]]:
    """Choose, for every group, which seat (0=E .. 3=N) each of its four players takes.

    Minimises the sum over players of their squared wind counts (counts from played rounds are
    included): its minimum is reached exactly when every player's counts differ by at most 1.
    Greedy first, then passes that re-seat one table at a time. ``wind_counts`` is updated.
    """
    seats: list[list[tuple[int, ...]]] = []
    for groups in rounds:
        round_seats = []
        for group in groups:
            order = _best_permutation(group, wind_counts, rng)
            for player, wind in zip(group, order, strict=True):
                wind_counts[player][wind] += 1
            round_seats.append(order)
        seats.append(round_seats)

    places = [(r, t) for r, groups in enumerate(rounds) for t in range(len(groups))]
    players = sorted({p for groups in rounds for g in groups for p in g})
    for _ in range(max_passes):
        if all(max(wind_counts[p]) - min(wind_counts[p]) <= 1 for p in players):
            break
        rng.shuffle(places)
        for r, t in places:
            group = rounds[r][t]
            for player, wind in zip(group, seats[r][t], strict=True):
                wind_counts[player][wind] -= 1
            order = _best_permutation(group, wind_counts, rng)
            for player, wind in zip(group, order, strict=True):
                wind_counts[player][wind] += 1
            seats[r][t] = order
    return seats


def _best_permutation(
    group: Sequence[int], wind_counts: list[list[int]], rng: random.Random
) -> tuple[int, ...]:
    best, choices = None, []
    for order in WIND_PERMUTATIONS:
        cost = sum(wind_counts[p][w] for p, w in zip(group, order, strict=True))
        if best is None or cost < best:
            best, choices = cost, [order]
        elif cost == best:
            choices.append(order)
    return rng.choice(choices)


# --- table numbers ----------------------------------------------------------------------------


def min_cost_assignment(cost: list[list[int]]) -> list[int]:
    """Hungarian algorithm: ``result[row]`` is the column given to ``row`` in a square matrix."""
    n = len(cost)
    infinity = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    owner = [0] * (n + 1)
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        lowest = [infinity] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[column] = True
            current_row, delta, next_column = owner[column], infinity, 0
            for j in range(1, n + 1):
                if not used[j]:
                    reduced = cost[current_row - 1][j - 1] - u[current_row] - v[j]
                    if reduced < lowest[j]:
                        lowest[j], way[j] = reduced, column
                    if lowest[j] < delta:
                        delta, next_column = lowest[j], j
            for j in range(n + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    lowest[j] -= delta
            column = next_column
            if owner[column] == 0:
                break
        while column:
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    result = [0] * n
    for j in range(1, n + 1):
        result[owner[j] - 1] = j - 1
    return result


# A fixed table missed costs more than every player staying at last round's table.
FIXED_TABLE_WEIGHT = 1_000


def number_tables(
    groups: Partition, previous_table: dict[int, int], fixed: dict[int, int] | None = None
) -> list[int]:
    """Give each group a table number (from 1): the fixed table of its players (``fixed``:
    table by player), else one where few players stay at last round's table."""
    count = len(groups)
    cost = [[0] * count for _ in groups]
    for g, group in enumerate(groups):
        for player in group:
            table = previous_table.get(player)
            if table is not None and table <= count:
                cost[g][table - 1] += 1
            if fixed and player in fixed:
                for column in range(count):
                    if column != fixed[player] - 1:
                        cost[g][column] += FIXED_TABLE_WEIGHT
    return [column + 1 for column in min_cost_assignment(cost)]


def pin_fixed(groups: Partition, fixed: dict[int, int]) -> Partition:
    """``groups`` changed as little as it takes for the players fixed to one table (``fixed``:
    table by player; at most 4 a table, no more tables than groups) to share one group, each
    table's in its own group; the players they displace fill the places they left."""
    by_table: dict[int, list[int]] = {}
    for player, table in sorted(fixed.items()):
        by_table.setdefault(table, []).append(player)
    taken: dict[int, int] = {}  # group index -> table
    for table, members in sorted(by_table.items(), key=lambda item: (-len(item[1]), item[0])):
        free = [g for g in range(len(groups)) if g not in taken]
        taken[max(free, key=lambda g: (len(set(groups[g]) & set(members)), -g))] = table
    pinned = [[p for p in group if p not in fixed] for group in groups]
    for g, table in taken.items():
        pinned[g] = by_table[table] + pinned[g]
    overflow = [pinned[g].pop() for g in range(len(pinned)) for _ in range(len(pinned[g]) - 4)]
    for group in pinned:
        while len(group) < 4:
            group.append(overflow.pop())
    return pinned

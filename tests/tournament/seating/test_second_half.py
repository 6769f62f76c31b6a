"""The second half of a round with a table change, as the seating engine seats it: pure tests,
plain objects in and out, no database.

The engine's promises for a half: every player of the round seated once in it (the first
half's byes sit out again), four winds per table, meetings counted as a round of their own (no
repeat where the lower bound allows none), and each table's winds chosen to minimise the sum
of its players' squared wind counts over every half played (`placing.assign_winds`).
"""

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.seating.report import quality_report
from tournament.seating.request import (
    RoundSeating,
    SeatingOptions,
    SeatingPlayer,
    repeat_lower_bound,
)
from tournament.seating.schedule import generate_schedule, seat_second_half
from tournament.winds import WINDS

FAST = SeatingOptions(max_steps=3000, stall_steps=500)


def players_of(count):
    return [SeatingPlayer(id=100 + i) for i in range(count)]


def wind_counts(seatings):
    counts = {}
    for seating in seatings:
        for placement in seating.placements:
            counts.setdefault(placement.player_id, Counter())[placement.wind] += 1
    return counts


def assert_half_well_formed(first: RoundSeating, second: RoundSeating):
    assert (second.number, second.half, second.byes) == (first.number, 2, first.byes)
    seated = Counter(p.player_id for p in second.placements)
    assert set(seated) == {p.player_id for p in first.placements}
    assert set(seated.values()) == {1}
    for group in second.tables().values():
        assert sorted(p.wind for p in group) == sorted(WINDS)


def assert_winds_as_promised(before: list[RoundSeating], second: RoundSeating):
    """No table of the second half could lower its players' squared wind counts by seating
    them in another wind order."""
    counts = wind_counts(before)
    for table, group in second.tables().items():
        ids = [p.player_id for p in group]
        base = {pid: counts.get(pid, Counter()) for pid in ids}

        def cost(order, ids=ids, base=base):
            return sum(
                sum((base[pid] + Counter({wind: 1}))[w] ** 2 for w in WINDS)
                for pid, wind in zip(ids, order, strict=True)
            )

        chosen = cost([p.wind for p in group])
        assert chosen == min(cost(order) for order in itertools.permutations(WINDS)), table


@settings(max_examples=30, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=8),
    odd=st.integers(min_value=0, max_value=3),
    earlier=st.integers(min_value=0, max_value=2),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_the_second_half_seats_every_player_once_with_winds_as_promised(tables, odd, earlier, seed):
    players = players_of(4 * tables + odd)
    options = SeatingOptions(seed=seed, max_steps=3000, stall_steps=500)
    played = generate_schedule(players, earlier, options=options, odd_players="byes")
    (first,) = generate_schedule(players, 1, played=played, options=options, odd_players="byes")

    second = seat_second_half(players, first, played=played, options=options)

    assert_half_well_formed(first, second)
    assert_winds_as_promised([*played, first], second)


@settings(max_examples=15, deadline=None)
@given(
    tables=st.integers(min_value=4, max_value=10),
    rounds=st.integers(min_value=1, max_value=3),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_halves_seated_together_meet_no_pair_twice_where_the_lower_bound_allows(
    tables, rounds, seed
):
    players = players_of(4 * tables)
    halves = [2] * rounds
    schedule = generate_schedule(players, rounds, options=SeatingOptions(seed=seed), halves=halves)

    assert [(s.number, s.half) for s in schedule] == [
        (number, half) for number in range(1, rounds + 1) for half in (1, 2)
    ]
    for first, second in zip(schedule[::2], schedule[1::2], strict=True):
        assert_half_well_formed(first, second)
    if repeat_lower_bound(len(players), 2 * rounds) == 0 and 2 * rounds <= tables:
        assert quality_report(players, schedule).repeat_meetings == 0


def test_a_second_half_avoids_the_first_half_and_earlier_rounds():
    players = players_of(32)
    played = generate_schedule(players, 2, options=FAST)
    (first,) = generate_schedule(players, 1, played=played, options=FAST)

    second = seat_second_half(players, first, played=played, options=FAST)

    report = quality_report(players, [*played, first, second])
    assert repeat_lower_bound(32, 4) == 0
    assert report.repeat_meetings == 0
    assert_winds_as_promised([*played, first], second)
    assert report.max_wind_spread <= 2  # four halves: at most one wind twice, one missing


def test_the_second_half_sits_out_the_first_halfs_byes():
    players = players_of(18)
    (first,) = generate_schedule(players, 1, options=FAST, odd_players="byes")

    second = seat_second_half(players, first, options=FAST)

    assert len(first.byes) == 2
    assert second.byes == first.byes
    assert not {p.player_id for p in second.placements} & set(first.byes)
    assert quality_report(players, [first, second]).byes == dict.fromkeys(first.byes, 1)

"""Seating the final rounds: by standings, Swiss, fixed tables and pairs kept apart.

Pure tests of the algorithm: plain objects in, plain objects out; no database. The small cases
are checked against every seating of the round (exhaustively).
"""

import functools
import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.seating.checks import check_request
from tournament.seating.reasons import constraint_reasons
from tournament.seating.report import quality_report, ranks_by_table
from tournament.seating.request import (
    FixedTable,
    KeptApart,
    SeatingConstraints,
    SeatingError,
    SeatingOptions,
    SeatingPlayer,
)
from tournament.seating.schedule import generate_schedule, seat_second_half
from tournament.winds import WINDS

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def players_of(count):
    return [SeatingPlayer(player_id) for player_id in range(1, count + 1)]


def groups_of(seating):
    return {frozenset(p.player_id for p in group) for group in seating.tables().values()}


def pairs_met(seatings):
    return {
        frozenset(pair)
        for seating in seatings
        for group in seating.tables().values()
        for pair in itertools.combinations([p.player_id for p in group], 2)
    }


def assert_tables_well_formed(seating, ids):
    assert sorted(p.player_id for p in seating.placements) == sorted(ids)
    for group in seating.tables().values():
        assert [p.wind for p in group] == list(WINDS)
    assert sorted(seating.tables()) == list(range(1, len(ids) // 4 + 1))


def history(players, rounds, seed):
    """Rounds played before, at random: one of a few schedules per size (built once)."""
    return _history(len(players), rounds, seed % 3)


@functools.cache
def _history(count, rounds, seed):
    return generate_schedule(players_of(count), rounds, options=SeatingOptions(seed=seed))


# --- by standings --------------------------------------------------------------------------


@SETTINGS
@given(
    tables=st.integers(2, 9),
    played=st.integers(0, 4),
    seed=st.integers(0, 10_000),
)
def test_by_standings_the_tables_are_the_rank_groups_in_rank_order(tables, played, seed):
    players = players_of(4 * tables)
    past = history(players, played, seed)
    ranking = [p.id for p in players]
    random.Random(seed).shuffle(ranking)
    (seating,) = generate_schedule(
        players,
        1,
        played=past,
        options=SeatingOptions(seed=seed, method="standings"),
        ranking=ranking,
    )
    assert seating.number == played + 1
    assert_tables_well_formed(seating, ranking)
    for table, group in seating.tables().items():
        assert {p.player_id for p in group} == set(ranking[4 * (table - 1) : 4 * table])
    ranks = ranks_by_table(seating, ranking)
    assert ranks[1] and sorted(ranks[1]) == [1, 2, 3, 4]
    # The groups are the ranks': the winds are as balanced as the groups allow (fully on a
    # first round).
    assert quality_report(players, [*past, seating]).max_wind_spread <= (1 if not past else 2)


def test_by_standings_a_fixed_table_moves_its_group_and_keeps_the_others_in_order():
    players = players_of(24)
    ranking = list(range(24, 0, -1))  # player 24 leads
    fixed = SeatingConstraints(fixed_tables=(FixedTable(player_id=5, table=1),))
    (seating,) = generate_schedule(
        players,
        1,
        options=SeatingOptions(method="standings"),
        ranking=ranking,
        constraints=fixed,
    )
    tables = {table: {p.player_id for p in group} for table, group in seating.tables().items()}
    # Player 5 is ranked 20th: the group of ranks 17-20 takes table 1, ranks 1-4 table 2 ...
    assert tables[1] == {8, 7, 6, 5}
    assert [tables[t] for t in range(2, 7)] == [set(ranking[i : i + 4]) for i in (0, 4, 8, 12, 20)]
    report = quality_report(players, [seating], fixed)
    assert report.fixed_tables_honoured == 1 and not report.fixed_table_misses


def test_by_standings_a_kept_apart_pair_in_one_group_is_reported_with_its_ranks():
    players = players_of(16)
    ranking = [p.id for p in players]
    constraints = SeatingConstraints(kept_apart=(KeptApart(2, 3),))
    (seating,) = generate_schedule(
        players,
        1,
        options=SeatingOptions(method="standings"),
        ranking=ranking,
        constraints=constraints,
    )
    report = quality_report(players, [seating], constraints)
    assert report.kept_apart_meetings == ((1, 1, 2, 3),)
    ((text, values),) = constraint_reasons(
        players,
        [seating],
        constraints,
        report,
        methods={1: "standings"},
        rankings={1: ranking},
    )
    assert "seat it Swiss" in text
    assert (values["a"], values["rank_a"], values["b"], values["rank_b"]) == (2, 2, 3, 3)


# --- Swiss ----------------------------------------------------------------------------------


@SETTINGS
@given(
    tables=st.integers(2, 6),
    played=st.integers(1, 5),
    limit=st.integers(0, 4),
    seed=st.integers(0, 10_000),
)
def test_swiss_never_goes_above_the_repeats_allowed(tables, played, limit, seed):
    players = players_of(4 * tables)
    past = history(players, played, seed)
    ranking = [p.id for p in players]
    random.Random(seed + 1).shuffle(ranking)
    before = pairs_met(past)
    try:
        (seating,) = generate_schedule(
            players,
            1,
            played=past,
            options=SeatingOptions(seed=seed, method="swiss", repeat_limit=limit),
            ranking=ranking,
        )
    except SeatingError as refusal:
        ((text, values),) = refusal.problems
        assert values["repeats"] > limit and values["limit"] == limit
        return
    assert_tables_well_formed(seating, ranking)
    assert len(pairs_met([seating]) & before) <= limit


@SETTINGS
@given(tables=st.integers(2, 6), played=st.integers(0, 4), seed=st.integers(0, 10_000))
def test_swiss_with_room_for_the_rank_groups_repeats_seats_them(tables, played, seed):
    players = players_of(4 * tables)
    past = history(players, played, seed)
    ranking = [p.id for p in players]
    random.Random(seed).shuffle(ranking)
    options = SeatingOptions(seed=seed, method="standings")
    (by_standings,) = generate_schedule(players, 1, played=past, options=options, ranking=ranking)
    allowed = len(pairs_met([by_standings]) & pairs_met(past))
    (swiss,) = generate_schedule(
        players,
        1,
        played=past,
        options=SeatingOptions(seed=seed, method="swiss", repeat_limit=allowed),
        ranking=ranking,
    )
    assert groups_of(swiss) == groups_of(by_standings)


def test_swiss_moves_players_down_the_ranking_to_avoid_repeats():
    players = players_of(16)
    first = generate_schedule(
        players, 1, options=SeatingOptions(method="standings"), ranking=[p.id for p in players]
    )
    ranking = [p.id for p in players]  # the same order: standings would repeat every table
    (swiss,) = generate_schedule(
        players, 1, played=first, options=SeatingOptions(method="swiss"), ranking=ranking
    )
    assert not pairs_met([swiss]) & pairs_met(first)
    # the leader still plays at table 1
    assert 1 in {p.player_id for p in swiss.tables()[1]}


def test_swiss_refuses_when_every_pair_has_met_and_says_what_to_allow():
    players = players_of(8)
    past = history(players, 7, 3)
    assert len(pairs_met(past)) == 28  # everyone met everyone
    with pytest.raises(SeatingError) as refusal:
        generate_schedule(
            players,
            1,
            played=past,
            options=SeatingOptions(method="swiss", repeat_limit=2),
            ranking=[p.id for p in players],
        )
    assert "needs 12 repeat meeting(s), more than the 2 allowed" in str(refusal.value)


def test_swiss_keeps_a_pair_apart_at_the_cost_of_a_rank():
    players = players_of(16)
    ranking = [p.id for p in players]
    constraints = SeatingConstraints(kept_apart=(KeptApart(1, 2),))
    (seating,) = generate_schedule(
        players,
        1,
        options=SeatingOptions(method="swiss"),
        ranking=ranking,
        constraints=constraints,
    )
    assert not quality_report(players, [seating], constraints).kept_apart_meetings


# --- fixed tables and pairs kept apart in the random seating -----------------------------


@st.composite
def fixed_requests(draw):
    tables = draw(st.integers(2, 6))
    rounds = draw(st.integers(1, 3))
    count = 4 * tables
    fixed_players = draw(st.lists(st.integers(1, count), unique=True, max_size=min(6, count)))
    fixed = []
    load = {}
    for player in fixed_players:
        table = draw(st.integers(1, tables))
        if load.get(table, 0) == 4:
            continue
        load[table] = load.get(table, 0) + 1
        first = draw(st.one_of(st.none(), st.integers(1, rounds)))
        fixed.append(FixedTable(player, table, first_round=first))
    seed = draw(st.integers(0, 10_000))
    return count, rounds, SeatingConstraints(fixed_tables=tuple(fixed)), seed


@SETTINGS
@given(fixed_requests())
def test_every_fixed_table_is_honoured_in_every_round_with_winds_balanced(request):
    count, rounds, constraints, seed = request
    players = players_of(count)
    schedule = generate_schedule(
        players, rounds, options=SeatingOptions(seed=seed), constraints=constraints
    )
    report = quality_report(players, schedule, constraints)
    assert report.fixed_table_misses == ()
    expected = sum(len(constraints.fixed_in(s.number)) for s in schedule)
    assert report.fixed_tables_honoured == expected
    assert report.max_wind_spread <= 1
    for seating in schedule:
        assert_tables_well_formed(seating, [p.id for p in players])


def seatings_without(ids, apart, fixed):
    """Whether some partition of ``ids`` into tables of 4 keeps every pair in ``apart`` apart
    and every fixed table's players together (each table's in its own group)."""

    def fill(rest):
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        for mates in itertools.combinations(others, 3):
            group = (first, *mates)
            if any(frozenset(pair) in apart for pair in itertools.combinations(group, 2)):
                continue
            tables = {fixed[p] for p in group if p in fixed}
            if len(tables) > 1:
                continue
            if tables:
                (table,) = tables
                if any(fixed.get(p) == table for p in rest if p not in group):
                    continue
            if fill([p for p in others if p not in mates]):
                return True
        return False

    return fill(sorted(ids))


@settings(max_examples=25, deadline=None)
@given(
    count=st.sampled_from([8, 12]),
    played=st.integers(0, 2),
    pairs=st.lists(st.tuples(st.integers(1, 12), st.integers(1, 12)), min_size=1, max_size=6),
    fixed=st.dictionaries(st.integers(1, 12), st.integers(1, 3), max_size=3),
    seed=st.integers(0, 10_000),
)
def test_no_kept_apart_pair_meets_while_a_seating_without_it_exists(
    count, played, pairs, fixed, seed
):
    players = players_of(count)
    tables = count // 4
    fixed = {p: t for p, t in fixed.items() if p <= count and t <= tables}
    kept = tuple(KeptApart(a, b) for a, b in pairs if a != b and a <= count and b <= count)
    constraints = SeatingConstraints(
        fixed_tables=tuple(FixedTable(p, t) for p, t in fixed.items()), kept_apart=kept
    )
    past = history(players, played, seed)
    (seating,) = generate_schedule(
        players, 1, played=past, options=SeatingOptions(seed=seed), constraints=constraints
    )
    report = quality_report(players, [seating], constraints)
    assert report.fixed_table_misses == ()
    apart = {frozenset((pair.a, pair.b)) for pair in kept}
    if seatings_without([p.id for p in players], apart, fixed):
        assert report.kept_apart_meetings == ()
    else:
        assert report.kept_apart_meetings
        reasons = constraint_reasons(players, [seating], constraints, report)
        assert len(reasons) >= len(report.kept_apart_meetings)


def test_a_pair_kept_apart_for_the_first_rounds_only_may_meet_later():
    constraints = SeatingConstraints(kept_apart=(KeptApart(1, 2, until_round=2),))
    assert constraints.apart_in(2) == {frozenset((1, 2))}
    assert constraints.apart_in(3) == set()
    players = players_of(8)
    schedule = generate_schedule(players, 2, constraints=constraints)
    assert frozenset((1, 2)) not in pairs_met(schedule)


def test_a_fixed_player_is_never_the_one_sitting_out():
    players = players_of(9)
    constraints = SeatingConstraints(fixed_tables=(FixedTable(p, 1) for p in (1, 2, 3)))
    constraints = SeatingConstraints(fixed_tables=tuple(constraints.fixed_tables))
    schedule = generate_schedule(players, 4, odd_players="byes", constraints=constraints)
    assert all(not {1, 2, 3} & set(seating.byes) for seating in schedule)
    assert quality_report(players, schedule, constraints).fixed_table_misses == ()


def test_the_second_half_keeps_the_fixed_table_and_the_pair_apart():
    players = players_of(16)
    constraints = SeatingConstraints(
        fixed_tables=(FixedTable(7, 3, first_round=2),), kept_apart=(KeptApart(1, 2),)
    )
    played = generate_schedule(players, 2, constraints=constraints)
    second = seat_second_half(players, played[-1], played=played[:-1], constraints=constraints)
    assert second.number == 2 and second.half == 2
    assert {p.player_id: p.table for p in second.placements}[7] == 3
    assert frozenset((1, 2)) not in pairs_met([second])


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        (
            {"constraints": SeatingConstraints(fixed_tables=(FixedTable(1, 5),))},
            "round 1 has 4 table(s), so no player can be fixed to table 5",
        ),
        (
            {
                "constraints": SeatingConstraints(
                    fixed_tables=tuple(FixedTable(p, 2) for p in range(1, 6))
                )
            },
            "5 players are fixed to table 2 in round 1; a table seats 4",
        ),
        (
            {"constraints": SeatingConstraints(kept_apart=(KeptApart(3, 3),))},
            "a player cannot be kept apart from themselves: 3",
        ),
        (
            {"options": SeatingOptions(method="standings"), "rounds": 2, "ranking": range(1, 17)},
            "a round seated from the standings is seated alone and in one half",
        ),
        (
            {"options": SeatingOptions(method="swiss"), "ranking": range(1, 15)},
            "players without a rank: 15, 16",
        ),
        (
            {"options": SeatingOptions(method="swiss", repeat_limit=-1), "ranking": range(1, 17)},
            "the repeat meetings allowed cannot be negative (got -1)",
        ),
        (
            {"options": SeatingOptions(method="best")},
            "the seating method must be 'random', 'standings' or 'swiss', not 'best'",
        ),
    ],
)
def test_a_request_the_constraints_cannot_meet_is_refused_with_what_to_change(kwargs, words):
    arguments = {"rounds": 1, "options": SeatingOptions(), **kwargs}
    with pytest.raises(SeatingError) as refusal:
        check_request(
            players_of(16),
            arguments["rounds"],
            (),
            arguments["options"],
            "error",
            arguments.get("constraints", SeatingConstraints()),
            list(arguments.get("ranking", ())),
        )
    assert words in str(refusal.value)

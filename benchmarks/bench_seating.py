"""Seating benchmark: speed and quality of ``tournament.seating.schedule.generate_schedule``.

Run with ``make bench-seating`` (``--final`` for the last table alone). Prints three tables:
schedules of 8 rounds for growing fields (seconds, repeat meetings against the lower bound,
worst wind spread); for 4 to 12 tables the most rounds reached with no repeat meeting next to
the best known; and the final rounds of a 400-player event: a round by standings and a Swiss
round after 9 played, and a 10-round schedule with 40 fixed tables and 100 pairs kept apart.
Each attempt has its own step and time budget so the whole run stays within a few minutes.
"""

import random
import sys
import time

from tournament.seating.report import quality_report
from tournament.seating.request import (
    FixedTable,
    KeptApart,
    SeatingConstraints,
    SeatingOptions,
    SeatingPlayer,
    repeat_lower_bound,
)
from tournament.seating.schedule import generate_schedule

FIELD_SIZES = (16, 32, 64, 128, 200)
ROUNDS = 8
KNOWN_ZERO_REPEAT_ROUNDS = {4: 5, 6: 7, 7: 9, 8: 10, 9: 11, 10: 13, 12: 15}
ATTEMPT_OPTIONS = SeatingOptions(seed=1, time_limit=12.0, max_steps=20_000, stall_steps=4_000)


def players(count):
    return [SeatingPlayer(player_id) for player_id in range(1, count + 1)]


def timed_schedule(field, rounds, options):
    started = time.perf_counter()
    schedule = generate_schedule(field, rounds, options=options)
    return time.perf_counter() - started, quality_report(field, schedule)


def speed_table():
    print(f"Schedules of {ROUNDS} rounds (seed 0, default options)")
    print(f"{'players':>8} {'seconds':>8} {'repeats':>8} {'bound':>6} {'spread':>7}")
    for count in FIELD_SIZES:
        field = players(count)
        seconds, report = timed_schedule(field, ROUNDS, SeatingOptions())
        bound = repeat_lower_bound(count, ROUNDS)
        print(
            f"{count:>8} {seconds:>8.2f} {report.repeat_meetings:>8} {bound:>6} "
            f"{report.max_wind_spread:>7}"
        )


def zero_repeat_table():
    print()
    print("Most rounds with zero repeats (seed 1, per attempt: 20k steps, 12 s)")
    print(f"{'tables':>6} {'players':>8} {'reached':>8} {'known':>6} {'seconds':>8}")
    for tables in range(4, 13):
        field = players(4 * tables)
        started = time.perf_counter()
        reached, rounds = 0, 1
        # Zero repeats need 3 * rounds <= players - 1.
        while 3 * rounds <= 4 * tables - 1:
            _, report = timed_schedule(field, rounds, ATTEMPT_OPTIONS)
            if report.repeat_meetings:
                break
            reached, rounds = rounds, rounds + 1
        known = KNOWN_ZERO_REPEAT_ROUNDS.get(tables, "-")
        seconds = time.perf_counter() - started
        print(f"{tables:>6} {4 * tables:>8} {reached:>8} {known:>6} {seconds:>8.1f}")


FINAL_PLAYERS = 400
FINAL_ROUNDS = 10


def final_rounds_table():
    print()
    print(f"Final rounds of a {FINAL_PLAYERS}-player event (seed 1)")
    field = players(FINAL_PLAYERS)
    started = time.perf_counter()
    played = generate_schedule(field, FINAL_ROUNDS - 1, options=SeatingOptions(seed=1))
    print(
        f"  the {FINAL_ROUNDS - 1} rounds before, at random: {time.perf_counter() - started:.1f} s"
    )
    ranking = [player.id for player in field]
    random.Random(1).shuffle(ranking)
    before = quality_report(field, played).repeat_meetings
    print(
        f"{'what':<44} {'seconds':>8} {'repeats':>8} {'bound':>6} {'spread':>7} "
        f"{'fixed':>9} {'apart met':>10}"
    )
    for method in ("standings", "swiss"):
        started = time.perf_counter()
        (seating,) = generate_schedule(
            field, 1, played=played, options=SeatingOptions(seed=1, method=method), ranking=ranking
        )
        seconds = time.perf_counter() - started
        report = quality_report(field, [*played, seating])
        print(
            f"{'round ' + str(FINAL_ROUNDS) + ' ' + method:<44} {seconds:>8.2f} "
            f"{report.repeat_meetings - before:>8} {0:>6} {report.max_wind_spread:>7} "
            f"{'-':>9} {'-':>10}"
        )
    rng = random.Random(2)
    fixed_players = rng.sample(ranking, 40)
    constraints = SeatingConstraints(
        fixed_tables=tuple(
            FixedTable(player, 1 + index % 100) for index, player in enumerate(fixed_players)
        ),
        kept_apart=tuple(KeptApart(*rng.sample(ranking, 2)) for _ in range(100)),
    )
    started = time.perf_counter()
    schedule = generate_schedule(
        field, FINAL_ROUNDS, options=SeatingOptions(seed=1), constraints=constraints
    )
    seconds = time.perf_counter() - started
    report = quality_report(field, schedule, constraints)
    asked = report.fixed_tables_honoured + len(report.fixed_table_misses)
    fixed = f"{report.fixed_tables_honoured}/{asked}"
    print(
        f"{'10 rounds, 40 fixed tables, 100 pairs apart':<44} {seconds:>8.2f} "
        f"{report.repeat_meetings:>8} {repeat_lower_bound(FINAL_PLAYERS, FINAL_ROUNDS):>6} "
        f"{report.max_wind_spread:>7} {fixed:>9} {len(report.kept_apart_meetings):>10}"
    )


if __name__ == "__main__":
    if "--final" not in sys.argv:
        speed_table()
        zero_repeat_table()
    final_rounds_table()

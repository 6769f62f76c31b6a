"""Seating benchmark: speed and quality of ``tournament.seating.schedule.generate_schedule``.

Run with ``make bench-seating``. Prints two tables: schedules of 8 rounds for growing fields
(seconds, repeat meetings against the lower bound, worst wind spread), and for 4 to 12 tables the
most rounds reached with no repeat meeting next to the best known. Each attempt has its own
step and time budget so the whole run stays within a few minutes.
"""

import time

from tournament.seating.report import quality_report
from tournament.seating.request import SeatingOptions, SeatingPlayer, repeat_lower_bound
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


if __name__ == "__main__":
    speed_table()
    zero_repeat_table()

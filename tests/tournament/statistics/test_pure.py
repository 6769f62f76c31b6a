"""The pure parts: value bins at their edges, the charts' geometry, the rates and the event's
average."""

from __future__ import annotations

from tournament.statistics import chart
from tournament.statistics import figures as f
from tournament.statistics import rows as r


def test_each_value_falls_in_one_bin_at_the_edges():
    rows = [r.ValueRow(v, 1) for v in (1, 9, 10, 19, 20, 49, 50, 99, 100, 319, 320, 480)]
    bins = f.value_bins(rows)
    assert [(b.label, b.count) for b in bins] == [
        ("1-9", 2), ("10-19", 2), ("20-29", 1), ("30-49", 1), ("50-99", 2),
        ("100-199", 1), ("200-319", 1), ("320+", 2),
    ]  # fmt: skip


def test_the_bar_chart_scales_to_a_round_top_and_stands_on_the_axis():
    bins = f.value_bins([r.ValueRow(12, 104), r.ValueRow(40, 30)])
    drawn = chart.bar_chart(bins)
    assert [count for _, count in drawn.y_labels] == [0, 50, 100, 150]
    tallest = max(drawn.bars, key=lambda bar: bar.count)
    assert tallest.count == 104 and tallest.y + tallest.height == drawn.bottom
    assert all(bar.height == 0 for bar in drawn.bars if bar.count == 0)
    assert [bar.row for bar in drawn.bars[:3]] == [0, 1, 0]


def test_the_rank_chart_puts_first_place_at_the_top():
    drawn = chart.rank_chart([(1, 8), (2, 1), (3, 4)], players=8)
    (_, low, *_), (_, high, *_), _ = drawn.points
    assert high < low  # place 1 is drawn above place 8
    assert [place for _, place in drawn.y_labels][0] == 1


def test_rates_are_per_hand_played_and_none_without_hands():
    line = f.PlayerLine(1, hands=20, self_drawn=2, on_discard=3, deal_ins=4, draws=5)
    assert (line.wins, line.win_rate, line.deal_in_rate, line.draw_rate) == (5, 0.25, 0.2, 0.25)
    assert f.PlayerLine(2).win_rate is None and f.PlayerLine(2).average_won is None


def test_false_wins_do_not_count_as_wins_or_points():
    players = f.player_lines(
        seats=[r.SeatRow(1, 7)],
        sessions=[r.SessionRow(1, 3, 1)],
        winners=[
            r.WinnerRow(7, "false_win", "", 1, None, None),
            r.WinnerRow(7, "win", "robbing_kong", 1, 25, 25),
        ],
        deal_ins=[],
        patterns=[r.PatternRow(7, [["Robbing a Kong", 10], ["All Sequences", 5]], 1)],
    )
    line = players[7]
    assert (line.false_wins, line.wins, line.robbing_kong, line.won_points) == (1, 1, 1, 25)
    assert (line.hands, line.draws, line.sessions) == (3, 1, 1)
    assert line.patterns_by_count() == [("All Sequences", 1), ("Robbing a Kong", 1)]


def test_grouped_hands_split_into_sessions_and_rounds():
    sessions, rounds = r.hand_groups_split(
        [
            r.HandGroup(7, 1, "win", "self_draw", 3),
            r.HandGroup(7, 1, "draw", "", 2),
            r.HandGroup(8, 1, "win", "self_draw", 1),
            r.HandGroup(9, 2, "false_win", "", 1),
        ],
        draw="draw",
    )
    assert sorted(sessions) == [(7, 5, 2), (8, 1, 0), (9, 1, 0)]
    assert sorted(rounds) == [
        (1, "draw", "", 2),
        (1, "win", "self_draw", 4),
        (2, "false_win", "", 1),
    ]

"""The event's figures agree with a plain recount of the hands, follow the release rules and
cost the same number of queries however large the event."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.kept import kept, kept_value
from tests.tournament.builders import make_scored_event, make_user
from tests.tournament.statistics.events import make_stats_event, recount
from tournament.models import Hand, Tournament
from tournament.statistics import figures as f
from tournament.statistics.selectors.event import (
    event_statistics,
    event_statistics_build,
    statistics_forget,
    statistics_seen,
)
from tournament.statistics.selectors.player import (
    event_average_build,
    player_line,
    player_statistics_seen,
)

stats_kept = kept("stats_kept", make_stats_event)


@pytest.fixture
def event(stats_kept, db):
    tournament = Tournament.objects.get(pk=kept_value(stats_kept, "stats event"))
    tournament.results_public = True
    tournament.standings_public = True
    tournament.save()
    statistics_forget()
    return tournament


def _lines(figures: f.EventFigures) -> dict:
    return {
        pid: {
            "hands": line.hands,
            "draws": line.draws,
            "self_draw": line.self_drawn,
            "discard": line.on_discard,
            "robbing_kong": line.robbing_kong,
            "won_points": line.won_points,
            "largest": line.largest,
            "deal_ins": line.deal_ins,
            "cost": line.deal_in_cost,
            "false_wins": line.false_wins,
        }
        for pid, line in figures.players.items()
    }


@pytest.mark.parametrize("limit", [None, 2, 1])
def test_every_players_figures_agree_with_a_recount_of_the_hands(event, limit):
    figures = event_statistics_build(event, round_limit=limit)
    counted = recount(event, limit)
    keys = ["hands", "draws", "self_draw", "discard", "robbing_kong", "won_points", "largest"]
    keys += ["deal_ins", "cost", "false_wins"]
    expected = {pid: {key: line[key] for key in keys} for pid, line in counted["players"].items()}
    assert _lines(figures) == expected
    assert {pid: dict(line.patterns) for pid, line in figures.players.items() if line.patterns} == {
        pid: dict(names) for pid, names in counted["patterns"].items()
    }


def test_the_rounds_values_and_patterns_agree_with_a_recount(event):
    figures = event_statistics_build(event, round_limit=None)
    counted = recount(event, None)
    assert [(r.number, r.hands, r.wins, r.draws, r.false_wins) for r in figures.rounds] == [
        (n, c["hands"], c["win"], c["draw"], c["false_win"])
        for n, c in sorted(counted["rounds"].items())
    ]
    assert sum(b.count for b in figures.values) == len(counted["values"]) == figures.wins
    for bin_ in figures.values:
        inside = [
            v for v in counted["values"] if v >= bin_.low and (bin_.high is None or v <= bin_.high)
        ]
        assert bin_.count == len(inside), bin_
    summed = {}
    for names in counted["patterns"].values():
        for name, count in names.items():
            summed[name] = summed.get(name, 0) + count
    assert {p.name: p.count for p in figures.patterns} == summed
    assert all(p.share == p.count / figures.wins for p in figures.patterns)
    big = [v for v in counted["values"] if v >= f.BIG_VALUE]
    assert (
        sorted((h.row.value for h in figures.big_hands), reverse=True)
        == sorted(big, reverse=True)[: f.BIG_HANDS_SHOWN]
    )


def test_the_played_round_holds_each_kind_of_hand(event):
    """Round 3 (played through the hand service): a false win, a win robbing a kong, a
    self-drawn 140, an unconfirmed hand that counts nowhere, a draw."""
    figures = event_statistics_build(event, round_limit=None)
    third = figures.rounds[-1]
    assert (third.number, third.hands, third.wins, third.draws, third.false_wins) == (3, 4, 2, 1, 1)
    assert figures.average.robbing_kong == 1
    assert any(h.row.value == 140 and h.row.round_number == 3 for h in figures.big_hands)


def test_the_event_average_weighs_every_hand_alike(event):
    figures = event_statistics_build(event, round_limit=None)
    average = figures.average
    assert average.hands == 4 * figures.hands
    assert average.wins == figures.wins
    assert average.win_rate == figures.wins / (4 * figures.hands)
    assert average.false_wins == figures.false_wins


def test_silent_rounds_are_left_out_for_the_public_not_for_officials(event):
    event.silent_rounds = 1
    event.save()
    public = statistics_seen(AnonymousUser(), event)
    assert [r.number for r in public.rounds] == [1, 2]
    assert _lines(public) == _lines(event_statistics_build(event, round_limit=2))
    for player_id in public.players:
        stats = player_statistics_seen(AnonymousUser(), event, player_id)
        assert [number for number, _ in stats.ranks] == [1, 2]
        assert _line(stats.line) == _line(public.players[player_id])
    official = statistics_seen(make_user("superuser"), event)
    assert [r.number for r in official.rounds] == [1, 2, 3]


def test_hidden_tournaments_and_unreleased_results_show_nothing(event):
    event.hidden = True
    event.save()
    assert statistics_seen(AnonymousUser(), event) is None
    event.hidden = False
    event.results_public = False
    event.save()
    assert statistics_seen(AnonymousUser(), event) is None
    assert statistics_seen(make_user("superuser"), event) is not None


def test_the_unconfirmed_hand_counts_once_confirmed(event):
    before = event_statistics_build(event, round_limit=None)
    Hand.objects.filter(session__round__tournament=event, confirmed=False).update(confirmed=True)
    after = event_statistics_build(event, round_limit=None)
    assert after.wins == before.wins + 1
    assert after.hands == before.hands + 1


def test_the_figures_are_kept_until_the_last_write_moves(event, django_assert_num_queries):
    first = event_statistics(event, round_limit=None, last_write=event.last_write)
    with django_assert_num_queries(0):
        assert event_statistics(event, round_limit=None, last_write=event.last_write) is first
    from tournament.audit import unit_of_work

    with unit_of_work(event):
        pass
    event.refresh_from_db()
    assert event_statistics(event, round_limit=None, last_write=event.last_write) is not first


def test_the_rank_history_ends_at_the_standings_place_and_follows_the_totals(event):
    from tournament.standings.selectors.board import board_build
    from tournament.standings.selectors.inputs import session_results

    board = board_build(event)
    ranks = {
        row.player_id: player_statistics_seen(AnonymousUser(), event, row.player_id).ranks
        for row in board.rows
    }
    assert {row.player_id: row.place for row in board.rows} == {
        pid: history[-1][1] for pid, history in ranks.items()
    }
    assert all([n for n, _ in history] == [1, 2, 3] for history in ranks.values())
    totals = {}  # an independent ranking by total after round 1 (the event ranks by total)
    for result in session_results(event, 1):
        totals[result.player_id] = (
            totals.get(result.player_id, 0) + result.hand_points + result.penalty_points
        )
    for pid, history in ranks.items():
        assert history[0][1] == 1 + sum(1 for total in totals.values() if total > totals[pid])


def _line(line) -> tuple:
    return (
        line.hands, line.draws, line.sessions, line.self_drawn, line.on_discard,
        line.robbing_kong, line.won_points, line.largest, line.deal_ins, line.deal_in_cost,
        line.false_wins, dict(line.patterns),
    )  # fmt: skip


@pytest.mark.parametrize("limit", [None, 2])
def test_a_players_own_reads_agree_with_the_event_figures(event, limit):
    figures = event_statistics_build(event, round_limit=limit)
    for player_id, line in figures.players.items():
        assert _line(player_line(event, player_id, limit)) == _line(line)
    assert _line(event_average_build(event, round_limit=limit))[:-1] == _line(figures.average)[:-1]


# hands by session and outcome (the sessions' and the rounds' counts), wins by player, values,
# deal-ins, patterns, seats, big hands, the roster (names, countries)
QUERIES = 8


def _queries(tournament) -> int:
    with CaptureQueriesContext(connection) as captured:
        event_statistics_build(tournament, round_limit=None)
    return len(captured)


def _player_queries(tournament) -> int:
    from tournament.models import Registration

    tournament.results_public = tournament.standings_public = True
    tournament.save()
    player_id = Registration.objects.filter(tournament=tournament).first().player_id
    player_statistics_seen(AnonymousUser(), tournament, player_id)  # the board, kept
    statistics_forget()
    with CaptureQueriesContext(connection) as captured:
        player_statistics_seen(AnonymousUser(), tournament, player_id)
    return len(captured)


def test_the_number_of_queries_does_not_grow_with_players_rounds_or_hands(db):
    small = make_scored_event(8, 1, 2, seed=3)
    large = make_scored_event(32, 4, 8, seed=4)
    assert _queries(small) == _queries(large) == QUERIES
    # a player's: whether they are registered, their sessions and four reads of their hands,
    # four for the event's average, the penalties outside any session (the standings board is
    # the page's, kept)
    assert _player_queries(small) == _player_queries(large) == 11

"""The pure ranking (`tournament.standings.ranking`): totals, match points, tie-breaks, shared
ranks, withdrawn players; hypothesis properties (RULINGS R13, R16)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.models import TIE_BREAKS as SETTING_KEYS
from tournament.standings.ranking.build import standings_build
from tournament.standings.ranking.countries import countries_summarise
from tournament.standings.ranking.match_points import placing_points, signed_root
from tournament.standings.ranking.rows import Entrant, SessionResult, number_text
from tournament.standings.ranking.rules import RankingRules
from tournament.standings.ranking.tie_breaks import TIE_BREAKS


def people(*names, **marks):
    return [
        Entrant(player_id=i, name=name, country=marks.get("countries", {}).get(name, ""),
                withdrawn=name in marks.get("withdrawn", ()),
                substitute=name in marks.get("substitutes", ()))
        for i, name in enumerate(names, start=1)
    ]  # fmt: skip


def session(round_number, table, *scores, wins=None, largest=None, penalties=None):
    """One table's results: scores for players 1.. in order (or (player id, score) pairs)."""
    pairs = [s if isinstance(s, tuple) else (i, s) for i, s in enumerate(scores, start=1)]
    return [
        SessionResult(
            player_id=pid,
            round_number=round_number,
            table_number=table,
            hand_points=score,
            penalty_points=(penalties or {}).get(pid, 0),
            hands_won=(wins or {}).get(pid, 0),
            largest_hand=(largest or {}).get(pid, 0),
        )
        for pid, score in pairs
    ]


def ranks(rows):
    return [(row.name, row.rank) for row in rows]


def test_the_registry_has_one_tie_break_per_setting_key():
    assert set(TIE_BREAKS) == set(SETTING_KEYS)
    assert all(TIE_BREAKS[key].key == key and TIE_BREAKS[key].name for key in TIE_BREAKS)


def test_total_is_hand_points_plus_penalties_and_loose_penalties():
    rows = standings_build(
        people("A", "B", "C", "D"),
        session(1, 1, 30, 10, -10, -30, penalties={1: -20, 2: 10, 3: 5, 4: 5}),
        RankingRules(),
        loose_penalties={4: -7},
    )
    totals = {row.name: (row.hand_points, row.penalty_points, row.total) for row in rows}
    assert totals == {"A": (30, -20, 10), "B": (10, 10, 20), "C": (-10, 5, -5), "D": (-30, -2, -32)}
    assert ranks(rows) == [("B", "1"), ("A", "2"), ("C", "3"), ("D", "4")]


def test_players_still_tied_share_the_rank_written_with_equals():
    rows = standings_build(
        people("A", "B", "C", "D", "E"),
        session(1, 1, 20, 20, -20, -20) + session(1, 2, (5, 0)),
        RankingRules(tie_breaks=("points",)),
    )
    assert ranks(rows) == [("A", "=1"), ("B", "=1"), ("E", "3"), ("C", "=4"), ("D", "=4")]
    assert [row.place for row in rows] == [1, 1, 3, 4, 4]


@pytest.mark.parametrize(
    "key, results, winner",
    [
        pytest.param(
            "hands_won",
            session(1, 1, 10, 10, -10, -10, wins={1: 2, 2: 3}),
            "B",
            id="hands-won",
        ),
        pytest.param(
            "best_session",
            # Level on 10; A's best session is 50, B's 30.
            session(1, 1, 50, 30, -40, -40)
            + session(2, 1, -30, -20, 25, 25)
            + session(3, 1, -10, 0, 5, 5),
            "A",
            id="best-session",
        ),
        pytest.param(
            "head_to_head",
            # A and B end level on 10; where they met (round 2) A scored 25, B -5.
            session(1, 1, (1, -15), (3, 5), (5, 5), (6, 5))
            + session(1, 2, (2, 15), (4, -5), (7, -5), (8, -5))
            + session(2, 1, (1, 25), (2, -5), (3, -10), (4, -10)),
            "A",
            id="head-to-head",
        ),
        pytest.param(
            "match_points",
            # Level on 35 points; A places 1st and 2nd (6), B 4th and 1st (4).
            session(1, 1, 20, -25, 10, -5) + session(2, 1, 15, 60, -30, -45),
            "A",
            id="match-points",
        ),
    ],
)
def test_each_tie_break_separates_players_level_on_points(key, results, winner):
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    rules = RankingRules(match_points="placing", tie_breaks=("points", key))
    rows = standings_build(people(*names), results, rules)
    leaders = [row for row in rows if row.name in ("A", "B")]
    assert leaders[0].total == leaders[1].total
    assert leaders[0].name == winner and not leaders[0].shared
    # Without the tie-break they would share the rank.
    plain = standings_build(people(*names), results, RankingRules(tie_breaks=("points",)))
    assert {r.rank for r in plain if r.name in ("A", "B")} == {f"={leaders[0].place}"}


def test_tie_breaks_apply_in_the_order_the_tournament_sets():
    results = session(1, 1, 10, 10, -10, -10, wins={1: 1, 2: 3}, largest={1: 60, 2: 10})
    results += session(2, 1, 0, 0, 0, 0)
    by_wins = standings_build(people("A", "B", "C", "D"), results,
                              RankingRules(tie_breaks=("hands_won", "best_session")))  # fmt: skip
    assert by_wins[0].name == "B"


@pytest.mark.parametrize(
    "scores, expected",
    [
        pytest.param([30, 10, -10, -30], [4, 2, 1, 0], id="no-ties"),
        pytest.param([20, 20, -10, -30], [3, 3, 1, 0], id="tie-for-first"),
        pytest.param([30, 0, 0, -30], [4, Fraction(3, 2), Fraction(3, 2), 0], id="tie-second"),
        pytest.param([30, -10, -10, -10], [4, 1, 1, 1], id="three-way-tie"),
        pytest.param([0, 0, 0, 0], [Fraction(7, 4)] * 4, id="all-tied"),
    ],
)
def test_match_points_by_placing_split_tied_places(scores, expected):
    points = [mp for _, mp in placing_points(scores, (4, 2, 1, 0))]
    assert points == expected
    assert sum(points) == 7


def test_tied_places_are_the_mean_of_the_places_spanned():
    assert [place for place, _ in placing_points([5, 5, 0, -10], (4, 2, 1, 0))] == [
        Fraction(3, 2), Fraction(3, 2), 3, 4
    ]  # fmt: skip


def test_square_root_match_points_keep_the_sign_and_tie_equally():
    assert signed_root(49) == 7.0 and signed_root(-49) == -7.0 and signed_root(0) == 0.0
    rows = standings_build(
        people("A", "B", "C", "D"),
        session(1, 1, 100, -36, -32, -32) + session(2, 1, -64, 64, 0, 0),
        RankingRules(match_points="sqrt", rank_by="match_points"),
    )
    mp = {row.name: row.match_points for row in rows}
    assert mp["A"] == pytest.approx(10 - 8) and mp["B"] == pytest.approx(-6 + 8)
    assert mp["C"] == mp["D"] == pytest.approx(-(32**0.5))
    # A and B are level on match points (2.0): the raw total breaks it (A 36, B 28).
    assert ranks(rows) == [("A", "1"), ("B", "2"), ("C", "=3"), ("D", "=3")]


def test_ranking_by_match_points_uses_the_total_as_first_tie_break():
    results = session(1, 1, 100, -20, -30, -50) + session(2, 1, -60, 50, 5, 5)
    rows = standings_build(
        people("A", "B", "C", "D"),
        results,
        RankingRules(match_points="placing", rank_by="match_points", tie_breaks=("hands_won",)),
    )
    # A: 4 + 0 = 4, B: 1 + 4 = 5; C: 1 + 1.5, D: 0 + 1.5.
    assert [row.name for row in rows] == ["B", "A", "C", "D"]
    assert number_text(rows[2].match_points) == "2.5"
    assert RankingRules(rank_by="match_points").chain()[:2] == ["match_points", "points"]


def test_withdrawn_players_and_substitutes_are_marked_and_can_be_hidden():
    entrants = people("A", "B", "C", "D", withdrawn=("C",), substitutes=("D",))
    results = session(1, 1, 30, 10, -10, -30)
    shown = standings_build(entrants, results, RankingRules())
    assert [(r.name, r.entrant.withdrawn, r.entrant.substitute) for r in shown][2:] == [
        ("C", True, False), ("D", False, True)
    ]  # fmt: skip
    hidden = standings_build(entrants, results, RankingRules(hide_withdrawn=True))
    assert [r.name for r in hidden] == ["A", "B", "D"]
    assert hidden[2].rank == "3"


def test_unknown_settings_are_refused():
    with pytest.raises(ValueError):
        RankingRules(tie_breaks=("coin_toss",))
    with pytest.raises(ValueError):
        RankingRules(match_points="uma")


def test_countries_sum_and_average_their_players():
    entrants = people("A", "B", "C", "D", countries={"A": "DK", "B": "DK", "C": "JP", "D": "JP"})
    rows = standings_build(entrants, session(1, 1, 30, 10, -10, -30), RankingRules())
    summary = countries_summarise(rows)
    assert [(c.country, c.players, c.total, c.average) for c in summary] == [
        ("DK", 2, 40, 20.0), ("JP", 2, -40, -20.0)
    ]  # fmt: skip


# --- Properties ----------------------------------------------------------------------------

score = st.integers(min_value=-300, max_value=300)
tables_of_four = st.lists(st.tuples(score, score, score, score), min_size=1, max_size=6)


def _event(tables):
    """Tables of one round each, 4 players per table; 8 players cycling over the tables."""
    results = []
    for index, scores in enumerate(tables):
        ids = [(index * 2 + k) % 8 + 1 for k in range(4)]
        results += session(index + 1, 1, *zip(ids, scores, strict=True))
    return results


rule_choices = st.builds(
    RankingRules,
    match_points=st.sampled_from(["none", "placing", "sqrt"]),
    rank_by=st.sampled_from(["total", "match_points"]),
    tie_breaks=st.permutations(list(TIE_BREAKS)).map(tuple),
)


@given(tables=tables_of_four, rules=rule_choices, seed=st.randoms())
def test_a_permutation_of_the_input_never_changes_the_ranking(tables, rules, seed):
    entrants = people(*"ABCDEFGH")
    results = _event(tables)
    first = [(r.player_id, r.rank) for r in standings_build(entrants, results, rules)]
    seed.shuffle(entrants)
    seed.shuffle(results)
    again = [(r.player_id, r.rank) for r in standings_build(entrants, results, rules)]
    assert sorted(first) == sorted(again)
    assert [rank for _, rank in first] == [rank for _, rank in again]


@given(tables=tables_of_four, rules=rule_choices)
def test_ranks_run_from_1_and_are_shared_only_by_equal_keys(tables, rules):
    rows = standings_build(people(*"ABCDEFGH"), _event(tables), rules)
    assert [row.place for row in rows] == sorted(row.place for row in rows)
    assert rows[0].place == 1
    for index, row in enumerate(rows):
        tied = [other for other in rows if other.place == row.place]
        assert row.place == rows.index(tied[0]) + 1 == index + 1 - tied.index(row)
        assert row.shared == (len(tied) > 1)
        if len(tied) > 1:
            keys = {(o.total, o.match_points, o.hands_won, o.best_session) for o in tied}
            assert len(keys) == 1


@given(scores=st.lists(score, min_size=2, max_size=4),
       table=st.tuples(*[st.integers(-10, 10)] * 4))  # fmt: skip
def test_match_points_of_a_session_always_sum_to_the_tables_total(scores, table):
    points = [mp for _, mp in placing_points(scores, table)]
    assert sum(points) == sum(table[: len(scores)])

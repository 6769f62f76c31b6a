"""The pure cut (`tournament.standings.cuts`) and stage plan (`tournament.stages`): who
qualifies, the tie at the line and its seeded draw, the carried share and its rounding, and
the standings of a tournament in stages; hypothesis properties for the invariants."""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.stages import (
    CutLine,
    StagePlan,
    StageRule,
    carry,
    field_of_round_number,
    share_parse,
    share_text,
)
from tournament.standings.cuts import cut_decide, staged_standings
from tournament.standings.ranking.rows import Entrant, SessionResult
from tournament.standings.ranking.rules import RankingRules

RULES = RankingRules()  # total points, then match points (none) and hands won


def field(scores, withdrawn=(), wins=None):
    """Entrants 1..n and one session result each (round 1; four to a table)."""
    entrants = [
        Entrant(player_id=i, name=f"P{i:03d}", withdrawn=i in withdrawn, order=(f"P{i:03d}",))
        for i in range(1, len(scores) + 1)
    ]
    results = [
        SessionResult(i, 1, (i - 1) // 4 + 1, score, hands_won=(wins or {}).get(i, 0))
        for i, score in enumerate(scores, start=1)
    ]
    return entrants, results


def decide(scores, size, *, share=Fraction(1, 4), seed=7, withdrawn=(), **extra):
    entrants, results = field(scores, withdrawn, extra.pop("wins", None))
    return cut_decide(
        entrants,
        results,
        RULES,
        size=size,
        share=share,
        seed=seed,
        draw_key={e.player_id: e.player_id for e in entrants},
        **extra,
    )


SHARES = st.sampled_from([Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(2, 3)])
SCORES = st.lists(st.integers(-60, 60).map(lambda n: n * 5 // 10 * 2), min_size=1, max_size=40)


@settings(max_examples=150, deadline=None)
@given(scores=SCORES, size=st.integers(1, 45), share=SHARES, seed=st.integers(0, 2**32))
def test_exactly_n_qualify_when_n_or_more_may(scores, size, share, seed):
    outcome = decide(scores, size, share=share, seed=seed)
    assert len(outcome.qualifiers) == min(size, len(scores))
    assert [line.position for line in outcome.lines] == list(range(1, len(scores) + 1))


@settings(max_examples=150, deadline=None)
@given(scores=SCORES, size=st.integers(1, 45), seed=st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_cut_whatever_the_input_order(scores, size, seed):
    entrants, results = field(scores)
    shuffled = results[:]
    random.Random(seed).shuffle(shuffled)
    keys = {e.player_id: e.player_id for e in entrants}
    first = cut_decide(
        entrants, results, RULES, size=size, share=Fraction(1, 2), seed=seed, draw_key=keys
    )
    again = cut_decide(
        entrants[::-1], shuffled, RULES, size=size, share=Fraction(1, 2), seed=seed, draw_key=keys
    )
    assert first.lines == again.lines and first.drawn == again.drawn


@settings(max_examples=150, deadline=None)
@given(scores=SCORES, size=st.integers(1, 45), seed=st.integers(0, 2**32))
def test_everyone_above_the_line_by_score_qualifies(scores, size, seed):
    outcome = decide(scores, size, seed=seed)
    by_id = {line.player_id: line for line in outcome.lines}
    lowest_in = min(by_id[pid].score for pid in outcome.qualifiers)
    for line in outcome.lines:
        if line.score > lowest_in:
            assert line.qualified, line
        if not line.qualified:
            assert line.score <= lowest_in


@settings(max_examples=150, deadline=None)
@given(scores=SCORES, size=st.integers(1, 45), share=SHARES, loose=st.integers(-30, 0))
def test_carried_is_the_share_of_the_score_rounded_half_away_from_zero(scores, size, share, loose):
    outcome = decide(scores, size, share=share, loose_penalties={1: loose})
    for line in outcome.lines:
        if not line.qualified:
            assert line.carried == 0
            continue
        base = line.score - (loose if line.player_id == 1 else 0)  # loose penalties stay
        exact = share * base
        assert abs(line.carried - exact) <= Fraction(1, 2)
        if abs(exact - int(exact)) == Fraction(1, 2):  # an exact half: away from zero
            assert abs(line.carried) > abs(exact)


@given(share=SHARES, score=st.integers(-10_000, 10_000))
def test_carry_rounds_to_the_nearest_point(share, score):
    exact = share * score
    assert abs(carry(share, score) - exact) <= Fraction(1, 2)
    assert carry(share, -score) == -carry(share, score)


def test_carry_examples():
    quarter = Fraction(1, 4)
    assert [carry(quarter, s) for s in (50, 51, 52, 54, -50, -54, 0)] == [
        13, 13, 13, 14, -13, -14, 0
    ]  # fmt: skip
    assert carry(Fraction(1), 37) == 37 and carry(Fraction(0), 37) == 0


@settings(max_examples=100, deadline=None)
@given(
    scores=SCORES,
    size=st.integers(1, 45),
    withdrawn=st.sets(st.integers(1, 40), max_size=6),
    seed=st.integers(0, 2**32),
)
def test_withdrawn_players_never_qualify_and_their_seat_goes_to_the_next(
    scores, size, withdrawn, seed
):
    withdrawn = {pid for pid in withdrawn if pid <= len(scores)}
    outcome = decide(scores, size, seed=seed, withdrawn=withdrawn)
    assert not set(outcome.qualifiers) & withdrawn
    assert len(outcome.qualifiers) == min(size, len(scores) - len(withdrawn))


def test_a_tie_across_the_line_is_broken_by_the_tie_breaks_then_a_reproducible_draw():
    #           1    2   3   4   5   6   7   8
    scores = [100, 90, 50, 50, 50, 50, 10, 0]
    # 3 and 4 won more hands: the tie-break puts them first; 5 and 6 stay tied, one seat left.
    outcome = decide(scores, 5, wins={3: 2, 4: 2}, seed=11)
    qualifiers = set(outcome.qualifiers)
    assert {1, 2, 3, 4} < qualifiers and len(qualifiers & {5, 6}) == 1
    assert sorted(outcome.drawn) == [5, 6]
    lots = {line.player_id: line.lot for line in outcome.lines if line.lot}
    assert sorted(lots.values()) == [1, 2] and lots[outcome.drawn[0]] == 1
    assert outcome.tie.keys[0] == "points"
    assert {row[0] for row in outcome.tie.rows} == {3, 4, 5, 6}
    # The same seed, the same draw; some other seed draws the other player.
    assert decide(scores, 5, wins={3: 2, 4: 2}, seed=11).drawn == outcome.drawn
    seeds = {decide(scores, 5, wins={3: 2, 4: 2}, seed=s).drawn[0] for s in range(20)}
    assert seeds == {5, 6}
    # The one cut out of the tie is ranked right below the qualifiers, alone.
    out = next(line for line in outcome.lines if line.player_id in {5, 6} - qualifiers)
    assert out.rank == "6" and out.position == 6


def test_no_draw_when_the_tie_is_wholly_inside_or_outside():
    outcome = decide([100, 50, 50, 0], 3)
    assert outcome.drawn == () and set(outcome.qualifiers) == {1, 2, 3}
    outcome = decide([100, 90, 50, 50], 2)
    assert outcome.drawn == () and [line.rank for line in outcome.lines[2:]] == ["=3", "=3"]


def test_everyone_qualifies_when_fewer_than_n():
    outcome = decide([10, 0, -10], 8)
    assert len(outcome.qualifiers) == 3 and outcome.tie is None


# --- the stage plan ------------------------------------------------------------------------


MASTERS = StagePlan(
    (
        StageRule(1, 2, 128, Fraction(1, 4)),
        StageRule(2, 4, 64, Fraction(1, 4)),
        StageRule(3),
    )
)


def test_the_plan_says_which_stage_holds_each_round():
    assert [MASTERS.stage_of_round(n).number for n in range(1, 9)] == [1, 1, 2, 2, 3, 3, 3, 3]
    assert [MASTERS.first_round(n) for n in (1, 2, 3)] == [1, 3, 5]
    assert MASTERS.describe(2) == (
        "Stage 2: rounds 3 to 4, then the top 64 continue, carrying 1/4 of their score."
    )
    assert StagePlan.single().stage_of_round(12).number == 1


def test_a_later_stage_seats_only_the_qualifiers_and_waits_for_its_cut():
    assert field_of_round_number(MASTERS, {}, 2).player_ids is None
    waiting = field_of_round_number(MASTERS, {}, 3)
    assert (
        waiting.waiting_for == 1
        and "confirm the cut after round 2 on the Stages page" in waiting.refusal
    )
    cut = (CutLine(7, 1, "1", 10, 3, True), CutLine(8, 2, "2", 5, 0, False))
    field_ = field_of_round_number(MASTERS, {1: cut}, 4)
    assert field_.player_ids == {7} and field_.admits(7) and not field_.admits(8)


@pytest.mark.parametrize(
    "text, share",
    [("none", 0), ("1/4", Fraction(1, 4)), ("0.5", Fraction(1, 2)), ("25%", Fraction(1, 4)),
     ("whole", 1), ("1", 1)],
)  # fmt: skip
def test_shares_are_read_exactly(text, share):
    assert share_parse(text) == share
    assert share_parse(share_text(share_parse(text))) == share


@pytest.mark.parametrize("text", ["half", "3/2", "-1/4", "1/0", ""])
def test_a_share_that_is_not_one_says_how_to_write_it(text):
    with pytest.raises(ValueError, match="1/4"):
        share_parse(text)


# --- standings in stages -------------------------------------------------------------------


def test_staged_standings_rank_the_field_with_carried_points_above_those_cut():
    entrants, stage_one = field([100, 80, 60, 40, 20, 0, -20, -40])
    plan = StagePlan((StageRule(1, 1, 4, Fraction(1, 2)), StageRule(2)))
    outcome = cut_decide(
        entrants, stage_one, RULES, size=4, share=Fraction(1, 2), seed=1,
        draw_key={e.player_id: e.player_id for e in entrants},
    )  # fmt: skip
    second = [(1, -60), (2, 0), (3, 20), (4, 40)]
    stage_two = [SessionResult(pid, 2, 1, points) for pid, points in second]
    board = staged_standings(
        entrants, stage_one + stage_two, RULES, plan=plan, cuts={1: outcome.lines}
    )
    assert board.stage == 2
    rows = [(r.player_id, r.rank, r.carried, r.total, r.cut_after_round) for r in board.rows]
    assert rows == [
        (4, "1", 20, 60, None),  # 40 / 2 + 40
        (3, "2", 30, 50, None),
        (2, "3", 40, 40, None),
        (1, "4", 50, -10, None),
        (5, "5", 0, 20, 1),  # cut: below the qualifiers, their stage-1 score, marked
        (6, "6", 0, 0, 1),
        (7, "7", 0, -20, 1),
        (8, "8", 0, -40, 1),
    ]
    # every session is still listed on the row, the totals count the stage
    assert board.rows[0].sessions_played == 2

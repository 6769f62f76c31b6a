"""A card's placings are kept by the card's content (`ranking.match_points`): the standings
built with the kept placings are the standings built from nothing, whatever was placed before,
and a card whose scores changed is placed again (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.standings.ranking import match_points
from tournament.standings.ranking.build import standings_build
from tournament.standings.ranking.rows import Entrant, SessionResult
from tournament.standings.ranking.rules import RankingRules

PLAYERS = 8
SCHEMES = st.sampled_from(["placing", "sqrt", "none"])


def _event(scores: list[list[int]]) -> list[SessionResult]:
    """Rounds of two tables: round n seats players 1-4 and 5-8, rotated by n."""
    results = []
    for number, round_scores in enumerate(scores, start=1):
        order = [(i + number) % PLAYERS + 1 for i in range(PLAYERS)]
        for seat, (pid, score) in enumerate(zip(order, round_scores, strict=True)):
            results.append(SessionResult(pid, number, seat // 4 + 1, score, wind="ESWN"[seat % 4]))
    return results


def _shown(rows) -> list[tuple]:
    return [
        (row.player_id, row.rank, row.total, row.match_points, row.best_session, row.sessions)
        for row in rows
    ]


ENTRANTS = [Entrant(player_id=i, name=f"P{i}") for i in range(1, PLAYERS + 1)]
ROUNDS = st.lists(
    st.lists(st.integers(-60, 60), min_size=PLAYERS, max_size=PLAYERS), min_size=1, max_size=4
)


@settings(max_examples=40, deadline=None)
@given(ROUNDS, SCHEMES, st.integers(0, 3), st.integers(-50, 50), st.randoms())
def test_kept_placings_give_the_standings_built_from_nothing(scores, scheme, seat, change, rng):
    rules = RankingRules(match_points=scheme)
    results = _event(scores)
    standings_build(ENTRANTS, results, rules)  # the cards placed and kept
    # A write: one result of the first card changes; the input comes in another order.
    changed = list(results)
    changed[seat] = changed[seat]._replace(hand_points=changed[seat].hand_points + change)
    rng.shuffle(changed)
    kept = _shown(standings_build(ENTRANTS, changed, rules))
    match_points._card_placings.cache_clear()
    fresh = _shown(standings_build(ENTRANTS, changed, rules))
    assert kept == fresh


def test_a_card_is_placed_by_its_scores_not_by_where_it_was_played():
    rules = RankingRules(match_points="placing")
    before = standings_build(ENTRANTS[:4], _event([[30, 10, -10, -30] * 2])[:4], rules)
    results = [r._replace(hand_points=-r.hand_points) for r in _event([[30, 10, -10, -30] * 2])]
    after = standings_build(ENTRANTS[:4], results[:4], rules)
    assert [row.player_id for row in before] == [row.player_id for row in reversed(after)], (
        "the same card with other scores was served its old placings"
    )


def test_the_kept_placings_are_bounded():
    match_points._card_placings.cache_clear()
    rules = RankingRules(match_points="placing")
    rng = random.Random(7)
    for _ in range(match_points.CARDS_KEPT + 10):
        card = tuple(SessionResult(p, 1, 1, rng.randint(-99, 99)) for p in range(1, 5))
        match_points.session_placings(card, rules)
    assert match_points._card_placings.cache_info().currsize == match_points.CARDS_KEPT

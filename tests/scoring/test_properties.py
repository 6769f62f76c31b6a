"""Hypothesis properties: zero-sum payments, notation round-trips, symmetry, best arrangement,
and a fuzzed parser that only ever raises the engine's named errors."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import (
    ALL_TILES,
    SEATS,
    Hand,
    IllegalWinError,
    InvalidHandError,
    Meld,
    MeldKind,
    NotationError,
    Rules,
    Scheme,
    format_tiles,
    parse_melds,
    parse_tiles,
    score_hand,
    settle,
)
from scoring.engine.context import HandFacts
from scoring.engine.decompose import plans
from scoring.engine.score import evaluate
from scoring.engine.validation import hand_counts

STANDARD = Rules(minimum=0)
CHOW_STARTS = [s * 9 + n for s in range(3) for n in range(7)]


@st.composite
def complete_hands(draw) -> Hand:
    """A random complete regular hand: four sets and a pair, some melded, some flags."""
    left = [4] * 34
    sets = []
    for _ in range(4):
        chows = [c for c in CHOW_STARTS if left[c] and left[c + 1] and left[c + 2]]
        pungs = [k for k in range(34) if left[k] >= 3]
        kongs = [k for k in range(34) if left[k] == 4]
        options = (
            [("chow", c) for c in chows]
            + [("pung", k) for k in pungs]
            + [("kong", k) for k in kongs]
        )
        kind, start = draw(st.sampled_from(options))
        if kind == "chow":
            tiles = [start, start + 1, start + 2]
        else:
            tiles = [start] * (4 if kind == "kong" else 3)
        for t in tiles:
            left[t] -= 1
        sets.append((kind, tiles))
    pair = draw(st.sampled_from([k for k in range(34) if left[k] >= 2]))
    concealed = [pair, pair]
    melds = []
    for kind, tiles in sets:
        if kind == "kong":
            melds.append(Meld(MeldKind.KONG, [ALL_TILES[t] for t in tiles], draw(st.booleans())))
        elif draw(st.integers(0, 3)) == 0:
            melds.append(Meld(MeldKind(kind), [ALL_TILES[t] for t in tiles]))
        else:
            concealed += tiles
    win = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    self_drawn = draw(st.booleans())
    flag = draw(st.sampled_from(["", "final_draw" if self_drawn else "final_discard"]))
    return Hand(
        concealed=tuple(ALL_TILES[t] for t in concealed),
        melds=tuple(melds),
        winning_tile=ALL_TILES[win],
        self_drawn=self_drawn,
        seat_wind=draw(st.sampled_from(SEATS)),
        flags=frozenset({flag} - {""}),
    )


def remap(hand: Hand, mapping) -> Hand:
    def tiles(ts):
        return tuple(ALL_TILES[mapping(t.index)] for t in ts)

    return Hand(
        concealed=tiles(hand.concealed),
        melds=tuple(Meld(m.kind, tiles(m.tiles), m.concealed) for m in hand.melds),
        winning_tile=ALL_TILES[mapping(hand.winning_tile.index)],
        self_drawn=hand.self_drawn,
        seat_wind=hand.seat_wind,
        flags=hand.flags,
        penalty_tiles=tiles(hand.penalty_tiles),
    )


@given(
    total=st.integers(0, 480),
    winner=st.sampled_from(SEATS),
    self_drawn=st.booleans(),
    responsible_offset=st.integers(0, 3),
    scheme=st.sampled_from(list(Scheme)),
)
def test_payments_sum_to_zero(total, winner, self_drawn, responsible_offset, scheme):
    responsible = None
    if not self_drawn and responsible_offset:
        responsible = SEATS[(SEATS.index(winner) + responsible_offset) % 4]
    deltas = settle(
        total,
        winner=winner,
        self_drawn=self_drawn,
        responsible=responsible,
        rules=Rules(scheme=scheme),
    )
    assert sum(deltas.values()) == 0
    assert deltas[winner] == 3 * total  # the fixed payoff principle
    assert set(deltas) == set(SEATS)


@given(complete_hands())
def test_hand_notation_round_trips(hand):
    assert Hand.from_notation(hand.notation()) == hand
    for meld in hand.melds:
        assert parse_melds(meld.notation()) == (meld,)


@given(st.lists(st.sampled_from(ALL_TILES), max_size=20))
def test_tile_notation_round_trips(tiles):
    assert parse_tiles(format_tiles(tiles)) == tuple(sorted(tiles))


@given(complete_hands(), st.randoms(use_true_random=False))
def test_score_ignores_tile_order(hand, rng):
    shuffled = list(hand.concealed)
    rng.shuffle(shuffled)
    other = Hand(tuple(shuffled), tuple(reversed(hand.melds)), hand.winning_tile,
                 hand.self_drawn, hand.seat_wind, hand.flags)  # fmt: skip
    assert score_hand(other, STANDARD).total == score_hand(hand, STANDARD).total


@given(complete_hands(), st.sampled_from(list(itertools.permutations(range(3)))))
def test_score_is_invariant_under_suit_and_dragon_permutation(hand, perm):
    # No Zung Jung pattern depends on which suit (or which dragon) is used.
    def mapping(index):
        if index < 27:
            return perm[index // 9] * 9 + index % 9
        if index >= 31:
            return 31 + perm[index - 31]
        return index

    before = score_hand(hand, STANDARD)
    after = score_hand(remap(hand, mapping), STANDARD)
    assert after.total == before.total
    assert sorted(p.name for p, _ in after.patterns) == sorted(p.name for p, _ in before.patterns)


@given(complete_hands())
def test_chosen_arrangement_is_never_worse_than_another(hand):
    best = score_hand(hand, STANDARD)
    facts = HandFacts(hand, hand_counts(hand))
    for plan in plans(hand):
        assert evaluate(facts, plan)[0] <= best.total
    assert all(other.total <= best.total for other in best.runners_up)


@given(complete_hands())
def test_complete_hands_always_score(hand):
    result = score_hand(hand, STANDARD)
    assert 1 <= result.total <= 480
    assert result.total <= 320 or result.limit == "listed"


TOKENS = st.sampled_from(
    list("0123456789mpszESWNhrdGR[]()+,: \t") + ["Wh", "Gr", "Rd", "🀇", "🀄", "🀢", "\ufe0f"]
    + ["self", "seat:", "penalty:", "final_draw", "heaven", "é", "x"]
)  # fmt: skip
TEXT = st.one_of(st.text(max_size=40), st.lists(TOKENS, max_size=30).map("".join))


@given(TEXT)
def test_fuzzed_tiles_raise_only_notation_errors(text):
    try:
        tiles = parse_tiles(text)
    except NotationError:
        return
    assert parse_tiles(format_tiles(tiles)) == tuple(sorted(tiles))


@given(TEXT)
def test_fuzzed_melds_raise_only_notation_errors(text):
    try:
        parse_melds(text)
    except NotationError:
        pass


@given(TEXT)
def test_fuzzed_hands_raise_only_named_errors(text):
    try:
        hand = Hand.from_notation(text)
        score_hand(hand, STANDARD)
    except (NotationError, InvalidHandError, IllegalWinError):
        pass


@given(st.lists(st.sampled_from(ALL_TILES), min_size=13, max_size=13), st.sampled_from(ALL_TILES))
def test_random_tiles_raise_only_named_errors(tiles, win):
    try:
        score_hand(Hand(tuple(tiles), (), win), Rules())
    except (InvalidHandError, IllegalWinError):
        pass

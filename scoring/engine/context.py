"""The detection context: the facts about one arrangement that every pattern reads.

Vocabulary:
- `HandFacts`: what does not depend on the arrangement (tile counts over the whole hand with
  kongs counted as four, suits present, honours, seat wind, flags, Nine Gates shape), plus the
  hand-level gates.
- `ScoringContext` (``ctx``): `HandFacts` plus one arrangement (a *plan*, see `decompose`)
  boiled down to integers: ``chows`` (index of each chow's lowest tile), ``triplets`` (tile
  index of each pung/kong), ``kongs``, ``concealed_triplets`` (RULINGS R3), ``pair`` (-1 unless
  a regular hand), ``plan`` itself (for patterns that look at every group), and ``gates``;
  ``chow_bits`` and ``triplet_bits`` hold the same chows and triplets as kind bitmasks (bit i
  set when a chow starts at tile i, or a triplet is of tile i), so that patterns relating
  suits or neighbours test a few bits instead of searching lists.
- *gate*: a cheap fact that is false whenever some patterns are surely absent
  (`patterns.gates.PATTERN_GATES` says which). Each gate is one bit of the integer ``gates``
  (`GATE_BITS`), so that the scorer picks the patterns worth running with one lookup;
  ``ctx.<gate name>`` reads a bit as a boolean. An *exact* gate is set exactly when its
  pattern is present (`patterns.gates.EXACT_GATES`), so the scorer counts the pattern on the bit:
  the patterns relating suits or neighbours (6.1, 6.2, 7.1, 7.2) and Lesser Terminals (8.1.1,
  8.1.2) are decided here with a few bitmask tests, on ``chow_bits`` and ``triplet_bits``, and
  Identical Sequences (5.1) by counting chows when two are the same.
  Hand-level gates are worked out once per hand (`HandFacts`), the rest once per arrangement.
Patterns (their detectors, `patterns.detectors`) take a ctx and return how many times they apply.
"""

from __future__ import annotations

from .decompose import K_CHOW, K_KONG, K_ORPHANS, K_PAIR, REGULAR, Plan
from .hand import FLAGS, Hand
from .tiles import FIRST_DRAGON, FIRST_WIND, KIND_COUNT, wind_index

TERMINAL_OR_HONOUR = frozenset(i for i in range(KIND_COUNT) if i >= FIRST_WIND or i % 9 in (0, 8))
TERMINAL = frozenset(i for i in range(FIRST_WIND) if i % 9 in (0, 8))
_NINE_GATES_SHAPE = [3, 1, 1, 1, 1, 1, 1, 1, 3]
_SEAT_INDEX = {seat: wind_index(seat) for seat in ("E", "S", "W", "N")}

# --- gates: one bit each --------------------------------------------------------------------
_GATE_NAMES = (
    # hand level (HandFacts)
    "one_suit",  # number tiles of a single suit (honours allowed)
    "all_honours",
    "all_simples",  # no terminal and no honour
    "all_terminals_or_honours",
    "is_concealed",  # no exposed meld
    "nine_gates",
    *(f"flag_{flag}" for flag in FLAGS),
    # arrangement level (ScoringContext); "two_kongs" means two or more, and so on
    "honour_triplets",
    "two_wind_triplets",
    "two_dragon_triplets",
    "two_concealed_triplets",
    "three_concealed_triplets",
    "four_concealed_triplets",
    "one_kong",
    "two_kongs",
    "three_kongs",
    "four_kongs",
    "no_chows",
    "four_chows",
    "repeated_chows",  # two chows of the same tiles (5.1.1, exact)
    # exact: the pattern of that name is present
    "two_identical_sequences_twice",  # 5.1.2
    "three_identical_sequences",  # 5.1.3
    "four_identical_sequences",  # 5.1.4
    "three_similar_sequences",  # 6.1
    "nine_tile_straight",  # 7.1
    "small_similar_triplets",  # 6.2.1
    "similar_triplets",  # 6.2.2
    "three_consecutive_triplets",  # 7.2.1
    "four_consecutive_triplets",  # 7.2.2
    "mixed_lesser_terminals",  # 8.1.1 (always open for the other forms)
    "pure_lesser_terminals",  # 8.1.2 (always open for the other forms)
)
GATE_BITS = {name: 1 << bit for bit, name in enumerate(_GATE_NAMES)}
_FLAG_GATES = {flag: GATE_BITS[f"flag_{flag}"] for flag in FLAGS}


def _by_count(*names: str | None) -> tuple[int, ...]:
    """Gate bits by a count: entry n holds the bits named at positions 0..n."""
    bits, table = 0, []
    for name in names:
        bits |= GATE_BITS[name] if name else 0
        table.append(bits)
    return tuple(table)


# Gate bits by count, e.g. _KONG_GATES[2] is one_kong | two_kongs.
_CONCEALED_GATES = _by_count(
    None, None, "two_concealed_triplets", "three_concealed_triplets", "four_concealed_triplets"
)
_KONG_GATES = _by_count(None, "one_kong", "two_kongs", "three_kongs", "four_kongs")
_CHOW_GATES = (GATE_BITS["no_chows"], 0, 0, 0, GATE_BITS["four_chows"])
_ONE_SUIT = GATE_BITS["one_suit"]
_ALL_HONOURS = GATE_BITS["all_honours"]
_ALL_SIMPLES = GATE_BITS["all_simples"]
_ALL_TERMINALS_OR_HONOURS = GATE_BITS["all_terminals_or_honours"]
_IS_CONCEALED = GATE_BITS["is_concealed"]
_NINE_GATES = GATE_BITS["nine_gates"]
_HONOUR_TRIPLETS = GATE_BITS["honour_triplets"]
_TWO_WINDS = GATE_BITS["two_wind_triplets"]
_TWO_DRAGONS = GATE_BITS["two_dragon_triplets"]
_REPEATED_CHOWS = GATE_BITS["repeated_chows"]
_TWO_IDENTICAL_TWICE = GATE_BITS["two_identical_sequences_twice"]
_THREE_IDENTICAL = GATE_BITS["three_identical_sequences"]
_FOUR_IDENTICAL = GATE_BITS["four_identical_sequences"]
_THREE_SIMILAR_SEQUENCES = GATE_BITS["three_similar_sequences"]
_NINE_TILE_STRAIGHT = GATE_BITS["nine_tile_straight"]
_SMALL_SIMILAR_TRIPLETS = GATE_BITS["small_similar_triplets"]
_SIMILAR_TRIPLETS = GATE_BITS["similar_triplets"]
_THREE_CONSECUTIVE = GATE_BITS["three_consecutive_triplets"]
_FOUR_CONSECUTIVE = GATE_BITS["four_consecutive_triplets"]
_MIXED_LESSER = GATE_BITS["mixed_lesser_terminals"]
_LESSER_TERMINALS = _MIXED_LESSER | GATE_BITS["pure_lesser_terminals"]  # pure is mixed too


def _mask(indices) -> int:
    bits = 0
    for index in indices:
        bits |= 1 << index
    return bits


# Kind bitmasks for `chow_bits` / `triplet_bits`: shifting a mask right by 9 lines a tile up
# with the tile of the same number in the next suit, shifting by 1 with the next number.
FIRST_SUIT_BITS = _mask(range(9))
SUIT_FIRSTS_BITS = _mask((0, 9, 18))
SAME_NUMBER_BITS = tuple(_mask((n, n + 9, n + 18)) for n in range(9))
DRAGON_BITS = _mask(range(FIRST_DRAGON, KIND_COUNT))
TERMINAL_BITS = _mask(TERMINAL)
TERMINAL_OR_HONOUR_BITS = _mask(TERMINAL_OR_HONOUR)
TERMINAL_CHOW_BITS = _mask(start for start in range(FIRST_WIND) if start % 9 in (0, 6))


def run_starts(length: int) -> int:
    """Tiles that start a run of `length` consecutive number tiles inside one suit."""
    return _mask(t for t in range(FIRST_WIND) if t % 9 <= 9 - length)


_RUN_OF_THREE = run_starts(3)
_RUN_OF_FOUR = run_starts(4)


class HandFacts:
    __slots__ = (
        "hand",
        "counts",
        "suits",
        "has_honours",
        "all_simples",
        "all_honours",
        "all_terminals",
        "all_terminals_or_honours",
        "seat",
        "flags",
        "self_drawn",
        "has_exposed_meld",
        "nine_gates",
        "gates",
    )

    def __init__(self, hand: Hand, counts: list[int], present: int | None = None) -> None:
        """`counts`: every tile of the hand by index (melds included, kongs as four);
        `present`: the same tiles as a kind bitmask (bit i set when kind i is held), worked
        out from `counts` when not given."""
        self.hand = hand
        self.counts = counts
        if present is None:
            present = 0
            for index, count in enumerate(counts):
                if count:
                    present |= 1 << index
        held = (  # the suits held as 3 bits: characters 1, circles 2, bamboo 4
            (1 if present & _SUIT_MASKS[0] else 0)
            | (2 if present & _SUIT_MASKS[1] else 0)
            | (4 if present & _SUIT_MASKS[2] else 0)
        )
        self.suits = suits = _SUITS_HELD[held]
        self.has_honours = has_honours = bool(present & _HONOUR_MASK)
        self.all_honours = all_honours = not held
        self.all_simples = all_simples = not present & _TERMINAL_OR_HONOUR_MASK
        self.all_terminals_or_honours = no_simples = not present & _SIMPLE_MASK
        self.all_terminals = no_simples and not has_honours
        self.seat = _SEAT_INDEX[hand.seat_wind]
        self.flags = flags = hand.flags
        self.self_drawn = hand.self_drawn
        melds = hand.melds
        exposed = False
        for meld in melds:
            if not meld.concealed:
                exposed = True
                break
        self.has_exposed_meld = exposed
        one_suit = len(suits) == 1
        # Nine Gates is a pure one-suit hand: the shape is looked for only then.
        self.nine_gates = nine_gates = (
            one_suit and not has_honours and not melds and _is_nine_gates(hand)
        )
        gates = _ONE_SUIT if one_suit else _ALL_HONOURS if all_honours else 0
        if all_simples:
            gates |= _ALL_SIMPLES
        if no_simples:
            gates |= _ALL_TERMINALS_OR_HONOURS
        if not exposed:
            gates |= _IS_CONCEALED
        if nine_gates:
            gates |= _NINE_GATES
        if flags:
            for flag in flags:
                gates |= _FLAG_GATES.get(flag, 0)
        self.gates = gates


_SUIT_MASKS = tuple(_mask(range(base, base + 9)) for base in (0, 9, 18))
_SUITS_HELD = tuple(frozenset(suit for suit in range(3) if held >> suit & 1) for held in range(8))
_HONOUR_MASK = _mask(range(FIRST_WIND, KIND_COUNT))
_TERMINAL_OR_HONOUR_MASK = _mask(TERMINAL_OR_HONOUR)
_SIMPLE_MASK = _mask(i for i in range(FIRST_WIND) if i not in TERMINAL_OR_HONOUR)


def _is_nine_gates(hand: Hand) -> bool:
    """RULINGS R5: no melds; 1112345678999 of one suit before the win; win in that suit."""
    if hand.melds or hand.winning_tile.index >= FIRST_WIND:
        return False
    base = hand.winning_tile.index // 9 * 9
    counts = [0] * 9
    for tile in hand.concealed:
        if not base <= tile.index < base + 9:
            return False
        counts[tile.index - base] += 1
    return counts == _NINE_GATES_SHAPE


def _identical_sequences(chows: list[int]) -> int:
    """The gates of Identical Sequences (5.1) for chows of which two at least are the same."""
    repeats = [chows.count(start) for start in set(chows)]
    gates = _REPEATED_CHOWS
    if sum(r // 2 for r in repeats) >= 2:
        gates |= _TWO_IDENTICAL_TWICE
    if max(repeats) >= 3:
        gates |= _THREE_IDENTICAL
        if max(repeats) >= 4:
            gates |= _FOUR_IDENTICAL
    return gates


class ScoringContext:
    __slots__ = (
        "facts",
        "plan",
        "form",
        "chows",
        "triplets",
        "kongs",
        "concealed_triplets",
        "pair",
        "wind_triplets",
        "dragon_triplets",
        "chow_bits",
        "triplet_bits",
        "gates",
    )

    def __init__(self, facts: HandFacts, plan: Plan) -> None:
        self.facts = facts
        self.plan = plan
        self.form = form = plan[0]
        self._read_groups(form, plan[1])
        chow_bits, triplet_bits, pair = self.chow_bits, self.triplet_bits, self.pair
        winds, dragons = self.wind_triplets, self.dragon_triplets
        self.gates = (
            facts.gates
            | _chow_gates(self.chows, chow_bits)
            | _honour_gates(winds, dragons)
            | _number_triplet_gates(len(self.triplets) - winds - dragons, triplet_bits, pair)
            | _CONCEALED_GATES[self.concealed_triplets]
            | _KONG_GATES[self.kongs]
            | _lesser_terminal_gates(form, pair, chow_bits, triplet_bits)
        )

    def _read_groups(self, form: str, plan_groups: tuple) -> None:
        """The plan's groups boiled down to the integers of the vocabulary."""
        chows: list[int] = []
        triplets: list[int] = []
        kongs = concealed = winds = dragons = chow_bits = triplet_bits = 0
        pair = -1
        for kind, index, _melded, is_concealed, _completed in plan_groups:
            if kind == K_CHOW:
                chows.append(index)
                chow_bits |= 1 << index
            elif kind == K_PAIR:
                pair = index
            elif kind != K_ORPHANS:
                triplets.append(index)
                triplet_bits |= 1 << index
                if kind == K_KONG:
                    kongs += 1
                if is_concealed:
                    concealed += 1
                if index >= FIRST_DRAGON:
                    dragons += 1
                elif index >= FIRST_WIND:
                    winds += 1
        if form != REGULAR:
            pair = -1
        self.chows = chows
        self.triplets = triplets
        self.kongs = kongs
        self.concealed_triplets = concealed
        self.pair = pair
        self.wind_triplets = winds
        self.dragon_triplets = dragons
        self.chow_bits = chow_bits
        self.triplet_bits = triplet_bits


# --- the arrangement's gates, by the groups they read (see the module docstring) ------------


def _chow_gates(chows: list[int], chow_bits: int) -> int:
    """No chows, four chows, Identical Sequences (5.1), Three Similar Sequences (6.1) and the
    Nine-Tile Straight (7.1)."""
    number_of_chows = len(chows)
    gates = _CHOW_GATES[number_of_chows]
    if number_of_chows >= 2 and chow_bits.bit_count() < number_of_chows:
        gates |= _identical_sequences(chows)
    if number_of_chows >= 3:
        if chow_bits & chow_bits >> 9 & chow_bits >> 18 & FIRST_SUIT_BITS:
            gates |= _THREE_SIMILAR_SEQUENCES
        if chow_bits & chow_bits >> 3 & chow_bits >> 6 & SUIT_FIRSTS_BITS:
            gates |= _NINE_TILE_STRAIGHT
    return gates


def _honour_gates(winds: int, dragons: int) -> int:
    """Honour triplets, and two or more of the winds or of the dragons."""
    if not (winds or dragons):
        return 0
    gates = _HONOUR_TRIPLETS
    if winds >= 2:
        gates |= _TWO_WINDS
    if dragons >= 2:
        gates |= _TWO_DRAGONS
    return gates


def _number_triplet_gates(number_triplets: int, bits: int, pair: int) -> int:
    """Similar Triplets (6.2) and Consecutive Triplets (7.2), from `number_triplets` triplets of
    number tiles, `bits` every triplet as a kind bitmask."""
    gates = 0
    if number_triplets >= 2:
        if 0 <= pair < FIRST_WIND:  # triplets of the pair's number in the other suits
            same_number = SAME_NUMBER_BITS[pair % 9]
            if bits & same_number == same_number & ~(1 << pair):
                gates |= _SMALL_SIMILAR_TRIPLETS
        if number_triplets >= 3:
            if bits & bits >> 9 & bits >> 18 & FIRST_SUIT_BITS:
                gates |= _SIMILAR_TRIPLETS
            run = bits & bits >> 1 & bits >> 2
            if run & _RUN_OF_THREE:
                gates |= _THREE_CONSECUTIVE
                if run & bits >> 3 & _RUN_OF_FOUR:
                    gates |= _FOUR_CONSECUTIVE
    return gates


def _lesser_terminal_gates(form: str, pair: int, chow_bits: int, triplet_bits: int) -> int:
    """Lesser Terminals (8.1.1, 8.1.2): exact for a regular hand, always open for the others."""
    if form != REGULAR:
        return _LESSER_TERMINALS
    if (
        pair in TERMINAL_OR_HONOUR
        and not chow_bits & ~TERMINAL_CHOW_BITS
        and not triplet_bits & ~TERMINAL_OR_HONOUR_BITS
    ):
        # Every group holds a terminal or an honour; pure: every group holds a terminal.
        if pair < FIRST_WIND and not triplet_bits & ~TERMINAL_BITS:
            return _LESSER_TERMINALS
        return _MIXED_LESSER
    return 0


def _gate_property(name: str, bit: int) -> property:
    return property(lambda ctx: bool(ctx.gates & bit), doc=f"Gate {name!r} as a boolean.")


for _name, _bit in GATE_BITS.items():
    setattr(ScoringContext, _name, _gate_property(_name, _bit))

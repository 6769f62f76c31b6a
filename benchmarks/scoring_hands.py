"""Seeded random winning hands for the scoring benchmarks and the same-results check.

Vocabulary:
- *mix*: the full random mix of complete hands: four sets and a pair (chows and pungs, some
  melded, some declared kongs exposed or concealed), plus Seven Pairs and Thirteen Terminals,
  self-drawn or on a discard, any seat, some incidental flags (Final Draw, Final Discard, Win on
  Kong, Blessing of Earth). Every hand is well formed; some are Chicken Hands.
- *kinds*: the hand's 14 tile kinds (0..33, see `scoring.engine.tiles`), winning tile last,
  kongs cut to pungs: the same tiles written as one concealed hand.
- *concealed twin*: the hand rewritten with all 14 tiles concealed and no flags (same winning
  tile, seat and self-draw): what the peers (the riichi library, MahjongGB) are given, and
  what the engine is given in the like-for-like comparison.

Everything here is built from plain integers and the engine's public value objects, so that the
same seed yields the same hands before and after a change to the engine.
"""

from __future__ import annotations

import random

from scoring.engine import ALL_TILES, Hand, Meld, MeldKind, format_tiles

CHOW_STARTS = [s * 9 + n for s in range(3) for n in range(7)]
THIRTEEN = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def _regular_sets(rng: random.Random) -> tuple[list[tuple[str, int]], int]:
    while True:
        left = [4] * 34
        sets: list[tuple[str, int]] = []
        for _ in range(4):
            roll = rng.random()
            for _attempt in range(20):
                if roll < 0.55:
                    start = rng.choice(CHOW_STARTS)
                    if all(left[start + k] for k in range(3)):
                        for k in range(3):
                            left[start + k] -= 1
                        sets.append(("chow", start))
                        break
                else:
                    kind = rng.randrange(34)
                    size = 4 if roll > 0.93 else 3
                    if left[kind] >= size:
                        left[kind] -= size
                        sets.append(("kong" if size == 4 else "pung", kind))
                        break
        pair = rng.randrange(34)
        if len(sets) == 4 and left[pair] >= 2:
            return sets, pair


def _flags(rng: random.Random, self_drawn: bool, melds: list[Meld], seat: str) -> set[str]:
    flags = set()
    if self_drawn and rng.random() < 0.05:
        flags.add("final_draw")
    if self_drawn and any(m.kind is MeldKind.KONG for m in melds) and rng.random() < 0.3:
        flags.add("win_on_kong")
    if not self_drawn and rng.random() < 0.05:
        flags.add("final_discard")
    if not self_drawn and not melds and seat != "E" and not flags and rng.random() < 0.05:
        flags.add("earth")
    return flags


def random_hand(rng: random.Random) -> tuple[Hand, list[int]]:
    """One hand of the mix and its 14 kinds (winning tile last)."""
    roll = rng.random()
    seat = rng.choice("ESWN")
    self_drawn = rng.random() < 0.5
    melds: list[Meld] = []
    if roll < 0.04:  # Seven Pairs: seven different kinds
        kinds = rng.sample(range(34), 7)
        concealed = [k for k in kinds for _ in range(2)]
        kinds14 = list(concealed)
    elif roll < 0.05:  # Thirteen Terminals
        concealed = THIRTEEN + [rng.choice(THIRTEEN)]
        kinds14 = list(concealed)
    else:
        sets, pair = _regular_sets(rng)
        concealed = [pair, pair]
        kinds14 = [pair, pair]
        for kind, start in sets:
            tiles = [start, start + 1, start + 2] if kind == "chow" else [start] * 3
            kinds14 += tiles
            if kind == "kong":
                melds.append(Meld(MeldKind.KONG, [ALL_TILES[start]] * 4, rng.random() < 0.5))
            elif rng.random() < 0.3:
                melds.append(Meld(MeldKind(kind), [ALL_TILES[t] for t in tiles]))
            else:
                concealed += tiles
    win = concealed.pop(rng.randrange(len(concealed)))
    kinds14.remove(win)
    hand = Hand(
        concealed=tuple(ALL_TILES[i] for i in concealed),
        melds=tuple(melds),
        winning_tile=ALL_TILES[win],
        self_drawn=self_drawn,
        seat_wind=seat,
        flags=frozenset(_flags(rng, self_drawn, melds, seat)),
    )
    return hand, kinds14 + [win]


def mix(count: int, seed: int) -> list[tuple[Hand, list[int]]]:
    """`count` hands of the mix from `seed`, with their kinds."""
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(count)]


def concealed_twin(hand: Hand, kinds: list[int]) -> Hand:
    """The same 14 tiles as one concealed hand without flags (see the module docstring)."""
    return Hand(
        concealed=tuple(ALL_TILES[k] for k in kinds[:-1]),
        winning_tile=ALL_TILES[kinds[-1]],
        self_drawn=hand.self_drawn,
        seat_wind=hand.seat_wind,
    )


def as_json(hand: Hand, ident: int) -> dict:
    """The CLI's JSON form of a hand (canonical notation), with a discarder on discard wins."""
    entry = {
        "id": ident,
        "concealed": format_tiles(hand.concealed),
        "melds": [
            {"kind": str(m.kind), "tiles": format_tiles(m.tiles), "concealed": m.concealed}
            for m in hand.melds
        ],
        "winning_tile": hand.winning_tile.notation(),
        "self_drawn": hand.self_drawn,
        "seat_wind": hand.seat_wind,
        "flags": sorted(hand.flags),
    }
    if not hand.self_drawn:
        # RULINGS R12: on a Blessing of Earth East discarded; otherwise the next seat round.
        seats = "ESWN"
        after = seats[(seats.index(hand.seat_wind) + 1) % 4]
        entry["discarder"] = "E" if "earth" in hand.flags else after
    return entry

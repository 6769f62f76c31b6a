"""Benchmark: ZJ scoring throughput against the riichi `mahjong` library (a pure-Python peer).

Run with ``make bench-scoring`` (``.venv/bin/python benchmarks/bench_scoring.py``). Generates
20,000 random complete hands from a seeded RNG (four sets and a pair, some sets melded, some
concealed kongs, some flags), scores them with `score_hand`, then runs the riichi library's
``HandCalculator.estimate_hand_value`` on the same hands' tiles, all concealed (kongs cut to
pungs so that each is a plain 14-tile hand). Prints hands per second for each (median of a few
repeats) and the ratio. Target: at least 2x the riichi library.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine import (  # noqa: E402
    ALL_TILES,
    Hand,
    IllegalWinError,
    Meld,
    MeldKind,
    Rules,
    score_hand,
)

SEED = 20240521
CHUNK = 500


def random_hand(rng: random.Random) -> tuple[Hand, list[int]]:
    """A random complete hand, and its 14 tile kinds for the riichi library."""
    while True:
        left = [4] * 34
        sets: list[tuple[str, int]] = []
        ok = True
        for _ in range(4):
            roll = rng.random()
            for _attempt in range(20):
                if roll < 0.55:
                    start = rng.choice([s * 9 + n for s in range(3) for n in range(7)])
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
            else:
                ok = False
        pair = rng.randrange(34)
        if not ok or left[pair] < 2:
            continue
        break
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    riichi: list[int] = [pair, pair]
    for kind, start in sets:
        tiles = [start, start + 1, start + 2] if kind == "chow" else [start] * 3
        riichi += tiles
        if kind == "kong":
            melds.append(Meld(MeldKind.KONG, [ALL_TILES[start]] * 4, rng.random() < 0.5))
        elif rng.random() < 0.3:
            melds.append(Meld(MeldKind(kind), [ALL_TILES[t] for t in tiles]))
        else:
            concealed += tiles
    win = concealed.pop(rng.randrange(len(concealed)))
    self_drawn = rng.random() < 0.5
    flags = set()
    if self_drawn and rng.random() < 0.05:
        flags.add("final_draw")
    if self_drawn and any(m.kind is MeldKind.KONG for m in melds) and rng.random() < 0.3:
        flags.add("win_on_kong")
    if not self_drawn and rng.random() < 0.05:
        flags.add("final_discard")
    hand = Hand(
        concealed=tuple(ALL_TILES[i] for i in concealed),
        melds=tuple(melds),
        winning_tile=ALL_TILES[win],
        self_drawn=self_drawn,
        seat_wind=rng.choice("ESWN"),
        flags=frozenset(flags),
    )
    riichi.remove(win)
    return hand, riichi + [win]


def time_engine(hands: list[Hand], rules: Rules) -> float:
    start = time.perf_counter()
    for hand in hands:
        try:
            score_hand(hand, rules)
        except IllegalWinError:
            pass  # a Chicken Hand under the 5-point minimum is still fully scored first
    return time.perf_counter() - start


def to_136(kinds: list[int]) -> tuple[list[int], int]:
    used = [0] * 34
    out = []
    for kind in kinds:
        out.append(kind * 4 + used[kind])
        used[kind] += 1
    return out, out[-1]


def time_riichi(hands136: list[tuple[list[int], int]], calculator) -> float:
    start = time.perf_counter()
    for tiles, win in hands136:
        calculator.estimate_hand_value(tiles, win)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--riichi-hands",
        type=int,
        default=None,
        help="time the riichi library on only the first N hands (default: all of them)",
    )
    args = parser.parse_args()
    rng = random.Random(SEED)
    pairs = [random_hand(rng) for _ in range(args.hands)]
    hands = [hand for hand, _ in pairs]
    rules = Rules()
    with_melds = sum(1 for h in hands if h.melds)
    with_flags = sum(1 for h in hands if h.flags)
    print(
        f"{len(hands)} random complete hands (seed {SEED}): {with_melds} with melds, "
        f"{with_flags} with flags"
    )
    try:
        import mahjong
        from mahjong.hand_calculating.hand import HandCalculator

        calculator = HandCalculator()
    except ImportError:
        mahjong = calculator = None
    subset = [to_136(kinds) for _, kinds in pairs[: args.riichi_hands or len(pairs)]]
    # The machine is shared: each run alternates the two libraries chunk by chunk, so that a
    # burst of load from elsewhere slows both alike.
    engine_times, riichi_times = [], []
    for _ in range(args.repeats):
        engine_total = riichi_total = 0.0
        for start in range(0, len(hands), CHUNK):
            engine_total += time_engine(hands[start : start + CHUNK], rules)
            if mahjong is not None and start < len(subset):
                riichi_total += time_riichi(subset[start : start + CHUNK], calculator)
        engine_times.append(engine_total)
        riichi_times.append(riichi_total)
    engine_rate = len(hands) / statistics.median(engine_times)
    cold_rate = len(hands) / engine_times[0]
    print(
        f"scoring.engine score_hand:                  {engine_rate:>9,.0f} hands/s "
        f"(median of {args.repeats} runs over {len(hands)} hands; first run {cold_rate:,.0f})"
    )
    if mahjong is None:
        print("riichi `mahjong` library not installed: comparison skipped")
        return 0
    riichi_rate = len(subset) / statistics.median(riichi_times)
    which = "all" if len(subset) == len(hands) else f"the first {len(subset)} of the"
    print(
        f"mahjong HandCalculator.estimate_hand_value: {riichi_rate:>9,.0f} hands/s "
        f"(median of {args.repeats} runs over {which} hands, as 14 concealed tiles)"
    )
    print(f"ratio: {engine_rate / riichi_rate:.1f}x the riichi library (target: at least 2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

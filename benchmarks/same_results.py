"""Same results before and after an engine change: one line of outcome per hand.

Vocabulary:
- *outcome line*: ``notation <TAB> minimum <TAB> result`` where result is
  ``total limit [number:points ...] arrangement deltas`` for a scored hand (deltas from
  `settle`, the seat after the winner responsible on a discard win), or ``ErrorKind: message``.
- *hands*: the benchmark mix (``scoring_hands.mix``, ``--seed``), every third hand also as its
  concealed twin, every seventh with one or two penalty tiles (RULINGS R9); plus, with
  ``--extra FILE``, hand notations recorded from the test suite (``record_test_hands.py``).

    python benchmarks/same_results.py write OUT [--hands 200000] [--extra FILE]
    diff BEFORE OUT        # the engine before and after must write identical files

`tests/scoring/test_same_results.py` keeps a stored sample of these lines as a regression test.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]
if "--engine-root" not in sys.argv:
    sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]

SEED = 14


def outcome(text: str, minimum: int) -> str:
    from scoring.engine import Hand, Rules, ScoringError, score_hand, settle

    try:
        hand = Hand.from_notation(text)
        score = score_hand(hand, Rules(minimum=minimum))
        seats = "ESWN"
        responsible = None
        if not hand.self_drawn:
            responsible = seats[(seats.index(hand.seat_wind) + 1) % 4]
        deltas = settle(
            score.total,
            winner=hand.seat_wind,
            self_drawn=hand.self_drawn,
            responsible=responsible,
            rules=Rules(minimum=minimum),
        )
    except ScoringError as error:
        return f"{type(error).__name__}: {error}"
    patterns = " ".join(f"{p.number}:{points}" for p, points in score.patterns)
    paid = " ".join(f"{seat}{deltas[seat]:+d}" for seat in seats)
    return f"{score.total} {score.limit or '-'} [{patterns}] {score.arrangement.notation()} {paid}"


def hand_texts(count: int, seed: int) -> list[tuple[str, int]]:
    import scoring_hands

    from scoring.engine import Hand

    rng = random.Random(seed)
    out = []
    for n, (hand, kinds) in enumerate(scoring_hands.mix(count, seed)):
        minimum = 5 if n % 2 else 0
        out.append((hand.notation(), minimum))
        if n % 3 == 0:
            out.append((scoring_hands.concealed_twin(hand, kinds).notation(), minimum))
        if n % 7 == 0 and hand.concealed:
            penalty = rng.sample(hand.concealed, min(len(hand.concealed), rng.choice((1, 2))))
            fields = {**vars(hand), "penalty_tiles": tuple(penalty)}
            out.append((Hand(**fields).notation(), minimum))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("write",))
    parser.add_argument("out", type=Path)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--extra", type=Path, help="recorded test-suite hands, one per line")
    parser.add_argument("--engine-root", type=Path, help="import scoring from this folder")
    args = parser.parse_args()
    if args.engine_root:
        sys.path.insert(0, str(args.engine_root))
    texts = hand_texts(args.hands, args.seed)
    if args.extra:
        for line in args.extra.read_text(encoding="utf-8").splitlines():
            text, _, minimum = line.rpartition("\t")
            texts.append((text, int(minimum)))
    with args.out.open("w", encoding="utf-8") as out:
        for text, minimum in texts:
            out.write(f"{text}\t{minimum}\t{outcome(text, minimum)}\n")
    print(f"{len(texts):,} outcome lines written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``make bench-scoring``: what a user of the scorer gets, measured cold against its peers.

Vocabulary:
- *round*: one measurement of everything below, each part in a fresh Python process, so that
  no cache (ours or a peer's) is warm when its clock starts. The table shows the median of
  ``--rounds`` rounds (at least 3).
- *cold pass*: the hands are built before the clock starts, then scored once each, in order.
- *concealed*: the like-for-like comparison. Every hand of the mix rewritten as 14 concealed
  tiles without flags (``scoring_hands.concealed_twin``), given to the engine (`score_hand`),
  the riichi ``mahjong`` library (``HandCalculator.estimate_hand_value``) and MahjongGB
  (``pymahjonggb``, C++, ``MahjongFanCalculator``). The three take turns chunk by chunk
  (`CHUNK` hands), so that a burst of load on the shared machine slows all alike.
- *mix*: the full random mix (melds, kongs, flags, Seven Pairs, Thirteen Terminals), engine
  only: `score_hand` on the built hands, and reading the hand notation then scoring.
- *CLI*: ``python -m scoring score FILE`` on the mix as JSON (canonical notation, a discarder
  on discard wins), wall time including interpreter start-up, output to /dev/null. The
  ``scoring`` package is byte-compiled first (`compile_package`), as an installed package is:
  otherwise, where ``PYTHONDONTWRITEBYTECODE`` is set, every run compiles it from source.
- *imports*: the time to import each library in a fresh process (outside every clock above).
- *clock*: CPU time of the measuring process (`CLOCK`), since the machine is shared; the CLI
  line gives both the child's CPU time and the wall time.

Targets (issue 14): engine >= 3x riichi and >= 0.3x MahjongGB on the concealed hands, cold.
The desk's evaluation of a stored session is measured by ``bench_scoring_desk.py``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 20240521
# CPU time of the measuring process: the machine is shared, and wall time would also count
# whatever else runs on it. The CLI line gives the child's CPU time and the wall time.
CLOCK = time.process_time
CHUNK = 500
# MahjongGB names tiles W (characters), B (circles), T (bamboo), F1-F4 (winds E S W N) and
# J1-J3 (dragons red, green, white); our kinds 31-33 are white, green, red.
GB_NAMES = (
    [f"W{n}" for n in range(1, 10)]
    + [f"B{n}" for n in range(1, 10)]
    + [f"T{n}" for n in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)


def _import(name: str, timings: dict) -> object | None:
    start = time.perf_counter()
    try:
        module = __import__(name, fromlist=["_"])
    except ImportError:
        return None
    timings[name] = time.perf_counter() - start
    return module


def _prepare() -> None:
    # ZJ_ENGINE_ROOT: a folder holding an older `scoring` package (see --baseline-commit).
    older = os.environ.get("ZJ_ENGINE_ROOT")
    sys.path[:0] = [*([older] if older else []), str(ROOT), str(ROOT / "benchmarks")]


def child_concealed(count: int) -> dict:
    """One cold pass of the three scorers over the concealed hands, interleaved by chunk."""
    _prepare()
    imports: dict[str, float] = {}
    engine = _import("scoring.engine", imports)
    riichi_hand = _import("mahjong.hand_calculating.hand", imports)
    riichi_config = _import("mahjong.hand_calculating.hand_config", imports)
    gb = _import("MahjongGB", imports)
    import scoring_hands

    pairs = scoring_hands.mix(count, SEED)
    hands = [scoring_hands.concealed_twin(hand, kinds) for hand, kinds in pairs]
    rules = engine.Rules()
    score_hand, scoring_error = engine.score_hand, engine.ScoringError

    riichi_jobs = []
    if riichi_hand is not None:
        calculator = riichi_hand.HandCalculator()
        configs = {flag: riichi_config.HandConfig(is_tsumo=flag) for flag in (False, True)}
        for hand, kinds in pairs:
            used = [0] * 34
            tiles = []
            for kind in kinds:
                tiles.append(kind * 4 + used[kind])
                used[kind] += 1
            riichi_jobs.append((tiles, tiles[-1], configs[hand.self_drawn]))
    gb_jobs = []
    if gb is not None:
        for hand, kinds in pairs:
            gb_jobs.append(
                (
                    tuple(GB_NAMES[k] for k in kinds[:-1]),
                    GB_NAMES[kinds[-1]],
                    hand.self_drawn,
                    "ESWN".index(hand.seat_wind),
                )
            )

    def run_engine(part: list) -> float:
        start = CLOCK()
        for hand in part:
            try:
                score_hand(hand, rules)
            except scoring_error:
                pass  # a Chicken Hand under the 5-point minimum is fully scored first
        return CLOCK() - start

    def run_riichi(part: list) -> float:
        estimate = calculator.estimate_hand_value
        start = CLOCK()
        for tiles, win, config in part:
            estimate(tiles, win, config=config)
        return CLOCK() - start

    def run_gb(part: list) -> float:
        calculate = gb.MahjongFanCalculator
        start = CLOCK()
        for tiles, win, self_drawn, seat in part:
            try:
                calculate((), tiles, win, 0, self_drawn, False, False, False, seat, 0)
            except TypeError:
                pass  # MahjongGB raises for a hand under its 8-fan minimum
        return CLOCK() - start

    totals = {"engine": 0.0, "riichi": 0.0, "gb": 0.0}
    gc.collect()  # settle the garbage of building the hands before any clock starts
    for start in range(0, len(hands), CHUNK):
        stop = start + CHUNK
        totals["engine"] += run_engine(hands[start:stop])
        if riichi_jobs:
            totals["riichi"] += run_riichi(riichi_jobs[start:stop])
        if gb_jobs:
            totals["gb"] += run_gb(gb_jobs[start:stop])
    return {
        "hands": len(hands),
        "engine": totals["engine"],
        "riichi": totals["riichi"] if riichi_jobs else None,
        "gb": totals["gb"] if gb_jobs else None,
        "imports": imports,
    }


def child_mix(count: int) -> dict:
    """One cold pass of `score_hand` over the mix; then, in the same process, notation + score.

    The second pass runs after the first, so the scorer's own caches are warm there: it shows
    what reading the notation adds.
    """
    _prepare()
    import scoring_hands

    from scoring.engine import Hand, Rules, ScoringError, score_hand

    pairs = scoring_hands.mix(count, SEED)
    hands = [hand for hand, _ in pairs]
    texts = [hand.notation() for hand in hands]
    rules = Rules()
    gc.collect()  # settle the garbage of building the hands before the clock starts
    start = CLOCK()
    for hand in hands:
        try:
            score_hand(hand, rules)
        except ScoringError:
            pass
    cold = CLOCK() - start
    from_notation = Hand.from_notation
    start = CLOCK()
    for text in texts:
        try:
            score_hand(from_notation(text), rules)
        except ScoringError:
            pass
    return {
        "hands": len(hands),
        "engine": cold,
        "notation": CLOCK() - start,
        "melded": sum(1 for h in hands if h.melds),
        "kongs": sum(1 for h in hands if any(str(m.kind) == "kong" for m in h.melds)),
        "flags": sum(1 for h in hands if h.flags),
        "pairs": sum(
            1 for _, kinds in pairs if sorted(kinds.count(k) for k in set(kinds)) == [2] * 7
        ),
        "terminals": sum(1 for _, kinds in pairs if set(kinds) == set(scoring_hands.THIRTEEN)),
    }


def _child(kind: str, count: int, older: Path | None = None) -> dict:
    env = {**os.environ, "ZJ_ENGINE_ROOT": str(older)} if older else None
    done = subprocess.run(
        [sys.executable, __file__, "--child", kind, "--hands", str(count)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    if done.returncode:
        sys.exit(f"the {kind} child failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def write_cli_file(count: int, path: Path) -> None:
    _prepare()
    import scoring_hands

    entries = [
        scoring_hands.as_json(h, n) for n, (h, _) in enumerate(scoring_hands.mix(count, SEED))
    ]
    path.write_text(json.dumps(entries), encoding="utf-8")


def compile_package(root: Path) -> None:
    """Byte-compile ``root/scoring`` (``__pycache__``, as pip does when installing)."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "scoring"],
        cwd=root,
        stdout=subprocess.DEVNULL,
        check=True,
    )


def time_cli(path: Path, older: Path | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one ``python -m scoring score`` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "score", str(path)],
        cwd=older or ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: some hands are errors (Chicken Hands under R7)
        sys.exit(f"python -m scoring score failed:\n{done.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, elapsed


def _version(distribution: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return "not installed"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--cli-hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--baseline-commit",
        metavar="COMMIT",
        help="also measure the engine and the CLI of this commit, round by round (before/after)",
    )
    parser.add_argument("--child", choices=("concealed", "mix"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run = child_concealed if args.child == "concealed" else child_mix
        print(json.dumps(run(args.hands)))
        return 0
    if args.rounds < 3:
        parser.error("--rounds must be at least 3 (the table shows medians)")

    concealed, mixes, cli = [], [], []
    old_concealed, old_mixes, old_cli = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        cli_file = Path(folder) / "hands.json"
        write_cli_file(args.cli_hands, cli_file)
        older = None
        if args.baseline_commit:
            older = Path(folder) / "baseline"
            older.mkdir()
            archive = subprocess.run(
                ["git", "archive", args.baseline_commit, "scoring"],
                cwd=ROOT,
                capture_output=True,
                check=True,
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(older)], input=archive, check=True)
            compile_package(older)
        compile_package(ROOT)
        for _ in range(args.rounds):
            concealed.append(_child("concealed", args.hands))
            mixes.append(_child("mix", args.hands))
            cli.append(time_cli(cli_file))
            if older:
                old_concealed.append(_child("concealed", args.hands, older))
                old_mixes.append(_child("mix", args.hands, older))
                old_cli.append(time_cli(cli_file, older))

    def median(rows: list[dict], key: str) -> float | None:
        values = [row[key] for row in rows if row.get(key) is not None]
        return statistics.median(values) if values else None

    n = concealed[0]["hands"]
    rates = {}
    for key in ("engine", "riichi", "gb"):
        seconds = median(concealed, key)
        rates[key] = n / seconds if seconds else None
    names = {
        "engine": "scoring.engine score_hand",
        "riichi": f"riichi mahjong {_version('mahjong')}",
        "gb": f"MahjongGB (pymahjonggb {_version('pymahjonggb')})",
    }
    print(
        f"Scoring benchmark: median of {args.rounds} rounds, each part in a fresh process, "
        f"one cold pass, hands built before the clock, CPU time (seed {SEED}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start)"
    )
    print()
    print(f"Identical concealed hands ({n:,}, 14 concealed tiles each, interleaved by {CHUNK})")
    print(f"  {'scorer':<34}{'hands/s':>10}{'engine is':>12}")
    for key in ("engine", "riichi", "gb"):
        if rates[key] is None:
            print(f"  {names[key]:<34}{'-':>10}   (not installed)")
            continue
        ratio = f"{rates['engine'] / rates[key]:.2f}x" if key != "engine" else ""
        print(f"  {names[key]:<34}{rates[key]:>10,.0f}{ratio:>12}")
    if old_concealed:
        before = n / median(old_concealed, "engine")
        label = f"engine at {args.baseline_commit[:10]}"
        print(
            f"  {label:<34}{before:>10,.0f}"
            f"{before / rates['riichi']:>11.2f}x  (vs riichi; after/before "
            f"{rates['engine'] / before:.2f}x)"
            if rates["riichi"]
            else f"  {label:<34}{before:>10,.0f}"
        )
    print("  targets: engine >= 3x riichi and >= 0.3x MahjongGB")
    print()
    m = mixes[0]
    print(
        f"Full random mix ({m['hands']:,}: {m['melded']:,} with melds, {m['kongs']:,} with "
        f"kongs, {m['flags']:,} with flags, {m['pairs']:,} Seven Pairs, {m['terminals']:,} "
        "Thirteen Terminals)"
    )
    print(f"  {'score_hand, cold pass':<34}{m['hands'] / median(mixes, 'engine'):>10,.0f} hands/s")
    print(
        f"  {'Hand.from_notation + score_hand':<34}"
        f"{m['hands'] / median(mixes, 'notation'):>10,.0f} hands/s (second pass)"
    )
    if old_mixes:
        print(
            f"  {'score_hand, cold, ' + args.baseline_commit[:10]:<34}"
            f"{m['hands'] / median(old_mixes, 'engine'):>10,.0f} hands/s"
        )
        print(
            f"  {'notation + score, ' + args.baseline_commit[:10]:<34}"
            f"{m['hands'] / median(old_mixes, 'notation'):>10,.0f} hands/s (second pass)"
        )
    print()
    seconds = statistics.median(c for c, _ in cli)
    wall = statistics.median(w for _, w in cli)
    print(
        f"CLI end to end (python -m scoring score, {args.cli_hands:,} hands, with start-up): "
        f"{seconds:.2f} s CPU = {args.cli_hands / seconds:,.0f} hands/s ({wall:.2f} s wall)"
    )
    if old_cli:
        before = statistics.median(c for c, _ in old_cli)
        before_wall = statistics.median(w for _, w in old_cli)
        print(
            f"  at {args.baseline_commit[:10]}: {before:.2f} s CPU = "
            f"{args.cli_hands / before:,.0f} hands/s ({before_wall:.2f} s wall); "
            f"after/before {before / seconds:.2f}x"
        )
    print()
    imports = ", ".join(
        f"{name} {statistics.median(row['imports'][name] for row in concealed) * 1000:.0f} ms"
        for name in concealed[0]["imports"]
    )
    print(f"Imports in a fresh process (outside the clocks): {imports}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Every one of the 44 patterns: at least two hands that score it and one that does not.

Hands are in the whole-hand notation of `scoring.engine.hand`; the minimum is off (R7) so that
negative hands still score. A pattern "scores" when it is in the chosen arrangement's list.
"""

from __future__ import annotations

import pytest

from scoring.engine import PATTERNS
from tests.scoring.engine_helpers import names, score

# (pattern number, hand, scores it?)
CASES = [
    ("1.1", "123m 456p 789s 234s 5p +5p", True),
    ("1.1", "[123m] 456p 789s 234s 5p +5p", True),
    ("1.1", "111m 456p 789s 234s 5p +5p", False),
    ("1.2", "123m 456p 789s 234s 5p +5p", True),
    ("1.2", "(1111m) 456p 789s 234s 5p +5p", True),
    ("1.2", "[123m] 456p 789s 234s 5p +5p", False),
    ("1.3", "234m 456p 678s 345s 5p +5p", True),
    ("1.3", "22m 33m 44p 55p 66s 77s 8s +8s", True),
    ("1.3", "123m 456p 678s 345s 5p +5p", False),
    ("2.1.1", "123m 456m 789m EEE N +N", True),
    ("2.1.1", "11m 22m 33m 44m 55m EE S +S", True),
    ("2.1.1", "123m 456m 789m 111p N +N", False),
    ("2.1.1", "123m 456m 789m 111m 2m +2m", False),
    ("2.1.2", "123m 456m 789m 111m 2m +2m", True),
    ("2.1.2", "[234s] 456s 678s 222s 9s +9s", True),
    ("2.1.2", "123m 456m 789m EEE N +N", False),
    ("2.2", "1112345678999m +5m", True),
    ("2.2", "1112345678999p +9p self", True),
    ("2.2", "1112345678999m +5m self heaven", False),
    ("2.2", "1122345678999m +1m", False),
    ("3.1", "123m 456p 789s RdRdRd N +N", True),
    ("3.1", "123m 456p 789s SSS N +N seat:S", True),
    ("3.1", "123m 456p 789s SSS N +N seat:E", False),
    ("3.2.1", "123m 456p WhWhWh GrGrGr Rd +Rd", True),
    ("3.2.1", "[RdRdRd] 123m 456p WhWhWh Gr +Gr", True),
    ("3.2.1", "123m 456p WhWhWh GrGrGr N +N", False),
    ("3.2.2", "123m WhWhWh GrGrGr RdRd NN +Rd", True),
    ("3.2.2", "[WhWhWh] [GrGrGr] [RdRdRd] 55p 78s +9s", True),
    ("3.2.2", "123m 456p WhWhWh GrGrGr Rd +Rd", False),
    ("3.3.1", "123m 456p EEE SSS W +W", True),
    ("3.3.1", "[EEE] 123m 456p NNN S +S", True),
    ("3.3.1", "123m 456p EEE SSS Rd +Rd", False),
    ("3.3.2", "123m EEE SSS WWW 5p +5p", True),
    ("3.3.2", "[EEE] [SSS] NNN 123m 5p +5p", True),
    ("3.3.2", "123m 456p EEE SSS W +W", False),
    ("3.3.3", "123m EEE SSS WWW N +N", True),
    ("3.3.3", "[EEE] SSS WWW 123p N +N", True),
    ("3.3.3", "123m EEE SSS WWW 5p +5p", False),
    ("3.3.4", "EEE SSS WWW NNN 5p +5p", True),
    ("3.3.4", "[EEE] [SSS] WWW NNN 9s +9s", True),
    ("3.3.4", "123m EEE SSS WWW N +N", False),
    ("3.4", "EEE SSS WhWhWh GrGrGr Rd +Rd", True),
    ("3.4", "EE SS WW NN WhWh GrGr Rd +Rd", True),
    ("3.4", "EEE SSS WhWhWh GrGrGr 1m +1m", False),
    ("4.1", "111m 555p 999s 222s 3m +3m", True),
    ("4.1", "[777m] 555p 999s 222s 3m +3m", True),
    ("4.1", "123m 555p 999s 222s 3m +3m", False),
    ("4.2.1", "111m 555p 123s 456s 3m +3m", True),
    ("4.2.1", "111m 555p 99s 456s 33m +9s", True),
    ("4.2.1", "[111m] 555p 123s 456s 3m +3m", False),
    ("4.2.2", "111m 555p 999s 456s 3m +3m", True),
    ("4.2.2", "111m 555p 99s 456s 33m +9s self", True),
    ("4.2.2", "111m 555p 99s 456s 33m +9s", False),
    ("4.2.3", "111m 555p 999s 222s 3m +3m", True),
    ("4.2.3", "111m 555p 999s 22s 33m +2s self", True),
    ("4.2.3", "111m 555p 999s 22s 33m +2s", False),
    ("4.3.1", "[1111m] 555p 123s 456s 3m +3m", True),
    ("4.3.1", "(EEEE) 123p 123s 456s 3m +3m", True),
    ("4.3.1", "111m 555p 123s 456s 3m +3m", False),
    ("4.3.2", "[1111m] [5555p] 123s 456s 3m +3m", True),
    ("4.3.2", "(1111m) (5555p) 123s 456s 3m +3m", True),
    ("4.3.2", "[1111m] 555p 123s 456s 3m +3m", False),
    ("4.3.3", "[1111m] [5555p] [2222s] 456s 3m +3m", True),
    ("4.3.3", "(1111m) [5555p] (2222s) 456s 3m +3m", True),
    ("4.3.3", "[1111m] [5555p] 222s 456s 3m +3m", False),
    ("4.3.4", "[1111m] [5555p] [2222s] [7777s] 3m +3m", True),
    ("4.3.4", "(1111m) (5555p) (2222s) (7777s) 3m +3m self", True),
    ("4.3.4", "[1111m] [5555p] [2222s] 777s 3m +3m", False),
    ("5.1.1", "123m 123m 456p 789s 5p +5p", True),
    ("5.1.1", "[234s] 234s 456p 789m 5p +5p", True),
    ("5.1.1", "123m 234m 456p 789s 5p +5p", False),
    ("5.1.2", "123m 123m 456p 456p 5s +5s", True),
    ("5.1.2", "[123m] 123m 456p 456p 5s +5s", True),
    ("5.1.2", "123m 123m 456p 789s 5p +5p", False),
    ("5.1.3", "[123m] 123m 123m 456p 5s +5s", True),
    ("5.1.3", "[234p] [234p] 234p 678s 9s +9s", True),
    ("5.1.3", "[123m] 123m 456m 456p 5s +5s", False),
    ("5.1.4", "[123m] [123m] 123m 123m 5s +5s", True),
    ("5.1.4", "234p 234p 234p 234p 5s +5s", True),
    ("5.1.4", "[123m] 123m 123m 456p 5s +5s", False),
    ("6.1", "123m 123p 123s 456m 5p +5p", True),
    ("6.1", "[456m] 456p 456s 789s 1m +1m", True),
    ("6.1", "123m 123p 234s 456m 5p +5p", False),
    ("6.2.1", "222m 222p 2s 456s 789m +2s", True),
    ("6.2.1", "[555m] 555p 5s 123s 789p +5s", True),
    ("6.2.1", "222m 222p 3s 456s 789m +3s", False),
    ("6.2.2", "222m 222p 222s 456s 9m +9m", True),
    ("6.2.2", "[777m] [777p] 777s 123m 5p +5p", True),
    ("6.2.2", "222m 222p 2s 456s 789m +2s", False),
    ("7.1", "123m 456m 789m 234p 5s +5s", True),
    ("7.1", "[123s] 456s 789s EEE N +N", True),
    ("7.1", "123m 456m 678m 234p 5s +5s", False),
    ("7.2.1", "222m 333m 444m 678p 9s +9s", True),
    ("7.2.1", "[555s] 666s 777s 123m 9p +9p", True),
    ("7.2.1", "222m 333m 555m 678p 9s +9s", False),
    ("7.2.2", "[111p] 222p 333p 444p 9s +9s", True),
    ("7.2.2", "666s 777s 888s 999s 1m +1m", True),
    ("7.2.2", "[111p] 222p 333p 555p 9s +9s", False),
    ("8.1.1", "123m 789p 111s EEE 9m +9m", True),
    ("8.1.1", "[789s] 123p 999m NNN 1s +1s", True),
    ("8.1.1", "123m 789p 111s EEE 5m +5m", False),
    ("8.1.2", "123m 789p 111s 999s 9m +9m", True),
    ("8.1.2", "[123s] 123m 789m 789p 1p +1p", True),
    ("8.1.2", "123m 789p 111s EEE 9m +9m", False),
    ("8.1.3", "111m 999p EEE RdRdRd 1s +1s", True),
    ("8.1.3", "11m 99m 11p EE SS RdRd 9s +9s", True),
    ("8.1.3", "123m 999p EEE RdRdRd 1s +1s", False),
    ("8.1.4", "111m 999m 111p 999s 1s +1s", True),
    ("8.1.4", "11m 99m 11p 99p 11s 999s +9s", True),
    ("8.1.4", "111m 999p EEE RdRdRd 1s +1s", False),
    ("9.1.1", "123m 456p 789s 234s 5p +5p self final_draw", True),
    ("9.1.1", "22m 33m 44p 55p 66s 77s 8s +8s self final_draw", True),
    ("9.1.1", "123m 456p 789s 234s 5p +5p self", False),
    ("9.1.2", "123m 456p 789s 234s 5p +5p final_discard", True),
    ("9.1.2", "19m19p19s ESWNWhGr Rd +Rd final_discard", True),
    ("9.1.2", "123m 456p 789s 234s 5p +5p", False),
    ("9.2", "[1111m] 456p 789s 234s 5p +5p self win_on_kong", True),
    ("9.2", "(EEEE) 456p 789s 234s 5p +5p self win_on_kong final_draw", True),
    ("9.2", "[1111m] 456p 789s 234s 5p +5p self", False),
    ("9.3", "123m 46p 789s 234s 99p +5p robbing_kong", True),
    ("9.3", "19m19p19s ESWNWhGr 1m +Rd robbing_kong", True),
    ("9.3", "123m 46p 789s 234s 99p +5p", False),
    ("9.4.1", "123m 456p 789s 234s 5p +5p self heaven", True),
    ("9.4.1", "1112345678999m +5m self heaven", True),
    ("9.4.1", "123m 456p 789s 234s 5p +5p self", False),
    ("9.4.2", "123m 456p 789s 234s 5p +5p seat:S earth", True),
    ("9.4.2", "22m 33m 44p 55p 66s 77s 8s +8s seat:W earth", True),
    ("9.4.2", "123m 456p 789s 234s 5p +5p seat:S", False),
    ("10.1", "19m19p19s ESWNWhGrRd +Rd", True),
    ("10.1", "19m19p19s ESWNWhGr 9s +Rd self", True),
    ("10.1", "11m 99m 11p EE SS RdRd 9s +9s", False),
    ("10.2", "22m 33m 44p 55p 66s 77s 8s +8s", True),
    ("10.2", "1111m 22p 33p EE SS N +N", True),
    ("10.2", "123m 123m 456p 456p 5s +5s", False),
]

BY_NUMBER = {p.number: p for p in PATTERNS}


@pytest.mark.parametrize(
    ("number", "text", "present"),
    [
        pytest.param(n, t, p, id=f"{n}-{BY_NUMBER[n].name}-{'yes' if p else 'no'}-{i}")
        for i, (n, t, p) in enumerate(CASES)
    ],
)
def test_pattern(number, text, present):
    pattern = BY_NUMBER[number]
    result = score(text)
    assert (pattern.name in names(result)) is present, (text, result)


def test_every_pattern_has_two_positive_and_one_negative_hand():
    for pattern in PATTERNS:
        outcomes = [present for number, _, present in CASES if number == pattern.number]
        assert outcomes.count(True) >= 2 and outcomes.count(False) >= 1, pattern.name


def test_registry_holds_the_44_v33_patterns():  # RULINGS R1
    assert len(PATTERNS) == 44
    assert len({p.number for p in PATTERNS}) == 44
    assert [p.category for p in PATTERNS] == sorted(p.category for p in PATTERNS)
    values = {p.name: p.points for p in PATTERNS}
    assert values["Pure One-Suit"] == 80 and values["Seven Pairs"] == 30
    assert values["Three Concealed Triplets"] == 30 and values["All Triplets"] == 30
    assert values["Nine-Tile Straight"] == 40 and values["Value Honor"] == 10
    assert all(p.chinese for p in PATTERNS)


def test_value_honor_counts_each_set():  # 3.1 is the one pattern counted per set
    result = score("RdRdRd GrGrGr EEE 123m 5p +5p")
    assert names(result)["Value Honor"] == 30


def test_gates_never_hide_a_pattern():
    # A gate is a shortcut only: every hand above detects nothing behind a closed gate.
    from scoring.engine import Hand
    from scoring.engine.context import HandFacts, ScoringContext
    from scoring.engine.decompose import plans
    from scoring.engine.validation import hand_counts

    for _, text, _ in CASES:
        hand = Hand.from_notation(text)
        facts = HandFacts(hand, hand_counts(hand))
        for plan in plans(hand):
            ctx = ScoringContext(facts, plan)
            for pattern in PATTERNS:
                if pattern.gate and not getattr(ctx, pattern.gate):
                    assert not pattern.detect(ctx), (pattern.name, text)


def test_exact_gates_decide_exactly_what_detect_decides():
    # patterns.gates.EXACT_GATES: the scorer counts these on the open gate without calling detect,
    # so the gate must be open exactly when detect finds the pattern (issue 14).
    import sys
    from pathlib import Path

    from scoring.engine import Hand
    from scoring.engine.context import HandFacts, ScoringContext
    from scoring.engine.decompose import plans
    from scoring.engine.patterns.gates import EXACT_GATES
    from scoring.engine.validation import hand_counts

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import scoring_hands  # the benchmark's random mix: melds, kongs, flags, irregular hands

    texts = [text for _, text, _ in CASES]
    for hand, kinds in scoring_hands.mix(2000, 14):
        texts += [hand.notation(), scoring_hands.concealed_twin(hand, kinds).notation()]
    exact = [p for p in PATTERNS if p.number in EXACT_GATES]
    assert len(exact) == len(EXACT_GATES)
    checked = 0
    for text in texts:
        try:
            hand = Hand.from_notation(text)
        except ValueError:
            continue
        counts = hand_counts(hand)
        if max(counts) > 4:
            continue
        facts = HandFacts(hand, counts)
        for plan in plans(hand):
            ctx = ScoringContext(facts, plan)
            for pattern in exact:
                if plan[0] in pattern.forms:
                    assert bool(getattr(ctx, pattern.gate)) == bool(pattern.detect(ctx)), (
                        pattern.name,
                        text,
                    )
                    checked += 1
    assert checked > 20000

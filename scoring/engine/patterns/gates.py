"""Gates: which fact of the detection context opens each pattern (a shortcut for the scorer).

Vocabulary:
- *gate*: the name of a ctx fact (see `context.GATE_BITS`) that is false whenever the pattern is
  absent; the scorer runs a pattern's detect only while its gate is open (a shortcut only:
  detect alone decides). `PATTERN_GATES` is keyed by pattern number, else by series (the
  pattern's first two numbers, ``"4.2"``); patterns not listed always run.
- *exact gate*: a gate that is not only necessary but sufficient: the gate bit is set exactly
  when detect would return 1, so the scorer counts the pattern without calling detect
  (`EXACT_GATES`; `tests/scoring/test_patterns.py` checks each against its detect).
"""

PATTERN_GATES = {
    "1.1": "four_chows",
    "1.2": "is_concealed",
    "1.3": "all_simples",
    "2.1": "one_suit",
    "2.2": "nine_gates",
    "3.1": "honour_triplets",
    "3.2": "two_dragon_triplets",
    "3.3": "two_wind_triplets",
    "3.4": "all_honours",
    "4.1": "no_chows",  # four triplets
    "4.2.1": "two_concealed_triplets",
    "4.2.2": "three_concealed_triplets",
    "4.2.3": "four_concealed_triplets",
    "4.3.1": "one_kong",
    "4.3.2": "two_kongs",
    "4.3.3": "three_kongs",
    "4.3.4": "four_kongs",
    "5.1": "repeated_chows",
    "5.1.2": "two_identical_sequences_twice",
    "5.1.3": "three_identical_sequences",
    "5.1.4": "four_identical_sequences",
    "6.1": "three_similar_sequences",
    "6.2.1": "small_similar_triplets",
    "6.2.2": "similar_triplets",
    "7.1": "nine_tile_straight",
    "7.2.1": "three_consecutive_triplets",
    "7.2.2": "four_consecutive_triplets",
    "8.1.1": "mixed_lesser_terminals",
    "8.1.2": "pure_lesser_terminals",
    "8.1.3": "all_terminals_or_honours",
    "8.1.4": "all_terminals_or_honours",
    "9.1.1": "flag_final_draw",
    "9.1.2": "flag_final_discard",
    "9.2": "flag_win_on_kong",
    "9.3": "flag_robbing_kong",
    "9.4.1": "flag_heaven",
    "9.4.2": "flag_earth",
}


EXACT_GATES = frozenset(
    {
        "1.1",  # four chows
        "1.2",  # no exposed meld (RULINGS R3, R4: regular hands only)
        "1.3",  # no terminal, no honour
        "3.4",  # honours only
        "4.1",  # a regular hand without chows has four triplets
        "4.2.1",
        "4.2.2",
        "4.2.3",
        "4.3.1",
        "4.3.2",
        "4.3.3",
        "4.3.4",
        "5.1.1",
        "5.1.2",
        "5.1.3",
        "5.1.4",
        "6.1",
        "6.2.1",
        "6.2.2",
        "7.1",
        "7.2.1",
        "7.2.2",
        "8.1.1",
        "8.1.2",
        "9.1.1",
        "9.1.2",
        "9.2",
        "9.3",
        "9.4.1",
        "9.4.2",
    }
)

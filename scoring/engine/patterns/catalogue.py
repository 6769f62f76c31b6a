"""The catalogue: the 44 Zung Jung v3.3 patterns as data, plus Chicken Hand (RULINGS R1).

Vocabulary:
- `PATTERNS`: the registry in v3.3 order; the scorer iterates it, there is no chain of ifs.
- `CHICKEN_HAND`: the hand that counts no pattern (1 point, RULINGS R1).
- `PATTERNS_BY_NAME`, `PATTERNS_BY_NUMBER`: the same patterns by English name and by number;
  `PATTERNS_BY_FORM`: by hand form, those that may apply to it (RULINGS R4), registry order.
"""

from __future__ import annotations

from ..decompose import SEVEN_PAIRS, THIRTEEN_TERMINALS
from ..messages import gettext_noop
from . import detectors
from .pattern import ALL_FORMS, NO_SETS, Pattern

PATTERNS: tuple[Pattern, ...] = (
    Pattern("1.1", gettext_noop("All Sequences"), "平和", 5, detectors.all_sequences),
    Pattern(
        "1.2",
        gettext_noop("Concealed Hand"),
        "門前清",
        5,
        detectors.concealed_hand,
    ),
    Pattern(
        "1.3",
        gettext_noop("No Terminals"),
        "斷么九",
        5,
        detectors.no_terminals,
        NO_SETS,
    ),
    Pattern(
        "2.1.1",
        gettext_noop("Mixed One-Suit"),
        "混一色",
        40,
        detectors.one_suit(pure=False),
        NO_SETS,
    ),
    Pattern(
        "2.1.2", gettext_noop("Pure One-Suit"), "清一色", 80, detectors.one_suit(pure=True), NO_SETS
    ),
    Pattern("2.2", gettext_noop("Nine Gates"), "九蓮寶燈", 480, detectors.nine_gates),
    Pattern("3.1", gettext_noop("Value Honor"), "番牌", 10, detectors.value_honor),
    Pattern(
        "3.2.1",
        gettext_noop("Small Three Dragons"),
        "小三元",
        40,
        detectors.honour_sets("dragon", 2, True),
    ),
    Pattern(
        "3.2.2",
        gettext_noop("Big Three Dragons"),
        "大三元",
        130,
        detectors.honour_sets("dragon", 3, False),
    ),
    Pattern(
        "3.3.1",
        gettext_noop("Small Three Winds"),
        "小三風",
        30,
        detectors.honour_sets("wind", 2, True),
    ),
    Pattern("3.3.2", gettext_noop("Big Three Winds"), "大三風", 120, detectors.big_three_winds),
    Pattern(
        "3.3.3",
        gettext_noop("Small Four Winds"),
        "小四喜",
        320,
        detectors.honour_sets("wind", 3, True),
    ),
    Pattern(
        "3.3.4",
        gettext_noop("Big Four Winds"),
        "大四喜",
        400,
        detectors.at_least("wind_triplets", 4),
    ),
    Pattern(
        "3.4",
        gettext_noop("All Honors"),
        "字一色",
        320,
        detectors.all_honours,
        NO_SETS,
    ),
    Pattern("4.1", gettext_noop("All Triplets"), "對對和", 30, detectors.all_triplets),
    Pattern(
        "4.2.1",
        gettext_noop("Two Concealed Triplets"),
        "二暗刻",
        5,
        detectors.at_least("concealed_triplets", 2),
    ),
    Pattern(
        "4.2.2",
        gettext_noop("Three Concealed Triplets"),
        "三暗刻",
        30,
        detectors.at_least("concealed_triplets", 3),
    ),
    Pattern(
        "4.2.3",
        gettext_noop("Four Concealed Triplets"),
        "四暗刻",
        125,
        detectors.at_least("concealed_triplets", 4),
    ),
    Pattern("4.3.1", gettext_noop("One Kong"), "一槓", 5, detectors.at_least("kongs", 1)),
    Pattern("4.3.2", gettext_noop("Two Kong"), "二槓", 20, detectors.at_least("kongs", 2)),
    Pattern("4.3.3", gettext_noop("Three Kong"), "三槓", 120, detectors.at_least("kongs", 3)),
    Pattern("4.3.4", gettext_noop("Four Kong"), "四槓", 480, detectors.at_least("kongs", 4)),
    Pattern("5.1.1", gettext_noop("Two Identical Sequences"), "一般高", 10, detectors.identical(2)),
    Pattern(
        "5.1.2",
        gettext_noop("Two Identical Sequences Twice"),
        "兩般高",
        60,
        detectors.identical(2, groups=2),
    ),
    Pattern(
        "5.1.3",
        gettext_noop("Three Identical Sequences"),
        "一色三同順",
        120,
        detectors.identical(3),
    ),
    Pattern(
        "5.1.4", gettext_noop("Four Identical Sequences"), "一色四同順", 480, detectors.identical(4)
    ),
    Pattern(
        "6.1",
        gettext_noop("Three Similar Sequences"),
        "三色同順",
        35,
        detectors.three_similar_sequences,
    ),
    Pattern(
        "6.2.1",
        gettext_noop("Small Three Similar Triplets"),
        "三色小同刻",
        30,
        detectors.small_similar_triplets,
    ),
    Pattern(
        "6.2.2", gettext_noop("Three Similar Triplets"), "三色同刻", 120, detectors.similar_triplets
    ),
    Pattern(
        "7.1", gettext_noop("Nine-Tile Straight"), "一氣通貫", 40, detectors.nine_tile_straight
    ),
    Pattern(
        "7.2.1",
        gettext_noop("Three Consecutive Triplets"),
        "三連刻",
        100,
        detectors.consecutive_triplets(3),
    ),
    Pattern(
        "7.2.2",
        gettext_noop("Four Consecutive Triplets"),
        "四連刻",
        200,
        detectors.consecutive_triplets(4),
    ),
    Pattern(
        "8.1.1",
        gettext_noop("Mixed Lesser Terminals"),
        "混全帶么",
        40,
        detectors.lesser_terminals(pure=False),
    ),
    Pattern(
        "8.1.2",
        gettext_noop("Pure Lesser Terminals"),
        "純全帶么",
        50,
        detectors.lesser_terminals(pure=True),
    ),
    Pattern(
        "8.1.3",
        gettext_noop("Mixed Greater Terminals"),
        "混么九",
        100,
        detectors.mixed_greater_terminals,
        NO_SETS,
    ),
    Pattern(
        "8.1.4",
        gettext_noop("Pure Greater Terminals"),
        "清么九",
        400,
        detectors.pure_greater_terminals,
        NO_SETS,
    ),
    # Category 9 combines with every form (RULINGS R4).
    Pattern(
        "9.1.1", gettext_noop("Final Draw"), "海底撈月", 10, detectors.flag("final_draw"), ALL_FORMS
    ),
    Pattern(
        "9.1.2",
        gettext_noop("Final Discard"),
        "河底撈魚",
        10,
        detectors.flag("final_discard"),
        ALL_FORMS,
    ),
    Pattern(
        "9.2", gettext_noop("Win on Kong"), "嶺上開花", 10, detectors.flag("win_on_kong"), ALL_FORMS
    ),
    Pattern(
        "9.3", gettext_noop("Robbing a Kong"), "搶槓", 10, detectors.flag("robbing_kong"), ALL_FORMS
    ),
    Pattern(
        "9.4.1",
        gettext_noop("Blessing of Heaven"),
        "天和",
        155,
        detectors.flag("heaven"),
        ALL_FORMS,
    ),
    Pattern(
        "9.4.2", gettext_noop("Blessing of Earth"), "地和", 155, detectors.flag("earth"), ALL_FORMS
    ),
    Pattern(
        "10.1",
        gettext_noop("Thirteen Terminals"),
        "十三么九",
        160,
        detectors.form(THIRTEEN_TERMINALS),
        frozenset({THIRTEEN_TERMINALS}),
    ),
    Pattern(
        "10.2",
        gettext_noop("Seven Pairs"),
        "七對子",
        30,
        detectors.form(SEVEN_PAIRS),
        frozenset({SEVEN_PAIRS}),
    ),
)

CHICKEN_HAND = Pattern("0", gettext_noop("Chicken Hand"), "雞和", 1, detectors.never, ALL_FORMS)

PATTERNS_BY_NAME = {p.name: p for p in PATTERNS}
PATTERNS_BY_NUMBER = {p.number: p for p in PATTERNS}
PATTERNS_BY_FORM = {form: tuple(p for p in PATTERNS if form in p.forms) for form in ALL_FORMS}

"""The pattern: one entry of the Zung Jung v3.3 list (RULINGS R1, R4, R6).

Vocabulary:
- `Pattern`: ``number`` (``"4.2.3"``), ``name`` (the v3.3 English name exactly, marked with
  `gettext_noop` for the site's catalogues: the msgid of its translations), ``chinese``,
  ``points`` (listed value; per set for 3.1 Value Honor), ``series`` (``"4.2"``), ``forms`` (hand
  forms it may apply to, RULINGS R4), ``detect`` and ``gate`` (see `gates`).
- ``detect(ctx) -> int``: how many times the pattern applies to the arrangement in ``ctx``
  (a `ScoringContext`); 0 when absent. Only 3.1 Value Honor ever returns more than 1.
- *series*: the additive rule counts at most one pattern per series (the highest-valued).
- *listed limit*: a pattern whose listed value is `LIMIT` (320) or more (RULINGS R6).
- *forms*: `ALL_FORMS`; `NO_SETS`, the forms of patterns that need no sets (RULINGS R4: Seven
  Pairs combines only with those); `ONLY_REGULAR`, the default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..context import ScoringContext
from ..decompose import REGULAR, SEVEN_PAIRS, THIRTEEN_TERMINALS
from .gates import PATTERN_GATES

LIMIT = 320
ALL_FORMS = frozenset({REGULAR, SEVEN_PAIRS, THIRTEEN_TERMINALS})
# RULINGS R4: Seven Pairs combines only with patterns that need no sets.
NO_SETS = frozenset({REGULAR, SEVEN_PAIRS})
ONLY_REGULAR = frozenset({REGULAR})


@dataclass(frozen=True)
class Pattern:
    number: str
    name: str
    chinese: str
    points: int
    detect: Callable[[ScoringContext], int]
    forms: frozenset[str] = ONLY_REGULAR
    gate: str = ""

    # Hashing by number alone (equal patterns have equal numbers): outcomes are looked up by
    # their tuples of (pattern, points).
    def __hash__(self) -> int:
        return hash(self.number)

    def __post_init__(self) -> None:
        if not self.gate:
            gate = PATTERN_GATES.get(self.number) or PATTERN_GATES.get(self.series, "")
            object.__setattr__(self, "gate", gate)

    @property
    def series(self) -> str:
        return ".".join(self.number.split(".")[:2])

    @property
    def category(self) -> int:
        return int(self.number.split(".")[0])

    @property
    def is_listed_limit(self) -> bool:
        return self.points >= LIMIT

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    def __repr__(self) -> str:
        return f"<Pattern {self.number} {self.name} {self.points}>"

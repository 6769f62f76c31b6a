"""Tournament rule settings that change how a hand is scored or paid.

- `minimum`: 5 (RULINGS R7, the default: a Chicken Hand may not win) or 0 (standard ZJ).
- `scheme`: `Scheme.FORMAL` (the v3.3 formal competition scheme, RULINGS R11) or
  `Scheme.UNIFORM` (everyone pays the hand value).
- `standard_value`: the formal scheme's standard score value (25).
- `false_win_penalty`: paid by a false winner to each other player (RULINGS R10, 25).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Scheme(StrEnum):
    FORMAL = "formal"
    UNIFORM = "uniform"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Rules:
    minimum: int = 5
    scheme: Scheme = Scheme.FORMAL
    standard_value: int = 25
    false_win_penalty: int = 25

    def __post_init__(self) -> None:
        if self.minimum not in (0, 5):
            raise ValueError(f"minimum must be 0 or 5 (RULINGS R7), got {self.minimum!r}")
        if not isinstance(self.scheme, Scheme):
            object.__setattr__(self, "scheme", Scheme(self.scheme))
        if self.standard_value < 0 or self.false_win_penalty < 0:
            raise ValueError("standard_value and false_win_penalty must not be negative")


#: The default tournament preset: 5-point minimum, formal scheme (RULINGS R7, R11).
TOURNAMENT = Rules()
#: Standard Zung Jung without the minimum (a Chicken Hand wins 1 point).
STANDARD = Rules(minimum=0)

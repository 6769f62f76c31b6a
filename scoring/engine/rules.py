"""Tournament rule settings that change how a hand is scored or paid.

- `minimum`: the winning minimum (RULINGS R7), any whole number of points from 0 to
  `MINIMUM_MOST` (320, the limit). A declared win worth less is a false win. 0 is standard ZJ
  (a Chicken Hand wins 1 point); 5 is the default (the World Series variant); 15 is Mahjong
  Australia's ACT rule.
- `cap`: an optional per-hand cap (RULINGS R7a): None (the default) leaves the hand value as the
  limit rules make it (RULINGS R6: a compound limit is 320, a listed limit its listed value, up to
  480); a number caps every hand value at that number after the limits (ACT's "maximum 320"
  pays Nine Gates 320, not 480). A cap is at least 1 and at least the minimum, at most
  `CAP_MOST` (480, the highest listed value: a higher cap would change nothing).
- `scheme`: `Scheme.FORMAL` (the v3.3 formal competition scheme, RULINGS R11) or
  `Scheme.UNIFORM` (everyone pays the hand value).
- `standard_value`: the formal scheme's standard score value (25).
- `false_win_penalty`: paid by a false winner to each other player (RULINGS R10, 25).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

#: The highest winning minimum: 320, the compound limit (a higher one would refuse every hand
#: but the listed limits).
MINIMUM_MOST = 320
#: The highest per-hand cap worth setting: the highest listed pattern value (Nine Gates, 480).
CAP_MOST = 480


class Scheme(StrEnum):
    FORMAL = "formal"
    UNIFORM = "uniform"

    def __str__(self) -> str:
        return self.value


def minimum_problem(minimum: object) -> str:
    """Why `minimum` is not a winning minimum, in a sentence; "" when it is one."""
    if isinstance(minimum, bool) or not isinstance(minimum, int):
        return f"The winning minimum must be a whole number of points, got {minimum!r}."
    if not 0 <= minimum <= MINIMUM_MOST:
        return (
            f"The winning minimum must be from 0 to {MINIMUM_MOST} points (0 = no minimum, "
            f"5 = World Series, 15 = ACT), got {minimum}."
        )
    return ""


def cap_problem(cap: object, minimum: int) -> str:
    """Why `cap` is not a per-hand cap under `minimum`, in a sentence; "" when it is one
    (None, no cap, always is)."""
    if cap is None:
        return ""
    if isinstance(cap, bool) or not isinstance(cap, int):
        return f"The per-hand cap must be a whole number of points or none, got {cap!r}."
    lowest = max(1, minimum)
    if not lowest <= cap <= CAP_MOST:
        return (
            f"The per-hand cap must be from {lowest} (at least 1 and at least the winning "
            f"minimum, {minimum}) to {CAP_MOST} points, or none, got {cap}."
        )
    return ""


@dataclass(frozen=True)
class Rules:
    minimum: int = 5
    scheme: Scheme = Scheme.FORMAL
    standard_value: int = 25
    false_win_penalty: int = 25
    cap: int | None = None

    def __post_init__(self) -> None:
        problem = minimum_problem(self.minimum) or cap_problem(self.cap, self.minimum)
        if problem:
            raise ValueError(f"{problem} (RULINGS R7)")
        if not isinstance(self.scheme, Scheme):
            object.__setattr__(self, "scheme", Scheme(self.scheme))
        if self.standard_value < 0 or self.false_win_penalty < 0:
            raise ValueError("standard_value and false_win_penalty must not be negative")


#: The default tournament preset: 5-point minimum, formal scheme (RULINGS R7, R11).
TOURNAMENT = Rules()
#: Standard Zung Jung without the minimum (a Chicken Hand wins 1 point).
STANDARD = Rules(minimum=0)

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

from .messages import Message, gettext_noop

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
    """Why `minimum` is not a winning minimum, in a sentence (a `Message`); "" when it is one."""
    if isinstance(minimum, bool) or not isinstance(minimum, int):
        return Message(
            gettext_noop("The winning minimum must be a whole number of points, got %(minimum)s."),
            minimum=repr(minimum),
        )
    if not 0 <= minimum <= MINIMUM_MOST:
        return Message(
            gettext_noop(
                "The winning minimum must be from 0 to %(most)s points (0 = no minimum, "
                "5 = World Series, 15 = ACT), got %(minimum)s."
            ),
            most=MINIMUM_MOST,
            minimum=minimum,
        )
    return ""


def cap_problem(cap: object, minimum: int) -> str:
    """Why `cap` is not a per-hand cap under `minimum`, in a sentence; "" when it is one
    (None, no cap, always is)."""
    if cap is None:
        return ""
    if isinstance(cap, bool) or not isinstance(cap, int):
        return Message(
            gettext_noop("The per-hand cap must be a whole number of points or none, got %(cap)s."),
            cap=repr(cap),
        )
    lowest = max(1, minimum)
    if not lowest <= cap <= CAP_MOST:
        return Message(
            gettext_noop(
                "The per-hand cap must be from %(lowest)s (at least 1 and at least the winning "
                "minimum, %(minimum)s) to %(most)s points, or none, got %(cap)s."
            ),
            lowest=lowest,
            minimum=minimum,
            most=CAP_MOST,
            cap=cap,
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

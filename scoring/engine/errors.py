"""Errors named by kind of failure, all `ValueError` subclasses.

- `NotationError`: the input cannot be read (a bad tile token, a malformed meld, a missing field).
- `InvalidHandError`: the input reads, but it is not a winning hand (or contradicts itself).
- `IllegalWinError`: a winning hand that a rule forbids (RULINGS R7 minimum, R9 penalty tiles).
  It carries `rule`, the ruling that blocked the win, e.g. ``"R9"``.

Messages are written for a judge: they name the tile, set or rule at fault.
"""

from __future__ import annotations


class ScoringError(ValueError):
    """Base class of every engine error."""

    kind = "ScoringError"


class NotationError(ScoringError):
    """The text (or JSON field) cannot be read as tiles, melds or a hand."""

    kind = "NotationError"


class InvalidHandError(ScoringError):
    """Readable, but not a winning hand: every problem found is listed in `problems`."""

    kind = "InvalidHandError"

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = list(problems) if problems else [message]


class IllegalWinError(ScoringError):
    """A winning hand that a tournament rule forbids; `rule` names the ruling (e.g. "R9")."""

    kind = "IllegalWinError"

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule

"""Errors named by kind of failure, all `ValueError` subclasses.

- `NotationError`: the input cannot be read (a bad tile token, a malformed meld, a missing field).
- `InvalidHandError`: the input reads, but it is not a winning hand (or contradicts itself).
- `IllegalWinError`: a winning hand that a rule forbids (RULINGS R7 minimum, R9 penalty tiles).
  It carries `rule`, the ruling that blocked the win, e.g. ``"R9"``.

Messages are written for a judge: they name the tile, set or rule at fault.

Vocabulary:
- *subject* (`Subject`): the part of a declaration a problem is about, the one to change to fix
  it: the concealed tiles and melds, the winning tile, the penalty tiles, the flags, the win
  type (self-drawn or on a discard; robbing a kong is a way of winning on a tile), the seat
  wind, who discarded, the immunity, the responsible player, the hand's value.
- *problem* (`Problem`): one message with its subject. It is a `str` (it prints, joins and
  compares as its message), so callers that only want words need nothing else; callers that
  show the problem beside a field read ``problem.subject`` instead of guessing from the words.
- *message*: every problem and every error's ``message`` is a `Message` (see
  `scoring.engine.messages`): its English text, plus the template and params that let the site
  say it in the reader's language (`scoring.translation.translate_message`).
"""

from __future__ import annotations

from enum import StrEnum

from .messages import Message, message_of


class Subject(StrEnum):
    """What a problem is about (see the vocabulary)."""

    TILES = "tiles"
    WINNING_TILE = "winning_tile"
    PENALTY_TILES = "penalty_tiles"
    FLAGS = "flags"
    WIN_TYPE = "win_type"
    SEAT_WIND = "seat_wind"
    DISCARDER = "discarder"
    IMMUNITY = "immunity"
    RESPONSIBLE = "responsible"
    VALUE = "value"


class Problem(Message):
    """A message for a judge that knows its `Subject`; a `str` equal to its message."""

    subject: Subject

    def __new__(cls, message: str, subject: Subject | str) -> Problem:
        source = message_of(message)
        problem = str.__new__(cls, source)
        problem.__dict__.update(source.__dict__)
        problem.subject = Subject(subject)
        return problem

    def __reduce__(self):
        message = str.__new__(Message, self)
        message.__dict__.update(self.__dict__)
        del message.__dict__["subject"]
        return (Problem, (message, self.subject))

    def __repr__(self) -> str:
        return f"Problem({str(self)!r}, {self.subject.name})"


class ScoringError(ValueError):
    """Base class of every engine error; ``message`` is its `Message` (``str(error)``)."""

    kind = "ScoringError"

    def __init__(self, message: str, *args: object) -> None:
        super().__init__(message, *args)
        self.message = message_of(message)

    def __str__(self) -> str:
        return str(self.message)


class NotationError(ScoringError):
    """The text (or JSON field) cannot be read as tiles, melds or a hand."""

    kind = "NotationError"

    @classmethod
    def not_text(cls, template: str, value: object) -> NotationError:
        """The error for `value`, given where text was expected; `template` (marked with
        `gettext_noop`) says what should have been text and names the type given as
        ``%(type)s``."""
        return cls(Message(template, type=type(value).__name__))


class InvalidHandError(ScoringError):
    """Readable, but not a winning hand: every problem found is listed in `problems`, each a
    `Problem` with its subject (a plain message is given ``subject``, the tiles by default)."""

    kind = "InvalidHandError"

    def __init__(
        self,
        message: str,
        problems: list[str] | None = None,
        *,
        subject: Subject = Subject.TILES,
    ) -> None:
        super().__init__(message)
        self.problems: list[Problem] = [
            problem if isinstance(problem, Problem) else Problem(problem, subject)
            for problem in (problems or [message])
        ]


class IllegalWinError(ScoringError):
    """A winning hand that a tournament rule forbids; `rule` names the ruling (e.g. "R9")."""

    kind = "IllegalWinError"

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule

"""The checks a seating request must pass before anything is searched.

Pure Python; each check takes the request (`_Request`: the plain objects of :mod:`.request`,
whose vocabulary this module speaks) and returns its *problems*, ``(English text with
%(name)s placeholders, values)``; `check_request` raises one `.request.SeatingError` listing
every problem of every check, in the order of `REQUEST_CHECKS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.engine.messages import gettext_noop

from ..winds import WINDS
from .request import (
    ODD_PLAYER_CHOICES,
    SEATING_METHODS,
    SEPARATE_BY_CHOICES,
    RoundSeating,
    SeatingConstraints,
    SeatingError,
    SeatingOptions,
    SeatingPlayer,
    substitutes_needed,
)

Problem = tuple[str, dict]


def check_request(
    players: Sequence[SeatingPlayer],
    rounds: int,
    played: Sequence[RoundSeating],
    options: SeatingOptions,
    odd_players: str,
    constraints: SeatingConstraints = SeatingConstraints(),  # noqa: B008 - frozen
    ranking: Sequence[int] = (),
    halves: Sequence[int] = (),
) -> None:
    """Raise one SeatingError listing every problem with the request, in the order of
    `REQUEST_CHECKS`."""
    request = _Request(players, rounds, played, options, odd_players, constraints, ranking, halves)
    problems = [problem for check in REQUEST_CHECKS for problem in check(request)]
    if problems:
        raise SeatingError(problems)


@dataclass(frozen=True)
class _Request:
    players: Sequence[SeatingPlayer]
    rounds: int
    played: Sequence[RoundSeating]
    options: SeatingOptions
    odd_players: str
    constraints: SeatingConstraints = SeatingConstraints()  # noqa: RUF009 - frozen
    ranking: Sequence[int] = ()
    halves: Sequence[int] = ()

    @property
    def counts(self) -> Counter:
        """How many times each player id is listed."""
        return Counter(player.id for player in self.players)

    @property
    def numbers(self) -> range:
        """The numbers of the rounds to seat."""
        first = max((past.number for past in self.played), default=0) + 1
        return range(first, first + max(self.rounds, 0))


def _players_listed_twice(request: _Request) -> list[Problem]:
    duplicates = sorted(player_id for player_id, count in request.counts.items() if count > 1)
    if not duplicates:
        return []
    return [
        (
            gettext_noop("players listed more than once: %(players)s"),
            {"players": ", ".join(map(str, duplicates))},
        )
    ]


def _too_few_players(request: _Request) -> list[Problem]:
    count = len(request.counts)
    if count >= 4:
        return []
    return [(gettext_noop("a table needs 4 players; only %(count)s active"), {"count": count})]


def _negative_rounds(request: _Request) -> list[Problem]:
    if request.rounds >= 0:
        return []
    return [
        (
            gettext_noop("the number of rounds cannot be negative (got %(rounds)s)"),
            {"rounds": request.rounds},
        )
    ]


def _odd_players(request: _Request) -> list[Problem]:
    """An unknown choice for odd players, or players that do not fill tables without byes."""
    count = len(request.counts)
    if request.odd_players not in ODD_PLAYER_CHOICES:
        return [
            (
                gettext_noop("odd_players must be 'error' or 'byes', not %(given)s"),
                {"given": repr(request.odd_players)},
            )
        ]
    if request.odd_players == "error" and count >= 4 and count % 4:
        return [
            (
                gettext_noop(
                    "%(players)s players do not fill tables of 4: add %(extra)s substitute(s), "
                    "or sit %(left)s player(s) out in turn each round (byes)"
                ),
                {"players": count, "extra": substitutes_needed(count), "left": count % 4},
            )
        ]
    return []


def _unknown_separation(request: _Request) -> list[Problem]:
    if request.options.separate_by in SEPARATE_BY_CHOICES:
        return []
    return [
        (
            gettext_noop("separate_by must be None, 'club' or 'country', not %(given)s"),
            {"given": repr(request.options.separate_by)},
        )
    ]


def _played_rounds_numbered_twice(request: _Request) -> list[Problem]:
    numbers = Counter(past.order for past in request.played)
    repeated = sorted(order for order, count in numbers.items() if count > 1)
    if not repeated:
        return []
    return [
        (
            gettext_noop("played rounds numbered twice: %(rounds)s"),
            {"rounds": ", ".join(str(number) for number, _ in repeated)},
        )
    ]


def _played_rounds_malformed(request: _Request) -> list[Problem]:
    """A played round that seats a player twice, or a table without the four winds."""
    problems: list[Problem] = []
    for past in request.played:
        seated = Counter(p.player_id for p in past.placements)
        twice = sorted(player_id for player_id, count in seated.items() if count > 1)
        if twice:
            problems.append(
                (
                    gettext_noop("round %(number)s seats players twice: %(players)s"),
                    {"number": past.number, "players": twice},
                )
            )
        for table, group in past.tables().items():
            if sorted(p.wind for p in group) != sorted(WINDS):
                problems.append(
                    (
                        gettext_noop("round %(number)s table %(table)s does not have the 4 winds"),
                        {"number": past.number, "table": table},
                    )
                )
    return problems


def _halves(request: _Request) -> list[Problem]:
    if all(count in (1, 2) for count in request.halves) and len(request.halves) <= max(
        request.rounds, 0
    ):
        return []
    return [(gettext_noop("each round is played in 1 or 2 halves"), {})]


def _method(request: _Request) -> list[Problem]:
    """An unknown method; a ranked method for more than one round, in two halves, without
    every player ranked; a negative repeat limit."""
    options = request.options
    if options.method not in SEATING_METHODS:
        return [
            (
                gettext_noop(
                    "the seating method must be 'random', 'standings' or 'swiss', not %(given)s"
                ),
                {"given": repr(options.method)},
            )
        ]
    problems: list[Problem] = []
    if options.repeat_limit < 0:
        problems.append(
            (
                gettext_noop("the repeat meetings allowed cannot be negative (got %(limit)s)"),
                {"limit": options.repeat_limit},
            )
        )
    if options.method == "random":
        return problems
    if request.rounds != 1 or any(count == 2 for count in request.halves):
        problems.append(
            (
                gettext_noop(
                    "a round seated from the standings is seated alone and in one half: seat "
                    "one round, without a table change"
                ),
                {},
            )
        )
    unranked = sorted(set(request.counts) - set(request.ranking))
    if unranked:
        problems.append(
            (
                gettext_noop("players without a rank: %(players)s"),
                {"players": ", ".join(map(str, unranked))},
            )
        )
    return problems


def _fixed_tables(request: _Request) -> list[Problem]:
    """A fixed table beyond the round's tables, or more than 4 players fixed to one table."""
    seated = set(request.counts)
    tables = len(seated) // 4
    problems: list[Problem] = []
    for number in request.numbers:
        fixed = {p: t for p, t in request.constraints.fixed_in(number).items() if p in seated}
        for table, count in sorted(Counter(fixed.values()).items()):
            if table < 1 or table > tables:
                problems.append(
                    (
                        gettext_noop(
                            "round %(number)s has %(tables)s table(s), so no player can be fixed "
                            "to table %(table)s"
                        ),
                        {"number": number, "tables": tables, "table": table},
                    )
                )
            elif count > 4:
                problems.append(
                    (
                        gettext_noop(
                            "%(count)s players are fixed to table %(table)s in round "
                            "%(number)s; a table seats 4"
                        ),
                        {"count": count, "table": table, "number": number},
                    )
                )
    return problems


def _kept_apart_with_themselves(request: _Request) -> list[Problem]:
    alone = sorted({pair.a for pair in request.constraints.kept_apart if pair.a == pair.b})
    if not alone:
        return []
    return [
        (
            gettext_noop("a player cannot be kept apart from themselves: %(players)s"),
            {"players": ", ".join(map(str, alone))},
        )
    ]


# The checks of a request, in the order its problems are listed.
REQUEST_CHECKS = (
    _players_listed_twice,
    _too_few_players,
    _negative_rounds,
    _odd_players,
    _unknown_separation,
    _played_rounds_numbered_twice,
    _played_rounds_malformed,
    _halves,
    _method,
    _fixed_tables,
    _kept_apart_with_themselves,
)

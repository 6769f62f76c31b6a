"""Who wins each award, from the event's figures: plain objects in, winners out (no Django).

Vocabulary
----------
award rule      `AwardRule`: an award as the organiser defined it (`models.Award`'s fields).
candidate       `Candidate`: a player who may win an award, with the figure that decides it
                (``figure``: the hand value, the wins, the deal-ins per hand played, the final
                place) and the figures behind it (hands played, sessions, place).
final place     the player's place in the standings after the last counted round (``places``,
                from the standings the public sees); a player without one cannot win an award
                decided by it.
tie rule        who takes an award when the best candidates tie on its figure: *shared* (all
                of them), or *standings* (the one placed higher; still tied: shared).
newcomer        a player registered in no tournament that started before this one.
category        a country or a club (compared without regard to case or spaces around it).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from .figures import EventFigures, PlayerLine
from .rows import BigHandRow

BEST_HAND, MOST_WINS, FEWEST_DEAL_INS = "best_hand", "most_wins", "fewest_deal_ins"
BEST_NEWCOMER, BEST_OF_CATEGORY = "best_newcomer", "best_of_category"
SHARED, STANDINGS = "shared", "standings"
RUNNERS_UP = 3  # candidates shown after the winners in the preview


@dataclass(frozen=True)
class AwardRule:
    kind: str
    title: str
    tie_rule: str = SHARED
    min_sessions: int = 0
    category: str = ""  # "country" or "club"
    category_value: str = ""


@dataclass(frozen=True)
class Candidate:
    player_id: int
    name: str
    figure: float  # what decides the award (see the vocabulary)
    line: PlayerLine
    place: int | None  # the final place, or None
    hand: BigHandRow | None = None  # best hand: the hand itself, when it is a big hand
    chinese_name: str = ""  # shown beside the name on Chinese pages (`names.page_name`)


@dataclass(frozen=True)
class AwardResult:
    rule: AwardRule
    winners: list[Candidate]
    runners_up: list[Candidate] = field(default_factory=list)


@dataclass(frozen=True)
class Person:
    """What the awards need to know of a player beyond the figures."""

    country: str = ""
    club: str = ""
    newcomer: bool = False


def award_result(
    rule: AwardRule,
    figures: EventFigures,
    people: Mapping[int, Person],
    places: Mapping[int, int],
) -> AwardResult:
    """The winners of ``rule`` (none when nobody is eligible) and the next few candidates;
    ``places``: each player's final place."""
    candidates = sorted(_candidates(rule, figures, people, places), key=_order(rule.kind))
    if not candidates:
        return AwardResult(rule, [])
    best = [c for c in candidates if c.figure == candidates[0].figure]
    if rule.tie_rule == STANDINGS and len(best) > 1:
        placed = sorted(best, key=lambda c: (c.place is None, c.place or 0))
        best = [c for c in placed if c.place == placed[0].place]
    taken = {c.player_id for c in best}
    rest = [c for c in candidates if c.player_id not in taken][:RUNNERS_UP]
    return AwardResult(rule, best, rest)


def _order(kind: str):
    """The sort key putting the best candidate first (then by place, then by name)."""
    ascending = kind in (FEWEST_DEAL_INS, BEST_NEWCOMER, BEST_OF_CATEGORY)

    def key(c: Candidate):
        return (c.figure if ascending else -c.figure, c.place is None, c.place or 0, c.name)

    return key


def _candidates(rule: AwardRule, figures: EventFigures, people, places: Mapping[int, int]):
    for player_id, line in figures.players.items():
        place = places.get(player_id) or None
        figure = _figure(rule, line, people.get(player_id, Person()), place)
        if figure is None:
            continue
        yield Candidate(
            player_id,
            figures.names.get(player_id, ""),
            figure,
            line,
            place,
            _best_hand(figures, line) if rule.kind == BEST_HAND else None,
            figures.chinese_names.get(player_id, ""),
        )


def _figure(rule: AwardRule, line: PlayerLine, person: Person, place: int | None) -> float | None:
    """The candidate's deciding figure, or None when they are not eligible."""
    if rule.kind == BEST_HAND:
        return line.largest or None
    if rule.kind == MOST_WINS:
        return line.wins or None
    if rule.kind == FEWEST_DEAL_INS:
        if not line.hands or line.sessions < rule.min_sessions:
            return None
        return line.deal_in_rate
    if place is None:
        return None
    if rule.kind == BEST_NEWCOMER:
        return place if person.newcomer else None
    if rule.kind == BEST_OF_CATEGORY:
        value = person.country if rule.category == "country" else person.club
        return place if _same(value, rule.category_value) else None
    return None


def _same(one: str, other: str) -> bool:
    return bool(one.strip()) and one.strip().casefold() == other.strip().casefold()


def _best_hand(figures: EventFigures, line: PlayerLine) -> BigHandRow | None:
    return next(
        (
            big.row
            for big in figures.big_hands
            if big.row.player_id == line.player_id and big.row.value == line.largest
        ),
        None,
    )


def newcomers(registered: Collection[int], earlier: Collection[int]) -> set[int]:
    """The players registered here who were registered in no earlier tournament."""
    return set(registered) - set(earlier)

"""The scoring aid card's content: the 44 patterns, each with a small example hand. Pure.

Vocabulary
----------
aid row         one pattern on the card: number, English and Chinese names (RULINGS R1),
                points and an example hand drawn as tile groups.
example hand    a short winning hand in the engine's whole-hand notation that scores the
                pattern (a test scores every one); `EXAMPLES` holds one per pattern number.
tile group      a run of tiles drawn together: the concealed tiles, each declared meld
                (``exposed`` or a ``kong`` kept concealed) and the ``winning`` tile.
payoff line     what each player pays for a hand of a given value under the tournament's rules
                (RULINGS R11), computed by the engine's `settle`.
circumstance    what the tiles cannot show (self-drawn, final draw, seat wind...), printed as
                a short note beside the picture.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.engine import Hand, Pattern, Rules, parse_tiles, settle
from scoring.engine.messages import gettext_noop

EXAMPLES = {
    "1.1": "123m 456p 789s 234s 5p +5p",
    "1.2": "123m 789p 111s 456s 5p +5p",
    "1.3": "234m 456p 678s 345s 5p +5p",
    "2.1.1": "123m 456m 789m EEE N +N",
    "2.1.2": "123m 456m 789m 111m 2m +2m",
    "2.2": "1112345678999m +5m",
    "3.1": "123m 456p 789s RdRdRd N +N",
    "3.2.1": "123m 456p WhWhWh GrGrGr Rd +Rd",
    "3.2.2": "123m WhWhWh GrGrGr RdRd NN +Rd",
    "3.3.1": "123m 456p EEE SSS W +W",
    "3.3.2": "123m EEE SSS WWW 5p +5p",
    "3.3.3": "123m EEE SSS WWW N +N",
    "3.3.4": "EEE SSS WWW NNN 5p +5p",
    "3.4": "EEE SSS WhWhWh GrGrGr Rd +Rd",
    "4.1": "[777m] 555p 999s 222s 3m +3m",
    "4.2.1": "111m 555p 123s 456s 3m +3m",
    "4.2.2": "111m 555p 999s 456s 3m +3m",
    "4.2.3": "111m 555p 999s 22s 33m +2s self",
    "4.3.1": "[1111m] 555p 123s 456s 3m +3m",
    "4.3.2": "[1111m] [5555p] 123s 456s 3m +3m",
    "4.3.3": "[1111m] [5555p] [2222s] 456s 3m +3m",
    "4.3.4": "[1111m] [5555p] [2222s] [7777s] 3m +3m",
    "5.1.1": "123m 123m 456p 789s 5p +5p",
    "5.1.2": "123m 123m 456p 456p 5s +5s",
    "5.1.3": "[123m] 123m 123m 456p 5s +5s",
    "5.1.4": "234p 234p 234p 234p 5s +5s",
    "6.1": "123m 123p 123s 456m 5p +5p",
    "6.2.1": "222m 222p 2s 456s 789m +2s",
    "6.2.2": "222m 222p 222s 456s 9m +9m",
    "7.1": "123m 456m 789m 234p 5s +5s",
    "7.2.1": "222m 333m 444m 678p 9s +9s",
    "7.2.2": "666s 777s 888s 999s 1m +1m",
    "8.1.1": "123m 789p 111s EEE 9m +9m",
    "8.1.2": "123m 789p 111s 999s 9m +9m",
    "8.1.3": "111m 999p EEE RdRdRd 1s +1s",
    "8.1.4": "111m 999m 111p 999s 1s +1s",
    "9.1.1": "123m 456p 789s 234s 5p +5p self final_draw",
    "9.1.2": "123m 456p 789s 234s 5p +5p final_discard",
    "9.2": "[1111m] 456p 789s 234s 5p +5p self win_on_kong",
    "9.3": "123m 46p 789s 234s 99p +5p robbing_kong",
    "9.4.1": "123m 456p 789s 234s 5p +5p self heaven",
    "9.4.2": "123m 456p 789s 234s 5p +5p seat:S earth",
    "10.1": "19m19p19s ESWNWhGrRd +Rd",
    "10.2": "22m 33m 44p 55p 66s 77s 8s +8s",
}

FLAG_NOTES = {
    "final_draw": gettext_noop("final draw"),
    "final_discard": gettext_noop("final discard"),
    "win_on_kong": gettext_noop("on a kong's supplement tile"),
    "robbing_kong": gettext_noop("robbing a kong"),
    "heaven": gettext_noop("East's initial 14 tiles"),
    "earth": gettext_noop("on East's first discard"),
}
SEAT_NOTES = {
    "S": gettext_noop("seat South"),
    "W": gettext_noop("seat West"),
    "N": gettext_noop("seat North"),
}
SELF_DRAWN = gettext_noop("self-drawn")
ON_A_DISCARD = gettext_noop("on a discard")


@dataclass(frozen=True)
class TileGroup:
    kind: str  # "concealed", "exposed", "kong" (concealed kong) or "winning"
    codes: tuple[str, ...]


@dataclass(frozen=True)
class AidRow:
    number: str
    name: str
    chinese: str
    points: str
    category: int
    example: str
    groups: tuple[TileGroup, ...]
    note: str
    notes: tuple[str, ...] = ()  # the note's parts, each an English phrase (`example_notes`)


def example_groups(example: str) -> tuple[TileGroup, ...]:
    """The tile groups of an example, as written: each concealed set apart, melds, winner."""
    groups = []
    for token in example.split():
        if token.startswith("["):
            kind, text = "exposed", token.strip("[]")
        elif token.startswith("("):
            kind, text = "kong", token.strip("()")
        elif token.startswith("+"):
            kind, text = "winning", token[1:]
        elif token in FLAG_NOTES or token in ("self", "discard") or ":" in token:
            continue
        else:
            kind, text = "concealed", token
        groups.append(TileGroup(kind, tuple(tile.notation() for tile in parse_tiles(text))))
    return tuple(groups)


def example_notes(hand: Hand) -> tuple[str, ...]:
    """What the tiles cannot show, as English phrases: self-drawn or not, the flags, the seat."""
    notes = [SELF_DRAWN if hand.self_drawn else ON_A_DISCARD]
    notes += [FLAG_NOTES[flag] for flag in sorted(hand.flags) if flag in FLAG_NOTES]
    if hand.seat_wind and hand.seat_wind != "E":
        notes.append(SEAT_NOTES[hand.seat_wind])
    return tuple(notes)


def example_note(hand: Hand) -> str:
    return ", ".join(example_notes(hand))


def aid_rows(patterns: Iterable[Pattern]) -> list[AidRow]:
    """One row per pattern, in registry order; KeyError if a pattern has no example."""
    rows = []
    for pattern in patterns:
        example = EXAMPLES[pattern.number]
        hand = Hand.from_notation(example)
        points = f"{pattern.points} each" if pattern.number == "3.1" else str(pattern.points)
        rows.append(
            AidRow(
                number=pattern.number,
                name=pattern.name,
                chinese=pattern.chinese,
                points=points,
                category=pattern.category,
                example=example,
                groups=example_groups(example),
                note=example_note(hand),
                notes=example_notes(hand),
            )
        )
    return rows


PAYOFF_VALUES = (5, 10, 25, 30, 40, 60, 80, 100, 160, 320)


@dataclass(frozen=True)
class PayoffLine:
    value: int
    self_each: int  # self-draw: what each of the three pays
    others: int  # discard: what each non-responsible player pays
    discarder: int  # discard: what the discarder pays
    winner: int  # what the winner receives (always 3 x value)


def payoff_lines(rules: Rules, values: Iterable[int] = PAYOFF_VALUES) -> list[PayoffLine]:
    """One line per hand value: the payments of a self-draw and of a discard win by East."""
    lines = []
    for value in values:
        drawn = settle(value, winner="E", self_drawn=True, responsible=None, rules=rules)
        discard = settle(value, winner="E", self_drawn=False, responsible="S", rules=rules)
        lines.append(
            PayoffLine(
                value=value,
                self_each=-drawn["S"],
                others=-discard["W"],
                discarder=-discard["S"],
                winner=discard["E"],
            )
        )
    return lines

"""Validation: every problem of a declared hand, found at once (like python-chess `status()`).

`validate_hand(hand)` returns a list of `Problem`s a judge can act on, each a message with its
`Subject` (the part of the declaration to change); ``[]`` means the hand is
well formed (it may still fail to be a winning hand: that is for `decompose`). Checked:
tile types, the winner's seat, each meld, the tile count for the melds declared, more than four
of a tile, unknown flags and flags that contradict the win (RULINGS R8), penalty tiles that are
not in the hand (RULINGS R9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from .errors import Problem, Subject
from .hand import FLAGS, Hand
from .melds import Meld, MeldKind
from .messages import Message, gettext_noop, message_of, words
from .tiles import ALL_TILES, KIND_COUNT, WINDS, Tile

_UP_TO_FOUR = frozenset(range(5))
_FLAG_NAMES = words(
    {
        "final_draw": gettext_noop("Final Draw"),
        "final_discard": gettext_noop("Final Discard"),
        "win_on_kong": gettext_noop("Win on Kong"),
        "robbing_kong": gettext_noop("Robbing a Kong"),
        "heaven": gettext_noop("Blessing of Heaven"),
        "earth": gettext_noop("Blessing of Earth"),
    }
)


def validate_hand(hand: Hand) -> list[Problem]:
    """Every problem with the hand as entered; [] when it is well formed."""
    if not all(isinstance(t, Tile) for t in hand.concealed):
        return [
            Problem(
                Message(gettext_noop("the concealed tiles must be Tile objects")), Subject.TILES
            )
        ]
    if not all(isinstance(m, Meld) for m in hand.melds):
        return [Problem(Message(gettext_noop("every meld must be a Meld object")), Subject.TILES)]
    if not all(isinstance(t, Tile) for m in hand.melds for t in m.tiles):
        return [
            Problem(
                Message(gettext_noop("the tiles of every meld must be Tile objects")), Subject.TILES
            )
        ]
    if not isinstance(hand.winning_tile, Tile):
        missing = Problem(
            Message(gettext_noop("the winning tile is missing")), Subject.WINNING_TILE
        )
        return [missing] + problems_with_counts(hand, hand_counts(hand))
    return problems_with_counts(hand, hand_counts(hand))


def hand_counts(hand: Hand) -> list[int]:
    """Every tile of the hand by index: concealed, melds (kongs as four) and the winning tile."""
    counts = [0] * KIND_COUNT
    for tile in hand.concealed:
        counts[tile.index] += 1
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile.index] += 1
    if isinstance(hand.winning_tile, Tile):
        counts[hand.winning_tile.index] += 1
    return counts


def with_meld_tiles(counts: list[int], melds: tuple[Meld, ...]) -> list[int]:
    """A copy of `counts` with the tiles of `melds` added (kongs as four)."""
    counts = counts.copy()
    for meld in melds:
        for tile in meld.tiles:
            counts[tile.index] += 1
    return counts


def problems_with_counts(hand: Hand, counts: list[int]) -> list[Problem]:
    """`validate_hand` for a hand whose tile types are known good and counts are computed."""
    problems: list[Problem] = []
    if not hand.seat_wind:
        problems.append(
            Problem(
                Message(gettext_noop("the winner's seat wind is missing (E, S, W or N)")),
                Subject.SEAT_WIND,
            )
        )
    elif hand.seat_wind not in WINDS:
        problems.append(
            Problem(
                Message(
                    gettext_noop("the winner's seat wind %(wind)s is not E, S, W or N"),
                    wind=repr(hand.seat_wind),
                ),
                Subject.SEAT_WIND,
            )
        )
    for meld in hand.melds:
        problems += meld.problems()
    problems += _count_problems(hand, counts)
    if hand.flags:
        problems += _flag_problems(hand)
    if hand.penalty_tiles:
        problems += _penalty_problems(hand)
    return problems


def _count_problems(hand: Hand, counts: list[int]) -> list[Problem]:
    problems = []
    if len(hand.melds) > 4:
        problems.append(
            Problem(
                Message(
                    gettext_noop("%(count)s melds declared: a hand has at most four sets"),
                    count=len(hand.melds),
                ),
                Subject.TILES,
            )
        )
    else:
        expected = 13 - 3 * len(hand.melds)
        if len(hand.concealed) != expected:
            if len(hand.melds) == 1:
                melds = Message(gettext_noop("%(count)s declared meld"), count=1)
            else:
                melds = Message(gettext_noop("%(count)s declared melds"), count=len(hand.melds))
            problems.append(
                Problem(
                    Message(
                        gettext_noop(
                            "wrong tile count: with %(melds)s the hand holds %(expected)s "
                            "concealed tiles before the winning tile, got %(count)s"
                        ),
                        melds=melds,
                        expected=expected,
                        count=len(hand.concealed),
                    ),
                    Subject.TILES,
                )
            )
    if not _UP_TO_FOUR.issuperset(counts):  # some tile more than 4 times
        for index, count in enumerate(counts):
            if count > 4:
                tile = ALL_TILES[index].notation()
                problems.append(
                    Problem(
                        Message(
                            gettext_noop("%(tile)s appears %(count)s times: a set has only 4"),
                            tile=tile,
                            count=count,
                        ),
                        Subject.TILES,
                    )
                )
    return problems


# Robbing a kong is a way of winning on a tile (the win type), not a circumstance beside it.
_SUBJECT_OF_FLAG = {"robbing_kong": Subject.WIN_TYPE}

#: A flag and why it contradicts the win as declared (RULINGS R8): a template or a `Message`.
Contradiction = tuple[str, str]


def _flag_problems(hand: Hand) -> list[Problem]:
    """Unknown flags, then each contradiction `_FLAG_CHECKS` finds, in the order of the checks."""
    problems = _unknown_flags(hand.flags)
    for check in _FLAG_CHECKS:
        for flag, why in check(hand):
            problems.append(_contradiction(flag, why))
    return problems


def _unknown_flags(flags: frozenset[str]) -> list[Problem]:
    return [
        Problem(
            Message(
                gettext_noop("unknown flag %(flag)s: flags are %(flags)s"),
                flag=repr(flag),
                flags=", ".join(FLAGS),
            ),
            Subject.FLAGS,
        )
        for flag in sorted(flags, key=str)  # key=str: a non-text flag must not crash the sort
        if flag not in FLAGS
    ]


def _contradiction(flag: str, why: str) -> Problem:
    message = Message(
        gettext_noop("%(flag)s (%(name)s) %(why)s (RULINGS R8)"),
        flag=flag,
        name=_FLAG_NAMES[flag],
        why=message_of(why),
    )
    return Problem(message, _SUBJECT_OF_FLAG.get(flag, Subject.FLAGS))


# --- the checks of the flags against the win: each yields its contradictions ----------------


def _final_draw_needs_a_self_draw(hand: Hand) -> Iterator[Contradiction]:
    if "final_draw" in hand.flags and not hand.self_drawn:
        yield "final_draw", gettext_noop("needs a self-drawn win, but the hand won on a discard")


def _win_on_kong_needs_a_kong(hand: Hand) -> Iterator[Contradiction]:
    if "win_on_kong" not in hand.flags:
        return
    if not hand.self_drawn:
        yield (
            "win_on_kong",
            gettext_noop("needs a self-drawn supplement tile, but the hand won on a discard"),
        )
    if not any(m.kind is MeldKind.KONG for m in hand.melds):
        yield (
            "win_on_kong",
            gettext_noop("needs a declared kong: the supplement tile follows a kong"),
        )


def _discard_wins_need_a_discard(hand: Hand) -> Iterator[Contradiction]:
    for flag in ("final_discard", "robbing_kong"):
        if flag in hand.flags and hand.self_drawn:
            yield flag, gettext_noop("needs a win on a discard, but the hand was self-drawn")


def _robbing_kong_is_not_the_final_discard(hand: Hand) -> Iterator[Contradiction]:
    if "final_discard" in hand.flags and "robbing_kong" in hand.flags:
        yield (
            "robbing_kong",
            gettext_noop("takes a tile added to a kong, not the riverbed discard (final_discard)"),
        )


def _robbed_tile_is_not_held(hand: Hand) -> Iterator[Contradiction]:
    if "robbing_kong" not in hand.flags or not isinstance(hand.winning_tile, Tile):
        return
    held = sum(1 for t in hand.all_tiles if t == hand.winning_tile) - 1
    if held:
        why = gettext_noop(
            "robs the fourth %(tile)s from another player's pung, "
            "yet this hand holds %(held)s more %(tile)s"
        )
        yield "robbing_kong", Message(why, tile=hand.winning_tile.notation(), held=held)


def _blessings_stand_alone(hand: Hand) -> Iterator[Contradiction]:
    flags = hand.flags
    for flag in ("heaven", "earth"):
        if flag not in flags:
            continue
        others = sorted(f for f in flags & set(FLAGS) if f != flag)
        if others:
            why = gettext_noop("is won on the initial tiles and cannot combine with %(others)s")
            yield flag, Message(why, others=", ".join(others))
        if hand.melds:
            yield flag, gettext_noop("needs a hand without melds (not even a concealed kong)")


def _heaven_is_easts_self_draw(hand: Hand) -> Iterator[Contradiction]:
    if "heaven" not in hand.flags:
        return
    if hand.seat_wind and hand.seat_wind != "E":
        why = gettext_noop("is East's win, but the winner sits %(wind)s")
        yield "heaven", Message(why, wind=hand.seat_wind)
    if not hand.self_drawn:
        yield (
            "heaven",
            gettext_noop("is East's self-drawn initial 14 tiles, but the hand won on a discard"),
        )


def _earth_is_on_easts_first_discard(hand: Hand) -> Iterator[Contradiction]:
    if "earth" not in hand.flags:
        return
    if hand.seat_wind == "E":
        yield (
            "earth",
            gettext_noop("is a non-East player's win on East's first discard, but the winner is E"),
        )
    if hand.self_drawn:
        yield "earth", gettext_noop("is won on East's first discard, but the hand was self-drawn")


#: The checks of the flags against the win, in the order their problems are reported.
_FLAG_CHECKS: tuple[Callable[[Hand], Iterator[Contradiction]], ...] = (
    _final_draw_needs_a_self_draw,
    _win_on_kong_needs_a_kong,
    _discard_wins_need_a_discard,
    _robbing_kong_is_not_the_final_discard,
    _robbed_tile_is_not_held,
    _blessings_stand_alone,
    _heaven_is_easts_self_draw,
    _earth_is_on_easts_first_discard,
)


def _penalty_problems(hand: Hand) -> list[Problem]:
    if not hand.penalty_tiles:
        return []
    if not all(isinstance(t, Tile) for t in hand.penalty_tiles):
        return [
            Problem(
                Message(gettext_noop("the penalty tiles must be Tile objects")),
                Subject.PENALTY_TILES,
            )
        ]
    held = Counter(hand.concealed)
    for meld in hand.melds:
        held.update(meld.tiles)
    problems = []
    for tile, count in sorted(Counter(hand.penalty_tiles).items()):
        if count > held[tile]:
            have = held[tile]
            problems.append(
                Problem(
                    Message(
                        gettext_noop(
                            "penalty tile %(tile)s x%(count)s is not in the hand (the hand "
                            "holds %(have)s %(tile)s before the winning tile) (RULINGS R9)"
                        ),
                        tile=tile.notation(),
                        count=count,
                        have=have,
                    ),
                    Subject.PENALTY_TILES,
                )
            )
    return problems

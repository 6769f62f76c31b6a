"""Penalty-tile legality (RULINGS R9, competition rules "Penalty Tiles").

Vocabulary:
- *penalty tiles*: tiles the winner illegally exposed earlier; they are identified by kind, and
  may lie in any concealed tile of that kind (a judge cannot tell two 5p apart).
- *hand-level block*: a penalty tile that can only be in an exposed meld.
- *arrangement block*: on a discard win, the set or pair completed by the discarded (or robbed)
  tile would have to hold a penalty tile; Thirteen Terminals won on a discard matching a penalty
  tile, or on any discard with three or more penalty tiles.

A penalty tile used in a concealed kong stops being one. Each function returns the reason the
win is blocked, or None when it is legal.
"""

from __future__ import annotations

from collections import Counter

from .decompose import K_CHOW, K_PAIR, THIRTEEN_TERMINALS, Plan
from .hand import Hand
from .melds import MELD_WORDS
from .messages import Message, gettext_noop
from .notation import format_tiles
from .tiles import ALL_TILES

RULE = Message(gettext_noop("RULINGS R9 (penalty tiles)"))
_KIND_NAMES = ("chow", "pung", "kong", "pair")
_PAIR = Message(gettext_noop("pair"))


def _concealed_supply(hand: Hand) -> Counter:
    supply = Counter(t.index for t in hand.concealed)
    for meld in hand.melds:
        if meld.concealed:
            supply.update(t.index for t in meld.tiles)
    return supply


def hand_block(hand: Hand) -> str | None:
    """A penalty tile that cannot be anywhere but an exposed meld blocks every arrangement."""
    if not hand.penalty_tiles:
        return None
    supply = _concealed_supply(hand)
    for index, count in sorted(Counter(t.index for t in hand.penalty_tiles).items()):
        if count > supply[index]:
            meld = next(
                (
                    m
                    for m in hand.melds
                    if not m.concealed
                    and m.tiles[0].index <= index
                    and any(t.index == index for t in m.tiles)
                ),
                None,
            )
            tile = hand.penalty_tiles[[t.index for t in hand.penalty_tiles].index(index)]
            where = (
                Message(gettext_noop("the exposed meld %(meld)s"), meld=meld.notation())
                if meld
                else Message(gettext_noop("an exposed meld"))
            )
            return Message(
                gettext_noop(
                    "penalty tile %(tile)s is in %(where)s: penalty tiles may not be "
                    "melded into exposed sets (%(rule)s)"
                ),
                tile=tile.notation(),
                where=where,
                rule=RULE,
            )
    return None


def arrangement_block(hand: Hand, plan: Plan) -> str | None:
    """Why this arrangement is illegal under R9, or None."""
    if not hand.penalty_tiles or hand.self_drawn:
        return None
    win = hand.winning_tile
    penalty = Counter(t.index for t in hand.penalty_tiles)
    if plan[0] == THIRTEEN_TERMINALS:
        if len(hand.penalty_tiles) >= 3:
            return Message(
                gettext_noop(
                    "Thirteen Terminals with %(count)s penalty tiles may win only "
                    "by self-draw, not on a discard (%(rule)s)"
                ),
                count=len(hand.penalty_tiles),
                rule=RULE,
            )
        if penalty[win.index]:
            return Message(
                gettext_noop(
                    "Thirteen Terminals may not win on a discarded %(tile)s: it matches a "
                    "penalty tile (%(rule)s)"
                ),
                tile=win.notation(),
                rule=RULE,
            )
        return None
    kind, start, _melded, _concealed, _completed = next(g for g in plan[1] if g[4])
    if kind == K_CHOW:
        completed = [start, start + 1, start + 2]
    else:
        completed = [start] * (2 if kind == K_PAIR else 3)
    used = Counter(completed)
    used[win.index] -= 1  # the discarded tile itself is not from the hand
    supply = _concealed_supply(hand)
    for index, count in used.items():
        if count and penalty[index] > supply[index] - count:
            tile = next(t for t in hand.penalty_tiles if t.index == index)
            what = _PAIR if kind == K_PAIR else MELD_WORDS[_KIND_NAMES[kind]]
            return Message(
                gettext_noop(
                    "penalty tile %(tile)s would be in the %(what)s %(tiles)s completed by the "
                    "discarded %(winning)s (%(rule)s)"
                ),
                tile=tile.notation(),
                what=what,
                tiles=format_tiles(ALL_TILES[i] for i in completed),
                winning=win.notation(),
                rule=RULE,
            )
    return None

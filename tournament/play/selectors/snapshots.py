"""Reads of play: a saved hand as an entry, a snapshot and a line for people.

Vocabulary
----------
entry           `play.entry.HandEntryData`: what a judge types for a hand; `entry_of_hand`
                gives the one that would reproduce a saved hand.
snapshot        a JSON-ready picture of a saved hand for the audit log and conflict messages,
                with a one-line ``summary`` for people.
"""

from __future__ import annotations

from ...models import Hand
from ..entry.hand_entry import ENTRY_FLAGS, HandEntryData, entry_summary


def entry_of_hand(hand: Hand) -> HandEntryData:
    """The entry that would reproduce a saved hand."""
    return HandEntryData(
        number=hand.number,
        outcome=hand.outcome,
        winner=hand.winner_id,
        win_type=hand.win_type,
        discarder=hand.discarder_id,
        immunity=hand.immunity,
        responsible=hand.responsible_id,
        tiles=" ".join(part for part in (hand.concealed, hand.melds) if part),
        winning_tile=hand.winning_tile,
        penalty_tiles=hand.penalty_tiles,
        flags=tuple(sorted(f for f in hand.flags if f in ENTRY_FLAGS)),
    )


def hand_snapshot(
    hand: Hand, names: dict[int, str] | None = None, paid: dict[int, int] | None = None
) -> dict:
    """A JSON-ready picture of a saved hand for the audit log and conflict messages.
    ``paid``: its payments (player id -> amount) when the caller has them (it just wrote them)."""
    if names is None:
        names = {p.player_id: p.player.name for p in hand.payments.select_related("player")}
    if paid is None:
        paid = dict(hand.payments.order_by("player_id").values_list("player_id", "amount"))
    payments = {names.get(pid, str(pid)): amount for pid, amount in sorted(paid.items())}
    return {
        "entry": entry_of_hand(hand).as_data(),
        "value": hand.value,
        "payments": payments,
        "version": hand.version,
        "summary": hand_summary(hand, names),
    }


def hand_summary(hand: Hand, names: dict[int, str]) -> str:
    """One line a person can read: "Win by Ann, discard from Bob, 40 points: 123m ... +5p"."""
    return entry_summary(entry_of_hand(hand), hand.value, names)

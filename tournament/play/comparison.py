"""Two entries of one hand side by side, field by field (double entry). Pure: no Django.

Vocabulary
----------
comparison row  (label, first, second, differs): one field of the hand as each official
                entered it, in words a judge reads (the card's letter and the name, not ids),
                and whether they differ.
fields          outcome, winner, how, discarder, immunity, responsible, the tile fields
                (concealed tiles, declared sets, winning tile), flags, penalty tiles, value and
                each player's payment - every field the head judge must compare.

Tiles are compared in canonical notation (from the evaluation), so the same tiles typed in
another order or case do not show as a difference.

Labels and words (outcome, how, immunity, flags) are `Message`s: English as ``str`` (so rows
compare and key as before), translated on the page (``|engine_message``); names, tiles and
numbers are shown as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.messages import Message, MessageList, gettext_noop, words

from .entry.evaluation import Evaluation
from .entry.hand_entry import FLAG_LABELS, Seating, seat_note

OUTCOME_LABELS = words(
    {
        "win": gettext_noop("Win"),
        "draw": gettext_noop("Draw"),
        "false_win": gettext_noop("False win"),
    }
)
IMMUNITY_LABELS = words(
    {
        "": gettext_noop("None"),
        "other": gettext_noop("Another player is responsible"),
        "nobody": gettext_noop("Nobody"),
    }
)
#: How the hand was won, as the row shows it (a capital first letter).
HOW_LABELS = words(
    {
        "self_draw": gettext_noop("Self-draw"),
        "discard": gettext_noop("Discard"),
        "robbing_kong": gettext_noop("Robbing a kong"),
    }
)
#: The rows' labels, marked for the catalogues.
LABELS = words(
    {
        name: name
        for name in (
            gettext_noop("Outcome"),
            gettext_noop("Winner (false win: offender)"),
            gettext_noop("How"),
            gettext_noop("Discarder"),
            gettext_noop("Same-Round Immunity"),
            gettext_noop("Responsible"),
            gettext_noop("Concealed tiles"),
            gettext_noop("Declared sets"),
            gettext_noop("Winning tile"),
            gettext_noop("Flags"),
            gettext_noop("Penalty tiles"),
            gettext_noop("Value"),
        )
    }
)


@dataclass(frozen=True)
class ComparisonRow:
    label: str
    first: str
    second: str

    @property
    def differs(self) -> bool:
        return self.first != self.second


def _name(seating: Seating, pid: int | None) -> str:
    """ "S · Bob": the score card's letter (starting wind) and the name."""
    if pid is None:
        return "—"
    letter = next((w for w, p in seating.players.items() if p == pid), "")
    name = seating.names.get(pid, f"player {pid}")
    return f"{letter} · {name}" if letter else name


def _fields(evaluation: Evaluation, seating: Seating) -> dict[str, str]:
    entry = evaluation.entry
    concealed = evaluation.concealed or ("" if evaluation.melds else entry.tiles)
    flags = [FLAG_LABELS.get(f, f) for f in entry.flags]
    values = {
        "Outcome": OUTCOME_LABELS.get(entry.outcome, entry.outcome),
        "Winner (false win: offender)": _name(seating, entry.winner),
        "How": HOW_LABELS.get(entry.win_type, "—"),
        "Discarder": _name(seating, entry.discarder),
        "Same-Round Immunity": IMMUNITY_LABELS.get(entry.immunity, entry.immunity),
        "Responsible": _name(seating, entry.responsible),
        "Concealed tiles": concealed or "—",
        "Declared sets": evaluation.melds or "—",
        "Winning tile": evaluation.winning_tile or entry.winning_tile or "—",
        "Flags": MessageList(flags, ", ") if flags else "—",
        "Penalty tiles": evaluation.penalty_tiles or entry.penalty_tiles or "—",
        "Value": "—" if evaluation.value is None else str(evaluation.value),
    }
    fields = {LABELS[name]: value for name, value in values.items()}
    if len(seating.players) == 4:
        for start, pid, seat in seating.in_card_order(entry.number):
            amount = evaluation.payments.get(pid)
            shown = "—" if amount is None else f"{amount:+d}" if amount else "0"
            label = Message(
                gettext_noop("Payment: %(letter)s · %(name)s (%(seat)s)"),
                letter=start,
                name=seating.names[pid],
                seat=seat_note(seat),
            )
            fields[label] = shown
    return fields


def compare(first: Evaluation, second: Evaluation, seating: Seating) -> list[ComparisonRow]:
    """Every field of two entries of the same hand, in the order a judge reads a hand."""
    ones, twos = _fields(first, seating), _fields(second, seating)
    return [ComparisonRow(label, ones[label], twos.get(label, "—")) for label in ones]

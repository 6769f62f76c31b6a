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
"""

from __future__ import annotations

from dataclasses import dataclass

from .entry import FLAG_LABELS, WIN_TYPE_LABELS, Evaluation, Seating, seat_note

OUTCOME_LABELS = {"win": "Win", "draw": "Draw", "false_win": "False win"}
IMMUNITY_LABELS = {"": "None", "other": "Another player is responsible", "nobody": "Nobody"}


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
    fields = {
        "Outcome": OUTCOME_LABELS.get(entry.outcome, entry.outcome),
        "Winner (false win: offender)": _name(seating, entry.winner),
        "How": WIN_TYPE_LABELS.get(entry.win_type, "—").capitalize(),
        "Discarder": _name(seating, entry.discarder),
        "Same-Round Immunity": IMMUNITY_LABELS.get(entry.immunity, entry.immunity),
        "Responsible": _name(seating, entry.responsible),
        "Concealed tiles": concealed or "—",
        "Declared sets": evaluation.melds or "—",
        "Winning tile": evaluation.winning_tile or entry.winning_tile or "—",
        "Flags": ", ".join(FLAG_LABELS.get(f, f) for f in entry.flags) or "—",
        "Penalty tiles": evaluation.penalty_tiles or entry.penalty_tiles or "—",
        "Value": "—" if evaluation.value is None else str(evaluation.value),
    }
    if len(seating.players) == 4:
        for start, pid, seat in seating.in_card_order(entry.number):
            amount = evaluation.payments.get(pid)
            shown = "—" if amount is None else f"{amount:+d}" if amount else "0"
            fields[f"Payment: {start} · {seating.names[pid]} ({seat_note(seat)})"] = shown
    return fields


def compare(first: Evaluation, second: Evaluation, seating: Seating) -> list[ComparisonRow]:
    """Every field of two entries of the same hand, in the order a judge reads a hand."""
    ones, twos = _fields(first, seating), _fields(second, seating)
    return [ComparisonRow(label, ones[label], twos.get(label, "—")) for label in ones]

"""The live preview's presenter: an evaluation and its form turned into what the preview shows.

Shared by the judges' desk and the public calculator (`templates/tournament/play/_preview.html`).

Vocabulary
----------
payment rows    (card letter, name, seat note, payment) in the score card's order: players
                named by their starting wind, with their seat wind in this hand (RULINGS R14).
error links     (field id, field label, message) for each problem, so the preview can point at
                the field to fix.
"""

from __future__ import annotations

from .entry import seat_note


def payment_rows(evaluation, seating, number: int) -> list[tuple[str, str, str, int | None]]:
    """(card letter, name, seat note, payment) in the score card's order, E S W N by starting
    wind; the note gives the seat wind of this hand where it differs (RULINGS R14)."""
    if len(seating.players) != 4:
        return []
    return [
        (
            start,
            seating.names[pid],
            seat_note(seat) if seat != start else "",
            evaluation.payments.get(pid) if evaluation else None,
        )
        for start, pid, seat in seating.in_card_order(number)
    ]


def error_links(form, evaluation) -> list[tuple[str, str, str]]:
    """(field id, field label, message) for each problem, so the preview can point at it."""

    def link(name):
        if form is not None and name in form.fields:
            label = form.fields[name].label or name.replace("_", " ").capitalize()
            return form[name].id_for_label, label
        return "", ""

    if form is not None and form.errors:
        pairs = [(name, msg) for name, msgs in form.errors.items() for msg in msgs]
    elif evaluation is not None:
        pairs = list(evaluation.errors)
    else:
        pairs = []
    return [(*link(name if name != "__all__" else ""), message) for name, message in pairs]


def preview_context(form, evaluation, seating) -> dict:
    number = evaluation.entry.number if evaluation else 1
    return {
        "form": form,
        "evaluation": evaluation,
        "error_links": error_links(form, evaluation),
        "payment_rows": payment_rows(evaluation, seating, number),
    }

"""The live preview's presenter: an evaluation and its form turned into what the preview shows.

Shared by the judges' desk and the public calculator (`templates/tournament/play/_preview.html`).

Vocabulary
----------
payment rows    (seat wind in this hand, name, payment) in seat order, dealer first (RULINGS
                R14).
error links     (field id, field label, message) for each problem, so the preview can point at
                the field to fix.
"""

from __future__ import annotations


def payment_rows(evaluation, seating, number: int) -> list[tuple[str, str, int | None]]:
    """(seat wind in this hand, name, payment) in seat order, dealer first (RULINGS R14)."""
    if len(seating.players) != 4:
        return []
    return [
        (wind, seating.names[pid], evaluation.payments.get(pid) if evaluation else None)
        for wind, pid in seating.in_hand_order(number)
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

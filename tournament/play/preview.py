"""The live preview's presenter: an evaluation and its form turned into what the preview shows.

Shared by the judges' desk and the public calculator (`templates/tournament/play/_preview.html`).

Vocabulary
----------
payment rows    (card letter, name, seat note, payment) in the score card's order: players
                named by their starting wind, with their seat wind in this hand (RULINGS R14).
error links     (field id, field label, message) for each problem, so the preview can point at
                the field to fix.
rule reference  "RULINGS R13", "(R12)", "(RULINGS R9 (penalty tiles))": our rulings' numbers,
                meant for judges. The public calculator shows the same messages in plain words
                (`plain_words`); the judges' desk keeps them.
"""

from __future__ import annotations

import re

from scoring.translation import translate_message

from .entry.hand_entry import seat_note

_RULES = r"R\d+[a-z]?(?:\s*[,/]\s*R\d+[a-z]?)*"
# Chinese text writes the same references with full-width marks: （RULINGS R9）, R12：, ，
_OPEN, _CLOSE, _COLON, _COMMA = "[(（]", "[)）]", "[:：]", "[,，、]"
_REFERENCE = re.compile(
    # " (RULINGS R9)", " (R12)", " (RULINGS R9 (penalty tiles))": dropped whole
    rf"\s*{_OPEN}(?:RULINGS\s+)?{_RULES}(?:\s*{_OPEN}[^)）]*{_CLOSE})?{_CLOSE}"
    # "(RULINGS R11: everyone pays)" keeps its words; "RULINGS R10: record it" too
    rf"|(?:RULINGS\s+)?{_RULES}\s*{_COLON}\s*"
    # ", RULINGS R2" inside a list of words; "RULINGS R9" alone
    rf"|{_COMMA}?\s*RULINGS\s+{_RULES}(?:\s*{_OPEN}[^)）]*{_CLOSE})?"
    # a stray rule number
    rf"|\s*\b{_RULES}\b"
)


def plain_words(text: str) -> str:
    """``text`` without rule references, for players (see the vocabulary)."""
    plain = _REFERENCE.sub("", text).strip()
    if plain and text[:1].isupper():
        plain = plain[0].upper() + plain[1:]
    return plain


def payment_rows(evaluation, seating, number: int) -> list[tuple[str, str, str, int | None]]:
    """(card letter, name, seat note, payment) in the score card's order, E S W N by starting
    wind; the note gives the seat wind of this hand where it differs (RULINGS R14)."""
    if len(seating.players) != 4:
        return []
    return [
        (
            start,
            seating.names[pid],
            translate_message(seat_note(seat)) if seat != start else "",
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
        pairs = [(name, translate_message(message)) for name, message in evaluation.errors]
    else:
        pairs = []
    return [(*link(name if name != "__all__" else ""), message) for name, message in pairs]


def preview_context(form, evaluation, seating, *, for_players: bool = False) -> dict:
    """The preview's context; ``for_players`` (the public calculator) says it in plain words,
    without rule references."""
    number = evaluation.entry.number if evaluation else 1
    links = error_links(form, evaluation)
    illegal = translate_message(evaluation.illegal) if evaluation else ""
    if for_players:
        links = [(id_, label, plain_words(message)) for id_, label, message in links]
        illegal = plain_words(illegal)
    return {
        "form": form,
        "evaluation": evaluation,
        "error_links": links,
        "illegal_message": illegal,
        "payment_rows": payment_rows(evaluation, seating, number),
        "for_players": for_players,
    }

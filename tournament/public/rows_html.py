"""The long tables of the public pages, their rows drawn in Python.

Vocabulary
----------
rows html   the ``<tbody>`` rows of a long table, escaped, with the words every row shares
            translated once: the template language looked up each cell through its resolver
            and each row's words through the catalogue, which for the projector's 400 ranked
            rows cost more than ranking them. The projector's standings
            (`projector_rows_html`, every ranked row of a board) and a player's hands
            (`hand_rows_html`, every hand they won or paid on).
"""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from ..names import page_name


def projector_rows_html(board) -> SafeString:
    """Rank, name (with withdrawn and cut marks), country, match points and carried points
    when the board shows them, and total: one ``<tr>`` per ranked row."""
    withdrawn = escape(gettext("withdrawn"))  # translated once, not once per row
    cut_words = gettext("out after round %(round)s")
    rows = []
    for row in board.rows:
        entrant = row.entrant
        marks = f" <small>({withdrawn})</small>" if entrant.withdrawn else ""
        if row.cut_after_round:
            marks += f" <small>({escape(cut_words % {'round': row.cut_after_round})})</small>"
        match = f'<td class="num">{row.match_points_text}</td>' if board.uses_match_points else ""
        carried = ""
        if board.shows_carried:
            carried = f'<td class="num">{"" if row.cut_after_round else row.carried}</td>'
        name = escape(page_name(row.label, entrant.chinese_name))
        rows.append(
            f'<tr><td class="num">{escape(row.rank)}</td><td>{name}{marks}</td>'
            f'<td class="hide-sm">{escape(entrant.country)}</td>{match}{carried}'
            f'<td class="num strong">{row.total}</td></tr>'
        )
    return mark_safe("".join(rows))


def hand_rows_html(hands) -> SafeString:
    """A player's hands (`standings.selectors.player_card.HandLine`): round, table, hand,
    outcome (won, false win or paid, and unconfirmed), value and points; one ``<tr>`` each."""
    won, false_win, paid = (
        escape(gettext("won")),
        escape(gettext("false win")),
        escape(gettext("paid")),
    )
    unconfirmed_word = escape(gettext("unconfirmed"))
    unconfirmed = f' <span class="badge warn">{unconfirmed_word}</span>'
    rows = []
    for hand in hands:
        outcome = won if hand.won else false_win if hand.outcome == "false_win" else paid
        if not hand.confirmed:
            outcome += unconfirmed
        value = "" if hand.value is None else hand.value
        row_class = ' class="won"' if hand.won else ""
        rows.append(
            f"<tr{row_class}><td>{hand.round_number}</td>"
            f'<td>{hand.table_number}</td><td class="num">{hand.number}</td><td>{outcome}</td>'
            f'<td class="num hide-sm">{value}</td><td class="num">{hand.amount:+d}</td></tr>'
        )
    return mark_safe("\n".join(rows))

"""The round desk's table cards, drawn as HTML in Python.

The round desk is the judges' busiest page: it is fetched again on every change of the
tournament, and a world championship's round has 100 tables. Drawn by the template engine, each
card cost some thirty variable lookups and translations; here the words every card shares are
translated once per page (`Words`) and each card is one string.

Vocabulary
----------
card        one session of the round (`play.selectors.SessionCard`): its table, status, the four
            players with their totals, the hands entered, the flags (unconfirmed, mismatches)
            and the table's waiting hands (`play.selectors.desk_signals`), as chips.
chip        a hand the table entered that still waits for someone, with its state in words for
            screen readers; the confirmed ones are one count on the card's line of hands
            ("16 / 16 hands · 12 confirmed by the table").
            The table page (`desk:table_page`) lists every hand: the detail on demand.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from ..play.labels import SESSION_STATUS_WORDS, table_label
from ..play.selectors.desk import SessionCard
from ..play.selectors.table import TABLE_SIGNAL_LABELS


@dataclass(frozen=True)
class Words:
    """What every card of a page says alike, in the page's language, translated once."""

    status: dict[str, str]
    signal: dict[str, str]
    signals_heading: str

    @classmethod
    def of_page(cls) -> Words:
        return cls(
            status={key: str(word) for key, word in SESSION_STATUS_WORDS.items()},
            signal={key: str(word) for key, word in TABLE_SIGNAL_LABELS.items()},
            signals_heading=gettext("Hands entered at the table"),
        )


def draw_cards(cards: list[SessionCard], *, table_change: bool) -> SafeString:
    """Every card of the round, in order, as one piece of HTML."""
    words = Words.of_page()
    return mark_safe("".join(_card(card, words, table_change) for card in cards))  # noqa: S308


def _card(card: SessionCard, words: Words, table_change: bool) -> str:
    session = card.session
    status = session.status
    number = session.table.number
    anchor = f"table-{number}" if session.half == 1 else f"table-{number}-half-{session.half}"
    heading = escape(table_label(session.table))
    if table_change:
        hands = session.hand_numbers()
        heading += " · " + escape(
            gettext("hands %(first)s-%(last)s") % {"first": hands[0], "last": hands[-1]}
        )
    seats = "".join(
        f'<li><b>{wind}</b> {escape(name)} <span class="num">{total}</span></li>'
        for wind, name, total in card.players
    )
    planned = len(session.hand_numbers())
    progress = escape(
        ngettext("%(done)s / %(counter)s hand", "%(done)s / %(counter)s hands", planned)
        % {"done": card.hands, "counter": planned}
    )
    if card.unconfirmed:
        progress += format_html(
            ' <span class="badge warn">{}</span>',
            gettext("%(number)s unconfirmed") % {"number": card.unconfirmed},
        )
    if card.mismatches:
        progress += format_html(
            ' <span class="badge bad">{}</span>',
            ngettext("%(counter)s mismatch", "%(counter)s mismatches", card.mismatches)
            % {"counter": card.mismatches},
        )
    if card.confirmed_at_table:
        progress += ' · <span class="by-table">{}</span>'.format(
            escape(
                gettext("%(number)s confirmed by the table") % {"number": card.confirmed_at_table}
            )
        )
    return (
        f'<a class="card session-card {status}" href="{escape(session.desk_url())}" '
        f'id="{anchor}"><h2>{heading} <span class="badge">'
        f"{escape(words.status.get(status, status))}</span></h2>"
        f'<ol class="seats">{seats}</ol><p class="muted">{progress}</p>'
        f"{_chips(card, words)}</a>"
    )


def _chips(card: SessionCard, words: Words) -> str:
    """The hands the table entered that still wait for someone, one chip each."""
    if not card.signals:
        return ""
    chips = "".join(
        f'<li class="signal {signal.state}" data-hand="{signal.number}" '
        f'data-state="{signal.state}">{signal.number}<span class="sr-only">: '
        f"{escape(words.signal[signal.state])}</span></li>"
        for signal in card.signals
    )
    return f'<ol class="table-signals" aria-label="{escape(words.signals_heading)}">{chips}</ol>'

"""How play's places read in the reader's language: a table, a round, a session.

Vocabulary
----------
label       what a person reads for a place: ``"Table 2"``, ``"Table 2 (Blue room)"`` (the
            organiser's own label kept as typed), ``"Round 1, Table 2"`` and, for the hands
            after a round's table change, ``"Round 1, Table 2, hands after the change"``.
status word a session's status (open, closed, reconciled) as a person reads it.

The models' ``__str__`` stays English (the admin, logs and stored audit texts use it); pages
and messages to people use these labels, through the ``table_label`` and ``session_label``
filters of ``{% load desk %}`` in templates.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext_lazy

#: A session's status in words (`Session.Status`; the model keeps its English labels).
SESSION_STATUS_WORDS = {
    "open": pgettext_lazy("session status", "Open"),
    "closed": pgettext_lazy("session status", "Closed"),
    "reconciled": pgettext_lazy("session status", "Reconciled"),
}


def table_label(table) -> str:
    """ "Table 2", or "Table 2 (Blue room)" with the organiser's label, in the active language."""
    if table.label:
        return gettext("Table %(number)s (%(label)s)") % {
            "number": table.number,
            "label": table.label,
        }
    return gettext("Table %(number)s") % {"number": table.number}


def session_label(session) -> str:
    """ "Round 1, Table 2" (and ", hands after the change" for a second half), in the active
    language."""
    values = {"round": session.round.number, "table": table_label(session.table)}
    if session.half == 1:
        return gettext("Round %(round)s, %(table)s") % values
    return gettext("Round %(round)s, %(table)s, hands after the change") % values

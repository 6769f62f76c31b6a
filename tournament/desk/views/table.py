"""The table page: a judge at the table enters each hand of the session on a phone, and the
desk sees which hands the table has entered.

Vocabulary: see `tournament.play.services.table` (table entry, table's next, first and second
entry) and `tournament.play.selectors` (table signal). The page shows the table's progress as
signals only - never the desk's entry of a hand (blind double entry).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...play.forms import HandForm
from ...play.preview import preview_context
from ...play.selectors.sessions import seating_of
from ...play.selectors.table import table_next_number, table_signals
from ...play.services import hands as hand_services
from ...play.services import table as table_services
from .common import errors_onto, session_context, session_page, session_url

RESULT_MESSAGES = {
    "first": gettext_lazy(
        "Hand %(number)s saved from the table. The desk's entry will be compared with it."
    ),
    "confirmed": gettext_lazy(
        "Hand %(number)s confirmed: the table's entry agrees with the desk's."
    ),
    "mismatch": gettext_lazy(
        "Hand %(number)s: the table's entry differs from the desk's. The head judge will compare "
        "them; carry on with the next hand."
    ),
}


@session_page()
def table_page(request, session):
    """The session's hands as signals and the form for the table's next hand (a POST saves)."""
    seating = seating_of(session)
    next_number = table_next_number(session)
    number = next_number or 1
    status = 200
    if request.method == "POST":
        form = HandForm(request.POST, seating=seating, number=number)
        if form.is_valid():
            try:
                done = table_services.table_entry_save(
                    session=session, entry=form.entry(), user=request.user, seating=seating
                )
            except hand_services.EntryRejected as error:
                errors_onto(form, error.evaluation)
            except ValidationError as error:
                form.add_error(None, error)
            else:
                values = {"number": done.hand.number}
                result = RESULT_MESSAGES[done.result] % values
                if done.result == "first" and done.hand.confirmed:
                    result = _("Hand %(number)s saved from the table.") % values
                messages.success(request, result)
                return redirect(session_url(session, "table_page"))
        status = 422
    else:
        initial = {"number": next_number, "outcome": "win", "win_type": "discard"}
        form = HandForm(initial=initial, seating=seating, number=number)
    context = session_context(
        session,
        next_number=next_number,
        signals=table_signals([session.pk]).get(session.pk, []),
        preview_url=session_url(session, "hand_preview"),
        **preview_context(form, None, seating),
    )
    return render(request, "tournament/desk/table.html", context, status=status)

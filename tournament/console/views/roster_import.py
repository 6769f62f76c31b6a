"""The roster import: upload or paste a file, preview every row with what will happen to it,
then confirm. The plan is `event.roster_import` (pure); the write is
`event.services.roster_import`, planned again at confirmation against the roster as it is then.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ...event import selectors, services
from ...event.roster_files import FileProblem, rows_from_bytes, rows_from_text
from ...event.roster_import import RowsError, columns_from_header, header_looks_like, plan_import
from ...form_errors import error_text
from ..forms import ImportForm
from .common import console_page

IMPORT_SESSION_KEY = "event_roster_import"
PREVIEW_LIMIT = 500  # rows shown in full on the preview page; every problem is always listed


def _rows_and_columns(form: ImportForm) -> tuple[list[list[str]], list[str | None], int]:
    """Read the form's file or text; return (data rows, columns, line of the first data row)."""
    upload = form.cleaned_data.get("file")
    if upload is not None:
        rows = rows_from_bytes(upload.read(), filename=upload.name)
    else:
        rows = rows_from_text(form.cleaned_data["text"])
    header = form.cleaned_data["header"]
    if header == "auto":
        header = "yes" if header_looks_like(rows[0]) else "no"
    if header == "yes":
        return rows[1:], columns_from_header(rows[0]), 2
    columns = form.chosen_columns()
    if not columns:
        raise RowsError("Choose what each column holds, or give the file a header row.")
    return rows, columns_from_header([column or "" for column in columns]), 1


def _plan(tournament, rows, columns, first_line):
    return plan_import(
        rows,
        columns=columns,
        countries=selectors.country_lookup(),
        known=selectors.known_players(tournament),
        first_line=first_line,
    )


@console_page()
def roster_import(request, tournament):
    form = ImportForm(request.POST or None, request.FILES or None)
    plan = None
    if request.method == "POST" and form.is_valid():
        try:
            rows, columns, first_line = _rows_and_columns(form)
        except (FileProblem, RowsError) as problem:
            form.add_error(None, str(problem))
        else:
            plan = _plan(tournament, rows, columns, first_line)
            request.session[IMPORT_SESSION_KEY] = {
                "tournament": tournament.pk,
                "rows": rows,
                "columns": columns,
                "first_line": first_line,
            }
    context = {
        "tournament": tournament,
        "form": form,
        "plan": plan,
        "shown": plan.lines[:PREVIEW_LIMIT] if plan else [],
        "hidden": max(0, len(plan.lines) - PREVIEW_LIMIT) if plan else 0,
        "counts": plan.counts() if plan else {},
        "to_import": sum(n for a, n in plan.counts().items() if a != "skip") if plan else 0,
    }
    return render(request, "tournament/event/roster_import.html", context)


@console_page()
@require_POST
def roster_import_confirm(request, tournament):
    stored = request.session.get(IMPORT_SESSION_KEY)
    if not stored or stored.get("tournament") != tournament.pk:
        messages.error(request, "There is no import to confirm: upload the file again.")
        return redirect("event:roster_import", slug=tournament.slug)
    # Planned again against the roster as it is now: what is saved is what the rules allow now.
    plan = _plan(tournament, stored["rows"], stored["columns"], stored["first_line"])
    try:
        counts = services.roster_import(tournament=tournament, plan=plan)
    except ValidationError as error:
        messages.error(request, "Nothing was saved. " + error_text(error))
        return redirect("event:roster_import", slug=tournament.slug)
    del request.session[IMPORT_SESSION_KEY]
    messages.success(
        request,
        f"Imported: {counts.get('new', 0)} new player(s), {counts.get('register', 0)} existing "
        f"player(s) registered, {counts.get('skip', 0)} already registered (unchanged).",
    )
    return redirect("event:roster", slug=tournament.slug)

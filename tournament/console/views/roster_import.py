"""The roster import: upload or paste a file, preview every row with what will happen to it,
then confirm. The file's header decision and the plan come from `event.roster_bridge` (the
same bridge the `import_players` command uses); the write is `services.registrations.roster_import`,
planned again at confirmation against the roster as it is then.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...event import roster_bridge
from ...event.roster_columns import RowsError
from ...event.roster_files import FileProblem, file_rows, rows_from_text
from ...event.services import registrations as registrations_services
from ...web.form_errors import error_text
from ..forms.roster_import import ImportForm
from .common import console_page

IMPORT_SESSION_KEY = "event_roster_import"
PREVIEW_LIMIT = 500  # rows shown in full on the preview page; every problem is always listed


def _import_source(form: ImportForm) -> tuple[roster_bridge.ImportSource, str]:
    """Read the form's file or text with its header decision (`roster_bridge.import_source`),
    and what the preview says about the file's encoding (empty for a workbook or pasted text)."""
    upload = form.cleaned_data.get("file")
    read_as = ""
    if upload is not None:
        read = file_rows(upload.read(), filename=upload.name)
        rows, read_as = read.rows, roster_bridge.shown(read.read_as())
    else:
        rows = rows_from_text(form.cleaned_data["text"])
    source = roster_bridge.import_source(
        rows, header=form.cleaned_data["header"], columns=form.chosen_columns()
    )
    return source, read_as


def _shown_line(line) -> dict:
    """A preview line with its problems and notices in the reader's language."""
    return {
        "line": line,
        "problems": [roster_bridge.shown(problem) for problem in line.problems],
        "notices": [roster_bridge.shown(notice) for notice in line.notices],
    }


@console_page()
def roster_import(request, tournament):
    form = ImportForm(request.POST or None, request.FILES or None)
    plan, read_as = None, ""
    if request.method == "POST" and form.is_valid():
        try:
            source, read_as = _import_source(form)
        except (FileProblem, RowsError) as problem:
            form.add_error(None, roster_bridge.shown(problem.text))
        else:
            plan = roster_bridge.plan_source(tournament, source)
            request.session[IMPORT_SESSION_KEY] = {"tournament": tournament.pk, **source.as_data()}
    context = {
        "tournament": tournament,
        "form": form,
        "plan": plan,
        "read_as": read_as,
        "problems": [roster_bridge.shown(m) for m in plan.problem_messages()] if plan else [],
        "shown": [_shown_line(line) for line in plan.lines[:PREVIEW_LIMIT]] if plan else [],
        "hidden": max(0, len(plan.lines) - PREVIEW_LIMIT) if plan else 0,
        "counts": plan.counts() if plan else {},
        "summary": roster_bridge.import_summary(plan.counts()) if plan else "",
        "to_import": sum(n for a, n in plan.counts().items() if a != "skip") if plan else 0,
    }
    return render(request, "tournament/console/roster_import.html", context)


@console_page()
@require_POST
def roster_import_confirm(request, tournament):
    stored = request.session.get(IMPORT_SESSION_KEY)
    if not stored or stored.get("tournament") != tournament.pk:
        messages.error(request, _("There is no import to confirm: upload the file again."))
        return redirect("console:roster_import", slug=tournament.slug)
    # Planned again against the roster as it is now: what is saved is what the rules allow now.
    plan = roster_bridge.plan_source(tournament, roster_bridge.ImportSource.from_data(stored))
    try:
        counts = registrations_services.roster_import(
            tournament=tournament, plan=plan, user=request.user
        )
    except ValidationError as error:
        messages.error(request, _("Nothing was saved. %(reason)s") % {"reason": error_text(error)})
        return redirect("console:roster_import", slug=tournament.slug)
    del request.session[IMPORT_SESSION_KEY]
    messages.success(request, roster_bridge.imported_message(counts))
    return redirect("console:roster", slug=tournament.slug)

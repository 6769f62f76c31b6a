"""The PDF downloads (namespace ``printing``; the organisers' printouts page that lists them is
`tournament.console.views.printouts`, in the same namespace).

Vocabulary: see `tournament.printing.documents` (document, audience, refusal, printout).
A download is made afresh on every request and marked never to be cached (issue 12, point 8).
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers

from ..models import Round
from ..play.selectors import hidden_hand_numbers
from ..release import Rule, public_page
from ..roles import is_official
from .documents import NothingToPrint, PrintRequest, document_get


def _unavailable(request, tournament, document, reason: str, status: int):
    context = {"tournament": tournament, "document": document, "reason": reason}
    return render(request, "tournament/printing/unavailable.html", context, status=status)


def _number(value: str | None) -> int | None:
    value = (value or "").strip()
    return int(value) if value.isdecimal() and len(value) < 6 else None


def _no_half(round_: Round | None, half: str) -> str:
    if round_ is None or round_.table_change_after is None:
        return f"No half {half!r}: this round is played in one half; give half=1 or leave it out."
    return (
        f"No half {half!r}: round {round_.number} changes tables after hand "
        f"{round_.table_change_after}; give half=1 ({round_.hand_range(1)}) or half=2 "
        f"({round_.hand_range(2)})."
    )


@public_page(Rule.ALWAYS, validators=False)
def printout_download(request, tournament, identifier):
    """One PDF: the tournament comes from `public_page` (404 when hidden from the asker), the
    document's audience (a release rule) decides who may have it."""
    try:
        document = document_get(identifier)
    except KeyError as error:
        return _unavailable(request, tournament, None, error.args[0], 404)
    round_ = None
    if document.needs_round:
        number = _number(request.GET.get("round"))
        if number is None:
            reason = f"Say which round: the {document.name.lower()} are printed per round."
            return _unavailable(request, tournament, document, reason, 400)
        round_ = Round.objects.filter(tournament=tournament, number=number).first()
        if round_ is None:
            reason = f"{tournament.name} has no round {number}."
            return _unavailable(request, tournament, document, reason, 404)
    table = request.GET.get("table")
    if table is not None and _number(table) is None:
        return _unavailable(request, tournament, document, f"No table {table!r}.", 404)
    half = request.GET.get("half")
    if half is not None and _number(half) not in (round_.halves if round_ else (1,)):
        return _unavailable(request, tournament, document, _no_half(round_, half), 400)
    refusal = document.refusal(request.user, tournament, round_)
    if refusal:
        if document.audience == Rule.OFFICIALS and not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        status = 403 if document.audience == Rule.OFFICIALS else 404
        return _unavailable(request, tournament, document, refusal, status)
    print_request = PrintRequest(
        tournament=tournament,
        round=round_,
        table=_number(table),
        half=_number(half),
        base_url=request.build_absolute_uri("/"),
        official=is_official(request.user, tournament),
        # Blind double entry: a hand awaiting its second entry is printed only for the official
        # who entered it and head judges, as on the desk's sheet.
        withheld=frozenset(hidden_hand_numbers(request.user, tournament)),
    )
    try:
        printout = document.render(print_request)
    except NothingToPrint as error:
        return _unavailable(request, tournament, document, str(error), 409)
    response = HttpResponse(printout.content, content_type=printout.content_type)
    response["Content-Disposition"] = f'inline; filename="{printout.filename}"'
    add_never_cache_headers(response)
    return response

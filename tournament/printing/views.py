"""The PDF downloads (namespace ``printing``; the organisers' printouts page that lists them is
`tournament.console.views.printouts`, in the same namespace).

Vocabulary: see `tournament.printing.documents.base` (document, audience, refusal, printout) and
`tournament.printing.background` (long printout, viewer). A short printout is made afresh in
the request and marked never to be cached (issue 12, point 8); a long one is a job: the download
address sends the asker to the job's page, which shows its progress every second and then the
file (or the reason it failed, with *Try again*), and the file is served by
`printout_job_file` under the same audience as the download, to the same viewer only. A
visitor's long printout is the last one made while a new one is made, and past the public
bound with nothing made yet the answer is 429 with ``Retry-After`` (`tournament.jobs`).
A job's page notices a job whose worker is gone (`jobs.services.lost.job_lost_notice`); *Try
again* on a job made for another reader (an official whose withheld hands changed since)
asks for the same printout anew for the asker.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.http import FileResponse, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..jobs.selectors import job_file_open, job_of, job_page_context
from ..jobs.services.lost import job_lost_notice
from ..logins import client_address
from ..models import Job, Round
from ..play.selectors.hidden import hidden_hand_numbers
from ..release import Rule, public_page
from ..roles import is_official, is_organiser
from . import background
from .documents.base import BILINGUAL, Document, PrintRequest
from .documents.registry import document_get
from .errors import NothingToPrint

LANGUAGE_FIELD = "language"
#: Seconds a visitor past the public bound is asked to wait (``Retry-After``).
CROWDED_RETRY_SECONDS = 60


def _print_language(request, document: Document) -> str | None:
    """The language asked for (``?language=``), else the asker's; a bilingual choice prints
    a document that has no bilingual form in its Chinese half. None: not a language."""
    asked = request.GET.get(LANGUAGE_FIELD) or translation.get_language()
    if asked in BILINGUAL and asked not in document.languages():
        asked = asked.partition("+")[2]
    return asked if asked in document.languages() else None


def _unavailable(request, tournament, document, reason: str, status: int):
    context = {"tournament": tournament, "document": document, "reason": reason}
    return render(request, "tournament/printing/unavailable.html", context, status=status)


def _number(value: str | None) -> int | None:
    value = (value or "").strip()
    return int(value) if value.isdecimal() and len(value) < 6 else None


def _no_half(round_: Round | None, half: str) -> str:
    if round_ is None or round_.table_change_after is None:
        return _(
            "No half %(half)s: this round is played in one half; give half=1 or leave it out."
        ) % {"half": repr(half)}
    return _(
        "No half %(half)s: round %(number)s changes tables after hand %(after)s; give half=1 "
        "(%(first)s) or half=2 (%(second)s)."
    ) % {
        "half": repr(half),
        "number": round_.number,
        "after": round_.table_change_after,
        "first": round_.hand_range(1),
        "second": round_.hand_range(2),
    }


def _refused(request, tournament, document, round_):
    """The answer refusing ``document`` of ``round_`` to the asker, or None when they may have
    it: the document's audience (`Document.refusal`)."""
    refusal = document.refusal(request.user, tournament, round_)
    if not refusal:
        return None
    if document.audience == Rule.OFFICIALS and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    status = 403 if document.audience == Rule.OFFICIALS else 404
    return _unavailable(request, tournament, document, refusal, status)


@public_page(Rule.ALWAYS, validators=False)
def printout_download(request, tournament, identifier):
    """One PDF: the tournament comes from `public_page` (404 when hidden from the asker), the
    document's audience (a release rule) decides who may have it. The ask is read in steps,
    each of which may refuse it: the document, its round, the table and half, the audience,
    the language; then a long printout is a job, a short one is made here."""
    try:
        document = document_get(identifier)
    except KeyError as error:
        return _unavailable(request, tournament, None, error.args[0], 404)
    round_, problem = _asked_round(request, tournament, document)
    problem = problem or _asked_place(request, round_)
    if problem:
        reason, status = problem
        return _unavailable(request, tournament, document, reason, status)
    refused = _refused(request, tournament, document, round_)
    if refused:
        return refused
    language = _print_language(request, document)
    if language is None:
        reason = _("No printout language %(language)s; choose one of: %(known)s.") % {
            "language": repr(request.GET.get(LANGUAGE_FIELD)),
            "known": ", ".join(document.languages()),
        }
        return _unavailable(request, tournament, document, reason, 400)
    print_request = PrintRequest(
        tournament=tournament,
        round=round_,
        table=_number(request.GET.get("table")),
        half=_number(request.GET.get("half")),
        base_url=request.build_absolute_uri("/"),
        official=is_official(request.user, tournament),
        language=language,
        # Blind double entry: a hand awaiting its second entry is printed only for the official
        # who entered it and head judges, as on the desk's sheet.
        withheld=frozenset(hidden_hand_numbers(request.user, tournament)),
    )
    if background.printout_is_long(document, print_request):
        return _printout_job(request, document, print_request)
    return _printout_now(request, document, print_request)


#: Why an ask cannot be printed, and the status that says so.
Problem = tuple[str, int]


def _asked_round(request, tournament, document) -> tuple[Round | None, Problem | None]:
    """The round asked for (``?round=``) when the document is per round."""
    if not document.needs_round:
        return None, None
    number = _number(request.GET.get("round"))
    if number is None:
        reason = _("Say which round: the %(printout)s are printed per round.") % {
            "printout": _(document.name).lower()
        }
        return None, (reason, 400)
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is None:
        reason = _("%(tournament)s has no round %(number)s.") % {
            "tournament": tournament.name,
            "number": number,
        }
        return None, (reason, 404)
    return round_, None


def _asked_place(request, round_: Round | None) -> Problem | None:
    """What is wrong with the table (``?table=``) or the half (``?half=``) asked for."""
    table = request.GET.get("table")
    if table is not None and _number(table) is None:
        return _("No table %(table)s.") % {"table": repr(table)}, 404
    half = request.GET.get("half")
    if half is not None and _number(half) not in (round_.halves if round_ else (1,)):
        return _no_half(round_, half), 400
    return None


def _printout_job(request, document: Document, print_request: PrintRequest):
    """A long printout: to its job's page (or its file, when made); 429 past the public
    bound with nothing made yet."""
    job = background.printout_job_request(
        document=document,
        request=print_request,
        asked_by=request.user,
        asked_from=None if print_request.official else client_address(request),
    )
    if job is None:
        reason = _("Many printouts are being made for visitors just now: try again in a minute.")
        response = _unavailable(request, print_request.tournament, document, reason, 429)
        response["Retry-After"] = str(CROWDED_RETRY_SECONDS)
        add_never_cache_headers(response)
        return response
    return redirect(_job_url(job, "printout_job_file" if job.state == Job.State.DONE else ""))


def _printout_now(request, document: Document, print_request: PrintRequest):
    """A short printout, made in the request and never cached."""
    try:
        printout = document.render(print_request)
    except NothingToPrint as error:
        return _unavailable(request, print_request.tournament, document, str(error), 409)
    response = HttpResponse(
        printout.content,
        content_type=printout.content_type,
        # The header FileResponse writes (a quote escaped, a non-ASCII name as RFC 5987's
        # filename*), on a response whose bytes are at hand.
        headers={"Content-Disposition": content_disposition_header(False, printout.filename)},
    )
    add_never_cache_headers(response)
    return response


# --- the jobs of long printouts ------------------------------------------------------------


def _job_url(job: Job, name: str = "") -> str:
    return reverse(f"printing:{name or 'printout_job'}", args=[job.tournament.slug, job.pk])


def printout_job_page(view):
    """The loader of a printout job's pages: the tournament as for the download (`public_page`),
    the job of that tournament (404 for another's), refused as the download would refuse its
    document (the audience, `release.rule_refusal`) and to any asker but its viewer."""

    @public_page(Rule.ALWAYS, validators=False)
    @wraps(view)
    def wrapped(request, tournament, pk):
        job = job_of(tournament, pk, background.KIND)
        document = background.job_document(job) if job else None
        if job is None or document is None:
            reason = _("No such printout: it was deleted, or it is not this tournament's.")
            return _unavailable(request, tournament, None, reason, 404)
        job.tournament = tournament
        refused = _refused(request, tournament, document, background.job_round(job))
        if refused:
            return refused
        official = is_official(request.user, tournament)
        withheld = hidden_hand_numbers(request.user, tournament)
        if not background.printout_viewer_matches(job, official=official, withheld=withheld):
            if getattr(view, "remakes_for_asker", False) and request.method == "POST":
                again = _job_for_asker(request, tournament, document, job, official, withheld)
                return redirect(_job_url(again))
            reason = _("This printout was made for another reader: ask for it again from its page.")
            return _unavailable(request, tournament, document, reason, 404)
        job_lost_notice(job)
        response = view(request, tournament, job)
        add_never_cache_headers(response)
        return response

    return wrapped


@printout_job_page
def printout_job(request, tournament, job):
    """The job's page: its progress (the fragment alone for htmx's poll), then the file."""
    back = (reverse("public:tournament_detail", args=[tournament.slug]), tournament.name)
    if is_organiser(request.user, tournament):
        back = (reverse("console:printouts", args=[tournament.slug]), _("Printouts"))
    context = job_page_context(
        request,
        tournament,
        job,
        file_url=_job_url(job, "printout_job_file"),
        retry_url=_job_url(job, "printout_job_retry"),
        back=back,
    )
    template = "tournament/jobs/_status.html" if request.htmx else "tournament/jobs/job.html"
    return render(request, template, context)


@printout_job_page
def printout_job_file(request, tournament, job):
    """The job's PDF, once made; before that, its page."""
    if job.state != Job.State.DONE:
        return redirect(_job_url(job))
    opened = job_file_open(job)
    if opened is None:
        reason = _("This file is no longer kept: ask for the printout again.")
        return _unavailable(request, tournament, background.job_document(job), reason, 404)
    return FileResponse(
        opened, content_type=job.content_type, as_attachment=False, filename=job.filename
    )


def _job_for_asker(request, tournament, document, job, official, withheld) -> Job:
    """The same printout as ``job`` (its round, table, half, language) asked anew by this
    asker, who is not the reader it was made for."""
    print_request = background.job_print_request(
        job,
        background.job_round(job),
        base_url=request.build_absolute_uri("/"),
        official=official,
        withheld=withheld,
    )
    again = background.printout_job_request(
        document=document,
        request=print_request,
        asked_by=request.user,
        asked_from=None if official else client_address(request),
    )
    if again is None:
        return job
    again.tournament = tournament
    if again.state == Job.State.FAILED:
        background.printout_job_retry(again)
    return again


@require_POST
def printout_job_retry(request, tournament, job):
    """*Try again*: a failed job (or one whose worker is gone) is queued again; back to its
    page."""
    background.printout_job_retry(job)
    return redirect(_job_url(job))


printout_job_retry.remakes_for_asker = True
printout_job_retry = printout_job_page(printout_job_retry)

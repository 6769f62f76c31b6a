"""Long printouts are made in the background (`tournament.jobs`, kind ``printout``); short ones
stay in the request.

Vocabulary
----------
pages           about how many pages a printout will have (`printout_pages`), from two counts
                (players, cards): the standings about 30 players a page, seating lists 16,
                slips 8, score cards one a card; the scoring aid card 2.
long printout   more pages than ``settings.PRINT_IMMEDIATE_PAGES`` (4): a job, made by a worker
                (the 14-page standings of a 400-player event take seconds). A table's card and
                the aid card are made in the request, as before.
viewer          what of the asker changes the printout: whether they are an official, and the
                hands withheld from them (blind double entry). It is part of the job's
                parameters, so an official's job and the public's are two jobs, and a job's
                file is given only to an asker with the same viewer whom the document's
                audience allows (`printout_viewer_matches`, with `Document.refusal`).
steps           what the job's page shows while the worker makes it: reading the tournament,
                laying out the pages (part by part), writing the PDF, saving the file.
public printout a long printout asked for by a visitor who is not an official: its job follows
                what the public may see of it (`selectors.released.printout_released`), not
                every write; while a new one is made the visitor gets the last one made; and
                only a few are made at once for one address and one tournament (`tournament.jobs`:
                *released*, *stale*, *public bound*). An official's job follows the version and
                goes ahead of the public's in the queue (*priority*).
title           what the job is called for people (`printout_title`): the printout, its round
                and table, and its language named in words ("Player slips (Traditional
                Chinese)"), never a code; said in the reader's language from the job's
                parameters when shown, and stored in English as the job's ``name``.
"""

from __future__ import annotations

import math

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django_tasks import task

from ..jobs.services.asking import job_request, job_retry, public_job_request
from ..jobs.services.worker import JobError, JobFile, job_run
from ..models import Job, Round
from .documents.base import Document, PrintRequest
from .documents.registry import document_get
from .errors import NothingToPrint
from .selectors.common import printout_counts
from .selectors.released import printout_released
from .wording import language_name

KIND = Job.Kind.PRINTOUT
#: Pages of a printout from (players, cards); a document not named here counts one page.
PAGES = {
    "standings": lambda players, cards: math.ceil(players / 30),
    "seating": lambda players, cards: math.ceil(players / 16),
    "slips": lambda players, cards: math.ceil(players / 8),
    "scorecards": lambda players, cards: cards,
    "blank-scorecards": lambda players, cards: cards,
    "aid-card": lambda players, cards: 2,
}


def printout_pages(document: Document, request: PrintRequest) -> int:
    pages = PAGES.get(document.identifier)
    if pages is None:
        return 1
    counts = printout_counts(
        request.tournament, request.round, table_number=request.table, half=request.half
    )
    return pages(*counts)


def printout_is_long(document: Document, request: PrintRequest) -> bool:
    """Whether this printout is made in the background (see *long printout*)."""
    return printout_pages(document, request) > settings.PRINT_IMMEDIATE_PAGES


def _viewer(official: bool, withheld) -> dict:
    return {"official": bool(official), "withheld": sorted([s, n] for s, n in withheld)}


def printout_parameters(document: Document, request: PrintRequest) -> dict:
    return {
        "document": document.identifier,
        "round": request.round.number if request.round else None,
        "table": request.table,
        "half": request.half,
        "base_url": request.base_url,
        "language": request.language,
        **_viewer(request.official, request.withheld),
    }


def printout_viewer_matches(job: Job, *, official: bool, withheld) -> bool:
    """Whether the asker (`viewer`) is the one this job's printout was made for."""
    viewer = _viewer(official, withheld)
    return all(job.parameters.get(name) == value for name, value in viewer.items())


TITLE_ROUND = gettext_noop("%(printout)s, round %(round)s")
TITLE_TABLE = gettext_noop("%(printout)s, table %(table)s")
TITLE_LANGUAGE = gettext_noop("%(printout)s (%(language)s)")


def _title(document: Document, parameters: dict) -> str:
    """The title of a printout job with these parameters, in the active language."""
    title = _(document.name)
    if parameters.get("round") is not None:
        title = _(TITLE_ROUND) % {"printout": title, "round": parameters["round"]}
    if parameters.get("table") is not None:
        title = _(TITLE_TABLE) % {"printout": title, "table": parameters["table"]}
    language = parameters.get("language") or "en"
    if language != "en":
        title = _(TITLE_LANGUAGE) % {"printout": title, "language": language_name(language)}
    return title


def printout_title(job: Job) -> str:
    """The job's title in the reader's language (see *title*); its stored name when its
    printout is no longer known."""
    document = job_document(job)
    return _title(document, job.parameters) if document else job.name


def printout_job_request(
    *, document: Document, request: PrintRequest, asked_by, asked_from: str | None = None
) -> Job | None:
    """The job making this printout: an official's at the tournament's version
    (`jobs.services.asking.job_request`); a visitor's from what the public may see, the last one
    made while it is made anew, within the public bound (`jobs.services.asking.public_job_request`:
    None past it with nothing made yet). ``asked_from``: the visitor's address."""
    parameters = printout_parameters(document, request)
    with translation.override("en"):  # the stored name: English, whatever the reader's
        name = _title(document, parameters)
    job = {"tournament": request.tournament, "kind": KIND, "name": name, "parameters": parameters}
    if not request.official:
        released = printout_released(
            request.tournament, document.identifier, request.round, parameters
        )
        return public_job_request(
            **job, released=released, asked_from=asked_from, task=printout_make
        )
    return job_request(**job, asked_by=asked_by, task=printout_make)


def printout_job_retry(job: Job) -> bool:
    return job_retry(job=job, task=printout_make)


def job_document(job: Job) -> Document | None:
    try:
        return document_get(job.parameters.get("document", ""))
    except KeyError:
        return None


def job_round(job: Job) -> Round | None:
    number = job.parameters.get("round")
    if number is None:
        return None
    return Round.objects.filter(tournament_id=job.tournament_id, number=number).first()


def job_print_request(
    job: Job,
    round_: Round | None,
    *,
    base_url: str,
    official: bool,
    withheld,
    progress=None,
) -> PrintRequest:
    """The printout a job's parameters stand for (its round, table, half, language and the
    site's address, ``base_url`` when it has none) for this viewer (see *viewer*)."""
    parameters = job.parameters
    return PrintRequest(
        tournament=job.tournament,
        round=round_,
        table=parameters.get("table"),
        half=parameters.get("half"),
        base_url=parameters.get("base_url") or base_url,
        official=official,
        language=parameters.get("language", "en"),
        progress=progress,
        withheld=frozenset((session, number) for session, number in withheld),
    )


@task()
def printout_make(job_id: int) -> str:
    """The worker's task: make job ``job_id``'s printout."""
    return job_run(job_id, _make)


def _make(job: Job, report) -> JobFile:
    document = job_document(job)
    if document is None:
        raise JobError(f"There is no printout called {job.parameters.get('document')!r} any more.")
    round_ = job_round(job)
    if job.parameters.get("round") is not None and round_ is None:
        raise JobError(f"Round {job.parameters['round']} no longer exists.")

    def progress(done: int, total: int) -> None:
        if done < total:
            report(10 + 80 * done // total, f"Laying out the pages: part {done + 1} of {total}")
        else:
            report(92, "Writing the PDF")

    report(3, "Reading the tournament")
    request = job_print_request(
        job,
        round_,
        base_url=PrintRequest.base_url,
        official=job.parameters.get("official", False),
        withheld=job.parameters["withheld"],
        progress=progress,
    )
    try:
        printout = document.render(request)
    except NothingToPrint as error:
        raise JobError(str(error)) from error
    return JobFile(printout.filename, printout.content_type, printout.content)

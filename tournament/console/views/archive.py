"""The tournament archive from the console (organisers): *Make the archive* asks for it as a
background job (`tournament.exports.background`); the job's page shows its progress, then the
JSON file to download (``docs/archive.md``), or why it failed with *Try again* (also when its
worker was killed: `jobs.services.job_lost_notice`, noticed by its page).
"""

from __future__ import annotations

from functools import wraps

from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_POST

from ...exports import background
from ...jobs.selectors import job_file_open, job_of, job_page_context
from ...jobs.services.lost import job_lost_notice
from ...models import Job
from .common import console_page


def _job_url(tournament, job: Job, name: str = "archive_job") -> str:
    return reverse(f"console:{name}", args=[tournament.slug, job.pk])


def archive_job_page(view):
    """An organiser's page of one archive job of the URL's tournament (404 for another's)."""

    @console_page()
    @wraps(view)
    def wrapped(request, tournament, pk):
        job = job_of(tournament, pk, background.KIND)
        if job is None:
            raise Http404("No such archive: it was deleted, or it is not this tournament's.")
        job_lost_notice(job)  # its worker gone: failed, with Try again
        response = view(request, tournament, job)
        add_never_cache_headers(response)
        return response

    return wrapped


@console_page()
@require_POST
def archive_export(request, tournament):
    job = background.archive_job_request(tournament=tournament, asked_by=request.user)
    if job.state == Job.State.DONE:
        return redirect(_job_url(tournament, job, "archive_job_file"))
    return redirect(_job_url(tournament, job))


@archive_job_page
def archive_job(request, tournament, job):
    context = job_page_context(
        request,
        tournament,
        job,
        file_url=_job_url(tournament, job, "archive_job_file"),
        retry_url=_job_url(tournament, job, "archive_job_retry"),
        back=(reverse("console:printouts", args=[tournament.slug]), "Printouts and files"),
    )
    template = "tournament/jobs/_status.html" if request.htmx else "tournament/jobs/job.html"
    return render(request, template, context)


@archive_job_page
def archive_job_file(request, tournament, job):
    if job.state != Job.State.DONE:
        return redirect(_job_url(tournament, job))
    opened = job_file_open(job)
    if opened is None:
        raise Http404("This archive is no longer kept: make it again.")
    return FileResponse(
        opened, content_type=job.content_type, as_attachment=True, filename=job.filename
    )


@archive_job_page
@require_POST
def archive_job_retry(request, tournament, job):
    background.archive_job_retry(job)
    return redirect(_job_url(tournament, job))

"""Reads of the background jobs: one job of a tournament, its file, the recent ones.
Vocabulary: see `tournament.jobs`."""

from __future__ import annotations

import datetime as dt

from django.core.files.storage import default_storage
from django.utils import timezone

from ..models import Job, Tournament

#: A job queued this long with no worker taking it makes its page say so.
UNCLAIMED_SECONDS = 30


def job_of(tournament: Tournament, pk: int, kind: str) -> Job | None:
    """Job ``pk`` of ``tournament`` and of ``kind``, or None (another tournament's is None)."""
    return Job.objects.filter(tournament=tournament, pk=pk, kind=kind).first()


def job_file_open(job: Job):
    """The job's file, open for reading, or None when it is not done or its file is gone."""
    if job.state != Job.State.DONE or not job.file:
        return None
    try:
        return default_storage.open(job.file.name, "rb")
    except FileNotFoundError:
        return None


def job_unclaimed(job: Job) -> bool:
    """Queued for longer than `UNCLAIMED_SECONDS`: no worker seems to be running."""
    return job.state == Job.State.QUEUED and timezone.now() - job.updated_at > dt.timedelta(
        seconds=UNCLAIMED_SECONDS
    )


def jobs_recent(tournament: Tournament, *, limit: int = 20) -> list[Job]:
    """The tournament's latest jobs, newest first (one query)."""
    return list(Job.objects.filter(tournament=tournament).order_by("-created_at", "-pk")[:limit])


def job_page_context(
    request, tournament: Tournament, job: Job, *, file_url: str, retry_url: str, back=None
) -> dict:
    """What a job's page and its status fragment (``tournament/jobs/``) show, for every kind:
    ``back`` is (address, label) of the page to return to, or None."""
    return {
        "tournament": tournament,
        "job": job,
        "status_url": request.path,
        "file_url": file_url,
        "retry_url": retry_url,
        "back": back,
        "unclaimed": job_unclaimed(job),
    }

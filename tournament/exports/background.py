"""The tournament archive made in the background (`tournament.jobs`, kind ``archive``): the
console's *Archive* button asks for it, a worker reads the tournament in one snapshot
(`selectors.archive.tournament_archive`), writes the canonical JSON
(`archive.text.archive_dumps`) and keeps the file for the organiser to download.
``manage.py export_tournament`` still writes it at once.

Vocabulary: see `tournament.jobs` (job, maker, steps) and `tournament.exports` (archive).
An archive is the same job again only while it is being made, or for `FRESH_SECONDS` after:
it holds what moves no version (the roll call, the officials, the presets), so a later ask
makes a new one.
"""

from __future__ import annotations

from django_tasks import task

from ..jobs.services.asking import job_request, job_retry
from ..jobs.services.worker import JobFile, job_run
from ..models import Job, Tournament
from .archive.text import archive_dumps
from .selectors.archive import tournament_archive

KIND = Job.Kind.ARCHIVE
CONTENT_TYPE = "application/json"
FRESH_SECONDS = 60


def archive_job_request(*, tournament: Tournament, asked_by) -> Job:
    return job_request(
        tournament=tournament,
        kind=KIND,
        name="Tournament archive",
        parameters={},
        asked_by=asked_by,
        task=archive_make,
        fresh_seconds=FRESH_SECONDS,
    )


def archive_job_retry(job: Job) -> bool:
    return job_retry(job=job, task=archive_make)


@task()
def archive_make(job_id: int) -> str:
    """The worker's task: make job ``job_id``'s archive."""
    return job_run(job_id, _make)


def _make(job: Job, report) -> JobFile:
    report(5, "Reading the tournament (one snapshot)")
    archive = tournament_archive(job.tournament)
    sessions = archive["sessions"]
    hands = sum(len(session["hands"]) for session in sessions)
    report(60, f"Writing {len(sessions)} sessions, {hands} hands and the audit log as JSON")
    content = archive_dumps(archive).encode()
    return JobFile(f"{job.tournament.slug}.json", CONTENT_TYPE, content)

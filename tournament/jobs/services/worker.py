"""The worker's side of a job (vocabulary: see `tournament.jobs`): `job_run` claims a queued
job, runs its kind's maker with a progress reporter and a heartbeat, saves the file to the
default storage and marks the job done, or failed with a reason.

Vocabulary
----------
claim           a queued job turned running by exactly one worker (an update that only one
                can win); a job that was not queued is skipped.
heartbeat       a thread of the worker's own that writes the running job's ``updated_at``
                every `HEARTBEAT_SECONDS` (`_Heartbeat`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import close_old_connections, connection
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_noop

from ...models import Job
from .pruning import FOLDER, jobs_prune

# Stored in English and translated when a page shows it (see `asking`).
SAVING = gettext_noop("Saving the file")

logger = logging.getLogger(__name__)

#: A running job's worker writes its heartbeat this often (see *heartbeat*).
HEARTBEAT_SECONDS = 5
#: How often a worker prunes, at most, after finishing a job.
PRUNE_EVERY_SECONDS = 900

Report = Callable[[int, str], None]


@dataclass(frozen=True)
class JobFile:
    """What a maker returns: the name the person gets, the content type and the bytes."""

    filename: str
    content_type: str
    content: bytes


class JobError(Exception):
    """A reason the file cannot be made that the person who asked can act on."""


Maker = Callable[[Job, Report], JobFile]


def job_report(job_id: int, percent: int, step: str) -> None:
    """Record how far a running job has come (the worker calls it through ``report``)."""
    Job.objects.filter(pk=job_id, state=Job.State.RUNNING).update(
        **Job.stamped(progress=max(0, min(99, int(percent))), step=step[:120])
    )


def _fail(job_id: int, message: str) -> None:
    Job.objects.filter(pk=job_id, state=Job.State.RUNNING).update(
        **Job.stamped(state=Job.State.FAILED, error=message, finished_at=timezone.now())
    )


def _path(job: Job, filename: str) -> str:
    return f"{FOLDER}/{job.tournament_id}/{job.pk}-{filename}"


_last_prune = float("-inf")  # the first job a worker finishes prunes


class _Heartbeat:
    """While a worker makes a job, a thread of its own writes the job's ``updated_at`` every
    `HEARTBEAT_SECONDS` (see *heartbeat*): a maker that reports nothing for a while (the PDF
    being written) is still alive; a killed worker's job falls silent and is noticed as lost.
    Not started inside a transaction (a job run in a request or a test by the immediate
    backend): the row would not be seen by another connection, and the asker is there."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.stopped = threading.Event()
        self.thread = None
        if HEARTBEAT_SECONDS > 0 and not connection.in_atomic_block:
            self.thread = threading.Thread(target=self._beat, name=f"zj-job-{job_id}", daemon=True)
            self.thread.start()

    def _beat(self) -> None:
        try:
            while not self.stopped.wait(HEARTBEAT_SECONDS):
                try:
                    Job.objects.filter(pk=self.job_id, state=Job.State.RUNNING).update(
                        updated_at=timezone.now()
                    )
                except Exception:  # noqa: BLE001 - a missed beat; the next one may pass
                    logger.warning("Job %s: the heartbeat was not written", self.job_id)
                    close_old_connections()
        finally:
            connection.close()

    def stop(self) -> None:
        self.stopped.set()
        if self.thread is not None:
            self.thread.join(timeout=HEARTBEAT_SECONDS)


def job_run(job_id: int, make: Maker) -> str:
    """Make job ``job_id`` with ``make`` (the worker's side): claim it (a job is made by one
    worker at a time), report progress, save the file to the default storage and mark the job
    done; or failed, with the maker's `JobError` as it is, or with what went wrong. An error
    that is not a `JobError` is raised again after it is recorded, for the worker's log.
    Returns the state it left the job in, or "skipped" when it was not queued."""
    if not _claim(job_id):
        return "skipped"
    job = Job.objects.select_related("tournament").get(pk=job_id)
    heart = _Heartbeat(job_id)
    try:
        made = make(job, lambda percent, step: job_report(job_id, percent, step))
        job_report(job_id, 98, SAVING)
        name = default_storage.save(_path(job, made.filename), ContentFile(made.content))
    except JobError as error:
        _fail(job_id, str(error))
        return Job.State.FAILED
    except Exception as error:
        _fail(
            job_id,
            f"The file could not be made: {type(error).__name__}: {str(error)[:300]}. "
            "Try again; if it fails again, the worker's log has the details for the site's "
            "operator.",
        )
        raise
    finally:
        heart.stop()
    if not _mark_done(job_id, name, made):  # pruned or deleted while it was being made
        default_storage.delete(name)
        return "skipped"
    if job.file and job.file.name != name:  # the file it had before it was made again
        default_storage.delete(job.file.name)
    _prune_now_and_then()
    return Job.State.DONE


def _claim(job_id: int) -> bool:
    """Turn the queued job running (see *claim*); False when it was not queued."""
    return bool(
        Job.objects.filter(pk=job_id, state=Job.State.QUEUED).update(
            **Job.stamped(
                state=Job.State.RUNNING,
                progress=1,
                step="Starting",
                started_at=timezone.now(),
                finished_at=None,
                attempts=F("attempts") + 1,
            )
        )
    )


def _mark_done(job_id: int, name: str, made: JobFile) -> bool:
    """Mark the running job done with its saved file; False when it is no longer running."""
    return bool(
        Job.objects.filter(pk=job_id, state=Job.State.RUNNING).update(
            **Job.stamped(
                state=Job.State.DONE,
                progress=100,
                step="Ready",
                file=name,
                filename=made.filename[:160],
                content_type=made.content_type[:100],
                size=len(made.content),
                finished_at=timezone.now(),
            )
        )
    )


def _prune_now_and_then() -> None:
    """Prune the jobs, at most every `PRUNE_EVERY_SECONDS` (housekeeping: a failure is
    logged, the job stays done)."""
    global _last_prune
    if time.monotonic() - _last_prune > PRUNE_EVERY_SECONDS:
        _last_prune = time.monotonic()
        try:
            jobs_prune()
        except Exception:  # noqa: BLE001 - pruning is housekeeping; the job is done
            logger.exception("Pruning the jobs failed")

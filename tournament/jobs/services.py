"""Writes of the background jobs: ask for a file, try a failed one again, run one (the worker's
side), and prune old files. Vocabulary: see `tournament.jobs`.

None of these is a public write: a job changes nothing anyone sees of the tournament, and it
must not move ``last_write``, which is its own version.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import IntegrityError, close_old_connections, connection, transaction
from django.db.models import Exists, F, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext_noop

from ..models import Job, Tournament

# The steps written here, stored in English and translated when a page shows them
# (``{% translate job.step %}`` in ``tournament/jobs/_status.html``).
WAITING = gettext_noop("Waiting for a worker")
MADE_AGAIN = gettext_noop("Made again")
SAVING = gettext_noop("Saving the file")
LOST = (
    "The worker making this file stopped before it was done (it was restarted or killed). "
    "Try again; if it stops again, the site's operator should look at the worker's log."
)

logger = logging.getLogger(__name__)

#: A done job younger than this is given again as it is (see *fresh*).
FRESH_SECONDS = 600
#: Finished jobs are deleted, file and row, this long after they finished...
KEEP_SECONDS = 24 * 3600
#: ...or this long after a later write of their tournament superseded them.
SUPERSEDED_SECONDS = 3600
#: A queued job without news for this long has no worker taking it (see *stuck*).
STUCK_SECONDS = 3600
#: A running job's worker writes its heartbeat this often (see *heartbeat*)...
HEARTBEAT_SECONDS = 5
#: ...and a running job without news for this long has lost its worker (see *lost*).
LOST_SECONDS = 30
#: The queue's order (see *priority*): the officials' files first, the public's after.
OFFICIAL_PRIORITY = 10
PUBLIC_PRIORITY = -10
#: Public printouts being made at once (see *public bound*): for one address, for a tournament.
PUBLIC_PENDING_PER_ADDRESS = 2
PUBLIC_PENDING_PER_TOURNAMENT = 4
#: How often a worker prunes, at most, after finishing a job.
PRUNE_EVERY_SECONDS = 900
FOLDER = "jobs"

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


def job_key(kind: str, parameters: dict) -> str:
    text = json.dumps([kind, parameters], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _now_fields(**fields) -> dict:
    return {"updated_at": timezone.now(), **fields}


def _prioritised(task, priority: int):
    """``task`` at ``priority`` (see *priority*) where its backend orders by priority."""
    using = getattr(task, "using", None)
    if using is None or not getattr(task.get_backend(), "supports_priority", False):
        return task
    return using(priority=priority)


def _send(job_id: int, task, priority: int = OFFICIAL_PRIORITY) -> None:
    """Hand the job to the queue (after the commit that saved it)."""
    try:
        result = _prioritised(task, priority).enqueue(job_id)
    except Exception as error:  # noqa: BLE001 - the queue is down: say so on the job's page
        logger.exception("Job %s could not be queued", job_id)
        Job.objects.filter(pk=job_id, state=Job.State.QUEUED).update(
            **_now_fields(
                state=Job.State.FAILED,
                finished_at=timezone.now(),
                error=(
                    f"The queue of background work could not be reached ({type(error).__name__})."
                    " Try again in a minute; if it goes on, the site's operator should check "
                    "the queue's service."
                ),
            )
        )
        return
    Job.objects.filter(pk=job_id).update(task_id=str(result.id)[:64])


def _enqueue(job: Job, task) -> None:
    priority = PUBLIC_PRIORITY if job.released else OFFICIAL_PRIORITY
    transaction.on_commit(lambda: _send(job.pk, task, priority))


def job_request(
    *,
    tournament: Tournament,
    kind: str,
    name: str,
    parameters: dict,
    asked_by,
    task,
    fresh_seconds: int = FRESH_SECONDS,
) -> Job:
    """The job making this file at the tournament's version: the one already asked for (queued,
    running, done and fresh, or failed: its page shows why), else a new one handed to ``task``.
    A done job older than ``fresh_seconds``, or whose file is gone, is made again on the same
    row."""
    key = job_key(kind, parameters)
    version = tournament.last_write
    same = Job.objects.filter(tournament=tournament, key=key, version=version, released="")
    job = same.first()
    if job is not None and job_lost_notice(job):  # asked again: made again
        job_retry(job=job, task=task)
    if job is None:
        try:
            with transaction.atomic():
                job = Job.objects.create(
                    tournament=tournament,
                    kind=kind,
                    name=name[:120],
                    parameters=parameters,
                    key=key,
                    version=version,
                    asked_by=asked_by if getattr(asked_by, "is_authenticated", False) else None,
                    step=WAITING,
                )
        except IntegrityError:  # asked at the same moment by someone else: theirs is ours
            return same.get()
        _enqueue(job, task)
        job.refresh_from_db()  # an immediate backend has made it already
        return job
    if job.state == Job.State.DONE and not _usable(job, fresh_seconds):
        again = Job.objects.filter(pk=job.pk, state=Job.State.DONE, finished_at=job.finished_at)
        if again.update(**_now_fields(state=Job.State.QUEUED, progress=0, step=MADE_AGAIN)):
            _enqueue(job, task)
        job.refresh_from_db()
    return job


def _pending(jobs):
    return jobs.filter(state__in=[Job.State.QUEUED, Job.State.RUNNING])


def public_job_request(
    *,
    tournament: Tournament,
    kind: str,
    name: str,
    parameters: dict,
    released: str,
    asked_from: str | None,
    task,
) -> Job | None:
    """What a visitor gets for a public file made from ``released`` (see *released*): the job
    made from that content when it is done; else the last file made of the same parameters
    while the new one is made (see *stale*); else the job being made. A new job is queued
    only within the *public bound*; past it the last file made is given, or None (nothing to
    give: the visitor is told to try again in a minute)."""
    key = job_key(kind, parameters)
    family = Job.objects.filter(tournament=tournament, key=key).exclude(released="")
    current = family.filter(released=released).order_by("-pk").first()
    if current is not None and job_lost_notice(current):
        current.refresh_from_db()
    if current is not None and current.state == Job.State.DONE and _usable(current, None):
        return current
    last_made = next(
        (
            job
            for job in family.filter(state=Job.State.DONE).order_by("-finished_at", "-pk")
            if _usable(job, None)
        ),
        None,
    )
    if current is not None and current.state != Job.State.DONE:
        return last_made or current  # being made (or failed: its page says why)
    pending = _pending(Job.objects.filter(tournament=tournament).exclude(released=""))
    crowded = pending.count() >= PUBLIC_PENDING_PER_TOURNAMENT or (
        asked_from is not None
        and pending.filter(asked_from=asked_from).count() >= PUBLIC_PENDING_PER_ADDRESS
    )
    if crowded:
        return last_made
    if current is not None:  # made from this content, its file gone: made again on its row
        again = Job.objects.filter(pk=current.pk, state=Job.State.DONE)
        if again.update(**_now_fields(state=Job.State.QUEUED, progress=0, step=MADE_AGAIN)):
            _enqueue(current, task)
        current.refresh_from_db()
        return last_made or current
    try:
        with transaction.atomic():
            job = Job.objects.create(
                tournament=tournament,
                kind=kind,
                name=name[:120],
                parameters=parameters,
                key=key,
                version=tournament.last_write,
                released=released,
                asked_from=asked_from,
                step=WAITING,
            )
    except IntegrityError:  # the same key at the same version, asked at the same moment
        return family.order_by("-pk").first()
    _enqueue(job, task)
    job.refresh_from_db()  # an immediate backend has made it already
    if job.state == Job.State.DONE:
        return job
    return last_made or job


def _usable(job: Job, fresh_seconds: int | None) -> bool:
    fresh = fresh_seconds is None or (
        job.finished_at and timezone.now() - job.finished_at < dt.timedelta(seconds=fresh_seconds)
    )
    return bool(fresh and job.file and default_storage.exists(job.file.name))


def job_lost_notice(job: Job, *, now: dt.datetime | None = None) -> bool:
    """Mark ``job`` failed with *Try again* when its worker is gone (see *lost*): running with
    no heartbeat for `LOST_SECONDS`. True when it was lost (the row is updated; ``job`` too)."""
    if job.state != Job.State.RUNNING:
        return False
    now = now or timezone.now()
    lost = Job.objects.filter(
        pk=job.pk,
        state=Job.State.RUNNING,
        updated_at__lt=now - dt.timedelta(seconds=LOST_SECONDS),
    ).update(state=Job.State.FAILED, finished_at=now, updated_at=now, error=LOST)
    if lost:
        job.refresh_from_db()
    return bool(lost)


def job_retry(*, job: Job, task) -> bool:
    """Queue a failed job again (*Try again*), or one whose worker is gone (see *lost*); False
    when it had not failed (nothing to do: it is being made, or made)."""
    job_lost_notice(job)
    queued = Job.objects.filter(pk=job.pk, state=Job.State.FAILED).update(
        **_now_fields(state=Job.State.QUEUED, progress=0, step=WAITING, error="")
    )
    if queued:
        _enqueue(job, task)
    job.refresh_from_db()
    return bool(queued)


def job_report(job_id: int, percent: int, step: str) -> None:
    """Record how far a running job has come (the worker calls it through ``report``)."""
    Job.objects.filter(pk=job_id, state=Job.State.RUNNING).update(
        **_now_fields(progress=max(0, min(99, int(percent))), step=step[:120])
    )


def _fail(job_id: int, message: str) -> None:
    Job.objects.filter(pk=job_id, state=Job.State.RUNNING).update(
        **_now_fields(state=Job.State.FAILED, error=message, finished_at=timezone.now())
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
    global _last_prune
    now = timezone.now()
    claimed = Job.objects.filter(pk=job_id, state=Job.State.QUEUED).update(
        **_now_fields(
            state=Job.State.RUNNING,
            progress=1,
            step="Starting",
            started_at=now,
            finished_at=None,
            attempts=F("attempts") + 1,
        )
    )
    if not claimed:
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
    done = Job.objects.filter(pk=job_id, state=Job.State.RUNNING).update(
        **_now_fields(
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
    if not done:  # pruned or deleted while it was being made
        default_storage.delete(name)
        return "skipped"
    if job.file and job.file.name != name:  # the file it had before it was made again
        default_storage.delete(job.file.name)
    if time.monotonic() - _last_prune > PRUNE_EVERY_SECONDS:
        _last_prune = time.monotonic()
        try:
            jobs_prune()
        except Exception:  # noqa: BLE001 - pruning is housekeeping; the job is done
            logger.exception("Pruning the jobs failed")
    return Job.State.DONE


@dataclass(frozen=True)
class Pruned:
    stuck: int  # marked failed: their worker stopped
    deleted: int  # jobs deleted with their files
    orphans: int  # files that no job named

    def __str__(self) -> str:
        return (
            f"{self.deleted} old job(s) deleted with their files, {self.orphans} file(s) without "
            f"a job deleted, {self.stuck} stuck job(s) marked failed."
        )


def jobs_prune(*, now: dt.datetime | None = None) -> Pruned:
    """Mark stuck jobs failed; delete jobs (rows and files) finished more than `KEEP_SECONDS`
    ago, or superseded by a write and finished more than `SUPERSEDED_SECONDS` ago; delete the
    files under ``jobs/`` that no job names."""
    now = now or timezone.now()
    lost = Job.objects.filter(
        state=Job.State.RUNNING, updated_at__lt=now - dt.timedelta(seconds=LOST_SECONDS)
    ).update(state=Job.State.FAILED, finished_at=now, updated_at=now, error=LOST)
    stuck = lost + Job.objects.filter(
        state=Job.State.QUEUED,
        updated_at__lt=now - dt.timedelta(seconds=STUCK_SECONDS),
    ).update(
        state=Job.State.FAILED,
        finished_at=now,
        updated_at=now,
        error=(
            "No worker finished this file within an hour (none is running, or it stopped). "
            "Try again; if it stays queued, the site's operator should start a worker "
            "(manage.py db_worker)."
        ),
    )
    last_write = Tournament.objects.filter(pk=OuterRef("tournament_id")).values("last_write")
    finished = Job.objects.filter(state__in=[Job.State.DONE, Job.State.FAILED]).annotate(
        current=Subquery(last_write)
    )
    newer_made = Job.objects.filter(
        tournament_id=OuterRef("tournament_id"),
        key=OuterRef("key"),
        state=Job.State.DONE,
        finished_at__gt=OuterRef("finished_at"),
    ).exclude(released="")
    superseded_before = now - dt.timedelta(seconds=SUPERSEDED_SECONDS)
    old = finished.filter(
        Q(finished_at__lt=now - dt.timedelta(seconds=KEEP_SECONDS))
        | Q(released="", finished_at__lt=superseded_before, version__lt=F("current"))
        | (~Q(released="") & Q(finished_at__lt=superseded_before) & Exists(newer_made))
    )
    deleted = 0
    for job in old.only("pk", "file"):
        if job.file:
            default_storage.delete(job.file.name)
        job.delete()
        deleted += 1
    return Pruned(stuck=stuck, deleted=deleted, orphans=_orphans_delete())


def _orphans_delete() -> int:
    """Files under ``jobs/<tournament>/`` that no job names (a tournament deleted with its
    jobs, a worker killed between saving and marking done)."""
    try:
        folders, _ = default_storage.listdir(FOLDER)
    except (FileNotFoundError, NotImplementedError):
        return 0
    named = set(Job.objects.exclude(file="").values_list("file", flat=True))
    # A file saved a moment ago may belong to a job whose worker is about to mark it done.
    settled = timezone.now() - dt.timedelta(seconds=FRESH_SECONDS)
    deleted = 0
    for folder in folders:
        _, files = default_storage.listdir(f"{FOLDER}/{folder}")
        for file in files:
            name = f"{FOLDER}/{folder}/{file}"
            if name not in named and default_storage.get_modified_time(name) < settled:
                default_storage.delete(name)
                deleted += 1
    return deleted

"""Asking for a job's file (vocabulary: see `tournament.jobs`): an official's or the archive's
at the tournament's version (`job_request`), a visitor's public printout from what the public
may see, within the public bound (`public_job_request`), a failed one tried again
(`job_retry`); each new or renewed job handed to the queue at its priority.

Vocabulary
----------
family          a public file's jobs: every job of the same key (kind and parameters) made
                from some released content; the newest usable one is the *last made*.
made again      a done job whose file is stale or gone, queued again on the same row.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging

from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from ...models import Job, Tournament
from .lost import job_lost_notice

# The steps written here, stored in English and translated when a page shows them
# (``{% translate job.step %}`` in ``tournament/jobs/_status.html``).
WAITING = gettext_noop("Waiting for a worker")
MADE_AGAIN = gettext_noop("Made again")

logger = logging.getLogger(__name__)

#: A done job younger than this is given again as it is (see *fresh*).
FRESH_SECONDS = 600
#: The queue's order (see *priority*): the officials' files first, the public's after.
OFFICIAL_PRIORITY = 10
PUBLIC_PRIORITY = -10
#: Public printouts being made at once (see *public bound*): for one address, for a tournament.
PUBLIC_PENDING_PER_ADDRESS = 2
PUBLIC_PENDING_PER_TOURNAMENT = 4


def job_key(kind: str, parameters: dict) -> str:
    text = json.dumps([kind, parameters], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


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
            **Job.stamped(
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


def _job_new(task, tournament, kind, name, parameters, key, version, **asked) -> Job | None:
    """A new job of ``tournament`` making this file (``kind``, ``parameters`` and their
    ``key``) at ``version``, with who asked (``asked_by``; a public job's ``released`` and
    ``asked_from``), handed to ``task``; None when the same key at the same version was asked
    at the same moment by someone else (theirs is the one)."""
    try:
        with transaction.atomic():
            job = Job.objects.create(
                tournament=tournament,
                kind=kind,
                name=name[:120],
                parameters=parameters,
                key=key,
                version=version,
                step=WAITING,
                **asked,
            )
    except IntegrityError:
        return None
    _enqueue(job, task)
    job.refresh_from_db()  # an immediate backend has made it already
    return job


def _made_again(job: Job, task, **unchanged) -> None:
    """Queue a done job again on its row (see *made again*), unless another ask did first
    (the row is no longer done, or ``unchanged`` no longer holds)."""
    again = Job.objects.filter(pk=job.pk, state=Job.State.DONE, **unchanged)
    if again.update(**Job.stamped(state=Job.State.QUEUED, progress=0, step=MADE_AGAIN)):
        _enqueue(job, task)
    job.refresh_from_db()


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
        asker = asked_by if getattr(asked_by, "is_authenticated", False) else None
        job = _job_new(task, tournament, kind, name, parameters, key, version, asked_by=asker)
        return job or same.get()
    if job.state == Job.State.DONE and not _usable(job, fresh_seconds):
        _made_again(job, task, finished_at=job.finished_at)
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
    last_made = _last_made(family)
    if current is not None and current.state != Job.State.DONE:
        return last_made or current  # being made (or failed: its page says why)
    if _crowded(tournament, asked_from):
        return last_made
    if current is not None:  # made from this content, its file gone: made again on its row
        _made_again(current, task)
        return last_made or current
    public = {"released": released, "asked_from": asked_from}
    job = _job_new(task, tournament, kind, name, parameters, key, tournament.last_write, **public)
    if job is None:  # the same key at the same version, asked at the same moment
        return family.order_by("-pk").first()
    if job.state == Job.State.DONE:
        return job
    return last_made or job


def _last_made(family) -> Job | None:
    """The family's newest job whose file is there (see *stale*)."""
    done = family.filter(state=Job.State.DONE).order_by("-finished_at", "-pk")
    return next((job for job in done if _usable(job, None)), None)


def _crowded(tournament: Tournament, asked_from: str | None) -> bool:
    """Whether a new public job would pass the *public bound*."""
    pending = _pending(Job.objects.filter(tournament=tournament).exclude(released=""))
    return pending.count() >= PUBLIC_PENDING_PER_TOURNAMENT or (
        asked_from is not None
        and pending.filter(asked_from=asked_from).count() >= PUBLIC_PENDING_PER_ADDRESS
    )


def _usable(job: Job, fresh_seconds: int | None) -> bool:
    fresh = fresh_seconds is None or (
        job.finished_at and timezone.now() - job.finished_at < dt.timedelta(seconds=fresh_seconds)
    )
    return bool(fresh and job.file and default_storage.exists(job.file.name))


def job_retry(*, job: Job, task) -> bool:
    """Queue a failed job again (*Try again*), or one whose worker is gone (see *lost*); False
    when it had not failed (nothing to do: it is being made, or made)."""
    job_lost_notice(job)
    queued = Job.objects.filter(pk=job.pk, state=Job.State.FAILED).update(
        **Job.stamped(state=Job.State.QUEUED, progress=0, step=WAITING, error="")
    )
    if queued:
        _enqueue(job, task)
    job.refresh_from_db()
    return bool(queued)

"""Pruning the jobs (vocabulary: see `tournament.jobs`, *prune*): lost and stuck jobs marked
failed, jobs finished long ago or superseded deleted with their files, and the files under
`FOLDER` that no job names any more. The worker prunes now and then; ``manage.py prune_jobs``
does it at once.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.files.storage import default_storage
from django.db.models import Exists, F, OuterRef, Q, Subquery
from django.utils import timezone

from ...models import Job, Tournament
from .asking import FRESH_SECONDS
from .lost import LOST, LOST_SECONDS

#: Where the jobs' files are kept in the default storage: ``jobs/<tournament>/<job>-<name>``.
FOLDER = "jobs"
#: Finished jobs are deleted, file and row, this long after they finished...
KEEP_SECONDS = 24 * 3600
#: ...or this long after a later write of their tournament superseded them.
SUPERSEDED_SECONDS = 3600
#: A queued job without news for this long has no worker taking it (see *stuck*).
STUCK_SECONDS = 3600


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

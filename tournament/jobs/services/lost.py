"""A job whose worker is gone (vocabulary: see `tournament.jobs`, *lost*): running with no news
(heartbeat or progress) for `LOST_SECONDS`, noticed by whoever looks next and marked failed
with *Try again*.
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from ...models import Job

#: A running job without news for this long has lost its worker (see *lost*).
LOST_SECONDS = 30
LOST = (
    "The worker making this file stopped before it was done (it was restarted or killed). "
    "Try again; if it stops again, the site's operator should look at the worker's log."
)


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

"""The full check of a tournament's kept totals, off the request: a background task checks every
session's kept rows against its hands, payments and penalties (`scores.session_scores_check`)
and keeps what it found in a `TotalsCheck` row, which the health page builds on
(`tournament.play.health`). The task goes through Django's task framework like the files of
`tournament.jobs` (``settings.TASKS``: the database queue and ``manage.py db_worker`` that
``make run`` starts; in the request itself with the immediate backend).

Vocabulary
----------
full check  one `TotalsCheck`: ``queued`` (asked for, waiting for a worker), ``running`` (its
            ``started_at`` is set before its first read: a write after it may be missing from
            it), ``done`` (``drifted`` and ``unbalanced`` session ids) or ``failed``
            (``error``).
due         a new full check is asked for when none is pending and the last one done started
            `WHOLE_EVERY` ago or more (or there is none), and no check failed in that time;
            a pending check without news for `STUCK` has lost its worker: it is marked failed
            and another is asked for.
latest      `Checks`: the last done check, the pending one and the last failure, read in one
            query (a finished check deletes the ones before it, so a tournament keeps a few).

Not a public write: a check changes nothing anyone sees of the tournament and must not move its
``last_write``.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django_tasks import task

from ...models import TotalsCheck, Tournament
from .scores import session_scores_check

logger = logging.getLogger(__name__)

#: How often every session's totals are checked in full, at most.
WHOLE_EVERY = dt.timedelta(minutes=10)
#: A check asked for this long ago and not finished has lost its worker.
STUCK = dt.timedelta(hours=1)
#: How many of a tournament's latest checks are read (a finished check deletes the older ones).
LATEST = 4


@dataclass(frozen=True)
class Checks:
    """A tournament's latest full checks (see *latest*)."""

    done: TotalsCheck | None  # the last one done: what the health page builds on
    pending: TotalsCheck | None  # queued or running
    failed: TotalsCheck | None  # the last one, when it failed after the last one done


def totals_checks(tournament: Tournament, *, ask: bool = True) -> Checks:
    """The latest full checks of ``tournament``; with ``ask``, a new one is asked for when one
    is due (see *due*): queued for a worker, or made at once by an immediate backend."""
    now = timezone.now()
    checks = _latest(tournament, now)
    if ask and _due(checks, now):
        _ask(tournament, now)
        checks = _latest(tournament, now)
    return checks


def _latest(tournament: Tournament, now: dt.datetime) -> Checks:
    done = pending = failed = None
    for check in TotalsCheck.objects.filter(tournament=tournament).order_by("-pk")[:LATEST]:
        if check.state == TotalsCheck.State.DONE:
            done = done or check
            break  # what came before it is superseded
        if check.state == TotalsCheck.State.FAILED:
            failed = failed or check
        elif pending is None and now - check.asked_at < STUCK:
            pending = check
    return Checks(done, pending, failed)


def _due(checks: Checks, now: dt.datetime) -> bool:
    if checks.pending is not None:
        return False
    if checks.failed is not None and now - checks.failed.asked_at < WHOLE_EVERY:
        return False  # tried lately: its failure is on the page; try again later
    return checks.done is None or now - checks.done.started_at >= WHOLE_EVERY


def _ask(tournament: Tournament, now: dt.datetime) -> None:
    TotalsCheck.objects.filter(
        tournament=tournament,
        state__in=[TotalsCheck.State.QUEUED, TotalsCheck.State.RUNNING],
        asked_at__lte=now - STUCK,
    ).update(
        state=TotalsCheck.State.FAILED,
        finished_at=now,
        error="No worker ran this check within an hour (none is running, or it stopped).",
    )
    check = TotalsCheck.objects.create(tournament=tournament, asked_at=now)
    transaction.on_commit(lambda: _send(check.pk))


def _send(check_id: int) -> None:
    """Hand the check to the queue (after the commit that saved it); when the queue cannot be
    reached the check fails, and the page says so."""
    try:
        totals_check_run.enqueue(check_id)
    except Exception as error:  # noqa: BLE001 - the queue is down: the page says so
        logger.exception("Totals check %s could not be queued", check_id)
        TotalsCheck.objects.filter(pk=check_id, state=TotalsCheck.State.QUEUED).update(
            state=TotalsCheck.State.FAILED,
            finished_at=timezone.now(),
            error=f"The queue of background work could not be reached ({type(error).__name__}).",
        )


@task()
def totals_check_run(check_id: int) -> str:
    """The worker's task: run full check ``check_id``; returns the state it left it in, or
    "skipped" when it was not queued (run already, or gone)."""
    return totals_check_make(check_id)


def totals_check_make(check_id: int) -> str:
    """Claim check ``check_id`` (one worker runs it), set its start before any read, check every
    session of its tournament, and keep what it found; delete the tournament's checks before
    it."""
    started = timezone.now()
    claimed = TotalsCheck.objects.filter(pk=check_id, state=TotalsCheck.State.QUEUED).update(
        state=TotalsCheck.State.RUNNING, started_at=started
    )
    if not claimed:
        return "skipped"
    check = TotalsCheck.objects.select_related("tournament").get(pk=check_id)
    try:
        drifted, unbalanced = session_scores_check(tournament=check.tournament)
    except Exception as error:
        TotalsCheck.objects.filter(pk=check_id).update(
            state=TotalsCheck.State.FAILED,
            finished_at=timezone.now(),
            error=f"{type(error).__name__}: {str(error)[:300]}",
        )
        raise
    TotalsCheck.objects.filter(pk=check_id, state=TotalsCheck.State.RUNNING).update(
        state=TotalsCheck.State.DONE,
        finished_at=timezone.now(),
        drifted=list(drifted),
        unbalanced=sorted(unbalanced),
    )
    TotalsCheck.objects.filter(tournament_id=check.tournament_id, pk__lt=check_id).delete()
    return TotalsCheck.State.DONE

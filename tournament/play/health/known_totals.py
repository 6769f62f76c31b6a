"""What the health page knows of the kept session totals, on top of the background full check.

Vocabulary
----------
full check      the background task that checks every session's kept totals against the
                payments (`services.totals`, at most every `WHOLE_EVERY`); `Checks.done` is the
                last one done.
kept totals     the sessions' kept rows (`SessionScore`, `services.scores.kept_rows`); they
                *drift* when they differ from the payments and penalties, and a session is
                *unbalanced* when its payments do not sum to zero.
checked again   a session the page checks itself (`totals_known`): written since the full
                check started or since the last visit (the audit log says which, with a
                `MARGIN`), found wrong before, or whose kept hand points do not sum to zero.
verified        what a visit found (`Verified`), kept in the cache for the next visit.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.utils import timezone

from ...models import AuditEntry, Tournament
from ..services.scores import FIELDS, session_scores_check
from ..services.totals import WHOLE_EVERY, Checks

#: How far back the audit log is read before the last check, for writes that were still being
#: committed when it ran.
MARGIN = dt.timedelta(minutes=1)
#: Where a kept row (`kept_rows`) has its hand points.
HAND_POINTS_AT = FIELDS.index("hand_points")


@dataclass(frozen=True)
class Verified:
    """What a visit found of the kept totals, on top of the full check ``check`` (see
    `totals_known`)."""

    check: int  # the full check's id
    checked_at: dt.datetime  # when the sessions written since were last checked
    drifted: tuple[int, ...]
    unbalanced: frozenset[int]


def totals_known(
    tournament: Tournament, checks: Checks, *, places: dict, with_hands: set[int], kept: dict
) -> tuple[list[int], set[int]]:
    """The drifted sessions (in place order) and the unbalanced ones as the last full check
    found them, with every session that may have changed since checked again: those written
    since it started (by the audit log, with a `MARGIN` for writes still committing), those it
    found wrong, and those whose kept hand points do not sum to zero. A visit keeps what it
    found (`Verified`, in the cache) and the next one reads the audit log from there; the
    payments read are only those of the sessions checked again. Without a full check done, only
    the sessions whose kept hand points do not sum to zero are checked."""
    key = f"health:totals:{tournament.pk}"
    now = timezone.now()
    points: dict[int, int] = defaultdict(int)
    for (pk, _), row in kept.items():
        points[pk] += row[HAND_POINTS_AT]
    again = {pk for pk, total in points.items() if total}
    done = checks.done
    last = None
    if done is not None:
        last = cache.get(key)
        if last is None or last.check != done.pk:
            last = Verified(
                done.pk, done.started_at, tuple(done.drifted), frozenset(done.unbalanced)
            )
        again |= set(
            AuditEntry.objects.filter(
                tournament=tournament,
                created_at__gte=last.checked_at - MARGIN,
                session__isnull=False,
            )
            .order_by()
            .values_list("session_id", flat=True)
            .distinct()
        )
        again |= set(last.drifted) | last.unbalanced
    again &= places.keys()
    found, unbalanced = (
        session_scores_check(
            tournament=tournament, places=places, with_hands=with_hands, kept=kept, only=again
        )
        if again
        else ([], set())
    )
    drifted = set(found)
    if last is not None:
        drifted |= {pk for pk in last.drifted if pk not in again and pk in places}
        unbalanced |= (last.unbalanced - again) & places.keys()
    ordered = sorted(drifted, key=lambda pk: (places[pk][4], places[pk][5], places[pk][2]))
    if done is not None:
        cache.set(
            key,
            Verified(done.pk, now, tuple(ordered), frozenset(unbalanced)),
            timeout=int(WHOLE_EVERY.total_seconds()) * 2,
        )
    return ordered, unbalanced

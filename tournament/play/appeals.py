"""The appeal window, as plain values: when a session's window ends and whether it is open.

Vocabulary
----------
appeal window   the minutes after a session is reconciled during which its players may query
                one of its hands (`Tournament.appeal_window_minutes`; 0 means none). Its *end*
                is the reconciliation time plus those minutes, or the moment a head judge
                *closed it early*, whichever comes first. A session that is not reconciled has
                no window yet (its results are provisional anyway); reconciling again after a
                reopening starts a new window.
open            the window has an end and ``now`` is before it.

Pure Python: the callers (`play.selectors`, `standings.selectors`) pass the times in, so tests
give any clock they like.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class AppealWindow:
    ends_at: dt.datetime | None  # None: no window (none set, or not reconciled yet)
    closed_early: bool = False

    def is_open(self, now: dt.datetime) -> bool:
        return self.ends_at is not None and now < self.ends_at


def appeal_window(
    *, minutes: int, reconciled_at: dt.datetime | None, closed_at: dt.datetime | None
) -> AppealWindow:
    """The window of a session reconciled at ``reconciled_at`` (see the vocabulary)."""
    if not minutes or reconciled_at is None:
        return AppealWindow(None)
    ends_at = reconciled_at + dt.timedelta(minutes=minutes)
    if closed_at is not None and closed_at < ends_at:
        return AppealWindow(closed_at, closed_early=True)
    return AppealWindow(ends_at)

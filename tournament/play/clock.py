"""The round clock as the pages show it. Pure Python: plain values in, a state out.

Vocabulary
----------
running     the clock has an end time (``ends_at``, aware UTC) and is counting down; every
            browser counts down from that server time, so all screens agree.
paused      the clock is stopped with ``paused_left`` seconds to go.
extra       seconds one table plays beyond the round's clock (a head judge's extension for
            that table alone); the table's end time is the round's plus its extra.
idle        no clock for this round.

The state is a code (pages use it as a class); `ClockState.state_word` says it in English,
marked for the catalogues (``{{ clock.state_word|translate_term }}`` on a page).

The head judge's controls (start, pause, resume, extend, stop) are in `play.services.clock`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from scoring.engine.messages import gettext_noop

#: Each state in words, translated where shown.
STATE_WORDS = {
    "running": gettext_noop("running"),
    "paused": gettext_noop("paused"),
    "idle": gettext_noop("no clock"),
}


@dataclass(frozen=True)
class ClockState:
    ends_at: dt.datetime | None
    paused_left: int | None
    extra: int = 0

    @property
    def state(self) -> str:
        if self.paused_left is not None:
            return "paused"
        return "running" if self.ends_at is not None else "idle"

    @property
    def state_word(self) -> str:
        """The state in English words ("paused"), marked for the catalogues."""
        return STATE_WORDS[self.state]

    @property
    def table_ends_at(self) -> dt.datetime | None:
        if self.ends_at is None:
            return None
        return self.ends_at + dt.timedelta(seconds=self.extra)

    def seconds_left(self, now: dt.datetime) -> int | None:
        if self.paused_left is not None:
            return self.paused_left + self.extra
        if self.ends_at is None:
            return None
        return max(0, int((self.table_ends_at - now).total_seconds()))

    def text(self, now: dt.datetime) -> str:
        left = self.seconds_left(now)
        if left is None:
            return ""
        return f"{left // 60:d}:{left % 60:02d}"

    @property
    def display(self) -> str:
        """The time left now, for pages read without JavaScript."""
        return self.text(dt.datetime.now(dt.UTC))

    @property
    def iso_end(self) -> str:
        end = self.table_ends_at
        return end.isoformat() if end else ""


def clock_of(round_, extra: int = 0) -> ClockState:
    """The clock of a round (``round_`` has ``clock_ends_at`` and ``clock_paused_left``)."""
    return ClockState(round_.clock_ends_at, round_.clock_paused_left, extra)

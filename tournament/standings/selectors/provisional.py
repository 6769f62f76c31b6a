"""What is not final yet in the counted rounds: the provisional marks of the standings.

Vocabulary
----------
provisional     `Provisional`: sessions with hands that are not reconciled and hands awaiting a
                second entry or a head judge's decision, in the counted rounds; the pages and
                exports that show standings say so plainly (`Provisional.lines`, ``summary``).
                Also the sessions whose appeal window is open (`play.appeals`, until its end
                time) or that have a hand query waiting for the head judge: the rows of their
                players are marked provisional (`Provisional.row_note`). A window closes by the
                clock, not by a write, so a kept board asks its clock (`Provisional.clock`)
                each time it is read.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ...models import Hand, HandEntry, HandQuery, Session, SessionScore, Tournament
from ...play.appeals import appeal_window
from ...web.languages import moment_text
from .inputs import counted_rounds


@dataclass
class Provisional:
    unreconciled: dict[int, list[int]] = field(default_factory=dict)  # round -> table numbers
    pending_hands: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, table)
    # (round, table) -> end of its appeal window, for the windows open when the board was built
    appeal_ends: dict[tuple[int, int], dt.datetime] = field(default_factory=dict)
    open_queries: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, table)
    player_tables: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # of the two
    clock: Callable[[], dt.datetime] = field(default=timezone.now, repr=False, compare=False)

    @property
    def open_appeals(self) -> dict[tuple[int, int], dt.datetime]:
        """The appeal windows still open now, by (round, table)."""
        now = self.clock()
        return {key: end for key, end in self.appeal_ends.items() if now < end}

    @property
    def appeals_end(self) -> dt.datetime | None:
        """When the last open appeal window closes."""
        return max(self.open_appeals.values(), default=None)

    def _at(self, moment: dt.datetime) -> str:
        """A window's end as the reader is told it: with its day when not today."""
        return moment_text(moment, self.clock())

    @property
    def active(self) -> bool:
        return bool(
            self.unreconciled or self.pending_hands or self.open_queries or self.open_appeals
        )

    def row_note(self, player_id: int) -> str:
        """Why this player's row is provisional ("" when it is not): a query of their table
        waits for the head judge, or their table's appeal window is open until a time."""
        tables = self.player_tables.get(player_id)
        if not tables:  # most rows: no open window or query at their tables
            return ""
        if any(key in self.open_queries for key in tables):
            return gettext("provisional: a hand query awaits the head judge")
        appeals = self.open_appeals
        ends = [appeals[key] for key in tables if key in appeals]
        if not ends:
            return ""
        return gettext("provisional until %(time)s (appeal window)") % {"time": self._at(max(ends))}

    @property
    def unreconciled_count(self) -> int:
        return sum(len(tables) for tables in self.unreconciled.values())

    @property
    def pending_count(self) -> int:
        return sum(self.pending_hands.values())

    def lines(self) -> list[str]:
        lines = []
        for number, tables in sorted(self.unreconciled.items()):
            lines.append(
                ngettext(
                    "Round %(number)s: %(count)s session(s) not reconciled (table %(tables)s).",
                    "Round %(number)s: %(count)s session(s) not reconciled (tables %(tables)s).",
                    len(tables),
                )
                % {"number": number, "count": len(tables), "tables": ", ".join(map(str, tables))}
            )
        if self.pending_hands:
            where = ", ".join(
                gettext("round %(number)s table %(table)s (%(count)s)")
                % {"number": r, "table": t, "count": n}
                for (r, t), n in sorted(self.pending_hands.items())
            )
            lines.append(
                gettext("%(count)s hand(s) await a second entry or a head judge: %(where)s.")
                % {"count": self.pending_count, "where": where}
            )
        by_round: dict[int, list[tuple[int, dt.datetime]]] = defaultdict(list)
        for (number, table), end in sorted(self.open_appeals.items()):
            by_round[number].append((table, end))
        for number, tables in by_round.items():
            lines.append(
                ngettext(
                    "Round %(number)s: appeal window open until %(time)s (table %(tables)s).",
                    "Round %(number)s: appeal window open until %(time)s (tables %(tables)s).",
                    len(tables),
                )
                % {
                    "number": number,
                    "time": self._at(max(e for _, e in tables)),
                    "tables": ", ".join(str(t) for t, _ in tables),
                }
            )
        for (number, table), count in sorted(self.open_queries.items()):
            lines.append(
                ngettext(
                    "Round %(number)s table %(table)s: %(count)s hand query await the head judge.",
                    "Round %(number)s table %(table)s: %(count)s hand queries await the head "
                    "judge.",
                    count,
                )
                % {"number": number, "table": table, "count": count}
            )
        return lines

    def summary(self) -> str:
        parts = []
        if self.unreconciled:
            parts.append(
                gettext("%(count)s session(s) not reconciled") % {"count": self.unreconciled_count}
            )
        if self.pending_hands:
            parts.append(
                gettext("%(count)s hand(s) awaiting a second entry") % {"count": self.pending_count}
            )
        if self.open_appeals:
            parts.append(
                gettext("appeal window open until %(time)s") % {"time": self._at(self.appeals_end)}
            )
        if self.open_queries:
            parts.append(
                gettext("%(count)s hand query(ies) open")
                % {"count": sum(self.open_queries.values())}
            )
        if not parts:
            return ""
        return gettext("Provisional: %(parts)s.") % {"parts": gettext(" and ").join(parts)}


def _appeals(
    result: Provisional, tournament: Tournament, round_limit: int | None, now: dt.datetime
) -> None:
    """The open appeal windows and open hand queries of the counted rounds, and the players of
    their tables: at most three small queries."""
    counted = counted_rounds("session__round__number", round_limit)
    sessions: dict[int, tuple[int, int]] = {}
    if tournament.appeal_window_minutes:
        since = now - dt.timedelta(minutes=tournament.appeal_window_minutes)
        for pk, number, table, reconciled_at, closed_at in Session.objects.filter(
            round__tournament=tournament,
            status=Session.Status.RECONCILED,
            reconciled_at__gt=since,
            **counted_rounds("round__number", round_limit),
        ).values_list("pk", "round__number", "table__number", "reconciled_at", "appeal_closed_at"):
            window = appeal_window(
                minutes=tournament.appeal_window_minutes,
                reconciled_at=reconciled_at,
                closed_at=closed_at,
            )
            if window.is_open(now):
                result.appeal_ends[(number, table)] = window.ends_at
                sessions[pk] = (number, table)
    for row in (
        HandQuery.objects.filter(
            session__round__tournament=tournament, status=HandQuery.Status.OPEN, **counted
        )
        .order_by()
        .values("session_id", "session__round__number", "session__table__number")
        .annotate(count=Count("pk"))
    ):
        key = (row["session__round__number"], row["session__table__number"])
        result.open_queries[key] = result.open_queries.get(key, 0) + row["count"]
        sessions[row["session_id"]] = key
    if sessions:
        for player_id, session_id in SessionScore.objects.filter(
            Q(session_id__in=list(sessions)), tournament=tournament
        ).values_list("player_id", "session_id"):
            result.player_tables.setdefault(player_id, []).append(sessions[session_id])


def provisional(
    tournament: Tournament,
    round_limit: int | None = None,
    clock: Callable[[], dt.datetime] = timezone.now,
) -> Provisional:
    """What is not final yet in the counted rounds: a few small queries."""
    result = Provisional(clock=clock)
    _appeals(result, tournament, round_limit, clock())
    for number, table in (
        Session.objects.filter(
            round__tournament=tournament,
            scores__isnull=False,
            **counted_rounds("round__number", round_limit),
        )
        .exclude(status=Session.Status.RECONCILED)
        .values_list("round__number", "table__number")
        .distinct()
        .order_by("round__number", "table__number")
    ):
        result.unreconciled.setdefault(number, []).append(table)
    pending = Hand.objects.filter(
        session__round__tournament=tournament,
        confirmed=False,
        **counted_rounds("session__round__number", round_limit),
    )
    for row in (
        pending.order_by()
        .values("session__round__number", "session__table__number")
        .annotate(count=Count("pk"))
    ):
        key = (row["session__round__number"], row["session__table__number"])
        result.pending_hands[key] = row["count"]
    # Mismatches awaiting the head judge: the hands of this tournament among those with a
    # second entry (a small table, read as a subquery first), not the tournament's hands
    # searched for an entry nor every tournament's entries read.
    for number, table in (
        Hand.objects.filter(
            pk__in=HandEntry.objects.values("hand_id"),
            confirmed=True,
            session__round__tournament=tournament,
            **counted_rounds("session__round__number", round_limit),
        )
        .order_by()
        .values_list("session__round__number", "session__table__number")
    ):
        result.pending_hands[(number, table)] = result.pending_hands.get((number, table), 0) + 1
    return result

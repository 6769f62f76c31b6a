"""The health page's list of hands typed offline that the server refused and that are still
not in (`offline_refusals`).

Vocabulary: see `tournament.play.services.offline` (offline entry, refusal). A refusal stays
on the list until a hand of that number is in its session (the judge corrected the entry and
sent it again, or someone entered the hand), or the session is no longer open.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef
from django.utils import timezone

from scoring.engine.messages import Message, gettext_noop

from ...models import Hand, OfflineEntry, Session, Tournament
from .report import Problem, _where

TITLE = Message(gettext_noop("Hands typed offline that were refused"))


def offline_refusals(tournament: Tournament) -> list[Problem]:
    """The refused offline entries of the tournament's open sessions whose hand is not in, in
    the order they were received (one query)."""
    rows = (
        OfflineEntry.objects.filter(
            session__round__tournament=tournament,
            session__status=Session.Status.OPEN,
            result=OfflineEntry.Result.REFUSED,
        )
        .exclude(
            Exists(Hand.objects.filter(session=OuterRef("session"), number=OuterRef("number")))
        )
        .values_list(
            "number",
            "reason",
            "typed_at",
            "user__username",
            "session__round__number",
            "session__table__number",
            "session__half",
            "session__round__table_change_after",
        )
        .order_by("received_at", "pk")
    )
    problems = []
    for number, reason, typed_at, who, round_number, table, half, change in rows:
        where = _where(round_number, table, half, change, tournament.hands_per_session)
        text = Message(
            gettext_noop(
                "%(where)s: hand %(number)s typed offline by %(who)s at %(time)s was refused: "
                "%(reason)s"
            ),
            where=where,
            number=number if number is not None else "?",
            who=who,
            time=timezone.localtime(typed_at).strftime("%H:%M"),
            reason=reason,
        )
        problems.append(Problem("offline", text, round_number, table, number, half=half))
    return problems

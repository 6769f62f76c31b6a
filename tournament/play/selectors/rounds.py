"""Reads of play: how far each round has gone, played or opened.

Vocabulary
----------
played round    a round marked playing or finished, or with a hand or a penalty at one of its
                tables (`round_is_played`).
opened round    a played round, or one where an official has opened a session's sheet at the
                desk (`Session.opened_at`): its seating never changes again (`round_is_opened`,
                the one rule; judges may already hold forms listing its players).
                `round_progress` answers both for every round of a tournament in one query.
"""

from __future__ import annotations

from typing import NamedTuple

from django.db.models import Exists, OuterRef

from ...models import Hand, Penalty, Round, Session

PLAYED_STATUSES = (Round.Status.PLAYING, Round.Status.FINISHED)


def round_is_played(round_: Round) -> bool:
    """Marked playing or finished, or with hands or penalties (RULINGS R13) at its tables."""
    return (
        round_.status in PLAYED_STATUSES
        or Hand.objects.filter(session__round=round_).exists()
        or Penalty.objects.filter(session__round=round_).exists()
    )


def round_is_opened(round_: Round) -> bool:
    """Played, or one of its sessions opened at the desk: its seating is fixed from then on."""
    return (
        round_is_played(round_)
        or Session.objects.filter(round=round_, opened_at__isnull=False).exists()
    )


class RoundProgress(NamedTuple):
    played: frozenset[int]  # round numbers
    opened: frozenset[int]


def round_progress(tournament) -> RoundProgress:
    """`round_is_played` and `round_is_opened` for every round of ``tournament`` in one query,
    for the pages and services that ask about all the rounds at once."""
    rows = (
        Round.objects.filter(tournament=tournament)
        .values("number", "status")
        .annotate(
            hands=Exists(Hand.objects.filter(session__round=OuterRef("pk"))),
            penalties=Exists(Penalty.objects.filter(session__round=OuterRef("pk"))),
            opened=Exists(Session.objects.filter(round=OuterRef("pk"), opened_at__isnull=False)),
        )
    )
    rows = list(rows)
    played = {r["number"] for r in rows if r["status"] in PLAYED_STATUSES or r["hands"]}
    played |= {r["number"] for r in rows if r["penalties"]}
    opened = played | {r["number"] for r in rows if r["opened"]}
    return RoundProgress(played=frozenset(played), opened=frozenset(opened))

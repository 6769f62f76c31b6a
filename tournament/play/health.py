"""Reads for the health page: what is wrong or unfinished in a tournament's play, and where.

Vocabulary
----------
problem     `Problem`: a kind (one of `KINDS`), a line for people, and where to fix it (the
            round and table of the session, the hand number, or the player).
kinds       ``unbalanced`` a hand whose payments do not sum to zero (RULINGS R11);
            ``unreconciled`` a session with hands that is not reconciled; ``unconfirmed`` a
            hand awaiting its second entry; ``mismatch`` a second entry that differs;
            ``gap`` hand numbers missing below a session's highest; ``short`` an active player
            with fewer sessions than the played rounds; ``drift`` kept session totals
            (`SessionScore`) that differ from the payments and penalties.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Max, Sum

from ..models import Hand, HandEntry, Payment, Registration, Session, SessionScore, Tournament
from ..names import player_names
from .services.scores import session_scores_drift

KINDS = {
    "unbalanced": "Payments that do not sum to zero",
    "drift": "Kept session totals that differ from the payments",
    "mismatch": "Second entries that differ",
    "unconfirmed": "Hands awaiting a second entry",
    "gap": "Gaps in hand numbers",
    "unreconciled": "Sessions not reconciled",
    "short": "Players with fewer sessions than played rounds",
}


@dataclass(frozen=True)
class Problem:
    kind: str
    text: str
    round_number: int | None = None
    table_number: int | None = None
    hand_number: int | None = None
    player_id: int | None = None


def health_report(tournament: Tournament) -> dict[str, list[Problem]]:
    """Every problem by kind (in the order of `KINDS`); empty lists when all is well."""
    found: dict[str, list[Problem]] = {kind: [] for kind in KINDS}
    where = {"session__round__tournament": tournament}
    for row in (
        Payment.objects.filter(hand__session__round__tournament=tournament)
        .values("hand_id", "hand__number", "hand__session__round__number")
        .annotate(total=Sum("amount"), table=Max("hand__session__table__number"))
        .exclude(total=0)
    ):
        found["unbalanced"].append(
            Problem(
                "unbalanced",
                f"Round {row['hand__session__round__number']} table {row['table']} hand "
                f"{row['hand__number']}: payments sum to {row['total']:+d}.",
                row["hand__session__round__number"],
                row["table"],
                row["hand__number"],
            )
        )
    for session in session_scores_drift(tournament=tournament):
        found["drift"].append(
            Problem(
                "drift",
                f"Round {session.round.number} table {session.table.number}: kept totals differ.",
                session.round.number,
                session.table.number,
            )
        )
    for entry in HandEntry.objects.filter(hand__session__round__tournament=tournament).values(
        "hand__number", "hand__session__round__number", "hand__session__table__number"
    ):
        r, t, n = (
            entry["hand__session__round__number"],
            entry["hand__session__table__number"],
            entry["hand__number"],
        )
        found["mismatch"].append(
            Problem("mismatch", f"Round {r} table {t} hand {n}: entries differ.", r, t, n)
        )
    mismatched = {(p.round_number, p.table_number, p.hand_number) for p in found["mismatch"]}
    for r, t, n in Hand.objects.filter(confirmed=False, **where).values_list(
        "session__round__number", "session__table__number", "number"
    ):
        if (r, t, n) not in mismatched:
            found["unconfirmed"].append(
                Problem("unconfirmed", f"Round {r} table {t} hand {n}.", r, t, n)
            )
    numbers: dict[tuple[int, int, int], set[int]] = defaultdict(set)
    for r, t, half, change, n in Hand.objects.filter(**where).values_list(
        "session__round__number",
        "session__table__number",
        "session__half",
        "session__round__table_change_after",
        "number",
    ):
        # A card after a table change starts at the hand after it (9 after hand 8).
        numbers[(r, t, change + 1 if half == 2 else 1)].add(n)
    for (r, t, first), taken in sorted(numbers.items()):
        missing = sorted(set(range(first, max(taken) + 1)) - taken)
        if missing:
            found["gap"].append(
                Problem(
                    "gap",
                    f"Round {r} table {t}: hand(s) {', '.join(map(str, missing))} missing.",
                    r,
                    t,
                    missing[0],
                )
            )
    for r, t in (
        Session.objects.filter(round__tournament=tournament, scores__isnull=False)
        .exclude(status=Session.Status.RECONCILED)
        .values_list("round__number", "table__number")
        .distinct()
        .order_by("round__number", "table__number")
    ):
        found["unreconciled"].append(
            Problem("unreconciled", f"Round {r} table {t} is not reconciled.", r, t)
        )
    played = SessionScore.objects.filter(**where).aggregate(
        rounds=Count("session__round", distinct=True)
    )["rounds"]
    if played:
        sessions = dict(
            SessionScore.objects.filter(**where)
            .values("player_id")
            .annotate(n=Count("session", distinct=True))
            .values_list("player_id", "n")
        )
        names = player_names(tournament)
        active = Registration.objects.filter(
            tournament=tournament, status=Registration.Status.ACTIVE
        ).values_list("player_id", "player__name")
        for pid, name in names.ordered(active, lambda row: row[0]):
            name = names.label(pid, name)
            count = sessions.get(pid, 0)
            if count < played:
                found["short"].append(
                    Problem(
                        "short",
                        f"{name}: {count} session(s) of {played} played round(s).",
                        player_id=pid,
                    )
                )
    return found

"""Reads for the health page: what is wrong or unfinished in a tournament's play, and where.

Cost: the payments are summed once (`session_scores_check`, which compares them with the kept
session totals); every other check reads hands, sessions or kept totals grouped in the
database, so the page follows players x rounds plus one pass over the payments.

Vocabulary
----------
problem     `Problem`: a kind (one of `KINDS`), a line for people, and where to fix it (the
            round and table of the session, the hand number, or the player).
kinds       ``unbalanced`` a hand whose payments do not sum to zero (RULINGS R11), looked for
            hand by hand in the sessions whose payments do not sum to zero (two wrong hands
            of one session whose errors cancel exactly go unnoticed; their players' kept
            totals still show as drift when they differ);
            ``unreconciled`` a session with hands that is not reconciled; ``unconfirmed`` a
            hand awaiting its second entry; ``mismatch`` a second entry that differs;
            ``gap`` hand numbers missing below a session's highest; ``short`` an active player
            with fewer sessions than the played rounds of their stages (a round with a table
            change counts two, one per half); ``drift`` kept session
            totals (`SessionScore`) that differ from the payments and penalties.
where       a session's problem names its round and table, and its half by its hands for a
            round with a table change ("Round 1 table 3 (hands 9-16)"): the two halves are
            two cards with their own table numbers; its links go to that half's pages.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, F, Max, Sum

from ..fields import confirmed_cuts, stage_plan
from ..models import (
    Hand,
    HandEntry,
    Payment,
    Registration,
    Session,
    SessionScore,
    Tournament,
    half_hand_numbers,
    hand_range_label,
)
from ..names import player_names
from ..stages import field_of_round_number
from .services.scores import session_scores_check

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
    half: int = 1


def _where(round_number: int, table: int, half: int, change: int | None, hands: int) -> str:
    """ "Round 1 table 3", and its hands after a table change: "Round 1 table 3 (hands 9-16)"."""
    if change is None:
        return f"Round {round_number} table {table}"
    numbers = half_hand_numbers(half, change, hands)
    return f"Round {round_number} table {table} ({hand_range_label(numbers)})"


def health_report(tournament: Tournament) -> dict[str, list[Problem]]:
    """Every problem by kind (in the order of `KINDS`); empty lists when all is well."""
    found: dict[str, list[Problem]] = {kind: [] for kind in KINDS}
    where = {"session__round__tournament": tournament}
    hands = tournament.hands_per_session
    place = ("session__round__number", "session__table__number", "session__half")
    change = "session__round__table_change_after"
    drifted, unbalanced = session_scores_check(tournament=tournament)
    totals = dict(  # hand by hand, only in the sessions whose payments do not sum to zero
        Payment.objects.filter(hand__session_id__in=unbalanced)
        .order_by()
        .values("hand_id")
        .annotate(total=Sum("amount"))
        .exclude(total=0)
        .values_list("hand_id", "total")
        if unbalanced
        else ()
    )
    for pk, r, t, h, c, n in (
        Hand.objects.filter(pk__in=totals)
        .order_by(*place, "number")
        .values_list("pk", *place, change, "number")
        if totals
        else ()
    ):
        found["unbalanced"].append(
            Problem(
                "unbalanced",
                f"{_where(r, t, h, c, hands)} hand {n}: payments sum to {totals[pk]:+d}.",
                r,
                t,
                n,
                half=h,
            )
        )
    for session in drifted:
        r, t, h = session.round.number, session.table.number, session.half
        text = f"{_where(r, t, h, session.round.table_change_after, hands)}: kept totals differ."
        found["drift"].append(Problem("drift", text, r, t, half=h))
    for r, t, h, c, n in HandEntry.objects.filter(
        hand__session__round__tournament=tournament
    ).values_list(*(f"hand__{name}" for name in (*place, change, "number"))):
        found["mismatch"].append(
            Problem(
                "mismatch",
                f"{_where(r, t, h, c, hands)} hand {n}: entries differ.",
                r,
                t,
                n,
                half=h,
            )
        )
    mismatched = {
        (p.round_number, p.table_number, p.half, p.hand_number) for p in found["mismatch"]
    }
    for r, t, h, c, n in Hand.objects.filter(confirmed=False, **where).values_list(
        *place, change, "number"
    ):
        if (r, t, h, n) not in mismatched:
            found["unconfirmed"].append(
                Problem("unconfirmed", f"{_where(r, t, h, c, hands)} hand {n}.", r, t, n, half=h)
            )
    gapped = list(  # fewer hands than the highest number (a card after a table change always)
        Hand.objects.filter(**where)
        .order_by()
        .values("session_id")
        .annotate(count=Count("pk"), highest=Max("number"))
        .filter(count__lt=F("highest"))
        .values_list("session_id", flat=True)
    )
    numbers: dict[tuple[int, int, int, int | None], set[int]] = defaultdict(set)
    for r, t, h, c, n in (
        Hand.objects.filter(session_id__in=gapped).values_list(*place, change, "number")
        if gapped
        else ()
    ):
        numbers[(r, t, h, c)].add(n)
    for (r, t, h, c), taken in sorted(numbers.items(), key=lambda item: item[0][:3]):
        # A card after a table change starts at the hand after it (9 after hand 8).
        first = half_hand_numbers(h, c, hands).start
        missing = sorted(set(range(first, max(taken) + 1)) - taken)
        if missing:
            found["gap"].append(
                Problem(
                    "gap",
                    f"{_where(r, t, h, c, hands)}: hand(s) {', '.join(map(str, missing))} missing.",
                    r,
                    t,
                    missing[0],
                    half=h,
                )
            )
    for r, t, h, c in (
        Session.objects.filter(round__tournament=tournament, scores__isnull=False)
        .exclude(status=Session.Status.RECONCILED)
        .values_list("round__number", "table__number", "half", "round__table_change_after")
        .distinct()
        .order_by("round__number", "half", "table__number")
    ):
        found["unreconciled"].append(
            Problem("unreconciled", f"{_where(r, t, h, c, hands)} is not reconciled.", r, t, half=h)
        )
    played_rounds = set(
        SessionScore.objects.filter(**where)
        .order_by()
        .values_list("round_number", flat=True)
        .distinct()
    )
    if played_rounds:
        plan, cuts = stage_plan(tournament), confirmed_cuts(tournament)
        # A round with a table change is two sessions (cards) for each of its players.
        halves = {
            number: 1 if change is None else 2
            for number, change in tournament.rounds.filter(number__in=played_rounds).values_list(
                "number", "table_change_after"
            )
        }
        fields = [
            (field_of_round_number(plan, cuts, number), halves.get(number, 1))
            for number in played_rounds
        ]
        sessions = dict(
            SessionScore.objects.filter(**where)
            .order_by()
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
            mine = [n for field, n in fields if field.admits(pid)]  # a cut player plays fewer
            due = sum(mine)
            if count < due:
                of = f"{due} played round(s)"
                if due != len(mine):
                    of = f"{due} in {len(mine)} played round(s) (a table change makes two)"
                found["short"].append(
                    Problem("short", f"{name}: {count} session(s) of {of}.", player_id=pid)
                )
    return found

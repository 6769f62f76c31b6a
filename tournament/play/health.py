"""Reads for the health page: what is wrong or unfinished in a tournament's play, and where.

Cost: a fixed number of statements whatever the players, rounds and hands; what several
checks need is read once and shared: the sessions (the places of every problem), the kept
session scores (`kept_rows`: drift, players short of sessions, sessions not reconciled), the
hands grouped by session (gaps, sessions with a hand), the payments in one grouped pass
(`session_scores_check`: drift and unbalanced sessions together), the wins, the seating and
the penalties. That pass covers every session at the first visit and then at most every 10
minutes (`totals_verified`); a visit between reads only the payments of the sessions written
since the last visit (the audit log says which) and of those found wrong then, so its cost
follows the writes, not the tournament's size. A problem's own rows (an unbalanced session's
hands, a gapped session's numbers) are read only when there is one.

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

import datetime as dt
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Max, Sum
from django.utils import timezone

from ..fields import confirmed_cuts, stage_plan
from ..models import (
    AuditEntry,
    Hand,
    HandEntry,
    Payment,
    Registration,
    Session,
    Tournament,
    half_hand_numbers,
    hand_range_label,
)
from ..names import PERSON_FIELDS, Names, Person, registrations_of
from ..stages import field_of_round_number
from .services.scores import PLACE, kept_rows, session_scores_check

#: How often every session's totals are checked against its payments; between, only the
#: sessions written since (`totals_verified`).
WHOLE_EVERY = dt.timedelta(minutes=10)
#: How far back the audit log is read before the last check, for writes that were still being
#: committed when it ran.
MARGIN = dt.timedelta(minutes=1)

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
    sessions = {  # pk: (round id, table id, half, tournament id, round, table, status, change)
        pk: tuple(row)
        for pk, *row in Session.objects.filter(round__tournament=tournament).values_list(
            "pk", *PLACE, "status", "round__table_change_after"
        )
    }

    def at(pk: int) -> tuple[int, int, int, int | None]:
        """(round number, table number, half, table change) of a session."""
        _, _, h, _, r, t, _, c = sessions[pk]
        return r, t, h, c

    counted = {  # session id: (hands, highest number)
        pk: (count, highest)
        for pk, count, highest in Hand.objects.filter(**where)
        .order_by()
        .values("session_id")
        .annotate(count=Count("pk"), highest=Max("number"))
        .values_list("session_id", "count", "highest")
    }
    kept = kept_rows(tournament=tournament)
    drifted, unbalanced = totals_verified(
        tournament,
        places={pk: row[:6] for pk, row in sessions.items()},
        with_hands=set(counted),
        kept=kept,
    )
    for pk, n, total in sorted(  # hand by hand, only where the payments do not balance
        Payment.objects.filter(hand__session_id__in=unbalanced)
        .order_by()
        .values("hand_id", "hand__session_id", "hand__number")
        .annotate(total=Sum("amount"))
        .exclude(total=0)
        .values_list("hand__session_id", "hand__number", "total")
        if unbalanced
        else (),
        key=lambda row: (*at(row[0])[:3], row[1]),
    ):
        r, t, h, c = at(pk)
        found["unbalanced"].append(
            Problem(
                "unbalanced",
                f"{_where(r, t, h, c, hands)} hand {n}: payments sum to {total:+d}.",
                r,
                t,
                n,
                half=h,
            )
        )
    for pk in drifted:
        r, t, h, c = at(pk)
        text = f"{_where(r, t, h, c, hands)}: kept totals differ."
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
    # Fewer hands than the highest number (a card after a table change always).
    gapped = [pk for pk, (count, highest) in counted.items() if count < highest]
    numbers: dict[int, set[int]] = defaultdict(set)
    for pk, n in (
        Hand.objects.filter(session_id__in=gapped).order_by().values_list("session_id", "number")
        if gapped
        else ()
    ):
        numbers[pk].add(n)
    for pk, taken in sorted(numbers.items(), key=lambda item: at(item[0])[:3]):
        r, t, h, c = at(pk)
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
    for pk in sorted(
        {pk for pk, _ in kept if sessions[pk][6] != Session.Status.RECONCILED},
        key=lambda pk: (at(pk)[0], at(pk)[2], at(pk)[1]),
    ):
        r, t, h, c = at(pk)
        found["unreconciled"].append(
            Problem("unreconciled", f"{_where(r, t, h, c, hands)} is not reconciled.", r, t, half=h)
        )
    found["short"] = _short(tournament, kept, sessions)
    return found


@dataclass(frozen=True)
class Verified:
    """What the last verification of the kept totals found (see `totals_verified`)."""

    whole_at: dt.datetime  # when every session was last checked
    checked_at: dt.datetime  # when the sessions written since were last checked
    drifted: tuple[int, ...]
    unbalanced: frozenset[int]


def totals_verified(
    tournament: Tournament, *, places: dict, with_hands: set[int], kept: dict
) -> tuple[list[int], set[int]]:
    """`session_scores_check` (drifted sessions in place order, unbalanced sessions), checking
    every session at most every `WHOLE_EVERY` and, between, only the sessions written since the
    last check (by the audit log, with a `MARGIN` for writes still committing) and the ones
    found wrong then: the kept totals are read whole, the payments only of those sessions."""
    key = f"health:totals:{tournament.pk}"
    now = timezone.now()
    last = cache.get(key)
    if last is None or now - last.whole_at >= WHOLE_EVERY:
        drifted, unbalanced = session_scores_check(
            tournament=tournament, places=places, with_hands=with_hands, kept=kept
        )
        whole_at = now
    else:
        written = set(
            AuditEntry.objects.filter(
                tournament=tournament,
                created_at__gte=last.checked_at - MARGIN,
                session__isnull=False,
            )
            .order_by()
            .values_list("session_id", flat=True)
            .distinct()
        )
        again = (written | set(last.drifted) | last.unbalanced) & places.keys()
        found, unbalanced = (
            session_scores_check(
                tournament=tournament, places=places, with_hands=with_hands, kept=kept, only=again
            )
            if again
            else ([], set())
        )
        unbalanced |= (last.unbalanced - again) & places.keys()
        stayed = {pk for pk in last.drifted if pk not in again and pk in places}
        drifted = sorted(
            stayed | set(found), key=lambda pk: (places[pk][4], places[pk][5], places[pk][2])
        )
        whole_at = last.whole_at
    verified = Verified(whole_at, now, tuple(drifted), frozenset(unbalanced))
    cache.set(key, verified, timeout=int(WHOLE_EVERY.total_seconds()) * 2)
    return list(drifted), set(unbalanced)


def _short(tournament: Tournament, kept: dict, sessions: dict) -> list[Problem]:
    """The active players with fewer sessions (kept rows) than the played rounds of their
    stages, in family order."""
    played_rounds = {fields[1] for fields in kept.values()}
    if not played_rounds:
        return []
    plan, cuts = stage_plan(tournament), confirmed_cuts(tournament)
    # A round with a table change is two sessions (cards) for each of its players.
    halves = {row[4]: 1 if row[7] is None else 2 for row in sessions.values()}
    fields = [
        (field_of_round_number(plan, cuts, number), halves.get(number, 1))
        for number in played_rounds
    ]
    count = Counter(pid for _, pid in kept)
    rows = list(registrations_of(tournament).values_list(*PERSON_FIELDS, "status"))
    short = []
    for pid, *_, status in rows:
        if status != Registration.Status.ACTIVE:
            continue
        mine = [n for field, n in fields if field.admits(pid)]  # a cut player plays fewer
        due = sum(mine)
        if count[pid] < due:
            short.append((pid, due, len(mine)))
    if not short:
        return []
    names = Names(Person(*row[:-1]) for row in rows)
    problems = []
    for pid, due, rounds in names.ordered(short, lambda row: row[0]):
        of = f"{due} played round(s)"
        if due != rounds:
            of = f"{due} in {rounds} played round(s) (a table change makes two)"
        text = f"{names.label(pid)}: {count[pid]} session(s) of {of}."
        problems.append(Problem("short", text, player_id=pid))
    return problems

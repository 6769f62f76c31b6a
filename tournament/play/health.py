"""Reads for the health page: what is wrong or unfinished in a tournament's play, and where.

Cost: a fixed number of statements whatever the players, rounds and hands; what several
checks need is read once and shared: the sessions (the places of every problem), the kept
session scores (`kept_rows`: drift, players short of sessions, sessions not reconciled), the
hands grouped by session (gaps, sessions with a hand), the wins, the seating and the penalties.
The page does not check every session's kept totals against the payments: a background task
does (`services.totals`, the *full check*, at most every 10 minutes), and the page builds on
what it found (`totals_known`): it checks again only the sessions written since the check
started or since the last visit (the audit log says which), those found wrong, and those
whose kept hand points do not sum to zero, reading only their payments; so its cost follows the
writes, not the tournament's size. A problem's own rows (an unbalanced session's hands, a
gapped session's numbers) are read only when there is one.

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

A kind's title and a problem's text are `Message`s: English as ``str``, translated on the page
(``|engine_message``, `scoring.translation`).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Max, Sum
from django.utils import timezone

from scoring.engine.messages import Message, gettext_noop, words

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
)
from ..names import PERSON_FIELDS, Names, Person, registrations_of
from ..stages import field_of_round_number
from .services.scores import FIELDS, PLACE, kept_rows, session_scores_check
from .services.totals import WHOLE_EVERY, Checks

#: How far back the audit log is read before the last check, for writes that were still being
#: committed when it ran.
MARGIN = dt.timedelta(minutes=1)
#: Where a kept row (`kept_rows`) has its hand points.
HAND_POINTS_AT = FIELDS.index("hand_points")

KINDS = words(
    {
        "unbalanced": gettext_noop("Payments that do not sum to zero"),
        "drift": gettext_noop("Kept session totals that differ from the payments"),
        "mismatch": gettext_noop("Second entries that differ"),
        "unconfirmed": gettext_noop("Hands awaiting a second entry"),
        "gap": gettext_noop("Gaps in hand numbers"),
        "unreconciled": gettext_noop("Sessions not reconciled"),
        "short": gettext_noop("Players with fewer sessions than played rounds"),
    }
)


@dataclass(frozen=True)
class Problem:
    kind: str
    text: str
    round_number: int | None = None
    table_number: int | None = None
    hand_number: int | None = None
    player_id: int | None = None
    half: int = 1


def _where(round_number: int, table: int, half: int, change: int | None, hands: int) -> Message:
    """ "Round 1 table 3", and its hands after a table change: "Round 1 table 3 (hands 9-16)"."""
    if change is None:
        return Message(
            gettext_noop("Round %(round)s table %(table)s"), round=round_number, table=table
        )
    numbers = half_hand_numbers(half, change, hands)
    return Message(
        gettext_noop("Round %(round)s table %(table)s (%(hands)s)"),
        round=round_number,
        table=table,
        hands=Message(
            gettext_noop("hands %(first)s-%(last)s"), first=numbers.start, last=numbers.stop - 1
        ),
    )


def health_report(tournament: Tournament, checks: Checks | None = None) -> dict[str, list[Problem]]:
    """Every problem by kind (in the order of `KINDS`); empty lists when all is well. With
    ``checks`` (the page's), the kept totals are known from the last full check and the sessions
    that may have changed since (`totals_known`); without, every session is checked here."""
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
    read = {"places": {pk: row[:6] for pk, row in sessions.items()}, "with_hands": set(counted)}
    if checks is None:
        drifted, unbalanced = session_scores_check(tournament=tournament, kept=kept, **read)
    else:
        drifted, unbalanced = totals_known(tournament, checks, kept=kept, **read)
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
                Message(
                    gettext_noop("%(where)s hand %(number)s: payments sum to %(total)s."),
                    where=_where(r, t, h, c, hands),
                    number=n,
                    total=f"{total:+d}",
                ),
                r,
                t,
                n,
                half=h,
            )
        )
    for pk in drifted:
        r, t, h, c = at(pk)
        text = Message(
            gettext_noop("%(where)s: kept totals differ."), where=_where(r, t, h, c, hands)
        )
        found["drift"].append(Problem("drift", text, r, t, half=h))
    # The second entries that differ are few: read from their own table by the sessions
    # already read (a join from the tournament searched every hand, ordered by the model's
    # ordering through the tournament).
    for pk, n in sorted(
        HandEntry.objects.filter(hand__session_id__in=list(sessions))
        .order_by()
        .values_list("hand__session_id", "hand__number"),
        key=lambda row: (at(row[0])[0], at(row[0])[2], at(row[0])[1], row[1]),
    ):
        r, t, h, c = at(pk)
        found["mismatch"].append(
            Problem(
                "mismatch",
                Message(
                    gettext_noop("%(where)s hand %(number)s: entries differ."),
                    where=_where(r, t, h, c, hands),
                    number=n,
                ),
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
                Problem(
                    "unconfirmed",
                    Message(
                        gettext_noop("%(where)s hand %(number)s."),
                        where=_where(r, t, h, c, hands),
                        number=n,
                    ),
                    r,
                    t,
                    n,
                    half=h,
                )
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
                    Message(
                        gettext_noop("%(where)s: hand(s) %(numbers)s missing."),
                        where=_where(r, t, h, c, hands),
                        numbers=", ".join(map(str, missing)),
                    ),
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
            Problem(
                "unreconciled",
                Message(
                    gettext_noop("%(where)s is not reconciled."), where=_where(r, t, h, c, hands)
                ),
                r,
                t,
                half=h,
            )
        )
    found["short"] = _short(tournament, kept, sessions)
    return found


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
        values = {"player": names.label(pid), "sessions": count[pid], "due": due}
        if due == rounds:
            template = gettext_noop(
                "%(player)s: %(sessions)s session(s) of %(due)s played round(s)."
            )
        else:
            template = gettext_noop(
                "%(player)s: %(sessions)s session(s) of %(due)s in %(rounds)s played round(s) "
                "(a table change makes two)."
            )
            values["rounds"] = rounds
        text = Message(template, **values)
        problems.append(Problem("short", text, player_id=pid))
    return problems

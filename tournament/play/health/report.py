"""The health page's report: what is wrong or unfinished in a tournament's play, and where.

Cost: a fixed number of statements whatever the players, rounds and hands; what several
checks need is read once and shared: the sessions (the places of every problem), the kept
session scores (`kept_rows`: drift, players short of sessions, sessions not reconciled), the
hands grouped by session (gaps, sessions with a hand), the wins, the seating and the penalties.
The page does not check every session's kept totals against the payments: a background task
does (`services.totals`, the *full check*, at most every 10 minutes), and the page builds on
what it found (`known_totals.totals_known`): it checks again only the sessions written since
the check started or since the last visit (the audit log says which), those found wrong, and
those whose kept hand points do not sum to zero, reading only their payments; so its cost
follows the writes, not the tournament's size. A problem's own rows (an unbalanced session's
hands, a gapped session's numbers) are read only when there is one.

Vocabulary
----------
problem     `Problem`: a kind (one of `KINDS`), a line for people, and where to fix it (the
            round and table of the session, the hand number, or the player).
check       one function per kind (`CHECKS`, a registry like the tie-breaks of
            `standings.ranking`): given the shared reads (`Reads`) and what the checks before it
            found, it returns the problems of its kind in the order the page lists them.
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

from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db.models import Count, Max, Sum

from scoring.engine.messages import Message, gettext_noop, words

from ...models import (
    Hand,
    HandEntry,
    Payment,
    Registration,
    Session,
    Tournament,
    half_hand_numbers,
)
from ...names import PERSON_FIELDS, Names, Person, registrations_of
from ...stage_selectors import confirmed_cuts, stage_plan
from ...stages import field_of_round_number
from ..services.scores import PLACE, kept_rows, session_scores_check
from ..services.totals import Checks
from .known_totals import totals_known

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


@dataclass(frozen=True)
class Place:
    """Where a session is: its round and table numbers, its half and its round's table change."""

    round_number: int
    table_number: int
    half: int
    change: int | None


@dataclass
class Reads:
    """What the checks share, read once for the report (see the module's cost)."""

    tournament: Tournament
    hands: int  # the tournament's hands per session
    #: pk: (round id, table id, half, tournament id, round, table, status, change)
    sessions: dict[int, tuple]
    counted: dict[int, tuple[int, int]]  # session id: (hands, highest number)
    kept: dict  # `kept_rows`
    drifted: list[int]  # sessions, in place order
    unbalanced: set[int]  # sessions whose payments do not sum to zero

    def at(self, pk: int) -> Place:
        _, _, half, _, round_number, table, _, change = self.sessions[pk]
        return Place(round_number, table, half, change)

    def problem(
        self, kind: str, place: Place, template: str, hand_number: int | None = None, **values
    ) -> Problem:
        """A session's problem: ``template`` says it, ``%(where)s`` being the session's place."""
        where = _where(place.round_number, place.table_number, place.half, place.change, self.hands)
        text = Message(template, where=where, **values)
        return Problem(
            kind, text, place.round_number, place.table_number, hand_number, half=place.half
        )


def _reads(tournament: Tournament, checks: Checks | None) -> Reads:
    """The sessions, the hands counted by session, the kept rows, and the drifted and
    unbalanced sessions (from the full check and the sessions written since with ``checks``;
    all checked here without)."""
    sessions = {
        pk: tuple(row)
        for pk, *row in Session.objects.filter(round__tournament=tournament).values_list(
            "pk", *PLACE, "status", "round__table_change_after"
        )
    }
    counted = {
        pk: (count, highest)
        for pk, count, highest in Hand.objects.filter(session__round__tournament=tournament)
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
    hands = tournament.hands_per_session
    return Reads(tournament, hands, sessions, counted, kept, drifted, unbalanced)


def unbalanced_hands(reads: Reads, found: dict) -> list[Problem]:
    """Hand by hand, only in the sessions whose payments do not sum to zero."""
    rows = (
        Payment.objects.filter(hand__session_id__in=reads.unbalanced)
        .order_by()
        .values("hand_id", "hand__session_id", "hand__number")
        .annotate(total=Sum("amount"))
        .exclude(total=0)
        .values_list("hand__session_id", "hand__number", "total")
        if reads.unbalanced
        else ()
    )
    template = gettext_noop("%(where)s hand %(number)s: payments sum to %(total)s.")
    return [
        reads.problem("unbalanced", reads.at(pk), template, n, number=n, total=f"{total:+d}")
        for pk, n, total in sorted(rows, key=lambda row: (*_by_table(reads.at(row[0])), row[1]))
    ]


def drifted_sessions(reads: Reads, found: dict) -> list[Problem]:
    template = gettext_noop("%(where)s: kept totals differ.")
    return [reads.problem("drift", reads.at(pk), template) for pk in reads.drifted]


def mismatched_entries(reads: Reads, found: dict) -> list[Problem]:
    """The second entries that differ are few: read through the tournament with no ordering
    (the model's ordering made the join sort every hand; naming the sessions already read
    instead bound a thousand parameters, twice the time of the join at 400 players)."""
    rows = (
        HandEntry.objects.filter(hand__session__round__tournament=reads.tournament)
        .order_by()
        .values_list("hand__session_id", "hand__number")
    )
    template = gettext_noop("%(where)s hand %(number)s: entries differ.")
    return [
        reads.problem("mismatch", reads.at(pk), template, n, number=n)
        for pk, n in sorted(rows, key=lambda row: (*_by_half(reads.at(row[0])), row[1]))
    ]


def unconfirmed_hands(reads: Reads, found: dict) -> list[Problem]:
    """The hands awaiting a second entry, but those whose second entry differs (a mismatch)."""
    mismatched = {
        (p.round_number, p.table_number, p.half, p.hand_number) for p in found["mismatch"]
    }
    rows = Hand.objects.filter(
        confirmed=False, session__round__tournament=reads.tournament
    ).values_list(
        "session__round__number",
        "session__table__number",
        "session__half",
        "session__round__table_change_after",
        "number",
    )
    template = gettext_noop("%(where)s hand %(number)s.")
    return [
        reads.problem("unconfirmed", Place(r, t, h, c), template, n, number=n)
        for r, t, h, c, n in rows
        if (r, t, h, n) not in mismatched
    ]


def gapped_sessions(reads: Reads, found: dict) -> list[Problem]:
    """The sessions with fewer hands than their highest number (a card after a table change
    always), read number by number."""
    gapped = [pk for pk, (count, highest) in reads.counted.items() if count < highest]
    numbers: dict[int, set[int]] = defaultdict(set)
    for pk, n in (
        Hand.objects.filter(session_id__in=gapped).order_by().values_list("session_id", "number")
        if gapped
        else ()
    ):
        numbers[pk].add(n)
    problems = []
    for pk, taken in sorted(numbers.items(), key=lambda item: _by_table(reads.at(item[0]))):
        place = reads.at(pk)
        # A card after a table change starts at the hand after it (9 after hand 8).
        first = half_hand_numbers(place.half, place.change, reads.hands).start
        missing = sorted(set(range(first, max(taken) + 1)) - taken)
        if missing:
            template = gettext_noop("%(where)s: hand(s) %(numbers)s missing.")
            numbers_text = ", ".join(map(str, missing))
            problems.append(reads.problem("gap", place, template, missing[0], numbers=numbers_text))
    return problems


def unreconciled_sessions(reads: Reads, found: dict) -> list[Problem]:
    """The sessions with kept rows (hands) that are not reconciled."""
    open_ = {pk for pk, _ in reads.kept if reads.sessions[pk][6] != Session.Status.RECONCILED}
    template = gettext_noop("%(where)s is not reconciled.")
    return [
        reads.problem("unreconciled", reads.at(pk), template)
        for pk in sorted(open_, key=lambda pk: _by_half(reads.at(pk)))
    ]


def short_players(reads: Reads, found: dict) -> list[Problem]:
    """The active players with fewer sessions (kept rows) than the played rounds of their
    stages, in family order."""
    tournament, kept, sessions = reads.tournament, reads.kept, reads.sessions
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


def _by_table(place: Place) -> tuple[int, int, int]:
    return place.round_number, place.table_number, place.half


def _by_half(place: Place) -> tuple[int, int, int]:
    return place.round_number, place.half, place.table_number


#: The checks of the report, one per kind (in the order of `KINDS`): each is given the shared
#: reads and what the checks before it found.
CHECKS = {
    "unbalanced": unbalanced_hands,
    "drift": drifted_sessions,
    "mismatch": mismatched_entries,
    "unconfirmed": unconfirmed_hands,
    "gap": gapped_sessions,
    "unreconciled": unreconciled_sessions,
    "short": short_players,
}


def health_report(tournament: Tournament, checks: Checks | None = None) -> dict[str, list[Problem]]:
    """Every problem by kind (in the order of `KINDS`); empty lists when all is well. With
    ``checks`` (the page's), the kept totals are known from the last full check and the sessions
    that may have changed since (`totals_known`); without, every session is checked here."""
    reads = _reads(tournament, checks)
    found: dict[str, list[Problem]] = {}
    for kind, check in CHECKS.items():
        found[kind] = check(reads, found)
    return found

"""Reads for seating: the players and saved rounds as the algorithm's plain objects, the
quality report of a tournament's seating (byes, the players sitting a round out, included) and
the rows of the console's seating overview (`seating_overview`).

Vocabulary: a *kept* round is published or opened (`play.selectors.round_is_opened`): its
seating never changes when the event is generated again; the rounds *prepared* after the last
kept one are generated again on their own.
"""

import itertools
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext, pgettext_lazy

from ..event.selectors.roll_call import in_field
from ..models import Registration, Round, Seat, Tournament
from ..models.players import registered_after
from ..names import PERSON_FIELDS, Names, Person, registrations_of
from ..play.selectors.rounds import round_progress
from ..stage_selectors import confirmed_cuts, round_field, stage_plan
from ..stages import field_of_round_number
from .report import SeatingReport, quality_report
from .request import Placement, RoundSeating, SeatingPlayer
from .rule_selectors import seating_constraints


def seating_players(
    tournament: Tournament, *, active_only: bool = True, round_number: int | None = None
) -> list[SeatingPlayer]:
    """The (active) players as plain objects for the algorithm; with ``round_number``, only
    those of that round's field (`fields.round_field`)."""
    registrations = tournament.registrations.order_by("number")
    if active_only:
        registrations = registrations.filter(status=Registration.Status.ACTIVE)
    if round_number is not None:
        registrations = in_field(registrations, round_field(tournament, round_number))
    return [
        SeatingPlayer(id=pid, club=club, country=country)
        for pid, club, country in registrations.values_list(
            "player_id", "player__club", "player__country"
        )
    ]


def round_players(tournament: Tournament, number: int) -> list[SeatingPlayer]:
    """Who round ``number`` seats: the players checked in for it at the roll call, or, when
    nobody is, every player registered and not withdrawn before that round."""
    eligible = _eligible(tournament, number).select_related("player")
    checked_in = eligible.filter(checked_in_round=number)
    if checked_in.exists():
        eligible = checked_in
    return [
        SeatingPlayer(id=reg.player_id, club=reg.player.club, country=reg.player.country.code)
        for reg in eligible
    ]


def round_seatings(rounds, byes: dict[int, tuple[int, ...]] | None = None) -> list[RoundSeating]:
    """The saved seating of ``rounds`` as plain objects, one per half (with ``byes`` by round
    number), in order."""
    return _as_seatings(_placements(rounds), byes or {})


def _placements(rounds) -> dict[tuple[int, int], list[Placement]]:
    """(round number, half) -> the saved placements of ``rounds``: one query."""
    numbers = {round_.pk: round_.number for round_ in rounds}
    placements: dict[tuple[int, int], list[Placement]] = {}
    seats = Seat.objects.filter(round__in=list(rounds)).order_by()
    for round_id, half, player_id, table_number, wind in seats.values_list(
        "round_id", "half", "player_id", "table__number", "wind"
    ):
        key = (numbers[round_id], half)
        placements.setdefault(key, []).append(Placement(player_id, table_number, wind))
    return placements


def _as_seatings(placements, byes: dict[int, tuple[int, ...]]) -> list[RoundSeating]:
    return [
        RoundSeating(number=number, placements=tuple(found), byes=byes.get(number, ()), half=half)
        for (number, half), found in sorted(placements.items())
    ]


def _byes_by_round(
    tournament: Tournament, rounds, placements, registrations: list[tuple]
) -> dict[int, tuple[int, ...]]:
    """Player ids sitting each seated round out: registered before it was seated, not
    withdrawn before it, unseated (a player registered later was not yet registered).
    ``placements``: the rounds' saved seating (`_placements`); ``registrations``: see
    `_registrations`."""
    seated_at = {round_.number: round_.seated_at for round_ in rounds}
    plan, cuts = stage_plan(tournament), confirmed_cuts(tournament)
    seated: dict[int, set[int]] = {}
    for (number, _), found in placements.items():
        seated.setdefault(number, set()).update(p.player_id for p in found)
    return {
        number: tuple(
            player_id
            for player_id, *_, status, withdrawn_from, registered_at in registrations
            if player_id not in in_round
            and (status == Registration.Status.ACTIVE or (withdrawn_from or 0) > number)
            and not registered_after(registered_at, seated_at.get(number))
            and field_of_round_number(plan, cuts, number).admits(player_id)
        )
        for number, in_round in seated.items()
    }


def rounds_seating_report(tournament: Tournament, rounds) -> SeatingReport:
    """The quality of ``rounds`` (of ``tournament``) together, withdrawn players included, with
    the fixed tables and pairs kept apart it honours or misses."""
    players, seatings = _seated(tournament, rounds)
    return quality_report(players, seatings, seating_constraints(tournament))


#: Where `_registrations` puts a registration's club, after its person (`names.PERSON_FIELDS`).
_CLUB = len(PERSON_FIELDS)
_COUNTRY = PERSON_FIELDS.index("player__country")


def _registrations(tournament: Tournament) -> list[tuple]:
    """Every registration, by number, as the seating's reads need it, in one query: its person
    (`names.PERSON_FIELDS`: id first, country sixth), then club, status, the round withdrawn
    from and when it was registered."""
    return list(
        registrations_of(tournament)
        .order_by("number")
        .values_list(
            *PERSON_FIELDS, "player__club", "status", "withdrawn_from_round", "registered_at"
        )
    )


def _seated(
    tournament: Tournament, rounds, registrations: list[tuple] | None = None
) -> tuple[list[SeatingPlayer], list[RoundSeating]]:
    """Every player (withdrawn included) and the saved seating of ``rounds``, as the quality
    report reads them: a fixed number of queries, the seats read once (``registrations``: see
    `_registrations`, read here when not given)."""
    rounds = list(rounds)
    if registrations is None:
        registrations = _registrations(tournament)
    players = [
        SeatingPlayer(id=row[0], club=row[_CLUB], country=row[_COUNTRY]) for row in registrations
    ]
    placements = _placements(rounds)
    byes = _byes_by_round(tournament, rounds, placements, registrations)
    return players, _as_seatings(placements, byes)


def tournament_seating_report(tournament: Tournament) -> SeatingReport:
    """The quality of every round seated so far, withdrawn players included."""
    return rounds_seating_report(tournament, tournament.rounds.all())


def _eligible(tournament: Tournament, number: int):
    """Registrations that may play round ``number``: of its field, and active or withdrawn
    only after it."""
    return in_field(tournament.registrations, round_field(tournament, number)).filter(
        Q(status=Registration.Status.ACTIVE) | Q(withdrawn_from_round__gt=number)
    )


def roll_call_begun(tournament: Tournament, number: int) -> bool:
    """Someone who may play round ``number`` is checked in for it."""
    return _eligible(tournament, number).filter(checked_in_round=number).exists()


SHARED = {
    "club": pgettext_lazy("shared by two players", "club"),
    "country": pgettext_lazy("shared by two players", "country"),
}

#: Long lists (the same-country pairs of a 400-player event run to thousands) show their first
#: rows on the page, and say how many there are in all.
SHOWN_ROWS = 50


@dataclass(frozen=True)
class SeatingOverview:
    """The seating overview page's rows, players shown by their labels (`tournament.names`)."""

    rounds: list[tuple[Round, bool]]  # every round, and whether it is opened
    report: SeatingReport  # every seated round
    published_report: SeatingReport  # the kept rounds only
    last_kept: int  # the number of the last kept round, 0 when none
    prepared: list[int]  # rounds after the last kept one
    repeat_pairs: list[tuple[str, str, int]]
    wind_spread_over_1: list[tuple[str, int]]
    wind_spread_count: int  # players whose spread is over 1, shown or not
    separation_meetings: list[tuple[int, int, str, str, str]]
    separation_count: int
    byes: list[tuple[str, int]]
    same_table_repeats: list[tuple[int, str, int]]


def seating_overview(tournament: Tournament) -> SeatingOverview:
    """Everything the seating overview shows, in a fixed number of queries: the seating is read
    once, and the kept rounds' report is measured from the same plain objects."""
    rounds = list(tournament.rounds.all())
    opened = round_progress(tournament).opened
    registrations = _registrations(tournament)
    players, seatings = _seated(tournament, rounds, registrations)
    constraints = seating_constraints(tournament)
    report = quality_report(players, seatings, constraints)
    kept = {r.number for r in rounds if r.seating_published or r.number in opened}
    last_kept = max(kept, default=0)
    people = Names(Person(*row[:_CLUB]) for row in registrations)  # labels, family order
    names = {pid: people.label(pid) for pid in people.people}
    separation, separation_count = _separation_rows(report, names)
    uneven = [(pid, spread) for pid, spread in report.wind_spread.items() if spread > 1]
    return SeatingOverview(
        rounds=[(r, r.number in opened) for r in rounds],
        report=report,
        published_report=report
        if kept >= {s.number for s in seatings}
        else quality_report(players, [s for s in seatings if s.number in kept], constraints),
        last_kept=last_kept,
        prepared=[r.number for r in rounds if r.number > last_kept],
        repeat_pairs=[
            (names.get(a, a), names.get(b, b), count)
            for (a, b), count in list(report.repeat_pairs.items())[:SHOWN_ROWS]
        ],
        wind_spread_over_1=[
            (names.get(pid, pid), spread)
            for pid, spread in people.ordered(uneven, lambda item: item[0])[:SHOWN_ROWS]
        ],
        wind_spread_count=len(uneven),
        separation_meetings=separation,
        separation_count=separation_count,
        byes=[
            (names.get(pid, pid), count)
            for pid, count in people.ordered(report.byes.items(), lambda item: item[0])
        ],
        same_table_repeats=[
            (number, names.get(pid, pid), table) for number, pid, table in report.same_table_repeats
        ],
    )


def _separation_rows(report, names) -> tuple[list[tuple[int, int, str, str, str]], int]:
    """The first `SHOWN_ROWS` pairs at a table who share a club or a country, with what they
    share ("club, country") in the reader's language, and how many such pairs there are in all
    (a 400-player event of one country has thousands; only the rows shown are worded)."""
    shared: dict[tuple[int, int, int, int], list[str]] = {}
    for number, table, a, b, kind in report.separation_meetings:
        shared.setdefault((number, table, a, b), []).append(kind)
    words = {kind: str(word) for kind, word in SHARED.items()}
    between = gettext(", ")
    shown = [
        (number, table, names.get(a, a), names.get(b, b), between.join(words[k] for k in kinds))
        for (number, table, a, b), kinds in itertools.islice(shared.items(), SHOWN_ROWS)
    ]
    return shown, len(shared)

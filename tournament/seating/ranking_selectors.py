"""Reads for seating a round by the standings: the ranking it is seated from, and what still
keeps it from being seated.

Vocabulary
----------
by standings    a round whose `Round.seating_method` is ``"standings"`` (ranks 1-4 at table 1,
                5-8 at table 2: the *top tables*) or ``"swiss"`` (near ranks together, few
                repeats): seated from the standings after the round before it.
ranking         the ids of a round's players, best first, as the algorithm takes them: the
                order of the standings after the previous round
                (`standings.selectors.board.standings` with ``round_limit``); a player of the
                round the standings do not list comes last, by registration number.
rank going in   a player's rank in those standings, as they show it ("=3").
ready           every earlier round is played, every score card of it reconciled, no hand waits
                for a second entry or a head judge's decision, and (with an appeal window) no
                window of the previous round is open nor a query of it unanswered:
                `standings_problems` lists what is missing, in the organiser's words, as the
                cut does (`standings.selectors.cut_review`).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext

from ..models import Session, Tournament
from ..play.selectors.rounds import round_progress
from ..standings.selectors.board import standings
from ..standings.selectors.provisional import provisional


def round_ranking(tournament: Tournament, number: int, player_ids: Iterable[int]) -> list[int]:
    """``player_ids`` (round ``number``'s players) best first by the standings after round
    ``number - 1``; those the standings do not list last, by registration number."""
    wanted = set(player_ids)
    ranked = [row.player_id for row in _standings_before(tournament, number)]
    ranking = [pid for pid in ranked if pid in wanted]
    rest = wanted.difference(ranking)
    if rest:
        numbers = dict(
            tournament.registrations.filter(player_id__in=rest).values_list("player_id", "number")
        )
        ranking += sorted(rest, key=lambda pid: (numbers.get(pid) or 0, pid))
    return ranking


def ranks_going_in(tournament: Tournament, number: int) -> dict[int, tuple[str, int]]:
    """Each ranked player's rank ("=3") and place (1, 2, ...) in the standings after round
    ``number - 1`` (none before round 2)."""
    return {row.player_id: (row.rank, row.place) for row in _standings_before(tournament, number)}


def _standings_before(tournament: Tournament, number: int):
    if number <= 1:
        return []
    return standings(tournament, round_limit=number - 1)


def standings_problems(tournament: Tournament, number: int) -> list[str]:
    """Why round ``number`` cannot be seated by the standings now (empty when it can): a fixed
    number of queries."""
    if number <= 1:
        return [
            gettext(
                "Round 1 has no standings before it: seat it with the method “Random, no repeats”."
            )
        ]
    last = number - 1
    played = round_progress(tournament).played
    problems = []
    unplayed = [n for n in range(1, number) if n not in played]
    if unplayed:
        problems.append(
            gettext(
                "Round(s) %(rounds)s are not played yet: round %(number)s is seated from the "
                "standings after round %(last)s."
            )
            % {"rounds": ", ".join(map(str, unplayed)), "number": number, "last": last}
        )
    problems += _unreconciled(tournament, number)
    waiting = provisional(tournament, last)
    if waiting.pending_hands:
        problems.append(
            gettext(
                "%(count)s hand(s) await a second entry or a head judge's decision: settle them "
                "at the judges' desk first."
            )
            % {"count": waiting.pending_count}
        )
    problems += _appeals_open(waiting, last)
    return problems


def _unreconciled(tournament: Tournament, number: int) -> list[str]:
    """A sentence per earlier round with score cards not reconciled."""
    tables: dict[int, list[int]] = {}
    for round_number, table in (
        Session.objects.filter(round__tournament=tournament, round__number__lt=number)
        .exclude(status=Session.Status.RECONCILED)
        .order_by("round__number", "table__number")
        .values_list("round__number", "table__number")
        .distinct()
    ):
        tables.setdefault(round_number, []).append(table)
    return [
        gettext(
            "Round %(number)s: table(s) %(tables)s not reconciled; reconcile them at the "
            "judges' desk first."
        )
        % {"number": round_number, "tables": ", ".join(map(str, found))}
        for round_number, found in sorted(tables.items())
    ]


def _appeals_open(waiting, last: int) -> list[str]:
    """The open appeal windows and unanswered hand queries of round ``last``."""
    problems = []
    open_tables = sorted(table for (n, table) in waiting.open_appeals if n == last)
    if open_tables:
        problems.append(
            gettext(
                "Round %(number)s: the appeal window is still open at table(s) %(tables)s; "
                "seat the next round once it closes (a head judge may close it early)."
            )
            % {"number": last, "tables": ", ".join(map(str, open_tables))}
        )
    queried = sorted(table for (n, table) in waiting.open_queries if n == last)
    if queried:
        problems.append(
            gettext("Round %(number)s: a hand query awaits the head judge at table(s) %(tables)s.")
            % {"number": last, "tables": ", ".join(map(str, queried))}
        )
    return problems

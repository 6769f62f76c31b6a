"""Reads of the organiser's seating rules: the fixed tables and the pairs kept apart, as the
algorithm takes them (`seating_constraints`) and as the console lists them (`seating_rules`).

Vocabulary
----------
fixed table     a player seated at one table number in the rounds where it is set
                (`models.FixedTable`); a withdrawn player's ends with the round before their
                withdrawal (they are seated no more), a player no longer registered has none.
kept apart      two players who must not meet (`models.KeptApartPair`), in every round or up
                to ``until_round``.
constraints     both, as the plain `request.SeatingConstraints` the algorithm reads.
rule line       one fixed table or kept-apart pair as a page lists it: players by label and
                registration number (`FixedTableLine`, `KeptApartLine`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Subquery

from ..models import FixedTable, KeptApartPair, Registration, Tournament
from ..names import player_names
from .request import FixedTable as PlainFixedTable
from .request import KeptApart, SeatingConstraints


def _registration(field: str = "player"):
    """The registration, in the rule's tournament, of the player the rule's ``field`` names."""
    return Registration.objects.filter(
        tournament_id=OuterRef("tournament_id"), player_id=OuterRef(field)
    )


def seating_constraints(tournament: Tournament) -> SeatingConstraints:
    """The tournament's fixed tables and kept-apart pairs as the algorithm reads them: two
    queries, whatever their number."""
    registration = _registration()
    fixed = (
        FixedTable.objects.filter(tournament=tournament)
        .filter(Exists(registration))
        .annotate(
            status=Subquery(registration.values("status")[:1]),
            withdrawn_from=Subquery(registration.values("withdrawn_from_round")[:1]),
        )
        .order_by("table", "player_id")
        .values_list("player_id", "table", "first_round", "last_round", "status", "withdrawn_from")
    )
    fixed_tables = []
    for player_id, table, first, last, status, withdrawn_from in fixed:
        if status == Registration.Status.WITHDRAWN:
            if not withdrawn_from:
                continue  # withdrawn from the start: never seated
            last = min(last or withdrawn_from - 1, withdrawn_from - 1)
            if first is not None and first > last:
                continue
        fixed_tables.append(PlainFixedTable(player_id, table, first, last))
    pairs = (
        KeptApartPair.objects.filter(tournament=tournament)
        .order_by("player_a_id", "player_b_id")
        .values_list("player_a_id", "player_b_id", "until_round")
    )
    return SeatingConstraints(
        fixed_tables=tuple(fixed_tables),
        kept_apart=tuple(KeptApart(a, b, until) for a, b, until in pairs),
    )


@dataclass(frozen=True)
class FixedTableLine:
    """A fixed table as the console lists it."""

    player_id: int
    number: int | None  # the player's registration number
    name: str  # the player's label in the reader's language
    table: int
    first_round: int | None
    last_round: int | None


@dataclass(frozen=True)
class KeptApartLine:
    """A pair kept apart as the console lists it (the lower registration number first)."""

    a: int
    b: int
    number_a: int | None
    number_b: int | None
    name_a: str
    name_b: str
    until_round: int | None


@dataclass(frozen=True)
class SeatingRules:
    """Every seating rule of a tournament, in table then name order and by numbers."""

    fixed_tables: list[FixedTableLine]
    kept_apart: list[KeptApartLine]


def seating_rules(tournament: Tournament) -> SeatingRules:
    """The fixed tables and kept-apart pairs with their players' labels: three queries."""
    names = player_names(tournament)
    numbers = {pid: person.number for pid, person in names.people.items()}
    fixed = [
        FixedTableLine(pid, numbers.get(pid), names.label(pid), table, first, last)
        for pid, table, first, last in FixedTable.objects.filter(tournament=tournament)
        .order_by()
        .values_list("player_id", "table", "first_round", "last_round")
    ]
    fixed.sort(key=lambda line: (line.table, names.sort_key(line.player_id)))
    pairs = []
    for a, b, until in KeptApartPair.objects.filter(tournament=tournament).values_list(
        "player_a_id", "player_b_id", "until_round"
    ):
        if (numbers.get(b) or 0) < (numbers.get(a) or 0):
            a, b = b, a
        pairs.append(
            KeptApartLine(
                a, b, numbers.get(a), numbers.get(b), names.label(a), names.label(b), until
            )
        )
    pairs.sort(key=lambda line: (line.number_a or 0, line.number_b or 0))
    return SeatingRules(fixed_tables=fixed, kept_apart=pairs)

"""Why a seating misses a constraint: the sentences under the quality report.

Pure Python over the plain objects of :mod:`.request` and the figures of :mod:`.report`, whose
vocabulary this module speaks. A *reason* is a problem in the sense of :mod:`.checks`:
``(English text with %(name)s placeholders, values)``; the values name players by id under the
keys of `PLAYER_KEYS`, which a page replaces with their names before it translates the text.
Each kept-apart meeting, each fixed table missed and each club or country too large to keep
apart gets one reason, in the report's order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from scoring.engine.messages import gettext_noop

from .report import SeatingReport
from .request import RoundSeating, SeatingConstraints, SeatingPlayer

PLAYER_KEYS = ("a", "b", "player", "other")

Reason = tuple[str, dict]


def constraint_reasons(
    players: Sequence[SeatingPlayer],
    seatings: Sequence[RoundSeating],
    constraints: SeatingConstraints,
    report: SeatingReport,
    *,
    methods: Mapping[int, str] | None = None,
    rankings: Mapping[int, Sequence[int]] | None = None,
) -> list[Reason]:
    """The reasons for every constraint ``report`` finds missed in ``seatings``; ``methods``
    and ``rankings`` give, by round number, how a round was seated and the ranking it used."""
    methods, rankings = methods or {}, rankings or {}
    reasons = [
        _kept_apart_reason(meeting, constraints, methods, rankings)
        for meeting in report.kept_apart_meetings
    ]
    by_order = {s.order: s for s in seatings}
    for number, player, table, given in report.fixed_table_misses:
        seating = by_order.get((number, 1))
        reasons.append(_fixed_table_reason(number, player, table, given, constraints, seating))
    reasons.extend(_crowded_reasons(players, seatings, report))
    return reasons


def _kept_apart_reason(meeting, constraints, methods, rankings) -> Reason:
    number, table, a, b = meeting
    values = {"round": number, "table": table, "a": a, "b": b}
    fixed = constraints.fixed_in(number)
    if a in fixed and fixed.get(a) == fixed.get(b):
        return (
            gettext_noop(
                "Round %(round)s: %(a)s and %(b)s are kept apart but both have table %(table)s as "
                "their fixed table; change one of them"
            ),
            values,
        )
    if methods.get(number) == "standings":
        rank_of = {p: position + 1 for position, p in enumerate(rankings.get(number, ()))}
        return (
            gettext_noop(
                "Round %(round)s is seated by standings and %(a)s (rank %(rank_a)s) and %(b)s "
                "(rank %(rank_b)s) fall in one group of four; seat it Swiss to keep them apart"
            ),
            {**values, "rank_a": rank_of.get(a, "-"), "rank_b": rank_of.get(b, "-")},
        )
    return (
        gettext_noop(
            "Round %(round)s: no seating was found that keeps %(a)s and %(b)s apart together "
            "with the fixed tables and the other pairs kept apart"
        ),
        values,
    )


def _fixed_table_reason(number, player, table, given, constraints, seating) -> Reason:
    values = {"round": number, "player": player, "table": table}
    if not given:
        return (
            gettext_noop(
                "Round %(round)s: %(player)s sits this round out, so is not at table %(table)s"
            ),
            values,
        )
    fixed = constraints.fixed_in(number)
    at_table = {p.player_id for p in seating.placements if p.table == table} if seating else set()
    rival = next((p for p in sorted(at_table) if fixed.get(p) == table), None)
    if rival is not None:
        return (
            gettext_noop(
                "Round %(round)s: %(player)s and %(other)s both have table %(table)s as their "
                "fixed table but the standings put them in different groups; %(other)s has it"
            ),
            {**values, "other": rival},
        )
    mates = {p.player_id for p in seating.placements if p.table == given} if seating else set()
    other = next((p for p in sorted(mates) if p in fixed and fixed[p] == given), None)
    if other is not None:
        return (
            gettext_noop(
                "Round %(round)s: %(player)s (table %(table)s) shares a group of four with "
                "%(other)s, whose fixed table is %(other_table)s"
            ),
            {**values, "other": other, "other_table": given},
        )
    return (
        gettext_noop("Round %(round)s: %(player)s could not be given table %(table)s"),
        values,
    )


def _crowded_reasons(players, seatings, report) -> list[Reason]:
    """A club or country with more players in a round than the round has tables: some of
    them must meet (one reason per club or country, its largest round)."""
    attributes = {meeting[4] for meeting in report.separation_meetings}
    reasons: list[Reason] = []
    for attribute in sorted(attributes):
        value_of = {p.id: getattr(p, attribute) for p in players if getattr(p, attribute)}
        worst: dict[str, tuple[int, int]] = {}
        for seating in seatings:
            tables = len(seating.tables())
            counts = Counter(
                value_of[p.player_id] for p in seating.placements if p.player_id in value_of
            )
            for value, count in counts.items():
                if count > tables and count > worst.get(value, (0, 0))[0]:
                    worst[value] = (count, tables)
        reasons.extend(
            (
                gettext_noop(
                    "%(count)s players of %(value)s play in a round of %(tables)s tables, so "
                    "some of them must meet"
                ),
                {"count": count, "value": value, "tables": tables},
            )
            for value, (count, tables) in sorted(worst.items())
        )
    return reasons

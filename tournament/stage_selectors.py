"""Who may play a round: the stage plan and the confirmed cuts as the pure `tournament.stages`
objects, read in two small queries. The roll call, the byes, the seating, the desk's health
page and the standings all ask here (one place for the fact).

Vocabulary: see `tournament.stages` (stage plan, cut line, round field).
"""

from fractions import Fraction

from .models import Stage, StageCutEntry, Tournament
from .stages import CutLine, RoundField, StagePlan, StageRule, field_of_round_number


def stage_plan(tournament: Tournament) -> StagePlan:
    """The tournament's stages (one stage holding every round when none is stored)."""
    rules = tuple(
        StageRule(number, last_round, cut_size, Fraction(numerator, denominator))
        for number, last_round, cut_size, numerator, denominator in Stage.objects.filter(
            tournament=tournament
        )
        .order_by("number")
        .values_list("number", "last_round", "cut_size", "carry_numerator", "carry_denominator")
    )
    return StagePlan(rules) if rules else StagePlan.single()


def confirmed_cuts(tournament: Tournament) -> dict[int, tuple[CutLine, ...]]:
    """Every confirmed cut's lines in position order, by the number of the stage it ends."""
    cuts: dict[int, list[CutLine]] = {}
    for row in (
        StageCutEntry.objects.filter(cut__stage__tournament=tournament)
        .order_by("cut__stage__number", "position")
        .values_list(
            "cut__stage__number",
            "player_id",
            "position",
            "rank",
            "score",
            "carried",
            "qualified",
            "lot",
        )
    ):
        cuts.setdefault(row[0], []).append(CutLine(*row[1:]))
    return {number: tuple(lines) for number, lines in cuts.items()}


def round_field(tournament: Tournament, round_number: int) -> RoundField:
    """Who may be seated in round ``round_number`` (two queries)."""
    return field_of_round_number(stage_plan(tournament), confirmed_cuts(tournament), round_number)

"""Reads for the standings sheet: the standings board as the asker may see it, laid out for
paper (`StandingsSheet`).

Vocabulary
----------
round points    a player's hand payments in one round plus the penalties of that round's
                sessions (the per-round columns); penalties outside any session only count in
                the total.
provisional     standings as the standings board says
                (`standings.selectors.provisional.Provisional`): the sheet says what is not
                final yet, and why a row is provisional.
figures         each row's figures as one line of monospaced type (`figures`).
wide, small     more round columns than `StandingsSheet.WIDE_AFTER`: printed on A4 landscape;
                more than `StandingsSheet.SMALL_AFTER`: in smaller type as well.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from django.utils.translation import gettext as _

from ...models import Registration, Tournament
from ...standings.selectors.board import board_seen
from ..errors import NothingToPrint
from ..figures import Block, Column, figures_block


@dataclass
class StandingsSheet:
    tournament: str
    rows: list  # standings.ranking.rows.Standing, in rank order
    rounds: list[int]  # counted rounds with scores: the per-round columns
    match_points: bool  # the tournament ranks with match points: they get a column
    provisional: list[str]  # what is not final yet, in words; empty when nothing is
    last_round: int | None
    row_notes: dict[int, str] = field(default_factory=dict)  # player id -> "provisional until"
    carried: bool = False  # a tournament in stages after a cut: the Carried column
    stage_text: str = ""  # "Stage 2 of 3" when the tournament has stages
    chinese_names: dict[int, str] = field(default_factory=dict)  # player id -> Chinese name

    WIDE_AFTER: ClassVar[int] = 6  # more round columns than this: printed on A4 landscape
    SMALL_AFTER: ClassVar[int] = 12  # and more than this: in smaller type

    @property
    def wide(self) -> bool:
        return len(self.rounds) > self.WIDE_AFTER

    @property
    def small(self) -> bool:
        return len(self.rounds) > self.SMALL_AFTER

    @property
    def lines(self) -> list[tuple[object, list[int]]]:
        """Each row with its round points in each of `rounds`, in rank order."""
        lines = []
        for row in self.rows:
            by_round = row.points_by_round()
            lines.append((row, [by_round.get(number, 0) for number in self.rounds]))
        return lines

    @property
    def noted_lines(self) -> list[tuple[object, list[int], str]]:
        """`lines`, each with why its row is provisional ("" when it is not)."""
        return [
            (row, by_round, self.row_notes.get(row.player_id, "")) for row, by_round in self.lines
        ]

    @cached_property
    def figures(self) -> Block:
        """Each row's figures as a line of monospaced type (`figures`), in rank order: country,
        the points of each round, match points, hands, penalties, what was carried and the
        total, the last on a band."""
        lines = self.lines
        columns = [
            Column(_("Country"), [str(row.entrant.country) for row, _rounds in lines], left=True)
        ]
        columns += [
            Column(
                _("Rd %(number)s") % {"number": number},
                [str(by_round[i]) for _row, by_round in lines],
            )
            for i, number in enumerate(self.rounds)
        ]
        if self.match_points:
            columns.append(
                Column(_("Match pts"), [row.match_points_text for row, _rounds in lines])
            )
        columns.append(Column(_("Hands"), [str(row.hand_points) for row, _rounds in lines]))
        columns.append(Column(_("Penalties"), [str(row.penalty_points) for row, _rounds in lines]))
        if self.carried:
            carried = ["" if row.cut_after_round else str(row.carried) for row, _rounds in lines]
            columns.append(Column(_("Carried"), carried))
        columns.append(Column(_("Total"), [str(row.total) for row, _rounds in lines]))
        return figures_block(columns)

    @property
    def printed_lines(self) -> list[tuple[object, str, str]]:
        """Each row with why it is provisional ("" when it is not) and its figures."""
        return [
            (row, self.row_notes.get(row.player_id, ""), figures)
            for row, figures in zip(self.rows, self.figures.lines, strict=True)
        ]


def standings_sheet(
    tournament: Tournament, *, official: bool, chinese: bool = False
) -> StandingsSheet:
    """The standings board as the asker may see it (`standings.selectors.board.board_seen`: silent
    rounds and hidden withdrawn players apply to the public), laid out for paper; ``chinese``:
    with the players' Chinese names (a Chinese printout shows them first)."""
    board = board_seen(tournament, official=official)
    if not board.rows:
        raise NothingToPrint(_("This tournament has no players yet."))
    rounds = sorted({placing.round_number for row in board.rows for placing in row.sessions})
    return StandingsSheet(
        tournament=tournament.name,
        rows=list(board.rows),
        rounds=rounds,
        match_points=board.uses_match_points,
        provisional=board.provisional.lines(),
        last_round=rounds[-1] if rounds else None,
        row_notes={
            row.player_id: note
            for row in board.rows
            if (note := board.provisional.row_note(row.player_id))
        },
        carried=board.shows_carried,
        stage_text=board.stage_text,
        chinese_names=_chinese_names(tournament) if chinese else {},
    )


def _chinese_names(tournament: Tournament) -> dict[int, str]:
    registrations = Registration.objects.filter(tournament=tournament)
    return dict(
        registrations.exclude(player__chinese_name="").values_list(
            "player_id", "player__chinese_name"
        )
    )

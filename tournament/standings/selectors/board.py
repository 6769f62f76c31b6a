"""The board: the ranked standings of a tournament, built from the kept session scores,
kept in this process under the tournament's last write, and seen by one viewer.

Vocabulary
----------
board           `Board`: the ranked standings of a tournament as one viewer may see them (up to
                a round, see `tournament.release.counted_round_limit`), with the rules used and
                what is still provisional (`selectors.provisional`).
stage           a tournament played in stages (`tournament.stages`) ranks the current stage's
                field live, with the points they carried in, above the players cut at earlier
                cuts (`cuts.staged_standings`); ``Board.stage`` is the stage shown.
last write      `Tournament.last_write`, moved on by every write (`tournament.audit`): the kept
                boards' key. A page's loader read it with the tournament; `board` takes it
                from its caller (``last_write``) or, left out, reads it (one small query).
kept boards     the boards kept in this process (`BOARDS_KEPT`, the oldest dropped first), so a
                board is built once per change, not once per spectator.

Totals come from `SessionScore` (kept by the play services with every write), so every query
here reads players x rounds rows, never the payments of every hand, and their number is the
same for 100 or 400 players and for 1,600 or 16,000 hands. Writes never happen here.
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext

from ... import release
from ...models import Tournament
from ...roles import is_official
from ...stage_selectors import confirmed_cuts, stage_plan
from ..cuts import staged_standings
from ..ranking.countries import countries_summarise
from ..ranking.rows import Standing
from ..ranking.rules import RankingRules
from .inputs import entrants, loose_penalties, ranking_rules, session_results
from .provisional import Provisional, provisional


@dataclass
class Board:
    tournament: Tournament
    rows: list[Standing]
    rules: RankingRules
    provisional: Provisional
    round_limit: int | None  # None: every round counts
    stage: int = 1  # the stage being played (see `cuts.staged_standings`)
    stages: int = 1  # how many stages the tournament has

    @property
    def uses_match_points(self) -> bool:
        return self.rules.match_points != "none"

    @property
    def shows_carried(self) -> bool:
        """A carried column is shown once a cut has carried points into a stage."""
        return self.stage > 1

    @property
    def stage_text(self) -> str:
        if self.stages <= 1:
            return ""
        return gettext("Stage %(stage)s of %(stages)s") % {
            "stage": self.stage,
            "stages": self.stages,
        }


BOARDS_KEPT = 16  # boards kept per process: a few tournaments x viewer kinds
_boards: OrderedDict[tuple, Board] = OrderedDict()


def board(
    tournament: Tournament,
    *,
    last_write: dt.datetime | None = None,
    round_limit: int | None = None,
    hide_withdrawn: bool = False,
) -> Board:
    """The ranked standings up to ``round_limit``, with what is still provisional.

    Kept in this process under the tournament's last write: every write moves it on
    (`tournament.audit`), so a board is built once per change, not once per spectator.
    ``last_write`` is the one the caller loaded with the tournament (a page's loader: no second
    query); left out, it is read fresh (one small query), for a caller whose tournament may be
    older than the last write. A kept board is shared: callers copy ``rows`` before reordering
    it.
    """
    if last_write is None:
        last_write = (
            Tournament.objects.filter(pk=tournament.pk).values_list("last_write", flat=True).first()
        )
    key = (tournament.pk, last_write, round_limit, hide_withdrawn)
    built = _boards.get(key)
    if built is None:
        built = board_build(tournament, round_limit=round_limit, hide_withdrawn=hide_withdrawn)
        _boards[key] = built
        while len(_boards) > BOARDS_KEPT:
            _boards.popitem(last=False)
    return built


def boards_forget() -> None:
    """Drop every kept board (tests, and after restoring a database)."""
    _boards.clear()


def board_build(
    tournament: Tournament,
    *,
    round_limit: int | None = None,
    hide_withdrawn: bool = False,
    clock: Callable[[], dt.datetime] = timezone.now,
) -> Board:
    """The board built from the kept session scores (no cache); ``clock`` tells the time of
    the appeal windows (tests give their own)."""
    rules = ranking_rules(tournament, hide_withdrawn=hide_withdrawn)
    plan = stage_plan(tournament)
    cuts = _cuts_seen(plan, confirmed_cuts(tournament), round_limit)
    staged = staged_standings(
        entrants(tournament),
        session_results(tournament, round_limit),
        rules,
        plan=plan,
        cuts=cuts,
        loose_penalties=loose_penalties(tournament),
    )
    return Board(
        tournament,
        staged.rows,
        rules,
        provisional(tournament, round_limit, clock),
        round_limit,
        stage=staged.stage,
        stages=len(plan.stages),
    )


def _cuts_seen(plan, cuts, round_limit: int | None) -> dict:
    """The confirmed cuts a viewer counting rounds up to ``round_limit`` may see: a cut after a
    silent round stays hidden with it (consecutive from stage 1)."""
    seen = {}
    for number in sorted(cuts):
        last = plan.stage(number).last_round
        if number - 1 not in seen and number > 1:
            break
        if round_limit is not None and (last is None or last > round_limit):
            break
        seen[number] = cuts[number]
    return seen


def board_for_viewer(user, tournament: Tournament) -> Board:
    """The standings as this viewer may see them: silent rounds and hidden withdrawn players
    apply to the public (`tournament.release`), never to officials. ``tournament`` is the
    page's, loaded by its loader in this request: its last write keys the kept board."""
    return board_seen(
        tournament, official=is_official(user, tournament), last_write=tournament.last_write
    )


def board_seen(
    tournament: Tournament, *, official: bool, last_write: dt.datetime | None = None
) -> Board:
    """The standings as an official, or as the public, sees them (``last_write``: see
    `board`)."""
    return board(
        tournament,
        last_write=last_write,
        round_limit=None if official else release.public_round_limit(tournament),
        hide_withdrawn=tournament.hide_withdrawn and not official,
    )


def countries(board_: Board):
    return countries_summarise(board_.rows)


def standings(tournament: Tournament, *, round_limit: int | None = None) -> list[Standing]:
    """The ranked rows alone (every player, every counted round)."""
    return list(board(tournament, round_limit=round_limit).rows)

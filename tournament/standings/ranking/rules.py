"""The tournament settings the ranking follows.

Vocabulary
----------
match points    per session, a tournament setting (``match_points``): ``placing`` gives the
                table's points for 1st..4th by session score, tied players sharing equally the
                places they span (4/2/1/0: two tied firsts get 3 each, RULINGS R16);
                ``sqrt`` gives the sign-kept square root of the session score (the World
                Series of Mahjong 2010 scheme); ``none`` gives nothing.
rank by         ``total`` (RULINGS R16) or ``match_points`` (WSoM 2015/2018: match points first,
                the raw total as the first tie-break).
chain           the keys a ranking applies in order: its own key first, then the tournament's
                tie-breaks (keys of `ranking.tie_breaks.TIE_BREAKS`), each once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tie_breaks import TIE_BREAKS

MATCH_POINT_SCHEMES = ("none", "placing", "sqrt")
RANK_BY = ("total", "match_points")


@dataclass(frozen=True)
class RankingRules:
    """The tournament settings the ranking follows."""

    match_points: str = "none"
    placing_table: tuple[int, ...] = (4, 2, 1, 0)
    rank_by: str = "total"
    tie_breaks: tuple[str, ...] = ("points", "match_points", "hands_won")
    hide_withdrawn: bool = False
    hide_substitutes: bool = False

    def __post_init__(self):
        if self.match_points not in MATCH_POINT_SCHEMES:
            raise ValueError(f"Unknown match-point scheme {self.match_points!r}.")
        if self.rank_by not in RANK_BY:
            raise ValueError(f"Unknown ranking {self.rank_by!r}.")
        unknown = [key for key in self.tie_breaks if key not in TIE_BREAKS]
        if unknown:
            raise ValueError(f"Unknown tie-break(s): {', '.join(unknown)}.")

    def chain(self) -> list[str]:
        """The keys applied in order: the ranking's own key first, then the tie-breaks."""
        first = ["match_points", "points"] if self.rank_by == "match_points" else ["points"]
        keys = []
        for key in [*first, *self.tie_breaks]:
            if key not in keys:
                keys.append(key)
        return keys

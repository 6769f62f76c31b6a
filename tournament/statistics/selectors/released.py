"""Which hands a viewer may count: the results release rules as one filter on hands.

Vocabulary
----------
released hand   a hand of the tournament in a counted round (silent rounds:
                `tournament.release.counted_round_limit`) that is confirmed (a hand awaiting
                its blind second entry is hidden from the public,
                `play.selectors.hidden.hidden_hands_filter`, and counts in no kept total, not
                even an official's). A hidden tournament, or one whose results are not public,
                shows the public nothing: `statistics_visible` says so, and the pages' loaders
                refuse before any figure is read.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q

from ... import release
from ...models import Tournament
from ...play.selectors.hidden import hidden_hands_filter
from ...standings.selectors.inputs import counted_rounds


def released_hands(tournament: Tournament, round_limit: int | None, prefix: str = "") -> Q:
    """A filter on `Hand` (or, with ``prefix`` e.g. ``"hand__"``, on rows of a hand) keeping
    the released hands of ``tournament`` up to ``round_limit`` (None: every round). The same
    for every viewer but the round limit: unconfirmed hands count for nobody, as in the kept
    totals the standings read."""
    return (
        Q(**{f"{prefix}session__round__tournament": tournament})
        & ~hidden_hands_filter(AnonymousUser(), prefix, tournament)
        & Q(**counted_rounds(f"{prefix}session__round__number", round_limit))
    )


def statistics_visible(user, tournament: Tournament) -> bool:
    """Whether ``user`` may see any figure of ``tournament``: its results are (hidden
    tournaments show the public nothing)."""
    return release.results_visible(user, tournament)


def statistics_round_limit(user, tournament: Tournament) -> int | None:
    """The last round ``user`` may count (silent rounds), or None for every round."""
    return release.counted_round_limit(user, tournament)

"""Refusing to seat a round by the standings before they are final.

A round seated by the standings (`Round.by_standings`) waits until every earlier round is played
and reconciled, no hand awaits a second entry or a decision, and the previous round's appeal
windows are closed (`ranking_selectors.standings_problems`): seating it refuses with code
`STANDINGS_PENDING`, listing what is missing, before anything is computed or saved.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from ...models import Round, Tournament
from ..ranking_selectors import standings_problems

STANDINGS_PENDING = "standings_pending"  # the code of a refusal to seat by unfinished standings


def _refuse_unready(tournament: Tournament, round_: Round) -> None:
    """Refuse seating ``round_`` (by standings) while its standings are not final."""
    problems = standings_problems(tournament, round_.number)
    if problems:
        raise ValidationError(
            " ".join(
                [
                    gettext(
                        "Round %(number)s is seated by the standings after round %(last)s, "
                        "which are not final yet:"
                    )
                    % {"number": round_.number, "last": round_.number - 1},
                    *problems,
                ]
            ),
            code=STANDINGS_PENDING,
            params={"round": round_.number},
        )

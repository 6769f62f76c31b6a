"""What the public may see: the one place that decides, declared by every public page.

Vocabulary
----------
rule            what guards a public page (`Rule`): ``ALWAYS`` (nothing to hide: the
                tournament's name, its rounds and tables, the calculator), ``SEATING`` (a
                round's seating, shown once the organiser publishes it) or ``RESULTS`` (scores
                and standings, shown while the tournament's results are public).
official        see `tournament.roles`: officials see everything, released or not, so that a
                judge and a head judge always see the same page.
released        visible to the public under the page's rule.

Every public view is wrapped in `public_page(rule)`, which records its rule on the view (a
test walks the URL conf and checks that each public page declares one) and the view asks
`seating_visible` / `results_visible` for what it shows.
"""

from __future__ import annotations

from enum import StrEnum

from .roles import is_official


class Rule(StrEnum):
    ALWAYS = "always"
    SEATING = "seating"
    RESULTS = "results"


def public_page(rule: Rule):
    """Declare which release rule guards a public view."""

    def decorator(view):
        view.release_rule = Rule(rule)
        return view

    return decorator


def seating_visible(user, round_) -> bool:
    """A round's seating: once published, or to officials of its tournament."""
    return bool(round_.seating_published) or is_official(user, round_.tournament_id)


def results_visible(user, tournament) -> bool:
    """Scores and standings: while the results are public, or to officials of the tournament."""
    return bool(tournament.results_public) or is_official(user, tournament)

"""Projector mode: full-screen standings and seating in large type, for the venue's screens.

The body is a live fragment: fetched again through htmx when the tournament changes (an
``HX-Request`` gets the body alone, so nothing flashes; `tournament.templatetags.live`), and it
scrolls itself slowly (`static/tournament/projector.js`); the round clock counts down in the
browser from the server's end time. Same release rules as the other pages.
"""

from __future__ import annotations

from django.shortcuts import render

from ... import release
from ...event.selectors.seats import round_byes, round_tables
from ...models import Round, Tournament
from ...names import player_names
from ...play import clock as play_clock
from ...release import Rule, public_page
from ..rows_html import projector_rows_html
from .pages import live_template, round_or_404
from .standings import public_board


def _current_round(tournament: Tournament) -> Round | None:
    """The round whose clock runs (or is paused); else the last playing round; else the last."""
    rounds = list(tournament.rounds.all())
    timed = [r for r in rounds if r.clock_ends_at or r.clock_paused_left is not None]
    playing = [r for r in rounds if r.status == Round.Status.PLAYING]
    return (timed or playing or rounds or [None])[-1]


def _render(request, template: str, context: dict):
    return render(request, live_template(request, template), context)


@public_page(Rule.STANDINGS)
def projector_standings(request, tournament):
    round_ = _current_round(tournament)
    board = public_board(request, tournament)
    context = {
        "tournament": tournament,
        "board": board,
        "rows_html": projector_rows_html(board),
        "round": round_,
        "clock": play_clock.clock_of(round_) if round_ else None,
    }
    return _render(request, "tournament/public/projector_standings.html", context)


@public_page(Rule.SEATING)
def projector_seating(request, tournament, number):
    round_ = round_or_404(tournament, number)
    visible = release.seating_visible(request.user, round_)
    names = player_names(round_.tournament_id) if visible else None
    context = {
        "tournament": round_.tournament,
        "round": round_,
        "visible": visible,
        "tables": round_tables(round_, names) if visible else [],
        "byes": round_byes(round_, names) if visible else [],
        "clock": play_clock.clock_of(round_),
    }
    return _render(request, "tournament/public/projector_seating.html", context)

"""Overlays for streamers: one table's live score, and the top of the standings, in large type
on a transparent background with no menu, to lay over video (a browser source in OBS and the
like, sized e.g. 1920 x 1080).

Each page's body is a live fragment, as the projector's is: fetched again through htmx when
the tournament changes (an ``HX-Request`` gets the body alone). Each follows the release rules
of the pages it condenses: the top of the standings needs released standings (404 otherwise,
as the standings); a table's score follows
its round: the names once the seating is published, the scores while the round's results are
public (`release.rule_refusal` with the round: the tournament's results, silent rounds,
results held until reconciled). What is not public yet is named in one discreet line instead,
so an overlay left open shows the table the moment it is released.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from ... import release
from ...release import Rule, public_page
from ...web.pagecache import Param
from .. import selectors
from .pages import round_or_404
from .standings import public_board

TOP_DEFAULT, TOP_MOST = 8, 32


def _render(request, template: str, context: dict):
    """The whole page, or its body alone for htmx's refresh (``_body.html``)."""
    partial = bool(request.headers.get("HX-Request"))
    name = template.replace(".html", "_body.html") if partial else template
    return render(request, name, context | {"partial": partial})


def _top(request) -> int:
    """``?top=N``: how many rows of the standings (1 to `TOP_MOST`; anything else: the default)."""
    text = request.GET.get("top", "")
    return min(int(text), TOP_MOST) if text.isdecimal() and int(text) > 0 else TOP_DEFAULT


@public_page(Rule.STANDINGS, query=[Param("top", most=TOP_MOST, clamp=True)])
def overlay_standings(request, tournament):
    board = public_board(request, tournament)
    context = {"tournament": tournament, "board": board, "rows": board.rows[: _top(request)]}
    return _render(request, "tournament/public/overlay_standings.html", context)


@public_page(Rule.RESULTS, per_round=True)
def overlay_table(request, tournament, number, table):
    round_ = round_or_404(tournament, number)
    seating, results = (
        release.rule_refusal(rule, request.user, tournament, round_)
        for rule in (Rule.SEATING, Rule.RESULTS)
    )
    live = None if seating else selectors.table_live(round_, table)
    if live is None and not seating:
        raise Http404(_("No such table in this round."))
    context = {
        "tournament": tournament,
        "round": round_,
        "table_number": table,
        "live": live,
        "scores": not results,
        "notice": seating or results,
    }
    return _render(request, "tournament/public/overlay_table.html", context)

"""The event's statistics: the public page, the projector's pages (the statistics, the awards
one at a time), and the player's section that the player page and the private link share.

Vocabulary
----------
statistics page the figures of the whole event (`statistics.selectors.event.statistics_seen`):
                hands, draws and false wins by round, the hand values as a bar chart with its
                table, every pattern's count and share of wins, the big hands with their tiles
                (drawn as the desk draws them, `play.selectors.sheet.hand_pictures`), and the
                figures by country. It follows the results release (`Rule.RESULTS`: 404 while
                the results are held, silent rounds left out) and is kept per version like
                every public page.
player section  a player's figures beside the event's (`player_statistics`): the private link
                shows it in its page; the public player page asks for it once it shows (the
                event's figures it stands beside are built again after each write, which cost
                more than the rest of that page), and without JavaScript links to it.
"""

from __future__ import annotations

from types import SimpleNamespace

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from ... import release
from ...play.selectors.sheet import hand_pictures
from ...release import Rule, public_page
from ...statistics.chart import bar_chart, rank_chart
from ...statistics.figures import BIG_VALUE
from ...statistics.selectors.awards import award_lines
from ...statistics.selectors.event import statistics_seen
from ...statistics.selectors.player import player_statistics_seen
from ...web.pagecache import Param
from .pages import live_template


def statistics_context(stats) -> dict:
    """What a player's statistics section draws (`tournament/statistics/_player.html`):
    ``stats`` is a `statistics.figures.PlayerStatistics`, or None when none is shown."""
    chart = rank_chart(stats.ranks, stats.ranked) if stats and len(stats.ranks) > 1 else None
    return {"stats": stats, "rank_chart": chart}


@public_page(Rule.RESULTS)
def player_statistics(request, tournament, player_id):
    """One player's statistics section (see *player section*): the fragment for the player
    page's request, a page of its own otherwise."""
    stats = player_statistics_seen(request.user, tournament, player_id)
    if stats is None:
        raise Http404(_("No such player in this tournament."))
    context = {"tournament": tournament, "player_id": player_id, **statistics_context(stats)}
    return render(
        request, live_template(request, "tournament/public/player_statistics.html"), context
    )


def _event_context(request, tournament) -> dict:
    figures = statistics_seen(request.user, tournament)  # never None: the rule let us in
    return {
        "tournament": tournament,
        "figures": figures,
        "average": figures.average,
        "release_note": release.release_note(request.user, tournament),
        "big_value": BIG_VALUE,
        "chart": bar_chart(figures.values),
        "big_hands": [
            {
                "hand": big.row,
                "limit": big.limit,
                "player": SimpleNamespace(
                    name=figures.names.get(big.row.player_id, ""),
                    chinese_name=figures.chinese_names.get(big.row.player_id, ""),
                ),
                "pictures": hand_pictures(big.row.concealed, big.row.melds, big.row.winning_tile),
            }
            for big in figures.big_hands
        ],
    }


@public_page(Rule.RESULTS)
def statistics(request, tournament):
    return render(request, "tournament/public/statistics.html", _event_context(request, tournament))


@public_page(Rule.RESULTS)
def projector_statistics(request, tournament):
    return render(
        request,
        live_template(request, "tournament/public/projector_statistics.html"),
        _event_context(request, tournament),
    )


AWARDS_MOST = 50  # the most awards the projector steps through


@public_page(Rule.RESULTS, query=[Param("n", most=AWARDS_MOST, clamp=True)])
def projector_awards(request, tournament):
    """The published awards one at a time for the prize-giving (``?n=2``: the second), with
    their winners and the figures behind them, and links to the previous and the next."""
    lines = award_lines(tournament, published_only=True)
    number = min(int(request.GET.get("n", 1)), max(len(lines), 1))
    line = lines[number - 1] if lines else None
    context = {
        "tournament": tournament,
        "line": line,
        "winners": [
            {
                "candidate": c,
                "pictures": hand_pictures(c.hand.concealed, c.hand.melds, c.hand.winning_tile)
                if c.hand
                else [],
            }
            for c in (line.result.winners if line else [])
        ],
        "number": number,
        "count": len(lines),
        "previous": number - 1 if number > 1 else None,
        "next": number + 1 if number < len(lines) else None,
    }
    return render(
        request, live_template(request, "tournament/public/projector_awards.html"), context
    )

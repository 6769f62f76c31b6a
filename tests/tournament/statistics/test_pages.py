"""The statistics on the pages: the public Statistics page and its projector, the player page
and the private link show the figures the selectors count, and follow the results release."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.kept import kept, kept_value
from tests.tournament.statistics.events import make_stats_event, recount
from tournament.event.links import player_link_issue
from tournament.models import Registration, Tournament

pages_kept = kept("pages_kept", make_stats_event)


@pytest.fixture
def event(pages_kept, db):
    tournament = Tournament.objects.get(pk=kept_value(pages_kept, "stats event"))
    tournament.results_public = True
    tournament.standings_public = True
    tournament.save()
    return tournament


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def _row(html: str, table_id: str, label: str) -> list[str]:
    """The cells of the row of table ``table_id`` whose first cell is ``label``."""
    table = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    for row in re.findall(r"<tr>(.*?)</tr>", table):
        cells = [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)
        ]
        if cells and cells[0] == label:
            return cells
    raise AssertionError(f"no row {label!r} in {table_id}")


def test_the_statistics_page_shows_each_round_and_the_big_hands(client, event):
    counted = recount(event, None)
    html = _text(client.get(reverse("public:statistics", args=[event.slug])))
    for number, line in counted["rounds"].items():
        counts = [line["hands"], line["win"], line["draw"], line["false_win"]]
        assert _row(html, "rounds", str(number)) == [str(number), *map(str, counts)]
    assert "140 points" in html and 'class="big-hand"' in html and 'alt="' in html
    assert html.count("<rect ") == 8  # one bar per value bin
    assert _row(html, "values", "100-199")[1] == str(
        sum(1 for v in counted["values"] if 100 <= v <= 199)
    )
    assert f'href="/t/{event.slug}/statistics/"' in html  # the menu links to it


def test_the_statistics_page_follows_the_release(client, event):
    url = reverse("public:statistics", args=[event.slug])
    event.silent_rounds = 1
    event.save()
    html = _text(client.get(url))
    assert "up to round 2" in html
    with pytest.raises(AssertionError):
        _row(html, "rounds", "3")
    event.results_public = False
    event.save()
    assert client.get(url).status_code == 404
    event.results_public = True
    event.hidden = True
    event.save()
    assert client.get(url).status_code == 404
    assert client.get(reverse("public:projector_statistics", args=[event.slug])).status_code == 404


def test_the_projector_shows_the_rounds_and_patterns(client, event):
    html = _text(client.get(reverse("public:projector_statistics", args=[event.slug])))
    assert 'class="projector-table"' in html and "Share of wins" in html and "140 points" in html


def _south_of_round_three(event):
    from tournament.models import Seat

    return Seat.objects.get(
        round__tournament=event, round__number=3, table__number=1, wind="S"
    ).player_id


def test_the_player_page_shows_the_players_figures_beside_the_event(client, event):
    player_id = _south_of_round_three(event)  # robbed North's kong in round 3
    line = recount(event, None)["players"][player_id]
    page = client.get(reverse("public:player_detail", args=[event.slug, player_id]))
    url = reverse("public:player_statistics", args=[event.slug, player_id])
    assert f'hx-get="{url}"' in page.content.decode()  # asked for once the page shows
    assert "htmx-2.min.js" in page.content.decode()  # by htmx, which the page loads
    assert 'id="player-statistics"' not in page.content.decode()
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in fragment
    html = _text(client.get(url))  # without JavaScript: a page of its own
    assert _row(html, "player-statistics", "Hands played")[1] == str(line["hands"])
    assert _row(html, "player-statistics", "robbing a kong")[1] == str(line["robbing_kong"])
    wins = line["self_draw"] + line["discard"] + line["robbing_kong"]
    assert _row(html, "player-statistics", "Hands won")[1] == str(wins)
    assert _row(html, "player-values", "Largest hand won")[1] == str(line["largest"])
    assert 'id="player-ranks"' in html


def test_the_private_link_shows_the_figures_and_no_silent_round(client, event):
    player_id = _south_of_round_three(event)
    registration = Registration.objects.get(tournament=event, player_id=player_id)
    link = player_link_issue(registration=registration, user=None)
    url = reverse("public:player_link", args=[link.token])
    line = recount(event, None)["players"][player_id]
    html = _text(client.get(url))
    assert _row(html, "player-statistics", "robbing a kong")[1] == str(line["robbing_kong"])
    event.silent_rounds = 1
    event.save()
    silent = recount(event, 2)["players"][player_id]
    html = _text(client.get(url))
    assert _row(html, "player-statistics", "Hands played")[1] == str(silent["hands"])
    assert _row(html, "player-statistics", "robbing a kong")[1] == "0"
    event.results_public = False
    event.save()
    assert 'id="player-statistics"' not in _text(client.get(url))

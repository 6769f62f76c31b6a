"""The cut page names each player once: their name as the page's language shows it (the Chinese
name first on a Chinese page) and their number beside it, once, even for two players of the
same name (whose label, "Maria Garcia (#5, ES)", already carries the number); the tie at the
line names its tie-breaks in the page's language."""

import html
import re

import pytest
from django.urls import reverse

from tests.tournament.builders import make_cut_event
from tournament.models import Player, Registration

pytestmark = pytest.mark.django_db


def rows(page: str) -> list[str]:
    """The text of every player's cell in the tie, the qualifiers and the players cut."""
    cells = []
    for table in ("cut-tie", "cut-in", "cut-out"):
        start = page.index(f'id="{table}"')
        body = page[start : page.index("</table>", start)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, flags=re.S):
            player = re.findall(r"<td>(.*?)</td>", row, flags=re.S)
            if player:  # the tie's first cell; the lists' second (after the rank)
                cell = player[0] if table == "cut-tie" else player[1]
                text = html.unescape(re.sub(r"<[^>]+>", "", cell))
                cells.append(" ".join(text.split()))
    return cells


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_each_player_is_named_once_with_the_chinese_name_and_the_number(client, language):
    tournament, players, organiser = make_cut_event()
    Player.objects.filter(pk=players[0].pk).update(name="Maria Garcia", country="ES")
    Player.objects.filter(pk=players[5].pk).update(name="Maria Garcia", country="MX")
    Player.objects.filter(pk=players[2].pk).update(name="Chan Tai Man", chinese_name="陳大文")
    numbers = dict(
        Registration.objects.filter(tournament=tournament).values_list("player_id", "number")
    )
    client.force_login(organiser)
    address = reverse("console:cut", args=[tournament.slug, 1])
    page = client.get(address, {"seed": 5, "lang": language}).content.decode()
    cells = rows(page)
    assert len(cells) == 8 + 4  # everyone in the two lists; the four tied at the line again
    for cell in cells:
        assert len(re.findall(r"#\d+", cell)) == 1, cell
        assert "(" not in cell, cell
    for player in (players[0], players[5]):
        assert f"Maria Garcia #{numbers[player.pk]}" in cells
    chan = f"#{numbers[players[2].pk]}"
    expected = "陳大文 Chan Tai Man" if language == "zh-hant" else "Chan Tai Man"
    assert f"{expected} {chan}" in cells
    if language == "en":
        assert "陳大文" not in page
    else:  # the tie's columns: the tie-breaks in the reader's words
        tie = page[page.index('id="cut-tie"') : page.index("</thead>", page.index('id="cut-tie"'))]
        assert "總分" in tie and "Total points" not in tie, tie

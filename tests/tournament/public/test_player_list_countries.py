"""The public players list names each player's country from one lookup per language, not by
asking django-countries row by row (that was two thirds of the page's time at 400 players)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django_countries import Countries

from tests.tournament.builders import make_players, make_tournament

pytestmark = pytest.mark.django_db


def test_country_names_are_not_looked_up_row_by_row(client, monkeypatch):
    walks = []
    walk = Countries.__iter__

    def counted(self):
        walks.append(1)
        return walk(self)

    monkeypatch.setattr(Countries, "__iter__", counted)

    def walks_for(players: int) -> tuple[int, str]:
        tournament = make_tournament()
        make_players(tournament, players, country="DK")
        walks.clear()
        body = client.get(reverse("public:player_list", args=[tournament.slug])).content.decode()
        return len(walks), body

    walks_for(1)  # the names of this language are made and kept
    few, _ = walks_for(3)
    many, body = walks_for(60)
    assert body.count("<td >Denmark</td>") == 50  # a page of 50, each with the country's name
    assert many == few  # the same lookups for 3 rows as for 50

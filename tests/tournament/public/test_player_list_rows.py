"""The public players list draws its rows from plain lines (`RegistrationTable.body`), not
through django-tables2's per-cell lookups (accessor, render signature and column attributes for
every cell, which cost more than the rest of the page at 400 players); the rows are the ones
django-tables2's own template draws, cell for cell."""

from __future__ import annotations

import re

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django_tables2.rows import BoundRow

from tests.tournament.builders import make_players, make_tournament
from tournament.event.selectors.countries import country_names
from tournament.event.selectors.roster import public_roster
from tournament.event.services.registrations import registration_withdraw
from tournament.models import Registration
from tournament.names import player_names
from tournament.public.tables import RegistrationTable, table_paginate
from tournament.seating.services.roster import roster_substitute

pytestmark = pytest.mark.django_db


def test_the_rows_are_drawn_without_a_lookup_per_cell(client, monkeypatch):
    looked_up = []
    lookup = BoundRow._get_and_render_with

    def counted(self, *args, **kwargs):
        looked_up.append(1)
        return lookup(self, *args, **kwargs)

    monkeypatch.setattr(BoundRow, "_get_and_render_with", counted)
    tournament = make_tournament(results_public=True)
    make_players(tournament, 60, country="DK")
    body = client.get(reverse("public:player_list", args=[tournament.slug])).content.decode()
    assert body.count("<td >Denmark</td>") == 50  # a page of 50 rows
    assert body.count('<td class="hide-sm">—</td>') == 100  # no Chinese name, no club
    assert looked_up == []


def _tbody(html: str) -> str:
    """The table's body, whitespace between tags dropped."""
    body = html[html.index("<tbody") : html.index("</tbody>")]
    return re.sub(r">\s+<", "><", body.strip())


def _table(tournament, request, **kwargs) -> RegistrationTable:
    lines = RegistrationTable.rows(
        public_roster(tournament),
        player_names(tournament),
        country_names(),
    )
    table = RegistrationTable(lines, slug=tournament.slug, **kwargs)
    table_paginate(request, table, per_page=50)
    return table


@pytest.mark.parametrize("link_players", [True, False])
@pytest.mark.parametrize("query", ["", "?sort=-country&per_page=7&page=2", "?sort=status"])
def test_the_rows_are_the_ones_django_tables2_draws(demo, link_players, query):
    registration = Registration.objects.filter(tournament=demo).order_by("number")[3]
    registration_withdraw(registration=registration, from_round=2)
    for given, family, country in (
        ("Lars", "Nielsen", "SE"),  # the same name as a Danish player: told apart
        ("<b>Bold</b>", "O'Hara & Sons", ""),  # escaped, no country
    ):
        roster_substitute(
            tournament=demo, reseat=False, given_name=given, family_name=family, country=country
        )
    request = RequestFactory().get("/" + query)
    ours = _table(demo, request, link_players=link_players).as_html(request)
    stock = _table(
        demo, request, link_players=link_players, template_name="django_tables2/table.html"
    ).as_html(request)
    assert "<tr" in _tbody(ours)
    assert _tbody(ours) == _tbody(stock)

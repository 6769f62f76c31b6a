"""The long tables drawn in Python (`public.rows_html`, `StandingsTable.body_html`) and sorted
by plain attribute look-ups (`public.tables.Records`): the same order as django-tables2's own
sort for every column both ways (hypothesis), names escaped, each row's words in the reader's
language."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django_tables2.data import TableListData
from django_tables2.utils import OrderByTuple
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.kept import kept, kept_value
from tests.tournament.builders import make_ranked_event
from tournament.event.services.registrations import registration_withdraw
from tournament.models import Registration, Tournament
from tournament.public.rows_html import hand_rows_html
from tournament.public.tables import StandingsTable
from tournament.standings.ranking.build import standings_build
from tournament.standings.ranking.rows import Entrant, SessionResult
from tournament.standings.ranking.rules import RankingRules
from tournament.standings.selectors.player_card import HandLine

COLUMNS = list(StandingsTable.base_columns)
WORDS = st.sampled_from(["", "Chan", "chan", "Ng", "Lee", "Łukasz", "李"])


@st.composite
def standings(draw):
    """Up to 12 ranked rows with colliding names, countries, clubs and totals."""
    count = draw(st.integers(4, 12))
    entrants = [
        Entrant(
            player_id=i,
            name=draw(WORDS) or f"P{i}",
            country=draw(st.sampled_from(["", "HK", "TW", "DK"])),
            club=draw(WORDS),
            order=(draw(WORDS), i % 3),
        )
        for i in range(1, count + 1)
    ]
    results = [
        SessionResult(pid, 1, (pid - 1) // 4 + 1, draw(st.integers(-3, 3)) * 10)
        for pid in range(1, count - count % 4 + 1)
    ]
    return standings_build(entrants, results, RankingRules(match_points="placing"))


@settings(max_examples=40, deadline=None)
@given(standings(), st.sampled_from(COLUMNS), st.booleans())
def test_a_sorted_column_is_in_django_tables2s_order(rows, column, descending):
    alias = f"-{column}" if descending else column
    table = StandingsTable(rows, slug="x", match_points=True, link_players=False, carried=True)
    table.order_by = alias
    theirs = TableListData(list(rows))
    theirs.set_table(table)
    theirs.order_by(OrderByTuple((alias,)))
    assert [row.player_id for row in table.data] == [row.player_id for row in theirs]


def _marked_event() -> int:
    """8 players after round 1 (see `make_ranked_event`), player 1 named with markup and
    withdrawn."""
    tournament = make_ranked_event(8, results_public=True, standings_public=True)
    registration = Registration.objects.get(tournament=tournament, number=1)
    player = registration.player
    player.name = player.given_name = '<img src=x onerror="alert(1)">'
    player.family_name = ""
    player.save()
    registration_withdraw(registration=registration, from_round=2)
    return tournament.pk


marked_kept = kept("marked_kept", _marked_event)


@pytest.fixture
def event(marked_kept, db):
    return Tournament.objects.get(pk=kept_value(marked_kept, "event with a marked name"))


@pytest.mark.django_db
@pytest.mark.parametrize("language, withdrawn", [("en", "withdrawn"), ("zh-hant", "已退賽")])
def test_the_projector_rows_escape_names_and_speak_the_language(client, event, language, withdrawn):
    url = reverse("public:projector_standings", args=[event.slug])
    body = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    rows = body[body.index("<tbody>") : body.index("</tbody>")]
    assert rows.count("<tr>") == 8
    assert "<img" not in rows
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in rows
    assert f"<small>({withdrawn})</small>" in rows


@pytest.mark.django_db
def test_the_standings_rows_escape_names(client, event):
    body = client.get(reverse("public:standings", args=[event.slug])).content.decode()
    rows = body[body.index("<tbody") : body.index("</tbody>")]
    assert "<img" not in rows
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in rows
    assert rows.count("<tr") == 8


def _line(**fields) -> HandLine:
    values = dict(round_number=1, table_number=2, number=3, outcome="win", won=True, value=40,
                  amount=120, confirmed=True)  # fmt: skip
    return HandLine(**(values | fields))


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ("won", "false win", "paid", "unconfirmed")),
        ("zh-hans", ("和牌", "诈和", "付分", "未确认")),
    ],
)
def test_a_players_hands_read_in_the_language(language, words):
    lines = [
        _line(),
        _line(outcome="false_win", won=False, value=None, amount=-30),
        _line(outcome="win", won=False, amount=-40, confirmed=False),
    ]
    with translation.override(language):
        html = hand_rows_html(lines)
    won, false_win, paid, unconfirmed = words
    rows = html.split("\n")
    assert rows[0].startswith('<tr class="won">') and f"<td>{won}</td>" in rows[0]
    assert "+120" in rows[0]
    assert f"<td>{false_win}</td>" in rows[1] and '<td class="num hide-sm"></td>' in rows[1]
    assert f'{paid} <span class="badge warn">{unconfirmed}</span>' in rows[2]

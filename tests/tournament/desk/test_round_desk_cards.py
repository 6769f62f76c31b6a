"""The round desk's cards (`tournament.desk.cards`): what a judge needs at a glance per table,
and no more. A table that confirms every hand from its table page adds one count to its card,
not a chip per hand (the table page lists them: the detail on demand); the cards are drawn in
Python, so what players typed is escaped there; and the words are the reader's language.
"""

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
)
from tournament.models import Player, Session
from tournament.play.services.hands import hand_save
from tournament.play.services.table import table_entry_save

pytestmark = pytest.mark.django_db

TABLES, HANDS = 4, 6


def _round(**fields):
    tournament = make_tournament(double_entry=True, hands_per_session=8, **fields)
    make_seated_round(tournament, make_players(tournament, 4 * TABLES))
    return tournament


def _sessions(tournament):
    return Session.objects.filter(round__tournament=tournament).select_related(
        "round__tournament", "table"
    )


def _grid(client, tournament, language="en") -> str:
    url = reverse("desk:round_desk", args=[tournament.slug, 1])
    response = client.get(url, headers={"HX-Request": "true", "Accept-Language": language})
    assert response.status_code == 200
    return response.content.decode()


def _enter(tournament, *, at_table: bool):
    desk, table = make_user(), make_user()
    for session in _sessions(tournament):
        for number in range(1, HANDS + 1):
            hand_save(session=session, entry=entry(session, number), user=desk)
            if at_table:
                table_entry_save(
                    session=_sessions(tournament).get(pk=session.pk),
                    entry=entry(session, number),
                    user=table,
                )


def test_a_table_that_confirmed_every_hand_adds_one_count_not_a_chip_per_hand(client):
    by_desk, with_table = _round(), _round()
    _enter(by_desk, at_table=False)
    _enter(with_table, at_table=True)
    client.force_login(make_user("head"))
    alone, confirmed = _grid(client, by_desk), _grid(client, with_table)
    assert confirmed.count(f"{HANDS} confirmed by the table") == TABLES
    assert "data-hand=" not in confirmed  # no hand waits: no chip
    # The count is all a confirming table adds to its card, however many hands it confirmed.
    assert (len(confirmed) - len(alone)) / TABLES < 150


def test_a_hand_still_waiting_keeps_its_chip(client):
    tournament = _round()
    _enter(tournament, at_table=True)
    session = _sessions(tournament).first()
    hand_save(session=session, entry=entry(session, HANDS + 1), user=make_user())
    client.force_login(make_user("head"))
    html = _grid(client, tournament)
    assert f'data-hand="{HANDS + 1}" data-state="awaiting_table"' in html
    assert "waiting for the table" in html  # said to a screen reader


def test_what_players_typed_is_escaped_on_the_card(client):
    tournament = _round()
    Player.objects.filter(registrations__tournament=tournament, registrations__number=1).update(
        name='<img src=x onerror="alert(1)">'
    )
    client.force_login(make_user("head"))
    html = _grid(client, tournament)
    assert "<img src=x" not in html and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


def test_the_cards_speak_the_readers_language(client):
    tournament = _round()
    _enter(tournament, at_table=True)
    client.force_login(make_user("head"))
    with translation.override("zh-hans"):
        html = _grid(client, tournament, "zh-hans")
    assert "第 1 桌" in html and f"牌桌已确认 {HANDS} 局" in html
    assert "Table 1" not in html and "confirmed by the table" not in html

"""The desk for a round whose players change tables after hand 8 of 16: the table page names
its card's hands, the health page names the half of each problem and links to that half, and
"Open table" goes to the half in play.

Vocabulary: a *card* is one session, the play of one table in one half.
"""

import pytest
from django.urls import reverse

from tests.tournament.builders import entry, make_changing_round, make_user
from tournament.models import Session
from tournament.play.services.hands import hand_delete, hand_save
from tournament.play.services.sessions import session_reconcile

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_():
    return make_changing_round()


def _card(round_, table: int, half: int) -> Session:
    return Session.objects.select_related("round__tournament", "table").get(
        round=round_, table__number=table, half=half
    )


def _draws(session: Session, judge, numbers=None) -> None:
    for number in numbers or session.hand_numbers():
        data = entry(session, number, outcome="draw", tiles="", winning_tile="")
        hand_save(session=session, entry=data, user=judge)


def _reconcile(session: Session, judge) -> None:
    """Every hand a draw: the card says 0 for everyone."""
    _draws(session, judge)
    card = {seat.player_id: 0 for seat in session.seats_by_wind().values()}
    assert session_reconcile(session=session, card_totals=card, user=judge).matches


@pytest.mark.parametrize(("half", "hands"), [(1, "hands 1-8"), (2, "hands 9-16")])
def test_the_table_page_names_the_hands_of_its_half(client, round_, half, hands):
    client.force_login(make_user("judge"))
    session = _card(round_, 1, half)
    page = client.get(session.desk_url("table_page")).content.decode()
    assert f"At the table · Round 1 · {session.table} · {hands}</h1>" in page
    assert f"round 1, {hands}</title>" in page


def test_the_health_page_names_the_half_of_a_card_and_links_to_it(client, round_):
    judge = make_user("judge")
    first, second = _card(round_, 2, 1), _card(round_, 2, 2)
    _draws(first, judge, [1])
    _draws(second, judge, [9, 10, 11])
    hand_delete(hand=second.hands.get(number=10), user=judge, reason="entered twice", version=1)
    client.force_login(judge)
    page = client.get(reverse("desk:tournament_health", args=[round_.tournament.slug]))
    body = page.content.decode()
    assert "Round 1 table 2 (hands 1-8) is not reconciled." in body
    assert "Round 1 table 2 (hands 9-16) is not reconciled." in body
    assert "Round 1 table 2 (hands 9-16): hand(s) 10 missing." in body
    assert f'href="{second.desk_url("session_reconcile")}"' in body
    assert f'href="{second.desk_url("session_sheet")}"' in body  # the gap's link


def test_open_table_goes_to_the_half_in_play(client, round_):
    judge = make_user("judge")
    client.force_login(judge)
    desk = reverse("desk:round_desk", args=[round_.tournament.slug, 1])

    def opened(table: int) -> str:
        return client.get(desk, {"table": table})["Location"]

    assert opened(1) == _card(round_, 1, 1).desk_url()
    _reconcile(_card(round_, 1, 1), judge)
    assert opened(1) == _card(round_, 1, 1).desk_url()  # table 2 still plays its first half
    _draws(_card(round_, 2, 2), judge, [9])  # a second-half card with a hand: in play
    assert opened(2) == _card(round_, 2, 2).desk_url()
    assert opened(1) == _card(round_, 1, 1).desk_url()
    _reconcile(_card(round_, 2, 1), judge)
    assert opened(1) == _card(round_, 1, 2).desk_url()
    assert client.get(desk, {"table": 9}, follow=True).status_code == 200

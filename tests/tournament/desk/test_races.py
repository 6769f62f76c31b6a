"""Races keep their reason: a save that loses to a reconciliation, a correction or deletion that
loses to a deletion, each say what happened and keep what the judge typed."""

import pytest
from django.urls import reverse

from tests.tournament.builders import BIG, form_data, make_user, seat_players
from tournament.models import Hand
from tournament.play.selectors.sheet import session_totals
from tournament.play.services.hands import hand_delete
from tournament.play.services.sessions import session_reconcile

pytestmark = pytest.mark.django_db


def url(session, name, **extra):
    args = [session.round.tournament.slug, session.round.number, session.table.number]
    return reverse(f"desk:{name}", args=args + list(extra.values()))


def test_a_save_losing_to_a_reconciliation_says_so_and_keeps_the_hand(client, session):
    judge = make_user("judge")
    client.force_login(judge)
    assert client.get(url(session, "session_sheet")).status_code == 200
    # Meanwhile another official reconciles the session with the score card.
    totals = session_totals(session)
    card = {pid: totals.get(pid, 0) for pid in seat_players(session).values()}
    head = make_user("head", name="hilda")
    assert session_reconcile(session=session, card_totals=card, user=head).matches
    response = client.post(url(session, "session_sheet"), form_data(session, 2, tiles=BIG))
    page = response.content.decode()
    assert response.status_code == 422
    assert "was reconciled by hilda" in page and "nothing was saved" in page
    assert f'value="{BIG}"' in page
    assert Hand.objects.filter(session=session).count() == 1


def test_a_correction_losing_to_a_deletion_says_who_and_why_and_keeps_it(client, session):
    hand = Hand.objects.get(session=session, number=1)
    client.force_login(make_user("judge"))
    assert client.get(url(session, "hand_edit", number=1)).status_code == 200
    hand_delete(hand=hand, user=make_user("head", name="hugo"), reason="entered twice", version=1)
    data = form_data(session, 1, tiles=BIG)
    data.update(reason="wrong tiles", version=1)
    response = client.post(url(session, "hand_edit", number=1), data)
    page = response.content.decode()
    assert response.status_code == 409
    assert "Hand 1 was deleted by hugo (reason: entered twice)" in page
    assert f'value="{BIG}"' in page
    assert f'action="{url(session, "session_sheet")}"' in page
    assert not Hand.objects.filter(session=session).exists()


def test_a_deletion_losing_to_a_deletion_says_so(client, session):
    hand = Hand.objects.get(session=session, number=1)
    client.force_login(make_user("judge"))
    hand_delete(hand=hand, user=make_user("head", name="hugo"), reason="entered twice", version=1)
    response = client.post(
        url(session, "hand_delete", number=1), {"reason": "dup", "version": 1}, follow=True
    )
    assert response.status_code == 200
    assert "Hand 1 was deleted by hugo (reason: entered twice)" in response.content.decode()

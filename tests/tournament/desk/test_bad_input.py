"""Desk pages given a wrong hand number, a garbled version or an odd table number answer with
a message, never a 500.
"""

import pytest
from django.urls import reverse

from tests.tournament.builders import (
    BIG,
    entry,
    form_data,
    make_session,
    make_user,
)
from tournament.models import Hand, HandEntry
from tournament.play.services.hands import (
    hand_save,
)

pytestmark = pytest.mark.django_db


def hand_url(session, name, number=1):
    kwargs = {
        "slug": session.round.tournament.slug,
        "round_number": session.round.number,
        "table_number": session.table.number,
        "number": number,
    }
    return reverse(name, kwargs=kwargs)


def test_second_entry_form_with_another_number_does_not_reach_the_resolve_page(client):
    session = make_session(double_entry=True)
    hand_save(session=session, entry=entry(session, 1), user=make_user())
    hand_save(session=session, entry=entry(session, 2), user=make_user())
    client.force_login(make_user())
    response = client.post(
        hand_url(session, "desk:hand_confirm", 1), form_data(session, 2, tiles=BIG)
    )
    assert response.status_code == 200 and b"hand number" in response.content
    client.force_login(make_user("head"))
    response = client.post(
        hand_url(session, "desk:hand_resolve", 1), {"keep": "second", "version": 1}
    )
    assert response.status_code == 302  # nothing to resolve
    assert sorted(Hand.objects.values_list("number", flat=True)) == [1, 2]


def test_resolve_with_a_garbled_version_is_a_message_not_a_500(client):
    session = make_session(double_entry=True)
    hand_save(session=session, entry=entry(session), user=make_user())
    client.force_login(make_user())
    client.post(hand_url(session, "desk:hand_confirm"), form_data(session, tiles=BIG))
    assert HandEntry.objects.exists()
    client.force_login(make_user("head"))
    response = client.post(
        hand_url(session, "desk:hand_resolve"), {"keep": "second", "version": "abc"}
    )
    assert response.status_code == 200
    hand = Hand.objects.get()
    assert not hand.confirmed and hand.value == 10 and HandEntry.objects.exists()


@pytest.mark.parametrize("typed", ["²", "1²", "99999999999999999999"])
def test_jumping_to_an_odd_table_number_is_a_message_not_a_500(client, typed):
    session = make_session()
    client.force_login(make_user())
    url = reverse("desk:round_desk", args=[session.round.tournament.slug, session.round.number])
    response = client.get(url, {"table": typed})
    assert response.status_code == 200 and b"has no table" in response.content

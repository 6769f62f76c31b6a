"""The change pages of a reconciled session (issue 19, point 11): opening *Correct*, *Delete*
or *Reconcile* says the session is reconciled, by whom, and that a head judge can reopen it;
no form is shown. A form posted after the session closed keeps its answer (`test_races`)."""

import pytest
from django.urls import reverse

from tests.tournament.builders import entry, make_session, make_user, seat_players
from tournament.models import Session
from tournament.play.selectors.sheet import session_totals
from tournament.play.services.hands import hand_save
from tournament.play.services.sessions import session_reconcile

pytestmark = pytest.mark.django_db

PAGES = [("hand_edit", {"number": 1}), ("hand_delete", {"number": 1}), ("session_reconcile", {})]


def url(session, name, **extra):
    args = [session.round.tournament.slug, session.round.number, session.table.number]
    return reverse(f"desk:{name}", args=args + list(extra.values()))


@pytest.fixture
def reconciled():
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())
    totals = session_totals(session)
    card = {pid: totals.get(pid, 0) for pid in seat_players(session).values()}
    closer = make_user("judge", name="rita")
    assert session_reconcile(session=session, card_totals=card, user=closer).matches
    return Session.objects.select_related("round__tournament", "table").get(pk=session.pk)


@pytest.mark.parametrize(("name", "extra"), PAGES)
def test_a_judge_opening_a_change_page_of_a_reconciled_session_gets_no_form(
    client, reconciled, name, extra
):
    client.force_login(make_user("judge"))
    response = client.get(url(reconciled, name, **extra))
    html = response.content.decode()
    assert response.status_code == 409
    assert 'id="closed-notice"' in html and "This session is reconciled (by rita" in html
    assert "Only a head judge can reopen it" in html
    assert 'id="hand-form"' not in html and 'name="reason"' not in html
    assert 'id="card-form"' not in html


@pytest.mark.parametrize(("name", "extra"), PAGES)
def test_a_head_judge_is_offered_the_reopening(client, reconciled, name, extra):
    client.force_login(make_user("head"))
    html = client.get(url(reconciled, name, **extra)).content.decode()
    assert 'id="closed-notice"' in html and url(reconciled, "session_reopen") in html
    assert 'id="hand-form"' not in html

"""The table page (issue 24, point 3) and the desk's table signals (point 4) over HTTP: a judge
at the table saves each hand from a phone-sized form, every refusal comes back with its reason
and the form, nothing of the desk's entry is shown at the table, and the round desk's tables
update through an htmx poll that reads a fixed number of queries.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import (
    BIG,
    entry,
    form_data,
    make_players,
    make_seated_round,
    make_session,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.models import Hand, HandEntry, Session, TableEntry
from tournament.play.selectors.sheet import session_totals
from tournament.play.services.hands import hand_save
from tournament.play.services.sessions import session_reconcile
from tournament.play.services.table import table_entry_save

pytestmark = pytest.mark.django_db


def table_url(session):
    args = [session.round.tournament.slug, session.round.number, session.table.number]
    return reverse("desk:table_page", args=args)


def desk_url(session):
    return reverse("desk:round_desk", args=[session.round.tournament.slug, session.round.number])


@pytest.fixture
def double():
    return make_session(double_entry=True)


def test_a_judge_at_the_table_saves_the_next_hand(client, double):
    client.force_login(make_user())
    page = client.get(table_url(double))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'id="hand-form"' in html and "Save hand 1 from the table" in html
    assert 'class="tile-palette' in html or "tile-palette" in html  # tiles tapped, not typed
    assert 'name="winner"' in html and "<select" in html  # choice lists, no keyboard
    response = client.post(table_url(double), form_data(double))
    assert response.status_code == 302 and response["Location"] == table_url(double)
    assert TableEntry.objects.get().first is True
    after = client.get(table_url(double)).content.decode()
    assert "Hand 1 saved from the table" in after and "Save hand 2 from the table" in after
    assert 'data-hand="1" data-state="awaiting_desk"' in after


def test_the_table_page_never_shows_the_desk_entry(client, double):
    hand_save(session=double, entry=entry(double, tiles=BIG), user=make_user())
    value = Hand.objects.get().value
    client.force_login(make_user())
    html = client.get(table_url(double)).content.decode()
    assert "123m 123m 456m" not in html and f">{value}<" not in html
    assert 'data-state="awaiting_table"' in html
    response = client.post(table_url(double), form_data(double))  # differs: SMALL, not BIG
    assert response.status_code == 302
    html = client.get(table_url(double)).content.decode()
    assert "differs from the desk" in html and 'data-state="mismatch"' in html
    assert "123m 123m 456m" not in html and f">{value}<" not in html


@pytest.mark.parametrize(
    ("setup", "number", "reason"),
    [
        ("nothing", 2, "the table&#x27;s next hand is hand 1"),
        ("table_saved", 1, "already been entered at the table"),
        ("reconciled", 1, "was reconciled"),
    ],
)
def test_refusals_come_back_with_the_reason_and_the_form(client, setup, number, reason):
    session = make_session(double_entry=False)
    if setup == "table_saved":
        table_entry_save(session=session, entry=entry(session), user=make_user())
    if setup == "reconciled":
        hand_save(session=session, entry=entry(session), user=make_user())
        totals = session_totals(session)
        card = {pid: totals.get(pid, 0) for pid in seat_players(session).values()}
        session_reconcile(session=session, card_totals=card, user=make_user())
    before = (Hand.objects.count(), TableEntry.objects.count(), HandEntry.objects.count())
    client.force_login(make_user())
    response = client.post(table_url(session), form_data(session, number))
    html = response.content.decode()
    assert response.status_code == 422
    assert reason in html and ("Nothing was saved" in html or "nothing was saved" in html)
    assert before == (Hand.objects.count(), TableEntry.objects.count(), HandEntry.objects.count())


def test_a_reconciled_session_offers_no_form_at_the_table(client):
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())
    totals = session_totals(session)
    card = {pid: totals.get(pid, 0) for pid in seat_players(session).values()}
    session_reconcile(session=session, card_totals=card, user=make_user())
    client.force_login(make_user())
    html = client.get(table_url(session)).content.decode()
    assert "nothing more can be entered at the table" in html and 'id="hand-form"' not in html


def test_bad_form_input_is_answered_on_the_form(client, double):
    client.force_login(make_user())
    data = form_data(double)
    data["winner"] = "999999"
    response = client.post(table_url(double), data)
    assert response.status_code == 422 and not Hand.objects.exists()
    assert 'id="hand-form"' in response.content.decode()


def test_the_desk_grid_is_live_and_sees_the_table_signals(client, double):
    judge = make_user()
    client.force_login(judge)
    full = client.get(desk_url(double)).content.decode()
    assert 'hx-trigger="zj:changed, every 60s"' in full and 'id="session-grid"' in full
    assert "data-live=" in full
    table_entry_save(session=double, entry=entry(double), user=make_user())
    hand_save(session=Session.objects.get(pk=double.pk), entry=entry(double, 2), user=judge)
    poll = client.get(desk_url(double), headers={"HX-Request": "true"})
    html = poll.content.decode()
    assert poll.status_code == 200 and "<html" not in html and 'id="session-grid"' in html
    assert 'data-hand="1" data-state="awaiting_desk"' in html
    assert 'data-hand="2" data-state="awaiting_table"' in html


def _desk_queries(client, tables: int, hands: int) -> int:
    tournament = make_tournament(double_entry=True, hands_per_session=8)
    make_seated_round(tournament, make_players(tournament, 4 * tables))
    desk, table = make_user(), make_user()
    for session in Session.objects.filter(round__tournament=tournament).select_related(
        "round__tournament", "table"
    ):
        for number in range(1, hands + 1):
            hand_save(session=session, entry=entry(session, number), user=desk)
            if number <= (hands + 1) // 2:  # the table is behind the desk
                table_entry_save(
                    session=Session.objects.select_related("round__tournament", "table").get(
                        pk=session.pk
                    ),
                    entry=entry(session, number),
                    user=table,
                )
    client.force_login(desk)
    url = reverse("desk:round_desk", args=[tournament.slug, 1])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, headers={"HX-Request": "true"}).status_code == 200
    return len(queries)


def test_the_poll_reads_a_fixed_number_of_queries(client):
    assert _desk_queries(client, tables=1, hands=1) == _desk_queries(client, tables=3, hands=4)


def test_the_desk_saving_a_hand_the_table_took_a_moment_ago_is_told_so(client, double):
    """The desk's form offered hand 1; the table saved it meanwhile: the desk's save becomes
    the blind second entry, and the desk judge reads what happened."""
    table_entry_save(session=double, entry=entry(double), user=make_user())
    client.force_login(make_user())
    args = [double.round.tournament.slug, double.round.number, double.table.number]
    response = client.post(reverse("desk:session_sheet", args=args), form_data(double), follow=True)
    assert "was entered at the table a moment ago: your entry agrees" in response.content.decode()
    assert Hand.objects.get().confirmed and Hand.objects.count() == 1

"""Players confirm hands at their table from their private links (issue 24, point 3, with the
organiser's setting on): an entry counts only when two of the table's links agree on the same
content, the winner's among them; then it is the table's entry, compared with the desk's as
any table entry is. Refusals: setting off, a player of another table, a second entry of the
same hand by the same player, a hand out of order, a reconciled session.
"""

import pytest
from django.urls import reverse

from tests.tournament.builders import (
    entry,
    form_data,
    make_seated_round,
    make_session,
    make_user,
    seat_players,
)
from tournament.event.links import player_links_issue_all
from tournament.event.selectors import link_tokens
from tournament.models import (
    Hand,
    HandEntry,
    Player,
    Registration,
    Round,
    Session,
    TableEntry,
    TableProposal,
)
from tournament.play.selectors import player_open_session, session_totals
from tournament.play.services.hands import SessionClosedError, hand_save
from tournament.play.services.sessions import session_reconcile
from tournament.play.services.table import TableEntryRefused, table_proposal_save

pytestmark = pytest.mark.django_db


def _fresh(session):
    return Session.objects.select_related("round__tournament", "table").get(pk=session.pk)


@pytest.fixture
def table():
    session = make_session(double_entry=True, players_confirm_at_table=True)
    Round.objects.filter(pk=session.round_id).update(seating_published=True)  # players see it
    seats = seat_players(session)
    regs = {
        wind: Registration.objects.get(tournament=session.round.tournament, player_id=pid)
        for wind, pid in seats.items()
    }
    return session, regs


def _propose(session, registration, **fields):
    number = fields.pop("number", 1)
    return table_proposal_save(
        session=_fresh(session), registration=registration, entry=entry(session, number, **fields)
    )


def test_the_winner_and_another_player_agreeing_make_the_table_entry(table):
    session, regs = table  # the builder's winner is S
    assert _propose(session, regs["S"]).agreed is None
    assert not Hand.objects.exists() and TableProposal.objects.count() == 1
    done = _propose(session, regs["E"]).agreed
    assert done is not None and done.result == "first"
    hand = Hand.objects.get()
    assert hand.entered_by is None and not hand.confirmed  # awaits the desk (double entry)
    table_entry = TableEntry.objects.get()
    assert table_entry.entered_by is None and table_entry.first
    assert set(table_entry.agreed_by.all()) == {regs["S"], regs["E"]}
    assert not TableProposal.objects.exists()


def test_two_players_without_the_winner_do_not_count(table):
    session, regs = table
    assert _propose(session, regs["E"]).agreed is None
    assert _propose(session, regs["W"]).agreed is None
    assert not Hand.objects.exists() and TableProposal.objects.count() == 2
    assert _propose(session, regs["S"]).agreed is not None  # the winner agrees: it counts


def test_different_entries_do_not_agree(table):
    session, regs = table
    _propose(session, regs["S"])
    assert _propose(session, regs["E"], discarder="N").agreed is None
    assert not Hand.objects.exists() and TableProposal.objects.count() == 2


def test_a_draw_needs_any_two_players(table):
    session, regs = table
    _propose(session, regs["E"], outcome="draw")
    assert _propose(session, regs["W"], outcome="draw").agreed.result == "first"


def test_the_agreed_entry_is_compared_with_the_desk_entry(table):
    session, regs = table
    hand_save(session=session, entry=entry(session, winner="N"), user=make_user())
    _propose(session, regs["S"])
    done = _propose(session, regs["W"]).agreed
    assert done.result == "mismatch"
    second = HandEntry.objects.get()
    assert second.entered_by is None and second.data["winner"] == seat_players(session)["S"]


def test_the_desk_confirms_a_hand_the_players_entered_first(table):
    from tournament.play.services.hands import hand_confirm

    session, regs = table
    _propose(session, regs["S"])
    _propose(session, regs["N"])
    assert hand_confirm(hand=Hand.objects.get(), entry=entry(session), user=make_user()) is None
    assert Hand.objects.get().confirmed


def test_refusals(table):
    session, regs = table
    _propose(session, regs["S"])
    with pytest.raises(TableEntryRefused, match="already entered hand 1"):
        _propose(session, regs["S"])
    with pytest.raises(TableEntryRefused, match="next hand is hand 1"):
        _propose(session, regs["E"], number=2)
    other = make_session(players_confirm_at_table=True)
    stranger = Registration.objects.filter(tournament=other.round.tournament).first()
    with pytest.raises(TableEntryRefused, match="do not sit at this table"):
        table_proposal_save(session=_fresh(session), registration=stranger, entry=entry(session))
    assert TableProposal.objects.count() == 1 and not Hand.objects.exists()


def test_refused_when_the_organiser_has_not_switched_it_on():
    session = make_session(players_confirm_at_table=False)
    registration = Registration.objects.filter(tournament=session.round.tournament).first()
    with pytest.raises(TableEntryRefused, match="call a judge"):
        table_proposal_save(session=session, registration=registration, entry=entry(session))
    assert not TableProposal.objects.exists()


def test_refused_for_a_reconciled_session(table):
    session, regs = table
    session.round.tournament.double_entry = False
    session.round.tournament.save()
    hand_save(session=_fresh(session), entry=entry(session), user=make_user())
    totals = session_totals(session)
    card = {pid: totals.get(pid, 0) for pid in seat_players(session).values()}
    assert session_reconcile(session=_fresh(session), card_totals=card, user=make_user()).matches
    with pytest.raises(SessionClosedError):
        _propose(session, regs["S"])


def test_a_judge_at_the_table_settles_a_hand_the_players_cannot_agree_on(table):
    from tournament.play.services.table import table_entry_save

    session, regs = table
    _propose(session, regs["S"])
    _propose(session, regs["E"], discarder="N")
    table_entry_save(session=_fresh(session), entry=entry(session), user=make_user())
    assert not TableProposal.objects.exists() and TableEntry.objects.count() == 1


def test_the_table_in_play_is_the_earliest_unfinished_one_not_a_round_published_ahead():
    session = make_session(players_confirm_at_table=True, hands_per_session=2)
    tournament = session.round.tournament
    seats = seat_players(session)
    players = [Player.objects.get(pk=seats[wind]) for wind in "NWSE"]
    make_seated_round(tournament, players, 2)
    Round.objects.filter(tournament=tournament).update(seating_published=True)
    east = Registration.objects.get(tournament=tournament, player_id=seats["E"])
    assert player_open_session(east) == session  # round 2 is published ahead of play
    judge = make_user()
    for number in (1, 2):
        hand_save(session=_fresh(session), entry=entry(session, number), user=judge)
    later = player_open_session(east)  # round 1 is all in, not yet reconciled
    assert (later.round.number, later.table.number) == (2, 1)
    assert player_open_session(east).round.tournament == tournament


def test_the_player_page_over_http(client, table):
    session, regs = table
    player_links_issue_all(tournament=session.round.tournament, user=None)
    tokens = link_tokens(session.round.tournament)
    url = reverse("public:player_table", kwargs={"token": tokens[regs["S"].pk]})
    page = client.get(url)
    html = page.content.decode()
    assert page.status_code == 200 and 'id="hand-form"' in html
    assert "RULINGS" not in html  # plain words for players
    assert client.post(url, form_data(session)).status_code == 302
    html = client.get(url).content.decode()
    assert 'id="waiting"' in html and 'id="hand-form"' not in html
    again = client.post(url, form_data(session))
    assert again.status_code == 422 and "already entered hand 1" in again.content.decode()
    other = reverse("public:player_table", kwargs={"token": tokens[regs["E"].pk]})
    assert client.post(other, form_data(session)).status_code == 302
    assert TableEntry.objects.count() == 1
    html = client.get(other).content.decode()
    assert 'data-hand="1" data-state="awaiting_desk"' in html and "Hand 2" in html
    preview = client.post(
        reverse("public:player_table_preview", kwargs={"token": tokens[regs["E"].pk]}),
        form_data(session, 2),
    )
    assert preview.status_code == 200 and "RULINGS" not in preview.content.decode()
    home = client.get(reverse("public:player_link", kwargs={"token": tokens[regs["E"].pk]}))
    assert 'id="table-entry-link"' in home.content.decode()


def test_the_player_page_is_refused_with_the_setting_off(client):
    session = make_session(players_confirm_at_table=False)
    player_links_issue_all(tournament=session.round.tournament, user=None)
    token = next(iter(link_tokens(session.round.tournament).values()))
    response = client.get(reverse("public:player_table", kwargs={"token": token}))
    assert response.status_code == 403 and "call a judge" in response.content.decode()
    home = client.get(reverse("public:player_link", kwargs={"token": token}))
    assert 'id="table-entry-link"' not in home.content.decode()

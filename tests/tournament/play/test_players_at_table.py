"""Players confirm hands at their table from their private links (issue 24, point 3, with the
organiser's setting on): an entry counts only when two of the table's links agree on the same
content, the winner's and a payer's among them (issue 36, point 3: the discarder of a discard
win; on a self-draw any other player); then it is the table's entry, compared with the desk's
as any table entry is. Until then it is provisional: in no total. The desk's entry from the
signed card is never refused because the table entered the hand first: it is compared.
Refusals: setting off, a player of another table, a second entry of the same hand by the same
player, a hand out of order, a reconciled session.
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
from tournament.event.selectors.links import link_tokens
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
from tournament.play.selectors.sheet import session_totals
from tournament.play.selectors.table import player_open_session
from tournament.play.services.hands import HandNumberTaken, hand_save
from tournament.play.services.sessions import SessionClosedError, session_reconcile
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


def test_the_winner_and_the_discarder_agreeing_make_the_table_entry(table):
    session, regs = table  # the builder's winner is S, on W's discard
    assert _propose(session, regs["S"]).agreed is None
    assert not Hand.objects.exists() and TableProposal.objects.count() == 1
    done = _propose(session, regs["W"]).agreed
    assert done is not None and done.result == "first"
    hand = Hand.objects.get()
    assert hand.entered_by is None and not hand.confirmed  # awaits the desk (double entry)
    table_entry = TableEntry.objects.get()
    assert table_entry.entered_by is None and table_entry.first
    assert set(table_entry.agreed_by.all()) == {regs["S"], regs["W"]}
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
    from tournament.play.services.double_entry import hand_confirm

    session, regs = table
    _propose(session, regs["S"])
    _propose(session, regs["W"])
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
    bystander = reverse("public:player_table", kwargs={"token": tokens[regs["E"].pk]})
    assert client.post(bystander, form_data(session)).status_code == 302
    assert not TableEntry.objects.exists()  # the winner and a player who pays nothing
    other = reverse("public:player_table", kwargs={"token": tokens[regs["W"].pk]})
    assert client.post(other, form_data(session)).status_code == 302
    assert TableEntry.objects.count() == 1  # the discarder agrees: it counts
    html = client.get(other).content.decode()
    assert 'data-hand="1" data-state="awaiting_desk"' in html and "Hand 2" in html
    preview = client.post(
        reverse("public:player_table_preview", kwargs={"token": tokens[regs["W"].pk]}),
        form_data(session, 2),
    )
    assert preview.status_code == 200 and "RULINGS" not in preview.content.decode()
    home = client.get(reverse("public:player_link", kwargs={"token": tokens[regs["W"].pk]}))
    assert 'id="table-entry-link"' in home.content.decode()


def test_the_player_page_is_refused_with_the_setting_off(client):
    session = make_session(players_confirm_at_table=False)
    player_links_issue_all(tournament=session.round.tournament, user=None)
    token = next(iter(link_tokens(session.round.tournament).values()))
    response = client.get(reverse("public:player_table", kwargs={"token": token}))
    assert response.status_code == 403 and "call a judge" in response.content.decode()
    home = client.get(reverse("public:player_link", kwargs={"token": token}))
    assert 'id="table-entry-link"' not in home.content.decode()


# --- issue 36, point 3: a payer's word, and the desk's entry never refused -----------------


@pytest.fixture
def single():
    """A table with players' entries on and double entry off: a hand counts when it is in."""
    session = make_session(double_entry=False, players_confirm_at_table=True)
    Round.objects.filter(pk=session.round_id).update(seating_published=True)
    seats = seat_players(session)
    regs = {
        wind: Registration.objects.get(tournament=session.round.tournament, player_id=pid)
        for wind, pid in seats.items()
    }
    return session, regs, seats


def _public_points(session) -> dict[int, int]:
    """Each player's points of the session as the public standings count them."""
    from tournament.standings.selectors.board import board_seen

    board = board_seen(_fresh(session).round.tournament, official=False)
    return {row.player_id: row.total for row in board.rows}


def test_the_winner_and_a_bystander_cannot_make_a_discard_win_count(single):
    """The issue's table: E and S agree that E won on W's discard; W was never asked."""
    session, regs, seats = single
    before = _public_points(session)
    claim = {"winner": "E", "discarder": "W"}
    assert _propose(session, regs["E"], **claim).agreed is None
    assert _propose(session, regs["S"], **claim).agreed is None
    assert not Hand.objects.exists() and not TableEntry.objects.exists()
    assert _public_points(session) == before  # provisional: in no total
    assert all(before.get(pid, 0) == 0 for pid in seats.values())
    done = _propose(session, regs["W"], **claim).agreed  # the discarder agrees: it counts
    assert done is not None and done.hand.confirmed
    assert set(TableEntry.objects.get().agreed_by.all()) == {regs["W"], regs["E"]}
    after = _public_points(session)
    assert after[seats["W"]] < 0 < after[seats["E"]]


def test_a_self_draw_counts_with_the_winner_and_any_other_player(single):
    session, regs, _ = single
    self_drawn = {"winner": "E", "win_type": "self_draw"}
    _propose(session, regs["E"], **self_drawn)
    assert _propose(session, regs["N"], **self_drawn).agreed.result == "first"


def test_a_false_win_counts_with_its_offender_only(single):
    session, regs, _ = single
    false_win = {"outcome": "false_win", "winner": "N", "win_type": ""}
    assert _propose(session, regs["E"], **false_win).agreed is None
    assert _propose(session, regs["S"], **false_win).agreed is None  # two who are paid
    assert _propose(session, regs["N"], **false_win).agreed.result == "first"


def test_the_desk_entry_from_the_signed_card_is_compared_not_refused(single):
    from tournament.play.services.table import desk_entry_save

    session, regs, seats = single
    _propose(session, regs["S"])
    _propose(session, regs["W"])  # the table's entry counts (double entry off)
    desk = make_user()
    done = desk_entry_save(session=_fresh(session), entry=entry(session), user=desk)
    assert done.result == "confirmed"
    hand = Hand.objects.get()
    assert hand.confirmed and hand.confirmed_by == desk
    with pytest.raises(HandNumberTaken):  # the desk entered it now: a second desk save is
        desk_entry_save(session=_fresh(session), entry=entry(session), user=make_user())


def test_a_desk_entry_that_differs_goes_to_the_head_judge(single):
    from tournament.play.services.table import desk_entry_save

    session, regs, seats = single
    _propose(session, regs["S"])
    _propose(session, regs["W"])
    assert _public_points(session)[seats["S"]] > 0
    card = entry(session, winner="N", discarder="W")  # what the signed card says
    done = desk_entry_save(session=_fresh(session), entry=card, user=make_user())
    assert done.result == "mismatch"
    hand = Hand.objects.get()
    assert not hand.confirmed and HandEntry.objects.get(hand=hand).data["winner"] == seats["N"]
    assert _public_points(session).get(seats["S"], 0) == 0  # out of the totals until resolved


def test_a_judge_at_the_tables_entry_is_compared_with_the_desks_too(single):
    from tournament.play.services.table import desk_entry_save, table_entry_save

    session, _, _ = single
    table_entry_save(session=_fresh(session), entry=entry(session), user=make_user())
    done = desk_entry_save(session=_fresh(session), entry=entry(session), user=make_user())
    assert done.result == "confirmed"

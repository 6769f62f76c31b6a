"""A round whose players change tables after hand 8, seen from the table and from a player's
private link: the table page of a second-half card asks for hands 9-16; a player's page lists
the two cards they sat at (and no other card of the same table numbers), shows where they move
after hand 8, and sends a query of hand 9-16 to their second-half card.

Vocabulary: a *card* is one session, the play of one table in one half; the *mover* is the
player whose two cards the tests read.
"""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.tournament.builders import entry, make_players, make_tournament, make_user
from tournament.event.links import player_links_issue_all
from tournament.event.selectors.links import link_tokens
from tournament.models import HandQuery, Registration, Seat, Session
from tournament.play.selectors.players import player_rounds_done, player_table_sessions
from tournament.play.selectors.sheet import session_totals
from tournament.play.selectors.table import player_open_session, table_next_number
from tournament.play.services.hands import hand_save
from tournament.play.services.queries import hand_query_raise
from tournament.play.services.sessions import session_reconcile
from tournament.play.services.table import table_entry_save
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.seats import seating_publish
from tournament.seating.services.table_change import round_table_change_set

pytestmark = pytest.mark.django_db
AFTER = 8


def _card(round_, table_number: int, half: int) -> Session:
    return Session.objects.select_related("round__tournament", "table").get(
        round=round_, table__number=table_number, half=half
    )


@pytest.fixture
def event():
    """Sixteen players, 16 hands with a table change after hand 8, round 1 published, a
    30-minute appeal window, links issued; returns the tournament, the round, the mover's
    registration and their two cards."""
    tournament = make_tournament(hands_per_session=16, appeal_window_minutes=30)
    make_players(tournament, 16)
    seating_generate(tournament=tournament, total_rounds=1, seed=7, time_limit=5.0)
    round_ = tournament.rounds.get(number=1)
    round_.tournament = tournament
    assert round_table_change_set(round_=round_, after_hand=AFTER, time_limit=5.0) is not None
    seating_publish(round_=round_)
    # The mover: a player whose second-half table number differs from their first.
    seats = {
        (seat.player_id, seat.half): seat.table.number
        for seat in Seat.objects.filter(round=round_).select_related("table")
    }
    mover = next(pid for (pid, half), n in seats.items() if half == 1 and seats[(pid, 2)] != n)
    player_links_issue_all(tournament=tournament, user=None)
    registration = Registration.objects.get(tournament=tournament, player_id=mover)
    first = _card(round_, seats[(mover, 1)], 1)
    second = _card(round_, seats[(mover, 2)], 2)
    return tournament, round_, registration, first, second


def test_the_table_page_of_a_second_half_card_asks_for_hand_nine(event):
    tournament, round_, registration, first, second = event
    assert table_next_number(first) == 1
    assert table_next_number(second) == AFTER + 1
    done = table_entry_save(session=second, entry=entry(second, AFTER + 1), user=make_user())
    assert done.hand.number == AFTER + 1
    assert table_next_number(second) == AFTER + 2


def test_the_player_page_lists_only_the_two_cards_the_player_sat_at(client, event):
    tournament, round_, registration, first, second = event
    cards = player_table_sessions(registration, round_limit=None, reconciled_only=False)
    assert [(c.session.table.number, c.session.half) for c in cards] == [
        (first.table.number, 1),
        (second.table.number, 2),
    ]
    # The same table numbers in the other halves are someone else's cards: no query there.
    judge = make_user()
    for table_number, half, number in ((first.table.number, 2, 9), (second.table.number, 1, 1)):
        other = _card(round_, table_number, half)
        hand_save(session=other, entry=entry(other, number), user=judge)
        with pytest.raises(ValidationError, match="your own table"):
            hand_query_raise(registration=registration, session=other, hand_number=number, text="x")
    # The first card reconciled, the second still to play: the round is not done yet.
    hand_save(session=first, entry=entry(first, 1), user=judge)
    totals = session_totals(first)
    assert session_reconcile(session=first, card_totals=totals, user=judge).matches
    assert player_rounds_done(registration) == set()


def test_the_player_page_shows_the_second_half_table_and_queries_it(client, event):
    tournament, round_, registration, first, second = event
    token = link_tokens(tournament)[registration.pk]
    url = reverse("public:player_link", kwargs={"token": token})
    page = client.get(url).content.decode()
    later = Seat.objects.get(round=round_, half=2, player_id=registration.player_id)
    moved = page.split(f"from hand {AFTER + 1}: table {second.table.number}")
    assert len(moved) == 2 and later.get_wind_display() in moved[1][:60]

    judge = make_user()
    hand_save(session=second, entry=entry(second, AFTER + 1), user=judge)
    totals = session_totals(second)
    assert session_reconcile(session=second, card_totals=totals, user=judge).matches
    page = client.get(url).content.decode()
    assert f"Round 1, table {second.table.number} · hands 9-16" in page
    assert 'name="half" value="2"' in page
    response = client.post(
        reverse("public:player_link_query", kwargs={"token": token}),
        {
            "round_number": 1,
            "table_number": second.table.number,
            "half": 2,
            "hand_number": AFTER + 1,
            "text": "the discard came from North",
        },
    )
    assert response.status_code == 302, response.content.decode()
    assert HandQuery.objects.get().session == second


def test_the_players_table_is_their_own_card_of_a_published_round(event):
    tournament, round_, registration, first, second = event
    seating_generate(tournament=tournament, total_rounds=2, seed=7, time_limit=5.0)
    later = tournament.rounds.get(number=2)
    assert not later.seating_published
    Session.objects.get_or_create(round=later, table=first.table, half=1)  # a card opened early
    assert player_open_session(registration) == first
    judge = make_user()
    hand_save(session=first, entry=entry(first, 1), user=judge)
    totals = session_totals(first)
    assert session_reconcile(session=first, card_totals=totals, user=judge).matches
    assert player_open_session(registration) == second


def test_the_player_page_does_not_name_a_table_of_an_unpublished_round(client, event):
    tournament, round_, registration, first, second = event
    seating_generate(tournament=tournament, total_rounds=2, seed=7, time_limit=5.0)
    later = tournament.rounds.get(number=2)
    seat = Seat.objects.get(round=later, player_id=registration.player_id)
    Session.objects.get_or_create(round=later, table=seat.table, half=1)  # opened early
    token = link_tokens(tournament)[registration.pk]
    page = client.get(reverse("public:player_link", kwargs={"token": token})).content.decode()
    assert "Round 2, table" not in page and 'id="round-2"' not in page


def test_the_players_table_page_names_the_hands_of_their_card(client, event):
    tournament, round_, registration, first, second = event
    tournament.players_confirm_at_table = True
    tournament.save(update_fields=["players_confirm_at_table"])
    address = reverse(
        "public:player_table", kwargs={"token": link_tokens(tournament)[registration.pk]}
    )
    page = client.get(address).content.decode()
    assert f"Round 1 · {first.table} · hands 1-8</h1>" in page
    judge = make_user()
    hand_save(session=first, entry=entry(first, 1), user=judge)
    totals = session_totals(first)
    assert session_reconcile(session=first, card_totals=totals, user=judge).matches
    page = client.get(address).content.decode()
    assert f"Round 1 · {second.table} · hands 9-16</h1>" in page
    assert "Your table · Round 1, hands 9-16 ·" in page

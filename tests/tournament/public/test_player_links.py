"""A player's private page (`/p/<token>/`): their seats with the next one, their table's hands
with the patterns, their standing marked provisional, their penalties, their queries and the
answers; unknown, revoked and guessed links get a page with one sentence and nothing else."""

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.event.links import player_link_issue, player_links_issue_all
from tournament.event.selectors.links import link_tokens
from tournament.models import HandQuery, Penalty, PlayerLink, Registration, Session, Tournament
from tournament.models.players import LOOK_ALIKES
from tournament.play.services.hands import hand_save
from tournament.play.services.penalties import penalty_record
from tournament.play.services.queries import hand_query_answer
from tournament.play.services.sessions import session_reconcile
from tournament.public.views import links as link_views
from tournament.seating.services.seats import seating_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    """Eight players, 30-minute appeal window; round 1 published and reconciled at table 1
    (hand 1: South wins), round 2 published, not played."""
    tournament = make_tournament(appeal_window_minutes=30)
    players = make_players(tournament, 8)
    first = make_seated_round(tournament, players, 1)
    seating_publish(round_=first)
    second = make_seated_round(tournament, players[4:] + players[:4], 2)
    seating_publish(round_=second)
    session = Session.objects.select_related("round__tournament", "table").get(
        round=first, table__number=1
    )
    judge = make_user()
    hand_save(session=session, entry=entry(session), user=judge)
    ids = seat_players(session)
    penalty_record(
        session=session,
        player_id=ids["E"],
        amount=5,
        mode="deduction",
        reason="Talking during play",
        user=judge,
    )
    card = {ids["E"]: -15, ids["S"]: 30, ids["W"]: -10, ids["N"]: -10}
    assert session_reconcile(session=session, card_totals=card, user=judge).matches
    player_links_issue_all(tournament=tournament, user=None)
    east = Registration.objects.get(tournament=tournament, player_id=ids["E"])
    return tournament, session, east, link_tokens(tournament)


def _url(token, name="public:player_link"):
    return reverse(name, kwargs={"token": token})


def test_the_page_shows_seats_hands_standing_penalties(
    client, event, django_assert_max_num_queries
):
    tournament, session, east, tokens = event
    # 25 for the page, and 10 for the player's statistics (the event's average kept afterwards).
    with django_assert_max_num_queries(35):
        response = client.get(_url(tokens[east.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    assert response["Referrer-Policy"] == "same-origin"
    assert east.player.name in page
    assert re.search(r"Round 2: <strong>table 2</strong>, you start as <strong>East", page)
    assert "All Sequences" in page and "Concealed Hand" in page  # the patterns, by name
    assert "Talking during play" in page
    assert "Provisional until" in page and "(appeal window)" in page
    assert "Query this hand" in page
    # nothing official and no other player's page
    assert "/desk/" not in page and "Log in" not in page and "Organiser" not in page
    for other, token in tokens.items():
        if other != east.pk:
            assert token not in page


def test_query_counts_do_not_grow_with_rounds_and_hands(client, event):
    tournament, session, east, tokens = event
    with CaptureQueriesContext(connection) as small:
        client.get(_url(tokens[east.pk]))
    other = Session.objects.get(round__number=2, table__number=2)
    other.round.tournament = tournament
    for number in (1, 2, 3):
        hand_save(session=other, entry=entry(other, number, outcome="draw"), user=make_user())
    with CaptureQueriesContext(connection) as large:
        client.get(_url(tokens[east.pk]))
    assert len(large) == len(small)


def test_a_query_reaches_the_head_judge_and_the_answer_comes_back(client, event):
    tournament, session, east, tokens = event
    url = _url(tokens[east.pk])
    query_url = _url(tokens[east.pk], "public:player_link_query")
    posted = {
        "round_number": 1,
        "table_number": 1,
        "hand_number": 1,
        "text": "Bob discarded, not West",
    }
    response = client.post(query_url, posted, follow=True)
    assert "sent to the head judge" in response.content.decode()
    query = HandQuery.objects.get()
    assert (query.registration, query.text) == (east, "Bob discarded, not West")
    again = client.post(query_url, posted)
    assert again.status_code == 400 and "already queried hand 1" in again.content.decode()
    assert "waiting for the head judge" in client.get(url).content.decode()
    hand_query_answer(query=query, upheld=False, answer="West's tile was seen", user=None)
    page = client.get(url).content.decode()
    assert "dismissed</strong>: West&#x27;s tile was seen" in page


def test_a_long_or_empty_query_is_refused_with_a_clear_message(client, event):
    tournament, session, east, tokens = event
    query_url = _url(tokens[east.pk], "public:player_link_query")
    long = client.post(
        query_url, {"round_number": 1, "table_number": 1, "hand_number": 1, "text": "x" * 301}
    )
    assert long.status_code == 400 and "Keep it to 300 characters" in long.content.decode()
    empty = client.post(
        query_url, {"round_number": 1, "table_number": 1, "hand_number": 1, "text": " "}
    )
    assert "Say in a few words" in empty.content.decode()
    assert not HandQuery.objects.exists()


def test_a_query_after_the_window_names_its_end(client, event):
    tournament, session, east, tokens = event
    Session.objects.filter(pk=session.pk).update(
        reconciled_at=timezone.now() - dt.timedelta(hours=1)
    )
    response = client.post(
        _url(tokens[east.pk], "public:player_link_query"),
        {"round_number": 1, "table_number": 1, "hand_number": 1, "text": "late"},
    )
    assert response.status_code == 400 and "closed at" in response.content.decode()
    assert "Query this hand" not in response.content.decode()


def test_another_tables_session_cannot_be_queried(client, event):
    tournament, session, east, tokens = event
    stranger = next(pk for pk in tokens if pk != east.pk and pk not in _table_ids(session))
    response = client.post(
        _url(tokens[stranger], "public:player_link_query"),
        {"round_number": 1, "table_number": 1, "hand_number": 1, "text": "x"},
    )
    assert "own table" in response.content.decode()


def _table_ids(session):
    return set(
        Registration.objects.filter(
            player_id__in=seat_players(session).values(), tournament=session.round.tournament
        ).values_list("pk", flat=True)
    )


def test_unknown_and_revoked_links_get_a_sentence_and_nothing_else(client, event):
    tournament, session, east, tokens = event
    unknown = client.get(_url("A" * 32))
    assert unknown.status_code == 404 and "not known" in unknown.content.decode()
    assert tournament.name not in unknown.content.decode()
    old = tokens[east.pk]
    player_link_issue(registration=east, user=None)
    revoked = client.get(_url(old))
    assert revoked.status_code == 410 and "withdrawn by the organisers" in revoked.content.decode()
    assert east.player.name not in revoked.content.decode()


def test_a_link_expires_thirty_days_after_the_event_and_a_new_one_works_again(client, event):
    tournament, session, east, tokens = event
    today = timezone.localdate()

    def end_event_days_ago(days):
        last_day = today - dt.timedelta(days=days)
        Tournament.objects.filter(pk=tournament.pk).update(start_date=last_day, end_date=last_day)
        PlayerLink.objects.filter(registration=east).update(
            issued_at=timezone.now() - dt.timedelta(days=days + 10)
        )

    end_event_days_ago(30)
    assert client.get(_url(tokens[east.pk])).status_code == 200  # the 30th day still opens
    end_event_days_ago(31)
    expired = client.get(_url(tokens[east.pk]))
    page = expired.content.decode()
    assert expired.status_code == 410 and "expired on" in page
    assert f"{today - dt.timedelta(days=1):%d %B %Y}" in page and east.player.name not in page
    player_link_issue(registration=east, user=None)  # issued today: 30 days from today
    assert client.get(_url(link_tokens(tournament)[east.pk])).status_code == 200


def test_guessing_is_throttled_with_retry_after(client, event, monkeypatch):
    tournament, session, east, tokens = event
    monkeypatch.setattr(link_views, "GUESSES_ALLOWED", 3)
    for guess in range(3):
        assert client.get(_url(f"{guess:032d}")).status_code == 404
    refused = client.get(_url("9" * 32))  # the next guess from the same address
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= link_views.GUESS_WINDOW
    assert "Too many unknown links" in refused.content.decode()
    other = client.get(_url("9" * 32), REMOTE_ADDR="10.9.9.9")  # another address
    assert other.status_code == 404


def test_a_valid_link_opens_after_many_guesses_from_the_same_address(client, event):
    """A venue's phones share one address: thirty typos there lock nobody's good link out."""
    tournament, session, east, tokens = event
    for guess in range(30):
        client.get(_url(f"{guess:032d}"))
    assert client.get(_url(f"{99:032d}")).status_code == 429  # guesses are still slowed
    opened = client.get(_url(tokens[east.pk]))
    assert opened.status_code == 200 and east.player.name in opened.content.decode()


def test_a_token_typed_with_look_alikes_opens_the_page(client, event):
    """An already-issued token with O, 0, l, 1 and I in it, typed with the look-alikes the
    other way round and in capitals, opens its page; the token as issued still does."""
    tournament, session, east, tokens = event
    issued = "Ol1I0oAbCdEfGhIjKlMnOpQrStUv-_xy"
    PlayerLink.objects.filter(registration=east).update(
        key=issued[:12], folded_key=issued[:12].lower().translate(LOOK_ALIKES), token=issued
    )
    typed = "0Il1OOaBcDeFgH1JkLmN0pqrsTUV_-XY"
    assert client.get(_url(issued)).status_code == 200
    page = client.get(_url(typed))
    assert page.status_code == 200 and east.player.name in page.content.decode()
    assert client.get(_url(typed[:-1] + "z")).status_code == 404  # one real typo is not read


def test_a_warning_reads_as_a_warning_not_as_minus_zero_points(client, event):
    tournament, session, east, tokens = event
    Penalty.objects.create(
        tournament=tournament,
        player_id=east.player_id,
        session=session,
        amount=0,
        warning=True,
        reason="Talking: warning",
    )
    page = client.get(_url(tokens[east.pk])).content.decode()
    penalties = page.split('id="penalties"')[1].split("</ul>")[0]
    assert "Warning (no points)" in penalties and "−0" not in penalties
    assert "−5 points" in penalties  # the deduction beside it keeps its points


def test_a_hidden_tournaments_private_page_shows_no_rank_nor_totals(client, event):
    """A hidden tournament shows the public nothing of its results (`release`): its private
    links keep the seats but show neither the rank nor the totals that would give it away."""
    tournament, session, east, tokens = event
    shown = client.get(_url(tokens[east.pk])).content.decode()
    assert "total points" in shown and re.search(r'class="big">\d+</span> rank', shown)
    Tournament.objects.filter(pk=tournament.pk).update(hidden=True)
    page = client.get(_url(tokens[east.pk])).content.decode()
    assert "rank" not in page and "total points" not in page and "you <strong>" not in page
    assert re.search(r"Round 2: <strong>table 2</strong>", page)  # the seats stay


def test_held_standings_hide_the_rank_but_not_the_totals(client, event):
    tournament, session, east, tokens = event
    Tournament.objects.filter(pk=tournament.pk).update(standings_public=False)
    page = client.get(_url(tokens[east.pk])).content.decode()
    assert "total points" in page and not re.search(r"</span> rank", page)

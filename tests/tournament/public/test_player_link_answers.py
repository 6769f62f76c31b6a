"""What a player reads of their appeal window and their queries: a window's end carries its day
when it is not today (in the reader's language), an answered query is said at the top of the
private page with a link down to its answer and on the hand's own line; and the public player
page speaks the reader's language for its penalties' places and its winds."""

import datetime as dt
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation

from tests.tournament.builders import (
    entry,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.event.links import player_links_issue_all
from tournament.event.selectors.links import link_tokens
from tournament.models import Registration, Session
from tournament.play.services.hands import hand_save
from tournament.play.services.penalties import penalty_record
from tournament.play.services.queries import hand_query_answer, hand_query_raise
from tournament.play.services.sessions import session_reconcile
from tournament.seating.services.seats import seating_publish
from tournament.standings.selectors.provisional import Provisional
from tournament.web.languages import moment_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    """Four players at one published table with a 24-hour appeal window; two hands saved and
    East penalised (slow play); the session reconciled; links issued. Returns (session,
    East's registration, East's token)."""
    tournament = make_tournament(appeal_window_minutes=1440)
    players = make_players(tournament, 4)
    round_ = make_seated_round(tournament, players, 1)
    seating_publish(round_=round_)
    session = Session.objects.select_related("round__tournament", "table").get(round=round_)
    judge = make_user()
    hand_save(session=session, entry=entry(session, 1), user=judge)
    hand_save(session=session, entry=entry(session, 2, outcome="draw"), user=judge)
    ids = seat_players(session)
    penalty_record(
        session=session,
        player_id=ids["E"],
        amount=5,
        mode="deduction",
        reason="Slow play",
        user=judge,
    )
    card = {ids["E"]: -15, ids["S"]: 30, ids["W"]: -10, ids["N"]: -10}
    assert session_reconcile(session=session, card_totals=card, user=judge).matches
    player_links_issue_all(tournament=tournament, user=None)
    east = Registration.objects.get(tournament=tournament, player_id=ids["E"])
    return session, east, link_tokens(tournament)[east.pk]


def _page(client, token, language="en"):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(reverse("public:player_link", kwargs={"token": token})).content.decode()


def test_a_moment_carries_its_day_when_it_is_not_today():
    now = timezone.make_aware(dt.datetime(2026, 11, 27, 23, 50))
    tomorrow = timezone.make_aware(dt.datetime(2026, 11, 28, 3, 13))
    with translation.override("en"):
        assert moment_text(now + dt.timedelta(minutes=5), now) == "23:55"
        assert moment_text(tomorrow, now) == "28 November 03:13"
    with translation.override("zh-hant"):
        assert moment_text(tomorrow, now) == "11月28日 03:13"
    with translation.override("zh-hans"):
        assert moment_text(tomorrow, now) == "11月28日 03:13"


def test_the_provisional_marks_say_the_day_of_a_window_ending_tomorrow():
    now = timezone.make_aware(dt.datetime(2026, 11, 27, 23, 50))
    marks = Provisional(
        appeal_ends={(1, 2): timezone.make_aware(dt.datetime(2026, 11, 28, 3, 13))},
        player_tables={7: [(1, 2)]},
        clock=lambda: now,
    )
    with translation.override("en"):
        assert marks.row_note(7) == "provisional until 28 November 03:13 (appeal window)"
        assert "appeal window open until 28 November 03:13" in marks.summary()
        assert "open until 28 November 03:13 (table 2)" in marks.lines()[0]


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_an_appeal_window_ending_tomorrow_says_which_day(client, table, language):
    session, east, token = table
    # Reconciled a minute ago: the 24-hour window ends tomorrow, at the same time less a minute.
    Session.objects.filter(pk=session.pk).update(
        reconciled_at=timezone.now() - dt.timedelta(minutes=1)
    )
    end = timezone.localtime(timezone.now() + dt.timedelta(minutes=1439))
    page = _page(client, token, language)
    day = f"{end.day} {end:%B}" if language == "en" else f"{end:%m}月{end.day}日"
    assert f"<strong>{day} {end:%H:%M}</strong>" in page


def test_an_answered_query_is_said_at_the_top_and_on_its_hand(client, table):
    session, east, token = table
    query = hand_query_raise(registration=east, session=session, hand_number=1, text="Not mine")
    waiting = _page(client, token)
    assert 'id="answered"' not in waiting
    assert "You queried this hand (see your queries below)." in waiting
    hand_query_answer(query=query, upheld=False, answer="The card says so", user=None)
    page = _page(client, token)
    top = page.split("<h2>")[0]  # before "Your seat": what a phone shows first
    assert "The head judge dismissed your query of hand 1 (round 1, table 1)" in top
    target = re.search(r'id="answered".*?href="#(query-\d+)"', top, re.S).group(1)
    answer = re.search(rf'<li id="{target}">(.*?)</li>', page, re.S).group(1)
    assert "The card says so" in answer
    hand = re.search(r'<li id="hand-1-1">(.*?)</li>', page, re.S).group(1)
    assert "was dismissed" in hand and f'href="#{target}"' in hand
    assert "see your queries below" not in hand


def test_an_upheld_query_reads_as_upheld_in_chinese(client, table):
    session, east, token = table
    query = hand_query_raise(registration=east, session=session, hand_number=1, text="?")
    hand_query_answer(query=query, upheld=True, answer="", user=None)
    page = _page(client, token, "zh-hant")
    assert "總裁判已接納您對第 1 局（第 1 輪，第 1 桌）的查詢" in page.split("<h2>")[0]
    assert "您對這一局的查詢已獲接納" in page
    answer = re.search(r'<li id="query-\d+">(.*?)</li>', page, re.S).group(1)
    assert answer.endswith("— <strong>申訴成立</strong>")  # no English answer beside it


@pytest.mark.parametrize(
    ("language", "place", "east"),
    [
        ("en", "Round 1, Table 1", "East"),
        ("zh-hant", "第 1 輪，第 1 桌", "東"),
        ("zh-hans", "第 1 轮，第 1 桌", "东"),
    ],
)
def test_the_public_player_page_names_places_and_winds_in_the_readers_language(
    client, table, language, place, east
):
    session, player, token = table
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse("public:player_detail", args=[session.round.tournament.slug, player.player_id])
    page = client.get(url).content.decode()
    assert f"Slow play · {place}" in page
    for table_id in ("seats", "sessions"):  # the same words in both tables
        rows = re.search(rf'id="{table_id}".*?</table>', page, re.S).group(0)
        cells = set(re.findall(r"<td>([^<]*)</td>", rows))
        assert east in cells and not cells & {"E", "S", "W", "N"}

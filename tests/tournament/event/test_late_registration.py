"""A player registered after rounds were seated: those rounds say *not yet registered* on the
player's pages, slips and the API, and count as nobody's bye (round pages, seating report,
printed seating list); a round seated after they registered counts as usual. A player
registered after the tournament's private links were issued gets theirs with the
registration."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from tests.tournament.builders import make_players, make_seated_round, make_tournament
from tournament.event.links import player_links_issue_all
from tournament.event.selectors.links import link_tokens
from tournament.event.selectors.seats import player_places, round_byes
from tournament.event.services.admission import RosterEntry
from tournament.event.services.registrations import registration_add, tournament_register
from tournament.models import PlayerLink, Registration, Round
from tournament.printing.selectors.seating import round_seating
from tournament.printing.selectors.slips import player_slips
from tournament.seating.selectors import tournament_seating_report
from tournament.seating.services.seats import round_seat, seating_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def late():
    """Eight players seated in rounds 1 and 2 (both published), then Nina registered: the
    tournament, Nina's registration, and round 3, seated after her with her sitting out."""
    tournament = make_tournament()
    players = make_players(tournament, 8)
    for number in (1, 2):
        seating_publish(round_=make_seated_round(tournament, players, number))
    nina = registration_add(tournament=tournament, given_name="Nina", family_name="Late")
    third = make_seated_round(tournament, players[::-1], 3)
    seating_publish(round_=third)
    return tournament, nina, third


def test_the_rounds_seated_before_are_not_yet_registered_the_later_one_a_bye(late):
    tournament, nina, third = late
    rounds = list(tournament.rounds.order_by("number"))
    places = player_places(tournament, nina.player_id, rounds=rounds)
    assert [(p.round_number, p.unregistered) for p in places] == [(1, True), (2, True), (3, False)]
    assert places[2].table is None and not places[2].withdrawn  # round 3: a real bye
    byes = {r.number: [reg.pk for reg in round_byes(r)] for r in rounds}
    assert byes == {1: [], 2: [], 3: [nina.pk]}
    report = tournament_seating_report(tournament)
    assert report.byes == {nina.player_id: 1} and report.total_byes == 1
    assert [p.number for p in round_seating(rounds[0]).byes] == []
    assert [p.number for p in round_seating(third).byes] == [nina.number]


def test_reseating_a_round_after_the_registration_makes_it_a_bye_again(late):
    tournament, nina, third = late
    second = Round.objects.get(tournament=tournament, number=2)
    rows = [(s.table.number, s.wind, s.player) for s in second.seats.select_related("table")]
    round_seat(round_=second, seat_rows=rows)  # drawn again, Nina registered: she sits out
    assert [reg.pk for reg in round_byes(second)] == [nina.pk]


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "not yet registered"), ("zh-hant", "尚未報名"), ("zh-hans", "尚未报名")],
)
def test_the_players_pages_say_not_yet_registered(client, late, language, words):
    tournament, nina, third = late
    player_links_issue_all(tournament=tournament, user=None)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    private = reverse("public:player_link", kwargs={"token": link_tokens(tournament)[nina.pk]})
    public = reverse("public:player_detail", args=[tournament.slug, nina.player_id])
    for url in (private, public):
        page = client.get(url).content.decode()
        seats = re.search(r'id="seats".*?</table>', page, re.S).group(0)
        assert seats.count(words) == 2 and seats.count("<tr>") == 4  # heading + 3 rounds


def test_the_private_page_announces_the_next_round_played_not_one_before_registering(client, late):
    tournament, nina, third = late
    player_links_issue_all(tournament=tournament, user=None)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(
        reverse("public:player_link", kwargs={"token": link_tokens(tournament)[nina.pk]})
    ).content.decode()
    notice = re.search(r'id="next-seat">(.*?)</p>', page, re.S).group(1)
    assert notice.startswith("Round 3:") and "bye" in notice


def test_the_slip_and_the_api_say_not_yet_registered(client, late):
    tournament, nina, third = late
    rounds = list(tournament.rounds.order_by("number"))
    slip = next(
        s for s in player_slips(tournament, rounds, base_url="https://x.org") if s.number == 9
    )
    lines = slip.place_lines
    assert [line.split()[0] for line in lines] == ["1", "2", "3"]
    assert "not yet registered" in lines[0] and "not yet registered" in lines[1]
    assert "bye" in lines[2] and "registered" not in lines[2]
    api = client.get(reverse("api:player_detail", args=[tournament.slug, nina.player_id])).json()
    seats = [(s["round"], s["bye"], s["not_registered"]) for s in api["seats"]]
    assert seats == [(1, False, True), (2, False, True), (3, True, False)]


def test_registrations_made_before_the_stamp_keep_their_byes():
    """Rows older than the registration time (empty) count as registered from the start."""
    tournament = make_tournament()
    players = make_players(tournament, 9)
    first = make_seated_round(tournament, players[:8], 1)
    Registration.objects.filter(tournament=tournament).update(registered_at=None)
    assert [reg.player_id for reg in round_byes(first)] == [players[8].pk]


def test_the_roster_door_gives_late_players_a_link_in_the_same_transaction():
    """Every way in (an import or a bulk registration as much as the console) gives a player
    registered after the links were issued their own; a link revoked meanwhile does not count
    as the tournament's links being issued."""
    tournament = make_tournament()
    make_players(tournament, 4)
    assert len(make_players(tournament, 1)) == 1 and link_tokens(tournament) == {}
    player_links_issue_all(tournament=tournament, user=None)
    (late,) = tournament_register(tournament=tournament, roster=[RosterEntry(name="Zoe Late")])
    tokens = link_tokens(tournament)
    assert late.pk in tokens and len(set(tokens.values())) == 6
    PlayerLink.objects.filter(registration__tournament=tournament).update(revoked_at=timezone.now())
    (later,) = tournament_register(tournament=tournament, roster=[RosterEntry(name="Al After")])
    assert later.pk not in link_tokens(tournament)

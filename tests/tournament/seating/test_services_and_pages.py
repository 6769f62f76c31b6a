"""Seating through Django (issue 5): service, command, organiser pages, public lists, guards."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.tournament.builders import make_players, make_tournament
from tournament.models import Hand, Registration, Round, Seat, Session
from tournament.seating.selectors import tournament_seating_report
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.seats import seating_publish, seating_swap

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    tournament = make_tournament()
    make_players(tournament, 16)
    return tournament


@pytest.fixture
def organiser(client):
    user = get_user_model().objects.create_superuser("org", "org@example.org", "pw")
    client.force_login(user)
    return user


def seats_of(round_):
    return sorted(
        Seat.objects.filter(round=round_).values_list("player_id", "table__number", "wind")
    )


def test_generate_seats_every_round_without_repeats(event):
    plan = seating_generate(tournament=event, total_rounds=5, seed=3)
    assert plan.seated_rounds == (1, 2, 3, 4, 5)
    assert plan.report.repeat_meetings == 0  # 16 players, 5 rounds: the known maximum
    assert plan.report.max_wind_spread <= 1
    for round_ in event.rounds.all():
        assert Seat.objects.filter(round=round_).count() == 16
        assert Session.objects.filter(round=round_).count() == 4
        assert not round_.seating_published


def test_same_seed_same_seating(event):
    seating_generate(tournament=event, total_rounds=2, seed=7)
    first = seats_of(Round.objects.get(tournament=event, number=2))
    seating_generate(tournament=event, total_rounds=2, seed=7)
    assert seats_of(Round.objects.get(tournament=event, number=2)) == first


def test_played_rounds_are_kept_and_never_reseated(event):
    seating_generate(tournament=event, total_rounds=3, seed=1)
    round_one = Round.objects.get(tournament=event, number=1)
    before = seats_of(round_one)
    session = Session.objects.filter(round=round_one).first()
    Hand.objects.create(session=session, number=1, outcome="draw")
    plan = seating_generate(tournament=event, total_rounds=3, seed=99)
    assert plan.seated_rounds == (2, 3)
    assert seats_of(round_one) == before
    assert Hand.objects.filter(session=session).count() == 1
    with pytest.raises(ValidationError, match="already played"):
        seating_generate(tournament=event, total_rounds=1)
    with pytest.raises(ValidationError, match="entered hands"):
        seating_swap(
            round_=round_one,
            first=session.table.seats.first().player,
            second=Seat.objects.filter(round=round_one).last().player,
        )


def test_drop_out_then_byes_or_substitutes(event):
    seating_generate(tournament=event, total_rounds=2, seed=1)
    Hand.objects.create(
        session=Session.objects.filter(round__number=1, round__tournament=event).first(),
        number=1,
        outcome="draw",
    )
    leaver = Registration.objects.filter(tournament=event).first()
    leaver.status = Registration.Status.WITHDRAWN
    leaver.save()
    with pytest.raises(ValidationError, match="add 1 substitute"):
        seating_generate(tournament=event, total_rounds=3)
    plan = seating_generate(tournament=event, total_rounds=3, odd_players="byes")
    assert plan.seated_rounds == (2, 3)
    for number in (2, 3):
        seated = set(
            Seat.objects.filter(round__tournament=event, round__number=number).values_list(
                "player_id", flat=True
            )
        )
        assert len(seated) == 12 and leaver.player_id not in seated


def test_swap_exchanges_table_and_wind(event):
    seating_generate(tournament=event, total_rounds=1)
    round_ = Round.objects.get(tournament=event, number=1)
    a, b = Seat.objects.filter(round=round_).order_by("table__number", "wind")[::5][:2]
    seating_swap(round_=round_, first=a.player, second=b.player)
    assert Seat.objects.get(round=round_, player=a.player).table_id == b.table_id
    assert Seat.objects.get(round=round_, player=b.player).wind == a.wind
    with pytest.raises(ValidationError, match="two different players"):
        seating_swap(round_=round_, first=a.player, second=a.player)


def test_publish_needs_a_seating(event):
    round_ = Round.objects.create(tournament=event, number=1)
    with pytest.raises(ValidationError, match="no seating"):
        seating_publish(round_=round_)


def test_seat_command(event, capsys):
    call_command("seat", "--rounds", "4", "--seed", "5", "--tournament", event.slug)
    out = capsys.readouterr().out
    assert "seated round(s) 1, 2, 3, 4" in out and "Repeat meetings: 0" in out
    with pytest.raises(CommandError, match="No tournament"):
        call_command("seat", "--rounds", "4", "--tournament", "nope")


def test_pages_need_an_organiser(client, event):
    url = reverse("console:seating_overview", args=[event.slug])
    assert client.get(url).status_code == 302  # to the log-in page
    judge = get_user_model().objects.create_user("j", password="pw")
    client.force_login(judge)
    assert client.get(url).status_code == 403
    assert (
        client.post(url, {"total_rounds": 2, "seed": 0, "odd_players": "error"}).status_code == 403
    )
    assert not Round.objects.filter(tournament=event).exists()


def test_generate_swap_and_publish_through_pages(client, event, organiser):
    url = reverse("console:seating_overview", args=[event.slug])
    response = client.post(url, {"total_rounds": 3, "seed": 4, "odd_players": "error"}, follow=True)
    assert "Seated round(s) 1, 2, 3" in response.content.decode()
    round_ = Round.objects.get(tournament=event, number=1)
    public = reverse("public:seating_by_player", args=[event.slug, 1])
    client.logout()
    assert "not been published" in client.get(public).content.decode()
    client.force_login(organiser)
    a, b = Seat.objects.filter(round=round_).order_by("table__number", "wind")[::5][:2]
    number = dict(Registration.objects.filter(tournament=event).values_list("player_id", "number"))
    client.post(
        reverse("console:seating_round", args=[event.slug, 1]),
        {"first": number[a.player_id], "second": number[b.player_id]},
    )
    assert Seat.objects.get(round=round_, player=a.player).table_id == b.table_id
    client.post(reverse("console:seating_publish", args=[event.slug, 1]), {"publish": "1"})
    client.logout()
    body = client.get(public).content.decode()
    names = [
        seat.player.name for seat in Seat.objects.filter(round=round_).order_by("player__name")
    ]
    assert body.index(names[0]) < body.index(names[-1])
    report_page = client.get(url)
    assert report_page.status_code == 302


def test_overview_shows_quality_and_clear_errors(client, event, organiser):
    Registration.objects.filter(tournament=event).first().delete()
    url = reverse("console:seating_overview", args=[event.slug])
    body = client.post(url, {"total_rounds": 2, "seed": 0, "odd_players": "error"}).content.decode()
    assert "15 players do not fill tables of 4: add 1 substitute" in body
    client.post(url, {"total_rounds": 2, "seed": 0, "odd_players": "byes"})
    assert tournament_seating_report(event).repeat_meetings == 0
    assert 'id="repeat-meetings">0<' in client.get(url).content.decode()

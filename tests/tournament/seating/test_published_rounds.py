"""Preparing rounds ahead beside the roll call (issue 19, point 6).

A published round is never reseated by *Generate* (nor by ``seat``), and never once a session
of it has been opened at the desk; generating keeps the published rounds and seats the ones
after them, the first from its roll call (counts speak of the players present); seating a round
from its roll call counts its repeat meetings against the published rounds only and then
regenerates the rounds prepared after it (or names them when it cannot); the organiser can
regenerate just the rounds after the last published one.
"""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests.tournament.builders import make_players, make_tournament, make_user
from tournament.event.services.roll_call import roll_call_save
from tournament.models import Round, Seat, Session
from tournament.play.selectors.rounds import round_is_opened
from tournament.seating.selectors import rounds_seating_report, tournament_seating_report
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.one_round import round_seat_from_roll_call
from tournament.seating.services.seats import seating_publish

pytestmark = pytest.mark.django_db


def _seats(round_):
    return sorted(Seat.objects.filter(round=round_).values_list("player_id", "table_id", "wind"))


def _round(tournament, number):
    return Round.objects.get(tournament=tournament, number=number)


@pytest.fixture
def event():
    tournament = make_tournament()
    make_players(tournament, 16)
    seating_generate(tournament=tournament, total_rounds=2, seed=1)
    for round_ in tournament.rounds.all():
        seating_publish(round_=round_)
    return tournament


def _roll_call(tournament, number, absent: int) -> list[int]:
    """Everyone present for round ``number`` but the last ``absent`` players; their ids."""
    registrations = list(tournament.registrations.order_by("number"))
    present = registrations[: len(registrations) - absent]
    roll_call_save(tournament=tournament, round_number=number, present_ids={r.pk for r in present})
    return [r.player_id for r in registrations[len(present) :]]


@pytest.fixture
def prepared():
    """36 registered, round 1 published, rounds 2-4 prepared ahead."""
    tournament = make_tournament()
    make_players(tournament, 36)
    seating_generate(tournament=tournament, total_rounds=4, seed=3)
    seating_publish(round_=_round(tournament, 1))
    return tournament


def test_generate_never_reseats_a_published_round(event):
    before = {n: _seats(_round(event, n)) for n in (1, 2)}
    with pytest.raises(Exception, match="already played, opened at the desk or published"):
        seating_generate(tournament=event, total_rounds=2, seed=7)
    plan = seating_generate(tournament=event, total_rounds=3, seed=7)
    assert plan.kept_rounds == (1, 2) and plan.seated_rounds == (3,)
    for number in (1, 2):
        round_ = _round(event, number)
        assert _seats(round_) == before[number] and round_.seating_published
    # Unpublished on its page, a round is the organiser's to seat again.
    seating_publish(round_=_round(event, 2), published=False)
    plan = seating_generate(tournament=event, total_rounds=3, seed=7)
    assert plan.seated_rounds == (2, 3)


def test_a_round_opened_at_the_desk_is_never_reseated(client, event):
    seating_publish(round_=_round(event, 1), published=False)
    round_one = _round(event, 1)
    before = _seats(round_one)
    session = Session.objects.filter(round=round_one).first()
    client.force_login(make_user("judge"))
    url = reverse("desk:session_sheet", args=[event.slug, 1, session.table.number])
    assert client.get(url).status_code == 200
    assert round_is_opened(round_one)
    seating_publish(round_=_round(event, 2), published=False)
    plan = seating_generate(tournament=event, total_rounds=2, seed=7)
    assert plan.seated_rounds == (2,)
    assert _seats(round_one) == before


def test_keeping_the_published_round_seats_the_next_from_its_roll_call(prepared):
    absent = _roll_call(prepared, 2, absent=4)
    plan = seating_generate(tournament=prepared, total_rounds=4, seed=9, odd_players="byes")
    assert plan.kept_rounds == (1,) and plan.seated_rounds == (2, 3, 4)
    assert plan.roll_call_rounds == (2,) and plan.players == {2: 32, 3: 36, 4: 36}
    message = plan.describe()
    assert "Kept round(s) 1 as published or played" in message
    assert "Round 2 seated with the 32 player(s) present at its roll call" in message
    assert "of 32" not in message and "36 of" not in message
    seated_two = set(Seat.objects.filter(round__number=2).values_list("player_id", flat=True))
    assert len(seated_two) == 32 and not seated_two & set(absent)
    assert Seat.objects.filter(round__tournament=prepared, round__number=4).count() == 36


def test_a_reseat_from_the_roll_call_counts_against_published_rounds_and_regenerates_later(
    prepared,
):
    round_three, round_four = (_seats(_round(prepared, n)) for n in (3, 4))
    _roll_call(prepared, 2, absent=4)
    plan = round_seat_from_roll_call(
        tournament=prepared, number=2, seed=5, odd_players="byes", time_limit=5
    )
    # The report counts round 2 against round 1 only: the prepared rounds are about to change.
    published = rounds_seating_report(prepared, [_round(prepared, 1), _round(prepared, 2)])
    assert plan.report.repeat_pairs == published.repeat_pairs and plan.against_published
    assert "with the rounds already published" in plan.describe()
    # The prepared rounds 3 and 4 were made for round 2's old seating: regenerated after it.
    assert plan.regenerated_rounds == (3, 4) and plan.stale_rounds == ()
    assert "Regenerated the prepared round(s) 3, 4 with the 36 active player(s)" in plan.describe()
    assert _seats(_round(prepared, 3)) != round_three and _seats(_round(prepared, 4)) != round_four
    # ... so that the whole event has no repeat meeting, where the old prepared rounds had many.
    assert tournament_seating_report(prepared).repeat_meetings == 0


def test_later_rounds_that_cannot_be_regenerated_are_named(prepared):
    seating_publish(round_=_round(prepared, 4))
    round_three = _seats(_round(prepared, 3))
    _roll_call(prepared, 2, absent=4)
    plan = round_seat_from_roll_call(tournament=prepared, number=2, seed=5, odd_players="byes")
    assert plan.regenerated_rounds == () and plan.stale_rounds == (3,)
    assert "Round(s) 3 were prepared for the old seating and could not be regenerated" in (
        plan.describe()
    )
    assert _seats(_round(prepared, 3)) == round_three


@pytest.fixture
def organiser(client):
    user = get_user_model().objects.create_superuser("org", "o@example.org", "pw")
    client.force_login(user)
    return user


def test_the_seating_page_keeps_published_rounds_and_says_so(client, organiser, prepared):
    _roll_call(prepared, 2, absent=4)
    url = reverse("console:seating_overview", args=[prepared.slug])
    before = _seats(_round(prepared, 1))
    page = client.post(url, {"total_rounds": 4, "seed": 7, "odd_players": "byes"}, follow=True)
    text = page.content.decode()
    assert "Kept round(s) 1 as published or played" in text
    assert "Round 2 seated with the 32 player(s) present at its roll call" in text
    assert "would change" not in text and "Reseat published rounds?" not in text
    assert _seats(_round(prepared, 1)) == before and _round(prepared, 1).seating_published
    assert 'id="published-repeat-meetings">0<' in text


def test_the_roll_call_page_seats_a_round_and_regenerates_the_prepared_ones(
    client, organiser, prepared
):
    _roll_call(prepared, 2, absent=4)
    url = reverse("console:round_seat", args=[prepared.slug, 2])
    page = client.post(url, {"odd_players": "byes", "seed": 4}, follow=True)
    text = page.content.decode()
    assert "Round 2 seated with the 32 player(s) present at its roll call" in text
    assert "repeat meeting(s) with the rounds already published" in text
    assert "Regenerated the prepared round(s) 3, 4" in text
    overview = client.get(reverse("console:seating_overview", args=[prepared.slug]))
    assert 'id="repeat-meetings">0<' in overview.content.decode()


def test_an_organiser_regenerates_just_the_rounds_after_the_last_published(
    client, organiser, prepared
):
    url = reverse("console:seating_overview", args=[prepared.slug])
    page = client.get(url).content.decode()
    assert 'id="regenerate-prepared-button">Regenerate rounds 2–4<' in page
    before = {n: _seats(_round(prepared, n)) for n in (1, 2, 3, 4)}
    done = client.post(url, {"total_rounds": 4, "seed": 11, "odd_players": "byes"}, follow=True)
    assert "Seated round(s) 2, 3, 4" in done.content.decode()
    assert _seats(_round(prepared, 1)) == before[1]
    assert all(_seats(_round(prepared, n)) != before[n] for n in (2, 3, 4))
    assert Round.objects.filter(tournament=prepared).count() == 4


def test_the_seat_command_agrees(prepared, capsys):
    before = _seats(_round(prepared, 1))
    _roll_call(prepared, 2, absent=4)
    call_command("seat", "--rounds", "4", "--seed", "2", "--byes", "--tournament", prepared.slug)
    out = capsys.readouterr().out
    assert "seated round(s) 2, 3, 4" in out and "Kept round(s) 1 as published or played" in out
    assert "with the 32 player(s) present at its roll call" in out
    assert _seats(_round(prepared, 1)) == before
    with pytest.raises(CommandError, match="Published rounds are never reseated"):
        call_command(
            "seat", "--rounds", "4", "--reseat-published", "1", "--tournament", prepared.slug
        )
    with pytest.raises(CommandError, match="Round 1 is already played, opened at the desk or"):
        call_command("seat", "--rounds", "1", "--tournament", prepared.slug)

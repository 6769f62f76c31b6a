"""A published round is reseated only after a confirmation that names what changes, and never
once a session of it has been opened at the desk (`play.selectors.round_is_opened`)."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.tournament.builders import make_players, make_tournament, make_user
from tournament.models import Round, Seat, Session
from tournament.play.selectors import round_is_opened
from tournament.seating.services import (
    ReseatNeedsConfirmation,
    seating_generate,
    seating_publish,
)

pytestmark = pytest.mark.django_db


def _seats(round_):
    return sorted(Seat.objects.filter(round=round_).values_list("player_id", "table_id", "wind"))


@pytest.fixture
def event():
    tournament = make_tournament()
    make_players(tournament, 16)
    seating_generate(tournament=tournament, total_rounds=2, seed=1)
    for round_ in tournament.rounds.all():
        seating_publish(round_=round_)
    return tournament


def test_reseating_a_published_round_needs_a_confirmation_naming_it(event):
    round_two = Round.objects.get(tournament=event, number=2)
    before = _seats(round_two)
    with pytest.raises(ReseatNeedsConfirmation) as needed:
        seating_generate(tournament=event, total_rounds=2, seed=7)
    numbers = [change.number for change in needed.value.changes]
    assert numbers == [1, 2]
    assert "Round 2 is published" in " ".join(needed.value.messages)
    assert all(change.moved > 0 for change in needed.value.changes)
    assert _seats(round_two) == before
    round_two.refresh_from_db()
    assert round_two.seating_published
    seating_generate(tournament=event, total_rounds=2, seed=7, reseat_published=(1, 2))
    assert _seats(round_two) != before


def test_a_round_opened_at_the_desk_is_never_reseated(client, event):
    round_one = Round.objects.get(tournament=event, number=1)
    before = _seats(round_one)
    session = Session.objects.filter(round=round_one).first()
    client.force_login(make_user("judge"))
    url = reverse("desk:session_sheet", args=[event.slug, 1, session.table.number])
    assert client.get(url).status_code == 200
    assert round_is_opened(round_one)
    # Even with the organiser's confirmation of every published round.
    plan = seating_generate(tournament=event, total_rounds=2, seed=7, reseat_published=(2,))
    assert plan.seated_rounds == (2,)
    assert _seats(round_one) == before
    round_one.refresh_from_db()
    assert round_one.seating_published


def test_the_seating_page_asks_before_reseating_a_published_round(client, event):
    client.force_login(get_user_model().objects.create_superuser("org", "o@example.org", "pw"))
    url = reverse("seating:seating_overview", args=[event.slug])
    round_one = Round.objects.get(tournament=event, number=1)
    before = _seats(round_one)
    page = client.post(url, {"total_rounds": 2, "seed": 7, "odd_players": "error"})
    text = page.content.decode()
    assert page.status_code == 200
    assert "Reseat published rounds?" in text and "Round 1 is published" in text
    assert _seats(round_one) == before
    done = client.post(
        url, {"total_rounds": 2, "seed": 7, "odd_players": "error", "reseat_published": "1,2"}
    )
    assert done.status_code == 302
    assert _seats(round_one) != before

"""Player slips printed by an organiser before a round's seating is published mark that round
"Provisional — not yet published" (issue 19, point 11); the public's slips have no such round,
so no mark. Read back from the PDF the organiser downloads."""

import pytest
from django.urls import reverse

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tournament.models import Round

pytestmark = [pytest.mark.django_db, needs_poppler]
NOTE = "Provisional — not yet published"


@pytest.fixture
def event():
    tournament = make_tournament()
    players = make_players(tournament, 4)
    first = make_seated_round(tournament, players)
    make_seated_round(tournament, players[::-1], number=2)
    Round.objects.filter(pk=first.pk).update(seating_published=True)
    return tournament


def _slips(client, tournament) -> str:
    response = client.get(reverse("printing:printout_download", args=[tournament.slug, "slips"]))
    assert response.status_code == 200
    return text(response.content, 1)


def test_an_organisers_slips_mark_the_unpublished_round_provisional(client, event):
    client.force_login(make_user("superuser"))
    printed = _slips(client, event)
    assert NOTE in printed
    lines = [line.strip() for line in printed.splitlines()]
    round_two = next(line for line in lines if line.startswith("2 "))
    round_one = next(line for line in lines if line.startswith("1 "))
    assert round_two.endswith("*") and not round_one.endswith("*")


def test_the_public_slips_have_only_published_rounds_and_no_mark(client, event):
    printed = _slips(client, event)
    assert NOTE not in printed and "*" not in printed


def test_once_every_round_is_published_the_mark_goes(client, event):
    Round.objects.filter(tournament=event).update(seating_published=True)
    client.force_login(make_user("superuser"))
    assert NOTE not in _slips(client, event)

"""What one hand save at the desk costs: the entry is evaluated once and the seating read once.

*Evaluation* is counted where every evaluation of a win reaches the engine
(`tournament.play.entry.score_hand`, wrapped to count and then call through); a *seating read*
is `tournament.play.selectors.seating_of`'s query (the session's seats with their players),
caught with `CaptureQueriesContext`. Before issue 21 a save evaluated twice (the page's preview,
then the service) and read the seating four times.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import form_data, make_session, make_user
from tournament.models import Hand
from tournament.play import entry as entry_module

pytestmark = pytest.mark.django_db


def is_seating_read(sql: str) -> bool:
    """`seating_of`'s query: the seats of one table with their players."""
    return (
        sql.startswith('SELECT "tournament_seat"')
        and 'INNER JOIN "tournament_player"' in sql
        and '"tournament_seat"."table_id" =' in sql
    )


def _sheet(session):
    args = [session.round.tournament.slug, session.round.number, session.table.number]
    return reverse("desk:session_sheet", args=args)


@pytest.fixture
def evaluations(monkeypatch):
    """How many times the engine scored a hand for the desk."""
    calls = []
    score_hand = entry_module.score_hand

    def counting(*args, **kwargs):
        calls.append(args)
        return score_hand(*args, **kwargs)

    monkeypatch.setattr(entry_module, "score_hand", counting)
    return calls


@pytest.mark.parametrize("double_entry", [False, True], ids=["single", "double-entry"])
def test_a_hand_save_evaluates_once_and_reads_the_seating_once(client, evaluations, double_entry):
    session = make_session(double_entry=double_entry)
    client.force_login(make_user())
    client.get(_sheet(session))  # the first visit marks the session opened
    data = form_data(session)
    evaluations.clear()
    with CaptureQueriesContext(connection) as queries:
        response = client.post(_sheet(session), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Hand.objects.get(session=session, number=1).value == 10
    seating_reads = [q["sql"] for q in queries if is_seating_read(q["sql"])]
    assert len(evaluations) == 1, "evaluations"
    assert len(seating_reads) == 1, seating_reads


def test_a_refused_save_still_shows_the_preview_of_the_hand(client, evaluations):
    """The evaluation moved into the save: a save refused before scoring (a number taken)
    still shows the judge the hand's preview with the reason."""
    session = make_session()
    client.force_login(make_user())
    client.post(_sheet(session), form_data(session))
    response = client.post(_sheet(session), form_data(session))  # hand 1 again
    assert response.status_code == 422
    assert response.context["evaluation"] is not None
    assert response.context["evaluation"].value == 10
    assert "already been saved" in response.content.decode()

"""The archive carries the appeal window, its early closes, the hand queries with their answers
and the private links in force with their tokens: a restore keeps every printed link working; a
copy next to its original gets fresh links; a file written before these keys still imports."""

import datetime as dt
import json

import pytest

from tests.tournament.builders import make_user
from tournament.event.links import player_link_issue, player_link_revoke, player_links_issue_all
from tournament.event.selectors.links import link_tokens, registration_of_link
from tournament.exports.archive.checks import archive_problems
from tournament.exports.archive.text import archive_dumps
from tournament.exports.selectors.archive import tournament_archive
from tournament.exports.services.importing import tournament_import
from tournament.models import HandQuery, PlayerLink, Registration, Session, Tournament
from tournament.play.services.queries import hand_query_answer, hand_query_raise

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(demo):
    """The demo with a 30-minute window, links for all, one revoked, one answered query."""
    Tournament.objects.filter(pk=demo.pk).update(appeal_window_minutes=30)
    demo.refresh_from_db()
    player_links_issue_all(tournament=demo, user=None)
    player_link_revoke(registration=demo.registrations.get(number=2), user=None)
    session = (
        Session.objects.select_related("round__tournament", "table")
        .filter(round__tournament=demo, status="reconciled")
        .first()
    )
    raised = session.reconciled_at + dt.timedelta(minutes=1)
    seated = session.round.seats.filter(table=session.table).first()
    registration = Registration.objects.select_related("player").get(
        tournament=demo, player=seated.player
    )
    number = session.hands.order_by("number").first().number
    query = hand_query_raise(
        registration=registration, session=session, hand_number=number, text="why?", now=raised
    )
    hand_query_answer(
        query=query, upheld=False, answer="As entered.", user=make_user("head", name="ah")
    )
    Session.objects.filter(pk=session.pk).update(appeal_closed_at=raised)
    return demo


def test_a_copy_keeps_everything_but_gets_fresh_links(event):
    first = tournament_archive(event)
    assert archive_problems(first) == []
    assert first["tournament"]["appeal_window_minutes"] == 30
    assert len(first["links"]) == event.registrations.count() - 1  # the revoked one stays
    assert first["queries"][0]["answer"] == "As entered."
    assert sum(1 for s in first["sessions"] if s["appeal_closed_at"]) == 1
    copy = tournament_import(archive=json.loads(archive_dumps(first)), slug="copy")
    second = tournament_archive(copy)
    assert second["queries"] == first["queries"]
    assert second["tournament"]["appeal_window_minutes"] == 30
    assert [s["appeal_closed_at"] for s in second["sessions"]] == [
        s["appeal_closed_at"] for s in first["sessions"]
    ]
    assert {link["player"] for link in second["links"]} == {
        link["player"] for link in first["links"]
    }
    assert not {link["token"] for link in second["links"]} & {
        link["token"] for link in first["links"]
    }
    for token in link_tokens(event).values():  # the original's links still open the original
        assert registration_of_link(token).tournament_id == event.pk


def test_a_restore_keeps_the_printed_links(event):
    archive = json.loads(archive_dumps(tournament_archive(event)))
    tokens = {link["player"]: link["token"] for link in archive["links"]}
    Tournament.objects.filter(pk=event.pk).update(slug="gone")
    PlayerLink.objects.all().delete()  # as in a fresh database
    restored = tournament_import(archive=archive)
    for number, token in tokens.items():
        found = registration_of_link(token)
        assert (found.tournament_id, found.number) == (restored.pk, number)
    assert HandQuery.objects.filter(session__round__tournament=restored).count() == 1


def test_a_file_without_the_new_keys_still_imports(event):
    archive = json.loads(archive_dumps(tournament_archive(event)))
    del archive["links"], archive["queries"], archive["tournament"]["appeal_window_minutes"]
    for session in archive["sessions"]:
        del session["appeal_closed_at"]
    copy = tournament_import(archive=archive, slug="older")
    assert copy.appeal_window_minutes == 0 and link_tokens(copy) == {}


def test_a_query_of_an_unknown_player_refuses_the_file(event):
    archive = json.loads(archive_dumps(tournament_archive(event)))
    archive["queries"][0]["player"] = 999
    assert "Hand query #1 names an unknown player 999." in archive_problems(archive)
    archive["links"] = "x"
    assert "'links' must be a list." in archive_problems(archive)


def test_reissued_links_travel_as_the_one_in_force(event):
    registration = event.registrations.get(number=3)
    new = player_link_issue(registration=registration, user=None)
    archive = tournament_archive(event)
    assert [link["token"] for link in archive["links"] if link["player"] == 3] == [new.token]

"""The cut guards the next stage: no round of a later stage is seated or published before its
cut is confirmed (the console, the roll call and the ``seat`` command say so and link to the
Stages page), the dashboard names the pending cut as the next step, and a score changed in a
cut's rounds after it was confirmed shows on the Stages page and the health page."""

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from tests.tournament.builders import (
    make_cut_event,
    make_players,
    make_tournament,
    make_user,
    seat_players,
)
from tournament.event.steps import EventFacts, next_step
from tournament.models import Penalty, Round, Seat, Session
from tournament.play.services.penalties import penalty_record
from tournament.play.services.sessions import session_reconcile, session_reopen
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.seats import seating_publish
from tournament.stages import share_parse
from tournament.standings.selectors.cut_review import cuts_changed
from tournament.standings.services import cut_confirm, stages_set

pytestmark = pytest.mark.django_db

CONFIRM = "Confirm the cut after round 1 on the"


def stages_url(tournament):
    return reverse("console:stages", args=[tournament.slug])


def test_the_seat_command_refuses_the_next_stage_before_its_cut_and_saves_nothing():
    tournament, _, _ = make_cut_event()
    with pytest.raises(CommandError) as refused:
        call_command("seat", "--rounds", "2", "--tournament", tournament.slug)
    message = str(refused.value)
    assert "confirm the cut after round 1 on the Stages page first" in message
    assert stages_url(tournament) in message and "Nothing was saved." in message
    assert list(tournament.rounds.values_list("number", flat=True)) == [1]


def test_generate_on_the_seating_page_links_to_the_stages_page(client):
    tournament, _, organiser = make_cut_event()
    client.force_login(organiser)
    response = client.post(
        reverse("console:seating_overview", args=[tournament.slug]),
        {"total_rounds": 2, "seed": 0, "odd_players": "error"},
    )
    page = response.content.decode()
    assert response.status_code == 200 and CONFIRM in page
    assert f'href="{stages_url(tournament)}"' in page
    assert not Seat.objects.filter(round__tournament=tournament, round__number=2).exists()


def test_the_roll_call_of_a_waiting_round_links_to_the_stages_page_and_seats_nobody(client):
    tournament, _, organiser = make_cut_event()
    client.force_login(organiser)
    checkin = reverse("console:checkin", args=[tournament.slug]) + "?round=2"
    page = client.get(checkin).content.decode()
    assert CONFIRM in page and f'href="{stages_url(tournament)}"' in page
    response = client.post(
        reverse("console:round_seat", args=[tournament.slug, 2]), {"odd_players": "error"}
    )
    assert response.status_code == 302
    assert not Round.objects.filter(tournament=tournament, number=2).exists()
    cut_confirm(tournament=tournament, stage=1, seed=4, user=organiser)
    assert CONFIRM not in client.get(checkin).content.decode()


def test_the_first_stage_is_still_generated_and_a_longer_request_says_how_many_rounds():
    tournament = make_tournament()
    make_players(tournament, 8)
    stages_set(tournament=tournament, cuts=[(2, 4, share_parse("1/2"))], user=make_user("head"))
    with pytest.raises(ValidationError, match="Rounds up to 2 can be seated now: ask for 2"):
        seating_generate(tournament=tournament, total_rounds=3, time_limit=1)
    assert not tournament.rounds.exists()
    plan = seating_generate(tournament=tournament, total_rounds=2, time_limit=1)
    assert plan.seated_rounds == (1, 2)


def test_a_round_seated_before_its_cut_was_added_is_not_published():
    tournament = make_tournament()
    make_players(tournament, 8)
    seating_generate(tournament=tournament, total_rounds=2, time_limit=1)
    stages_set(tournament=tournament, cuts=[(1, 4, share_parse("1/2"))], user=make_user("head"))
    second = Round.objects.get(tournament=tournament, number=2)
    with pytest.raises(ValidationError, match="confirm the cut after round 1"):
        seating_publish(round_=second)
    assert not Round.objects.get(pk=second.pk).seating_published
    seating_publish(round_=Round.objects.get(tournament=tournament, number=1))  # stage 1 may


def _facts(**changes) -> EventFacts:
    facts = dict(
        players=8,
        next_round=2,
        checked_in=0,
        next_round_seated=False,
        next_round_published=False,
        next_round_played=False,
        open_sessions=0,
        unreconciled_sessions=0,
    )
    return EventFacts(**{**facts, **changes})


def test_the_next_step_after_a_stage_is_its_cut():
    step = next_step(_facts(cut_after=1))
    assert (step.key, step.title) == ("cut", "Preview and confirm the cut after round 1")
    assert next_step(_facts()).key == "checkin"


def test_the_dashboard_names_the_pending_cut_and_links_to_the_stages_page(client):
    tournament, _, organiser = make_cut_event()
    client.force_login(organiser)
    dashboard = reverse("console:dashboard", args=[tournament.slug])
    page = client.get(dashboard).content.decode()
    assert 'data-step="cut"' in page
    assert "Preview and confirm the cut after round 1" in page
    assert f'href="{stages_url(tournament)}"' in page
    cut_confirm(tournament=tournament, stage=1, seed=4, user=organiser)
    assert 'data-step="checkin"' in client.get(dashboard).content.decode()


def test_the_dashboard_waits_for_the_stage_to_be_reconciled(client):
    tournament, _, organiser = make_cut_event()
    session_reopen(
        session=Session.objects.filter(round__tournament=tournament).first(),
        user=make_user("head"),
        reason="a card to check",
    )
    client.force_login(organiser)
    page = client.get(reverse("console:dashboard", args=[tournament.slug])).content.decode()
    assert 'data-step="play"' in page and "confirm the cut" not in page


CHANGED = "Scores changed after the cut after round 1 was confirmed"


def _penalise_after_the_cut(tournament):
    """Reopen a round-1 table, give a player 30 points of penalty and reconcile it again."""
    head = make_user("head")
    session = Session.objects.filter(round__tournament=tournament).order_by("table__number")[1]
    session_reopen(session=session, user=head, reason="a penalty was missed")
    ids = seat_players(session)
    penalty_record(session=session, player_id=ids["E"], amount=30, reason="late", user=head)
    totals = dict.fromkeys(ids.values(), 0)
    totals[ids["E"]] = -30
    session_reconcile(session=session, card_totals=totals, user=head)


def test_a_penalty_after_the_cut_shows_on_the_stages_and_health_pages(client):
    tournament, _, organiser = make_cut_event(confirm_seed=4)
    stages = stages_url(tournament)
    health = reverse("desk:tournament_health", args=[tournament.slug])
    client.force_login(organiser)
    assert CHANGED not in client.get(stages).content.decode()
    assert CHANGED not in client.get(health).content.decode()
    _penalise_after_the_cut(tournament)
    page = client.get(stages).content.decode()
    expected = (
        f"{CHANGED} (1 player(s)): check it (undo and confirm again while stage 2's round 1 "
        "(round 2) is unpublished)."
    )
    assert escape(expected) in page
    client.force_login(make_user("judge"))
    assert CHANGED in client.get(health).content.decode()


def test_a_loose_penalty_after_the_cut_belongs_to_the_next_stage():
    tournament, players, _ = make_cut_event(confirm_seed=4)
    Penalty.objects.create(tournament=tournament, player=players[0], amount=10, reason="late")
    assert cuts_changed(tournament) == []


def test_the_check_reads_the_same_queries_with_or_without_a_change():
    tournament, _, _ = make_cut_event(confirm_seed=4)
    with CaptureQueriesContext(connection) as before:
        assert cuts_changed(tournament) == []
    _penalise_after_the_cut(tournament)
    extra = make_players(tournament, 8)  # more players: registered after the cut
    assert extra
    with CaptureQueriesContext(connection) as after:
        assert [c.last_round for c in cuts_changed(tournament)] == [1]
    assert len(after) == len(before)

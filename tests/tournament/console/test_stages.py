"""The organiser's stages and cuts: setting the cuts, previewing a cut (in, out, the tie at the
line and its draw), confirming it (audited; the roll call and the standings follow), undoing it
until the next stage's first round is published, and the refusals in plain words."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.builders import (
    make_cut_event,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
)
from tournament.event.selectors.roll_call import roll_call
from tournament.models import AuditEntry, Round, Session, Stage, StageCut
from tournament.play.services.sessions import session_reopen
from tournament.stage_selectors import stage_plan
from tournament.standings.selectors.board import board_build
from tournament.standings.services import cut_confirm

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"console:{name}", args=[tournament.slug, *args])


def test_the_organiser_sets_the_cuts_and_a_bad_line_says_how_to_write_it(client):
    tournament = make_tournament()
    make_players(tournament, 8)
    client.force_login(_superuser())
    response = client.post(url("stages", tournament), {"cuts": "2, 128, 1/4\n4, 64, 1/4"})
    assert response.status_code == 302
    plan = stage_plan(tournament)
    assert [(r.last_round, r.cut_size, str(r.share)) for r in plan.stages] == [
        (2, 128, "1/4"), (4, 64, "1/4"), (None, None, "0")
    ]  # fmt: skip
    page = client.get(url("stages", tournament)).content.decode()
    assert "Stage 2: rounds 3 to 4, then the top 64 continue, carrying 1/4 of their score." in page
    for text, message in [
        ("2, 128", "give three things separated by commas"),
        ("2, 128, half", "write none, a fraction such as 1/4"),
        ("2, 64, 1/4\n4, 128, 1/4", "Each cut keeps fewer players than the cut before it."),
        ("two, 8, 1/4", "whole numbers"),
    ]:
        response = client.post(url("stages", tournament), {"cuts": text})
        assert response.status_code == 200 and message in response.content.decode(), text
    assert len(stage_plan(tournament).stages) == 3  # nothing changed


def test_a_cut_cannot_come_after_a_round_already_published_with_everyone(client):
    tournament = make_tournament()
    players = make_players(tournament, 8)
    for number in (1, 2):
        round_ = make_seated_round(tournament, players, number)
        round_.seating_published = True
        round_.save()
    client.force_login(_superuser())
    response = client.post(url("stages", tournament), {"cuts": "1, 4, 1/2"})
    assert "Round 2 is published or played with every player" in response.content.decode()
    assert not Stage.objects.filter(tournament=tournament, last_round=1).exists()


def test_the_preview_shows_who_is_in_and_out_and_the_drawn_tie_then_confirms_it(client):
    tournament, players, organiser = make_cut_event()
    client.force_login(organiser)
    page = client.get(url("cut", tournament, 1) + "?seed=5").content.decode()
    assert "Preview: the cut after round 1" in page
    assert 'id="cut-seed">5<' in page and 'id="cut-tie"' in page
    assert "Continue (4)" in page and "Cut (4)" in page
    assert page.count('class="badge">lot ') == 4  # the four players level at 0, drawn
    again = client.get(url("cut", tournament, 1) + "?seed=5").content.decode()
    assert lists(again) == lists(page)  # the same seed, the same draw
    response = client.post(url("cut", tournament, 1), {"seed": "5"})
    assert response.status_code == 302
    cut = StageCut.objects.get(stage__tournament=tournament)
    assert cut.seed == 5 and cut.entries.filter(qualified=True).count() == 4
    assert cut.tie_breaks == "points,match_points,hands_won,draw"
    assert sorted(cut.entries.exclude(lot=None).values_list("lot", flat=True)) == [1, 2, 3, 4]
    audit = AuditEntry.objects.get(tournament=tournament, action="cut")
    assert "4 of 8 continue, carrying 1/2" in audit.after["summary"]
    assert "seed 5" in audit.after["summary"]
    page = client.get(url("cut", tournament, 1)).content.decode()
    assert 'id="cut-confirmed"' in page and "Undo the cut" in page
    # The winner carries half of 420; the roll call of round 2 lists the qualifiers only.
    board = board_build(tournament)
    assert (board.rows[0].carried, board.rows[0].total) == (210, 210)
    qualifiers = set(cut.entries.filter(qualified=True).values_list("player_id", flat=True))
    assert {reg.player_id for reg in roll_call(tournament, 2)} == qualifiers
    standings = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert "Carried" in standings and standings.count("out after round 1") == 4


def test_a_cut_is_refused_while_a_session_of_the_stage_is_not_reconciled(client):
    tournament, _, organiser = make_cut_event()
    session = Session.objects.filter(round__tournament=tournament).first()
    session_reopen(session=session, user=organiser, reason="Check")
    client.force_login(organiser)
    page = client.get(url("cut", tournament, 1)).content.decode()
    assert "table(s) 1 not reconciled; reconcile them at the judges" in page
    assert 'id="cut-confirm"' not in page
    client.post(url("cut", tournament, 1), {"seed": "5"})
    assert not StageCut.objects.exists()


def test_undo_is_refused_once_the_next_stage_is_published_and_allowed_before(client):
    tournament, players, organiser = make_cut_event()
    cut_confirm(tournament=tournament, stage=1, seed=9, user=organiser)
    qualifiers = [p for p in players if p.pk in {r.player_id for r in roll_call(tournament, 2)}]
    second = make_seated_round(tournament, qualifiers, 2)
    second.seating_published = True
    second.save()
    client.force_login(organiser)
    response = client.post(url("cut_undo", tournament, 1), {"sure": "on"}, follow=True)
    assert "Round 2 of stage 2 is published" in response.content.decode()
    assert StageCut.objects.exists()
    second.seating_published = False
    second.save()
    response = client.post(url("cut_undo", tournament, 1), {}, follow=True)
    assert "Tick the box to undo the cut." in response.content.decode()
    response = client.post(url("cut_undo", tournament, 1), {"sure": "on"}, follow=True)
    assert "Cut undone. 1 prepared round(s) of the next stage removed." in response.content.decode()
    assert not StageCut.objects.exists() and not Round.objects.filter(number=2).exists()
    assert AuditEntry.objects.filter(tournament=tournament, action="cut_undo").exists()
    assert len(roll_call(tournament, 2)) == 0  # round 2 waits for the cut again
    assert board_build(tournament).stage == 1


def test_an_unknown_stage_is_a_404(client):
    tournament, _, organiser = make_cut_event()
    client.force_login(organiser)
    assert client.get(url("cut", tournament, 7)).status_code == 404


def test_the_preview_reads_the_same_number_of_queries_for_more_players(client):
    tournament, _, organiser = make_cut_event()
    client.force_login(organiser)
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url("cut", tournament, 1) + "?seed=1").status_code == 200
        counts.append(len(queries))
        make_players(tournament, 12)  # registered late: they are in the stage's field at 0
    assert counts[0] == counts[1]


def lists(page: str) -> str:
    """The tie and the two lists of a cut page (no form tokens)."""
    return (
        page[page.index('id="cut-tie"') : page.index("<form", page.index('id="cut-tie"'))]
        + (page[page.index('class="cut-lists"') :])
    )


def _superuser():
    return make_user("superuser")

"""Who plays a later stage (`tournament.stage_selectors`): after a confirmed cut the seating seats,
the byes list and the health page count only the qualifiers; before it, the next stage waits; a cut
waits for its stage's rounds to be played."""

import pytest
from django.core.exceptions import ValidationError

from tests.tournament.builders import (
    entry,
    make_cut_event,
    make_players,
    make_seated_round,
    make_tournament,
    make_user,
)
from tournament.event.selectors.roll_call import checked_in_player_ids
from tournament.event.selectors.seats import round_byes
from tournament.event.services.roll_call import checkin_set, roll_call_save
from tournament.models import Round, Seat, Session
from tournament.play.health.report import health_report
from tournament.play.services.hands import hand_save
from tournament.seating.selectors import tournament_seating_report
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.one_round import seating_round_generate
from tournament.stages import share_parse
from tournament.standings.selectors.board import board_seen
from tournament.standings.selectors.cut_review import cut_preview
from tournament.standings.services import cut_confirm, stages_set

pytestmark = pytest.mark.django_db


def qualifiers(tournament):
    preview = cut_preview(tournament, 1, seed=0)
    return {line.player_id for line in preview.confirmed if line.qualified}


def test_the_next_stage_waits_for_its_cut_then_seats_only_the_qualifiers():
    tournament, players, organiser = make_cut_event()
    with pytest.raises(
        ValidationError, match="confirm the cut after round 1 on the Stages page first"
    ):
        seating_round_generate(tournament=tournament, number=2)
    with pytest.raises(ValidationError, match="confirm the cut after round 1"):
        seating_generate(tournament=tournament, total_rounds=2, time_limit=1)
    cut_confirm(tournament=tournament, stage=1, seed=4, user=organiser)
    seating_generate(tournament=tournament, total_rounds=3, time_limit=1)
    for number in (2, 3):
        seated = set(
            Seat.objects.filter(round__tournament=tournament, round__number=number).values_list(
                "player_id", flat=True
            )
        )
        assert seated == qualifiers(tournament)
    # The players cut sit no round out: they are not byes.
    assert round_byes(Round.objects.get(tournament=tournament, number=2)) == []
    assert not any(tournament_seating_report(tournament).byes.values())


def test_the_health_page_counts_a_cut_player_short_only_of_the_rounds_of_their_stage():
    tournament, players, organiser = make_cut_event()
    cut_confirm(tournament=tournament, stage=1, seed=4, user=organiser)
    ins = [p for p in players if p.pk in qualifiers(tournament)]
    second = make_seated_round(tournament, ins, 2)
    session = Session.objects.get(round=second)
    hand_save(session=session, entry=entry(session), user=make_user())
    short = health_report(tournament)["short"]
    assert short == []


def test_a_cut_waits_for_every_round_of_its_stage():
    tournament = make_tournament()
    players = make_players(tournament, 8)
    organiser = make_user("superuser")
    stages_set(tournament=tournament, cuts=[(2, 4, share_parse("1/2"))], user=organiser)
    make_seated_round(tournament, players, 1)
    preview = cut_preview(tournament, 1, seed=0)
    assert any("Round(s) 1, 2 of this stage are not played yet" in p for p in preview.problems)
    with pytest.raises(ValidationError, match="not played yet"):
        cut_confirm(tournament=tournament, stage=1, seed=0, user=organiser)


def test_only_qualifiers_can_be_checked_in_for_the_next_stage():
    tournament, players, organiser = make_cut_event()
    cut_confirm(tournament=tournament, stage=1, seed=4, user=organiser)
    registrations = {r.player_id: r.pk for r in tournament.registrations.all()}
    ins = qualifiers(tournament)
    out = next(pid for pid in registrations if pid not in ins)
    assert (
        checkin_set(
            tournament=tournament,
            round_number=2,
            registration_ids=[registrations[out]],
            present=True,
        )
        == 0
    )
    roll_call_save(tournament=tournament, round_number=2, present_ids=list(registrations.values()))
    assert set(checked_in_player_ids(tournament, 2)) == ins
    assert tournament.registrations.filter(checked_in_round=2).count() == 4


def test_a_cut_after_a_silent_round_stays_hidden_from_the_public():
    tournament, players, organiser = make_cut_event()
    cut_confirm(tournament=tournament, stage=1, seed=4, user=organiser)
    tournament.silent_rounds = 1
    tournament.save()
    assert board_seen(tournament, official=True).stage == 2
    public = board_seen(tournament, official=False)
    assert public.stage == 1 and not public.shows_carried

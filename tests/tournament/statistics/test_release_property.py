"""No unreleased hand changes any public figure: a hand of a silent round, a hand awaiting its
second entry, or a new one awaiting it in a released round, whatever it holds."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.kept import kept, kept_value
from tests.tournament.statistics.events import make_stats_event
from tournament.models import Hand, Payment, Registration, Seat, Tournament
from tournament.standings.selectors.board import boards_forget
from tournament.statistics.selectors.event import statistics_forget, statistics_seen
from tournament.statistics.selectors.player import player_statistics_seen

release_kept = kept("release_kept", make_stats_event)

PATTERNS = ["All Sequences", "Concealed Hand", "Pure One-Suit", "Big Three Dragons", "Chicken Hand"]


@pytest.fixture
def event(release_kept, db):
    tournament = Tournament.objects.get(pk=kept_value(release_kept, "stats event"))
    tournament.results_public = True
    tournament.standings_public = True
    tournament.silent_rounds = 1  # round 3 is silent
    tournament.save()
    return tournament


def _public(tournament):
    """Every public figure: the event's, and each player's beside the event's average."""
    statistics_forget()
    boards_forget()
    public = AnonymousUser()
    players = Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True)
    return statistics_seen(public, tournament), {
        player_id: player_statistics_seen(public, tournament, player_id) for player_id in players
    }


def _unreleased_hand(tournament, data) -> Hand:
    kind = data.draw(st.sampled_from(["silent", "unconfirmed", "new"]))
    if kind == "new":
        session = (
            Hand.objects.filter(session__round__tournament=tournament, session__round__number=1)
            .first()
            .session
        )
        return Hand(session=session, number=90, outcome="draw", confirmed=False)
    hands = Hand.objects.filter(session__round__tournament=tournament, session__round__number=3)
    if kind == "unconfirmed":
        hands = Hand.objects.filter(session__round__tournament=tournament, confirmed=False)
    return data.draw(st.sampled_from(list(hands.order_by("session_id", "number"))))


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_no_unreleased_hand_changes_a_public_figure(event, data):
    before = _public(event)
    with transaction.atomic():
        hand = _unreleased_hand(event, data)
        session = hand.session
        seated = sorted(
            Seat.objects.filter(
                round_id=session.round_id, table_id=session.table_id, half=session.half
            ).values_list("player_id", flat=True)
        )
        hand.outcome = data.draw(st.sampled_from(["win", "draw", "false_win"]))
        hand.winner_id = None if hand.outcome == "draw" else data.draw(st.sampled_from(seated))
        hand.win_type = (
            data.draw(st.sampled_from(["self_draw", "discard", "robbing_kong"]))
            if hand.outcome == "win"
            else ""
        )
        others = [pid for pid in seated if pid != hand.winner_id]
        discards = hand.outcome == "win" and hand.win_type != "self_draw"
        hand.discarder_id = data.draw(st.sampled_from(others)) if discards else None
        hand.value = data.draw(st.integers(1, 480))
        hand.patterns = [[name, 5] for name in data.draw(st.lists(st.sampled_from(PATTERNS)))]
        hand.save()
        Payment.objects.filter(hand=hand).delete()
        if hand.discarder_id:
            Payment.objects.create(hand=hand, player_id=hand.discarder_id, amount=-hand.value)
        after = _public(event)
        transaction.set_rollback(True)
    assert after == before

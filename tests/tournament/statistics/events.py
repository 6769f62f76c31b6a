"""The statistics tests' event and an independent recount of its figures.

Vocabulary
----------
stats event     `make_stats_event`: 8 players; rounds 1 and 2 written in bulk by
                `make_scored_event` (the demo's hands and draws, every hand scored by the
                engine); round 3 played through the hand service: at table 1 a false win by
                East, South robbing North's kong, East self-drawing a 140-point hand, and a hand
                left awaiting its second entry (unconfirmed); at table 2 a draw.
recount         `recount`: every figure counted again in plain Python from the hand, payment and
                seat rows one by one (no grouping in the database, no kept session rows).
"""

from __future__ import annotations

from collections import Counter, defaultdict

from tests.tournament.builders import BIG, entry, make_scored_event, make_seated_round, make_user
from tournament.models import Hand, Payment, Registration, Seat, Session


def make_stats_event() -> int:
    from tournament.play.services.hands import hand_save
    from tournament.play.services.scores import session_scores_rebuild
    from tournament.seating.services.seats import seating_publish

    tournament = make_scored_event(8, 2, 8, seed=7)
    players = [reg.player for reg in Registration.objects.filter(tournament=tournament)]
    third = make_seated_round(tournament, sorted(players, key=lambda p: p.pk), 3)
    seating_publish(round_=third)
    judge = make_user("judge")
    one, two = Session.objects.filter(round=third).select_related("round__tournament", "table")
    if one.table.number != 1:
        one, two = two, one
    hand_save(session=one, entry=entry(one, 1, outcome="false_win", winner="E"), user=judge)
    hand_save(
        session=one,
        entry=entry(
            one,
            2,
            win_type="robbing_kong",
            winner="S",
            discarder="N",
            tiles="123m 456p 789s 55m 23s",
            winning_tile="4s",
        ),  # fmt: skip
        user=judge,
    )
    hand_save(
        session=one,
        entry=entry(one, 3, win_type="self_draw", winner="E", tiles=BIG, winning_tile="5m"),
        user=judge,
    )
    hand_save(session=one, entry=entry(one, 4, winner="W", discarder="E"), user=judge)
    Hand.objects.filter(session=one, number=4).update(confirmed=False)
    hand_save(session=two, entry=entry(two, 1, outcome="draw"), user=judge)
    session_scores_rebuild(tournament=tournament)
    return tournament.pk


def recount(tournament, round_limit: int | None) -> dict:
    """Every figure from the rows one by one (see *recount*)."""
    hands = [
        hand
        for hand in Hand.objects.filter(session__round__tournament=tournament).select_related(
            "session__round", "session__table"
        )
        if hand.confirmed and (round_limit is None or hand.session.round.number <= round_limit)
    ]
    seated = defaultdict(set)
    for seat in Seat.objects.filter(round__tournament=tournament):
        seated[(seat.round_id, seat.table_id, seat.half)].add(seat.player_id)
    paid = {(p.hand_id, p.player_id): p.amount for p in Payment.objects.all()}
    players = defaultdict(Counter)
    patterns = defaultdict(Counter)
    rounds = defaultdict(Counter)
    values = []
    for hand in hands:
        session = hand.session
        rounds[session.round.number]["hands"] += 1
        rounds[session.round.number][hand.outcome] += 1
        for player_id in seated[(session.round_id, session.table_id, session.half)]:
            players[player_id]["hands"] += 1
            players[player_id]["draws"] += hand.outcome == "draw"
        if hand.outcome == "false_win":
            players[hand.winner_id]["false_wins"] += 1
        if hand.outcome != "win":
            continue
        values.append(hand.value)
        line = players[hand.winner_id]
        line[hand.win_type] += 1
        line["won_points"] += hand.value
        line["largest"] = max(line["largest"], hand.value)
        for name, _points in hand.patterns:
            patterns[hand.winner_id][name] += 1
        if hand.discarder_id:
            players[hand.discarder_id]["deal_ins"] += 1
            players[hand.discarder_id]["cost"] -= paid[(hand.pk, hand.discarder_id)]
    return {"players": players, "patterns": patterns, "rounds": rounds, "values": values}

"""A 400-player event in three stages, built through the services: the cut to 128 after round 2
and to 64 after round 4, each carrying 1/4 (the Mahjong Masters 2018 format), with two hands a
session; the standings equal a computation made here from the hands' payments alone.

The independent computation ranks by total then hands won (the default tie-breaks, no match
points), draws a tie at the line with ``random.Random(seed)`` over the tied players' numbers,
carries a quarter rounded half away from zero with `decimal` (not `tournament.stages.carry`),
and lists the players cut below the qualifiers, the latest cut first.
"""

import random
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournament.builders import BIG, SMALL, entry, make_players, make_tournament, make_user
from tournament.event.selectors.roll_call import roll_call
from tournament.models import Hand, Payment, Registration, Round, Seat, Session, StageCutEntry
from tournament.play.services.hands import hand_save
from tournament.play.services.sessions import session_reconcile
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.seats import round_seat
from tournament.stages import share_parse
from tournament.standings.selectors.board import board_build, boards_forget
from tournament.standings.services import cut_confirm, stages_set

pytestmark = pytest.mark.django_db

HANDS = 2
SEEDS = {1: 2018, 2: 64}


def play_round(round_, judge, rng):
    """Two random hands at every table, entered and reconciled at the desk's services."""
    for session in Session.objects.filter(round=round_).select_related("round__tournament"):
        for number in range(1, HANDS + 1):
            kind = rng.random()
            winds = rng.sample("ESWN", 2)
            if kind < 0.1:
                data = entry(session, number, outcome="draw", tiles="", winning_tile="")
            elif kind < 0.4:
                data = entry(session, number, winner=winds[0], win_type="self_draw")
            else:
                tiles = BIG if kind > 0.9 else SMALL
                data = entry(session, number, winner=winds[0], discarder=winds[1], tiles=tiles)
            hand_save(session=session, entry=data, user=judge)
        totals = defaultdict(int)
        for pid, amount in Payment.objects.filter(hand__session=session).values_list(
            "player_id", "amount"
        ):
            totals[pid] += amount
        seated = Seat.objects.filter(round=round_, table=session.table).values_list(
            "player_id", flat=True
        )
        session_reconcile(
            session=session, card_totals={pid: totals[pid] for pid in seated}, user=judge
        )


def quarter(points: int) -> int:
    return int((Decimal(points) / 4).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def by_rounds(tournament, rounds):
    """(points, hands won) per player over ``rounds``, from the hands and payments."""
    points, wins = defaultdict(int), defaultdict(int)
    for pid, amount in Payment.objects.filter(
        hand__session__round__number__in=rounds, hand__session__round__tournament=tournament
    ).values_list("player_id", "amount"):
        points[pid] += amount
    for winner in Hand.objects.filter(
        session__round__number__in=rounds,
        session__round__tournament=tournament,
        outcome="win",
    ).values_list("winner_id", flat=True):
        wins[winner] += 1
    return points, wins


def independent_stage(tournament, field, carried, rounds):
    """{player: (total, hands won)} of a stage's field."""
    points, wins = by_rounds(tournament, rounds)
    return {pid: (carried.get(pid, 0) + points[pid], wins[pid]) for pid in field}


def independent_cut(scores, size, seed, numbers):
    """(qualifiers, the cut players in order with their ranks) as a by-hand cut would be."""
    groups = defaultdict(list)
    for pid, key in scores.items():
        groups[key].append(pid)
    qualifiers, out = [], []
    for key in sorted(groups, reverse=True):
        group = groups[key]
        if len(qualifiers) + len(group) <= size:
            qualifiers += group
        elif len(qualifiers) >= size:
            out.append(group)
        else:
            lots = sorted(group, key=numbers.get)
            random.Random(seed).shuffle(lots)
            room = size - len(qualifiers)
            qualifiers += lots[:room]
            out.append(lots[room:])
    ranked, place = [], size + 1
    for group in out:
        rank = f"={place}" if len(group) > 1 else str(place)
        ranked += [(rank, pid) for pid in group]
        place += len(group)
    return set(qualifiers), ranked


def shared_ranks(scores):
    """Competition ranks ("=3") of ``scores`` {player: key}, best first."""
    keys = sorted(scores.values(), reverse=True)
    first = {}
    for place, key in enumerate(keys, start=1):
        first.setdefault(key, place)
    return {
        pid: (f"={first[key]}" if keys.count(key) > 1 else str(first[key]))
        for pid, key in scores.items()
    }


def masters_stage_1(hands_per_session: int, organiser, judge, rng):
    """400 players with the Masters' cuts, and stage 1's two rounds seated at random (not by the
    engine) and played; returns (tournament, players, their registration numbers)."""
    tournament = make_tournament(hands_per_session=hands_per_session)
    players = make_players(tournament, 400)
    stages_set(
        tournament=tournament,
        cuts=[(2, 128, share_parse("1/4")), (4, 64, share_parse("1/4"))],
        user=organiser,
    )
    numbers = dict(
        Registration.objects.filter(tournament=tournament).values_list("player_id", "number")
    )
    for number in (1, 2):
        order = players[:]
        rng.shuffle(order)
        round_ = Round.objects.create(tournament=tournament, number=number)
        round_seat(
            round_=round_, seat_rows=[(i // 4 + 1, "ESWN"[i % 4], p) for i, p in enumerate(order)]
        )
        play_round(round_, judge, rng)
    return tournament, players, numbers


def expected_rows(stage3, carried3, stage2, carried2, out2, stage1, out1):
    """(rank, player, total, carried) of the whole field, as the standings should list it:
    stage 3's players by their ``stage3`` key, then those cut after round 4, then after 2."""
    ranks3 = shared_ranks(stage3)
    expected = sorted(
        ((ranks3[pid], pid, stage3[pid][0], carried3[pid]) for pid in stage3),
        key=lambda row: (int(row[0].lstrip("=")), row[1]),
    )
    expected += [(rank, pid, stage2[pid][0], carried2[pid]) for rank, pid in out2]
    expected += [(rank, pid, stage1[pid][0], 0) for rank, pid in out1]
    return expected


def assert_rows(board, expected) -> None:
    """``board`` (stage 3 of the Masters) lists ``expected`` (see `expected_rows`)."""
    rows = [(row.rank, row.player_id, row.total, row.carried) for row in board.rows]
    assert len(rows) == 400 and board.stage == 3 and board.shows_carried

    def grouped(lines):  # within a shared rank the order is the family-name order
        return sorted(lines, key=lambda row: (int(row[0].lstrip("=")), row[1]))

    assert grouped(rows[:64]) == expected[:64]
    assert grouped(rows[64:128]) == grouped(expected[64:128])
    assert grouped(rows[128:]) == grouped(expected[128:])
    assert [row.cut_after_round for row in board.rows] == [None] * 64 + [4] * 64 + [2] * 272


@pytest.mark.slow
def test_a_400_player_event_cut_to_128_then_64_carrying_a_quarter():
    rng = random.Random(26)
    organiser = make_user("superuser")
    judge = make_user("judge")
    tournament, players, numbers = masters_stage_1(HANDS, organiser, judge, rng)
    with pytest.raises(ValidationError, match="confirm the cut after round 2"):
        seating_generate(tournament=tournament, total_rounds=3, time_limit=1)

    # Stage 1 -> 128.
    stage1 = independent_stage(tournament, [p.pk for p in players], {}, [1, 2])
    in1, out1 = independent_cut(stage1, 128, SEEDS[1], numbers)
    cut_confirm(tournament=tournament, stage=1, seed=SEEDS[1], user=organiser)
    carried2 = {pid: quarter(stage1[pid][0]) for pid in in1}
    assert {reg.player_id for reg in roll_call(tournament, 3)} == in1
    seating_generate(tournament=tournament, total_rounds=4, time_limit=1)
    for number in (3, 4):
        round_ = Round.objects.get(tournament=tournament, number=number)
        assert set(Seat.objects.filter(round=round_).values_list("player_id", flat=True)) == in1
        play_round(round_, judge, rng)

    # Stage 2 -> 64.
    stage2 = independent_stage(tournament, in1, carried2, [3, 4])
    in2, out2 = independent_cut(stage2, 64, SEEDS[2], numbers)
    cut_confirm(tournament=tournament, stage=2, seed=SEEDS[2], user=organiser)
    carried3 = {pid: quarter(stage2[pid][0]) for pid in in2}
    seating_generate(tournament=tournament, total_rounds=8, time_limit=1)
    for number in (5, 6, 7, 8):
        round_ = Round.objects.get(tournament=tournament, number=number)
        assert set(Seat.objects.filter(round=round_).values_list("player_id", flat=True)) == in2
        play_round(round_, judge, rng)

    # The standings, computed here.
    stage3 = independent_stage(tournament, in2, carried3, [5, 6, 7, 8])
    expected = expected_rows(stage3, carried3, stage2, carried2, out2, stage1, out1)

    boards_forget()
    with CaptureQueriesContext(connection) as queries:
        board = board_build(tournament)
    assert_rows(board, expected)
    assert len(queries) < 15  # the same for 40 or 400 players
    # Both cuts met a tie at the line, drawn with the seed that is stored.
    drawn = StageCutEntry.objects.filter(cut__stage__tournament=tournament, lot__isnull=False)
    assert set(drawn.values_list("cut__seed", flat=True)) == set(SEEDS.values())

"""Issue 26's formats in one event, built through the services: 400 players, a cut to the top
128 after round 2 and to the top 64 after round 4, each carrying 1/4 of the score (the Mahjong
Masters 2018), and in stage 3 a round of 16 hands whose players change tables after hand 8.

Vocabulary: a *half* is the play of a round before (1) or after (2) its table change, one
seating of the engine; a *card* is one table in one half. The *change round* is round 6. The
other rounds save two hands a session (reconciliation takes a card without a gap, not a full
one); the change round plays all sixteen, with a zero-sum penalty on every second-half card.
"Independent" standings are summed here from the saved payments and the penalties as
recorded, with the carried quarter rounded half away from zero by `decimal`, as
docs/formats.md says, without the kept session scores, the ranking or `tournament.stages`.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from django.urls import reverse

from tests.tournament.builders import make_user
from tests.tournament.printing.pdf_reading import needs_poppler
from tests.tournament.seating import test_table_change as halves
from tests.tournament.standings import test_stages_event as stages
from tournament.models import Round, Seat
from tournament.play.health.report import health_report
from tournament.seating.request import repeat_lower_bound
from tournament.seating.selectors import round_seatings
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.table_change import round_table_change_set
from tournament.standings.selectors.board import board_build, boards_forget
from tournament.standings.services import cut_confirm

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # 400 players
CHANGE_ROUND = 6


def seated(round_: Round, half: int) -> set[int]:
    return set(Seat.objects.filter(round=round_, half=half).values_list("player_id", flat=True))


def repeats_from(tournament, first_round: int) -> tuple[int, int]:
    """(repeat meetings in the halves from ``first_round`` on, how many halves that is): a
    pair sharing a table in one of those halves that had shared one in any half before."""
    met: set[tuple[int, int]] = set()
    repeats, counted = 0, 0
    for seating in sorted(round_seatings(list(tournament.rounds.all())), key=lambda s: s.order):
        pairs = {
            pair
            for group in seating.tables().values()
            for pair in combinations(sorted(p.player_id for p in group), 2)
        }
        if seating.number >= first_round:
            repeats += len(pairs & met)
            counted += 1
        met |= pairs
    return repeats, counted


@needs_poppler
def test_a_400_player_event_with_two_cuts_and_a_table_change_in_stage_3(
    client, django_capture_on_commit_callbacks
):
    rng = random.Random(2018)
    organiser, judge = make_user("superuser"), make_user("judge")
    # Stage 1: two rounds of 400, seated at random, then the cut to 128.
    tournament, players, numbers = stages.masters_stage_1(halves.HANDS, organiser, judge, rng)
    stage1 = stages.independent_stage(tournament, [p.pk for p in players], {}, [1, 2])
    in1, out1 = stages.independent_cut(stage1, 128, stages.SEEDS[1], numbers)
    cut_confirm(tournament=tournament, stage=1, seed=stages.SEEDS[1], user=organiser)
    carried2 = {pid: stages.quarter(stage1[pid][0]) for pid in in1}

    # Stage 2: the engine seats the 128, then the cut to 64.
    seating_generate(tournament=tournament, total_rounds=4, time_limit=1)
    for number in (3, 4):
        round_ = Round.objects.get(tournament=tournament, number=number)
        assert seated(round_, 1) == in1 and not seated(round_, 2)
        stages.play_round(round_, judge, rng)
    stage2 = stages.independent_stage(tournament, in1, carried2, [3, 4])
    in2, out2 = stages.independent_cut(stage2, 64, stages.SEEDS[2], numbers)
    cut_confirm(tournament=tournament, stage=2, seed=stages.SEEDS[2], user=organiser)
    carried3 = {pid: stages.quarter(stage2[pid][0]) for pid in in2}

    # Stage 3: rounds 5-8 seated, then round 6 declares its change (its second half is seated
    # against everything before); after round 5 is played the event is generated again, so
    # rounds 7 and 8 count round 6's second half.
    seating_generate(tournament=tournament, total_rounds=8, time_limit=1)
    change = Round.objects.get(tournament=tournament, number=CHANGE_ROUND)
    change.tournament = tournament
    plan = round_table_change_set(
        round_=change, after_hand=halves.AFTER, user=organiser, time_limit=2
    )
    assert plan is not None
    assert seated(change, 1) == seated(change, 2) == in2
    stages.play_round(Round.objects.get(tournament=tournament, number=5), judge, rng)
    seating_generate(tournament=tournament, total_rounds=8, time_limit=1)
    change.refresh_from_db()
    assert change.table_change_after == halves.AFTER
    penalties: dict[int, int] = {}
    for number in (6, 7, 8):
        round_ = Round.objects.get(tournament=tournament, number=number)
        round_.tournament = tournament
        if number == CHANGE_ROUND:
            # Only the qualifiers, once in each half; both halves' cards, hands 1-8 and 9-16.
            halves.assert_seated_once_per_half(round_, 64)
            assert seated(round_, 1) == seated(round_, 2) == in2
            assert [(s.half, s.hand_numbers()) for s in halves.cards(round_)] == [
                *[(1, range(1, 9))] * 16,
                *[(2, range(9, 17))] * 16,
            ]
            penalties = halves.play_round(round_, judge, rng)
            halves.reconcile_cards(round_, penalties, judge)
        else:
            assert seated(round_, 1) == in2 and not seated(round_, 2)
            stages.play_round(round_, judge, rng)
    assert sum(penalties.values()) == 0 and len(penalties) == 64

    # No repeat meetings where avoidable: the 64 of stage 3 meet nobody twice over its five
    # halves (nor anyone met in stages 1 and 2), as few as the engine's lower bound allows;
    # so too the 128 over stage 2's two rounds.
    assert repeats_from(tournament, 5) == (0, 5)
    assert repeat_lower_bound(64, 5) == 0
    assert repeats_from(tournament, 3)[0] == repeat_lower_bound(128, 2) == 0

    # The standings, computed here: stage 3's payments plus the penalties of the change round.
    stage3 = stages.independent_stage(tournament, in2, carried3, [5, 6, 7, 8])
    stage3 = {pid: (total + penalties[pid], won) for pid, (total, won) in stage3.items()}
    expected = stages.expected_rows(stage3, carried3, stage2, carried2, out2, stage1, out1)
    boards_forget()
    board = board_build(tournament)
    stages.assert_rows(board, expected)
    assert not board.provisional.active
    # Each qualifier's sessions: 2 hands x 7 rounds of one card, and the change round's two.
    sessions = Counter(row.sessions_played for row in board.rows[:64])
    assert sessions == {9: 64}

    # The health page finds nothing wrong: no one short, no gap on a card starting at hand 9.
    assert {kind: found for kind, found in health_report(tournament).items() if found} == {}
    client.force_login(judge)
    url = reverse("desk:tournament_health", args=[tournament.slug])
    with django_capture_on_commit_callbacks(execute=True):  # its full check, as a worker would
        first = client.get(url).content.decode()
    # No claim that the kept totals match the payments before they are checked in full.
    assert 'id="all-well-so-far"' in first and 'id="all-well"' not in first
    assert 'id="all-well"' in client.get(url).content.decode()
    page = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert "Stage 3 of 3" in " ".join(page.split()) and "Carried" in page

    # The change round's cards, slips and seating list, read back from the PDFs.
    halves.assert_printouts_show_the_change(tournament, change)

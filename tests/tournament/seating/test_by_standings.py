"""Seating the final rounds by the standings (issue 39): a round seated by standings or Swiss is
seated on its own once the rounds before it are final, refusing plainly (listing what is
missing) while a table is unreconciled, a hand waits, an earlier round is unplayed or an appeal
window is open; the algorithm is asked with the round's method, its players best first and the
tournament's fixed tables and pairs kept apart; a generation seats the rounds before it and says
which round waits; `seat --round N --method ...` does it from the shell; the preview shows each
table's ranks going in, in a fixed number of queries."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.kept import kept, kept_value
from tests.tournament.builders import make_ranked_event
from tournament.models import Hand, Round, Seat, Session, Tournament
from tournament.seating import schedule
from tournament.seating.preview_selectors import round_preview
from tournament.seating.ranking_selectors import round_ranking, standings_problems
from tournament.seating.rule_selectors import seating_constraints
from tournament.seating.selectors import round_players
from tournament.seating.services import bridge
from tournament.seating.services.fixed_tables import fixed_table_add
from tournament.seating.services.generation import seating_generate
from tournament.seating.services.kept_apart import kept_apart_add
from tournament.seating.services.method import round_seating_method_set
from tournament.seating.services.one_round import seating_round_generate
from tournament.seating.services.standings_wait import STANDINGS_PENDING
from tournament.seating.services.table_change import round_table_change_set
from tournament.standings.selectors.board import standings

pytestmark = pytest.mark.django_db


def _build():
    return {"eight": make_ranked_event(8).pk, "sixteen": make_ranked_event(16).pk}


ranked_kept = kept("ranked_kept", _build)


@pytest.fixture
def event(ranked_kept, db):
    """8 players; round 1 published, played and reconciled (`make_ranked_event`)."""
    return Tournament.objects.get(pk=kept_value(ranked_kept, "the ranked events")["eight"])


@pytest.fixture
def bigger(ranked_kept, db):
    return Tournament.objects.get(pk=kept_value(ranked_kept, "the ranked events")["sixteen"])


def seats_of(tournament, number) -> int:
    return Seat.objects.filter(round__tournament=tournament, round__number=number).count()


def first_table(tournament):
    """Round 1's table 1 players by starting wind (South won 420, West lost 370)."""
    seats = Seat.objects.filter(round__tournament=tournament, round__number=1, table__number=1)
    return {seat.wind: seat.player_id for seat in seats}


# --- what keeps a round by standings waiting --------------------------------------------------


def _table_2_unreconciled(tournament):
    Session.objects.filter(round__tournament=tournament, table__number=2).update(status="open")


def _hand_waiting(tournament):
    Hand.objects.filter(session__round__tournament=tournament, session__table__number=1).update(
        confirmed=False
    )


def _appeal_window_open(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(appeal_window_minutes=600)


@pytest.mark.parametrize(
    "spoil, number, says",
    [
        (
            _table_2_unreconciled,
            2,
            "Round 1: table(s) 2 not reconciled; reconcile them at the judges' desk first.",
        ),
        (
            _hand_waiting,
            2,
            "1 hand(s) await a second entry or a head judge's decision: settle them at the "
            "judges' desk first.",
        ),
        (
            _appeal_window_open,
            2,
            "Round 1: the appeal window is still open at table(s) 1, 2; seat the next round once "
            "it closes (a head judge may close it early).",
        ),
        (
            lambda tournament: None,
            3,
            "Round(s) 2 are not played yet: round 3 is seated from the standings after round 2.",
        ),
    ],
)
def test_a_round_by_standings_waits_until_the_standings_are_final(event, spoil, number, says):
    round_seating_method_set(tournament=event, number=number, method="standings")
    spoil(event)
    event.refresh_from_db()
    with pytest.raises(Exception) as refused:
        seating_round_generate(tournament=event, number=number)
    assert refused.value.error_list[0].code == STANDINGS_PENDING
    text = " ".join(refused.value.messages)
    assert text.startswith(
        f"Round {number} is seated by the standings after round {number - 1}, which are not "
        "final yet: "
    )
    assert says in text
    assert seats_of(event, number) == 0


def test_round_1_is_never_seated_by_standings(event):
    assert standings_problems(event, 1) == [
        "Round 1 has no standings before it: seat it with the method “Random, no repeats”."
    ]


def test_a_round_by_standings_has_no_table_change(event):
    round_seating_method_set(tournament=event, number=2, method="swiss", repeat_limit=1)
    round_ = Round.objects.select_related("tournament").get(tournament=event, number=2)
    with pytest.raises(Exception) as refused:
        round_table_change_set(round_=round_, after_hand=8)
    assert "Round 2 is seated by the standings, once, in one half" in " ".join(
        refused.value.messages
    )


# --- what the algorithm is asked --------------------------------------------------------------


def test_the_ranking_is_the_standings_after_the_round_before(event):
    ids = [player.id for player in round_players(event, 2)]
    ranking = round_ranking(event, 2, ids)
    table = first_table(event)
    assert sorted(ranking) == sorted(ids)
    assert ranking[0] == table["S"] and ranking[-1] == table["W"]
    assert ranking == [row.player_id for row in standings(event, round_limit=1)]
    assert round_ranking(event, 2, ids[2:]) == [pid for pid in ranking if pid in ids[2:]]


def test_the_request_of_a_round_by_standings_holds_its_method_ranking_and_rules(event):
    table = first_table(event)
    players = round_players(event, 2)
    winner = next(p for p in _registered(event) if p.pk == table["S"])
    loser = next(p for p in _registered(event) if p.pk == table["W"])
    fixed_table_add(tournament=event, player=loser, table=2)
    kept_apart_add(tournament=event, player_a=winner, player_b=loser)
    round_ = round_seating_method_set(tournament=event, number=2, method="swiss", repeat_limit=1)
    request = bridge._round_request(event, round_, players, seed=3, time_limit=5)
    options = request["options"]
    assert (options.method, options.repeat_limit, options.seed) == ("swiss", 1, 3)
    assert request["ranking"][0] == table["S"] and request["ranking"][-1] == table["W"]
    assert request["constraints"] == seating_constraints(event)
    assert [f.player_id for f in request["constraints"].fixed_tables] == [table["W"]]
    random = bridge._round_request(event, None, players, seed=3, time_limit=5)
    assert random["options"].method == "random" and "ranking" not in random
    assert random["constraints"] == request["constraints"]


def _registered(tournament):
    return [r.player for r in tournament.registrations.select_related("player")]


@pytest.fixture
def asked(monkeypatch):
    """Every call of the algorithm, with its keyword arguments (the algorithm still runs)."""
    calls = []

    def spy(players, rounds, **kwargs):
        calls.append({"players": list(players), "rounds": rounds, **kwargs})
        return schedule.generate_schedule(players, rounds, **kwargs)

    monkeypatch.setattr(bridge, "generate_schedule", spy)
    return calls


def test_seating_a_swiss_round_asks_the_algorithm_with_its_ranking_and_rules(event, asked):
    table = first_table(event)
    loser = next(p for p in _registered(event) if p.pk == table["W"])
    fixed_table_add(tournament=event, player=loser, table=1, first_round=2)
    # 8 players after one round: any table of 4 holds two pairs who met, so 4 repeats at least.
    round_seating_method_set(tournament=event, number=2, method="swiss", repeat_limit=4)
    plan = seating_round_generate(tournament=event, number=2, seed=4)
    (call,) = asked
    assert call["options"].method == "swiss" and call["options"].repeat_limit == 4
    assert list(call["ranking"]) == [row.player_id for row in standings(event, round_limit=1)]
    assert call["constraints"].fixed_in(2) == {table["W"]: 1}
    assert call["halves"] == [1]
    assert plan.seated_rounds == (2,) and seats_of(event, 2) == 8


def test_a_generation_seats_the_rounds_before_a_round_by_standings_and_says_it_waits(event, asked):
    round_seating_method_set(tournament=event, number=3, method="standings")
    plan = seating_generate(tournament=event, total_rounds=4, seed=1, time_limit=5)
    assert plan.seated_rounds == (2,) and plan.waiting_rounds == (3, 4)
    assert (seats_of(event, 2), seats_of(event, 3), seats_of(event, 4)) == (8, 0, 0)
    assert "Round 3 waits: it is seated by the standings after round 2, on its own, once that " \
        "round is played and reconciled. Round(s) 4 wait for it." in (
        plan.describe()
    )  # fmt: skip
    (call,) = asked
    assert call["options"].method == "random" and call["ranking"] == ()
    assert call["constraints"] == seating_constraints(event)


def test_a_generation_that_could_seat_nothing_says_why(event):
    round_seating_method_set(tournament=event, number=2, method="standings")
    with pytest.raises(Exception) as refused:
        seating_generate(tournament=event, total_rounds=3, time_limit=5)
    assert " ".join(refused.value.messages) == (
        "Round 2 is seated by the standings: seat it on its own once round 1 "
        "is played and reconciled, or set its method to “Random, no repeats” to seat it with the "
        "others. Nothing was seated."
    )
    assert seats_of(event, 2) == 0


def test_by_standings_the_leaders_sit_at_table_1(event):
    round_seating_method_set(tournament=event, number=2, method="standings")
    seating_round_generate(tournament=event, number=2)
    ranking = [row.player_id for row in standings(event, round_limit=1)]
    top = set(
        Seat.objects.filter(round__tournament=event, round__number=2, table__number=1).values_list(
            "player_id", flat=True
        )
    )
    assert top == set(ranking[:4])


# --- the seat command -----------------------------------------------------------------------------


def test_the_command_seats_one_round_by_standings_and_prints_ranks_and_quality(event, capsys):
    call_command("seat", "--round", "2", "--method", "standings", "--tournament", event.slug)
    out = capsys.readouterr().out
    assert f"{event.name}: seated round 2, By standings (top tables) (seed 0)." in out
    assert "(rank 1)" in out and "(rank 8)" in out and out.count("Table ") == 2
    assert "fixed tables honoured: 0, missed: 0; pairs kept apart who meet: 0." in out
    assert Round.objects.get(tournament=event, number=2).seating_method == "standings"


def test_the_commands_refusal_says_what_to_change_and_saves_nothing(event):
    _table_2_unreconciled(event)
    with pytest.raises(CommandError) as refused:
        call_command("seat", "--round", "2", "--method", "swiss", "--tournament", event.slug)
    assert "Round 1: table(s) 2 not reconciled" in str(refused.value)
    assert str(refused.value).endswith("Nothing was saved.")
    assert not Round.objects.filter(tournament=event, number=2).exists()
    with pytest.raises(CommandError, match="--method seats one round: give --round N"):
        call_command("seat", "--rounds", "3", "--method", "swiss", "--tournament", event.slug)


# --- the preview ---------------------------------------------------------------------------------


def test_the_preview_shows_each_tables_ranks_going_in_and_its_repeats(event):
    round_seating_method_set(tournament=event, number=2, method="standings")
    seating_round_generate(tournament=event, number=2)
    preview = round_preview(
        Round.objects.select_related("tournament").get(tournament=event, number=2)
    )
    assert (preview.number, preview.method, preview.by_standings) == (2, "standings", True)
    assert str(preview.method_label) == "By standings (top tables)"
    ranks = {seat.player_id: (seat.rank, seat.place) for t in preview.tables for seat in t.seats}
    table = first_table(event)
    assert ranks[table["S"]] == ("1", 1) and ranks[table["W"]] == ("8", 8)
    assert sorted(ranks.values()).count(("=3", 3)) == 3
    # 8 players who sat at two tables of 4 always meet someone again at a table of 4.
    assert preview.repeat_meetings == sum(len(t.repeats) for t in preview.tables) >= 4
    assert all(repeat.meetings == 2 for t in preview.tables for repeat in t.repeats)


def _preview_queries(tournament) -> int:
    round_seating_method_set(tournament=tournament, number=2, method="standings")
    seating_round_generate(tournament=tournament, number=2)
    round_ = Round.objects.select_related("tournament").get(tournament=tournament, number=2)
    with CaptureQueriesContext(connection) as queries:
        round_preview(round_)
    return len(queries)


def test_the_preview_takes_the_same_queries_for_8_or_16_players(event, bigger):
    assert _preview_queries(event) == _preview_queries(bigger)


def test_a_reason_names_its_players_by_their_labels(event):
    from tournament.names import player_names
    from tournament.seating.preview_selectors import reason_texts

    table = first_table(event)
    names = player_names(event)
    texts = reason_texts(
        [
            (
                "%(a)s and %(b)s share the only table left in round %(round)s",
                {"a": table["S"], "b": table["W"], "round": 2},
            )
        ],
        names,
    )
    assert texts == [
        f"{names.label(table['S'])} and {names.label(table['W'])} share the only table left in "
        "round 2"
    ]


def test_a_plan_says_how_many_fixed_tables_were_missed_and_pairs_kept_apart_met():
    from tournament.seating.report import SeatingReport
    from tournament.seating.services.plan import SeatingPlan

    report = SeatingReport(
        repeat_pairs={},
        wind_spread={},
        separation_meetings=(),
        same_table_repeats=(),
        kept_apart_meetings=((3, 2, 11, 12),),
        fixed_table_misses=((3, 14, 1, 2), (3, 15, 1, 0)),
    )
    text = SeatingPlan(seated_rounds=(3,), report=report).describe()
    assert "Fixed tables missed: 2; meetings of pairs kept apart: 1." in text
    # A rule set after round 3 was seated does not count against a plan seating round 4.
    later = SeatingPlan(seated_rounds=(4,), report=report).describe()
    assert "Fixed tables missed" not in later
    quiet = SeatingPlan(seated_rounds=(3,), report=SeatingReport({}, {}, (), ())).describe()
    assert "Fixed tables missed" not in quiet

"""The organiser's seating rules (issue 39): fixed tables and pairs kept apart are kept by the
database's constraints and by services whose every refusal says what to change; a round's
method cannot change once the round is published or opened; `seating_constraints` hands the
algorithm the plain rules in two queries however many there are; every change is audited."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.kept import kept, kept_value
from tests.tournament.builders import make_players, make_seated_round, make_tournament
from tournament.models import AuditEntry, FixedTable, KeptApartPair, Round, Tournament
from tournament.seating.request import FixedTable as PlainFixed
from tournament.seating.request import KeptApart
from tournament.seating.rule_selectors import seating_constraints, seating_rules
from tournament.seating.services.fixed_tables import fixed_table_add, fixed_table_remove
from tournament.seating.services.kept_apart import kept_apart_add, kept_apart_remove
from tournament.seating.services.method import round_seating_method_set
from tournament.seating.services.seats import seating_publish

pytestmark = pytest.mark.django_db


def _build():
    tournament = make_tournament(slug="rules-open")
    make_players(tournament, 12)
    other = make_tournament(slug="rules-other")
    make_players(other, 4)
    return {"tournament": tournament.pk, "other": other.pk}


rules_kept = kept("rules_kept", _build)


@pytest.fixture
def event(rules_kept, db):
    return Tournament.objects.get(pk=kept_value(rules_kept, "the rules event")["tournament"])


def players_of(tournament):
    return [r.player for r in tournament.registrations.select_related("player").order_by("number")]


def refusal(error_info) -> str:
    return " ".join(error_info.value.messages)


# --- the database's own constraints ---------------------------------------------------------


def test_the_database_refuses_a_second_fixed_table_and_rounds_out_of_order(event):
    ann, bob = players_of(event)[:2]
    FixedTable.objects.create(tournament=event, player=ann, table=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        FixedTable.objects.create(tournament=event, player=ann, table=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        FixedTable.objects.create(
            tournament=event, player=bob, table=2, first_round=3, last_round=2
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        FixedTable.objects.create(tournament=event, player=bob, table=0)


def test_the_database_keeps_a_pair_once_lower_id_first_and_never_a_player_with_themself(event):
    ann, bob = sorted(players_of(event)[:2], key=lambda p: p.pk)
    KeptApartPair.objects.create(tournament=event, player_a=ann, player_b=bob)
    with pytest.raises(IntegrityError), transaction.atomic():
        KeptApartPair.objects.create(tournament=event, player_a=ann, player_b=bob)
    with pytest.raises(IntegrityError), transaction.atomic():
        KeptApartPair.objects.create(tournament=event, player_a=bob, player_b=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        KeptApartPair.objects.create(tournament=event, player_a=ann, player_b=ann)


def test_the_database_refuses_an_unknown_seating_method(event):
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(tournament=event, number=1, seating_method="manual")


# --- fixed tables ----------------------------------------------------------------------------


def test_a_fixed_table_is_added_audited_and_removed(event):
    ann = players_of(event)[0]
    fixed = fixed_table_add(tournament=event, player=ann, table=3, first_round=2, last_round=4)
    assert (fixed.table, fixed.first_round, fixed.last_round) == (3, 2, 4)
    fixed_table_remove(tournament=event, player=ann)
    assert not FixedTable.objects.filter(tournament=event).exists()
    lines = AuditEntry.objects.filter(tournament=event, action="seating_rules").order_by("pk")
    assert [line.after["summary"] for line in lines] == [
        f"{ann.name} (#1) fixed to table 3, rounds 2-4",
        f"{ann.name} (#1): no fixed table",
    ]
    assert lines[1].before["summary"] == f"{ann.name} (#1) fixed to table 3, rounds 2-4"


@pytest.mark.parametrize(
    "given, field, says",
    [
        ({"table": 0}, "table", "Tables are numbered from 1."),
        ({"table": 2, "first_round": 0}, "first_round", "Rounds are numbered from 1."),
        (
            {"table": 2, "first_round": 4, "last_round": 2},
            "last_round",
            "The first round (4) comes after the last round (2): give a last round from 4 on",
        ),
    ],
)
def test_a_fixed_table_refuses_bad_numbers_on_their_fields(event, given, field, says):
    with pytest.raises(Exception) as refused:
        fixed_table_add(tournament=event, player=players_of(event)[0], **given)
    assert says in " ".join(refused.value.message_dict[field])
    assert not FixedTable.objects.filter(tournament=event).exists()


def test_a_fixed_table_refuses_a_player_of_another_tournament_or_fixed_already(event):
    stranger = players_of(Tournament.objects.get(slug="rules-other"))[0]
    with pytest.raises(Exception) as refused:
        fixed_table_add(tournament=event, player=stranger, table=1)
    assert "is not registered in this tournament: register them first" in refusal(refused)
    ann = players_of(event)[0]
    fixed_table_add(tournament=event, player=ann, table=1)
    with pytest.raises(Exception) as refused:
        fixed_table_add(tournament=event, player=ann, table=2)
    assert "already has a fixed table (table 1): remove it first" in refusal(refused)
    with pytest.raises(Exception) as refused:
        fixed_table_remove(tournament=event, player=players_of(event)[1])
    assert "has no fixed table: nothing to remove" in refusal(refused)


def test_a_fifth_player_fixed_to_a_table_is_refused_only_in_overlapping_rounds(event):
    players = players_of(event)
    for player, first, last in (
        (players[0], None, None),
        (players[1], 1, 3),
        (players[2], 2, None),
        (players[3], None, 5),
    ):
        fixed_table_add(
            tournament=event, player=player, table=1, first_round=first, last_round=last
        )
    with pytest.raises(Exception) as refused:
        fixed_table_add(tournament=event, player=players[4], table=1, first_round=3)
    assert refusal(refused) == (
        "Four players are already fixed to table 1 in round 3: choose another table, or other "
        "rounds."
    )
    # Round 6 on, player 3's table is free again; another table is free in every round.
    fixed_table_add(tournament=event, player=players[4], table=1, first_round=6)
    fixed_table_add(tournament=event, player=players[5], table=2)
    assert FixedTable.objects.filter(tournament=event).count() == 6


# --- pairs kept apart ------------------------------------------------------------------------


def test_a_pair_is_kept_apart_once_whichever_way_round_and_removed_either_way(event):
    ann, bob = players_of(event)[:2]
    pair = kept_apart_add(tournament=event, player_a=bob, player_b=ann, until_round=3)
    assert pair.player_a_id < pair.player_b_id and pair.until_round == 3
    with pytest.raises(Exception) as refused:
        kept_apart_add(tournament=event, player_a=ann, player_b=bob)
    assert "are already kept apart: remove that pair first to change its rounds" in refusal(refused)
    kept_apart_remove(tournament=event, player_a=ann, player_b=bob)
    assert not KeptApartPair.objects.filter(tournament=event).exists()
    with pytest.raises(Exception) as refused:
        kept_apart_remove(tournament=event, player_a=ann, player_b=bob)
    assert "are not kept apart: nothing to remove" in refusal(refused)
    summaries = AuditEntry.objects.filter(tournament=event, action="seating_rules").order_by("pk")
    assert [line.after["summary"] for line in summaries] == [
        f"{bob.name} (#2) and {ann.name} (#1) kept apart, up to round 3",
        f"{ann.name} (#1) and {bob.name} (#2) may meet",
    ]


def test_a_pair_refuses_a_player_with_themself_a_stranger_and_round_0(event):
    ann = players_of(event)[0]
    stranger = players_of(Tournament.objects.get(slug="rules-other"))[0]
    with pytest.raises(Exception) as refused:
        kept_apart_add(tournament=event, player_a=ann, player_b=ann)
    assert refused.value.message_dict["player_b"] == [
        "Choose two different players: a player always sits apart from themself."
    ]
    with pytest.raises(Exception) as refused:
        kept_apart_add(tournament=event, player_a=ann, player_b=stranger)
    assert "is not registered in this tournament" in refused.value.message_dict["player_b"][0]
    with pytest.raises(Exception) as refused:
        kept_apart_add(tournament=event, player_a=ann, player_b=players_of(event)[1], until_round=0)
    assert refused.value.message_dict["until_round"] == ["Rounds are numbered from 1."]
    assert not KeptApartPair.objects.filter(tournament=event).exists()


# --- a round's method ------------------------------------------------------------------------


def test_a_rounds_method_is_set_made_when_missing_and_audited(event):
    round_ = round_seating_method_set(tournament=event, number=3, method="swiss", repeat_limit=2)
    assert (round_.number, round_.seating_method, round_.repeat_limit) == (3, "swiss", 2)
    assert round_.by_standings
    round_ = round_seating_method_set(
        tournament=event, number=3, method="standings", repeat_limit=5
    )
    assert (round_.seating_method, round_.repeat_limit) == ("standings", 0)  # Swiss only
    line = AuditEntry.objects.filter(tournament=event, action="seating_rules").latest("pk")
    assert line.before == {"seating_method": "swiss", "repeat_limit": 2}
    assert line.after["summary"] == "Round 3: seated by standings"


@pytest.mark.parametrize(
    "number, method, limit, says",
    [
        (2, "alphabetical", 0, "Choose how to seat the round: Random, no repeats, By standings"),
        (2, "swiss", -1, "Give 0 or more repeat meetings (0: none at all)."),
        (1, "standings", 0, "Round 1 has no standings before it: seat it with the method"),
    ],
)
def test_a_method_refuses_what_cannot_be(event, number, method, limit, says):
    with pytest.raises(Exception) as refused:
        round_seating_method_set(tournament=event, number=number, method=method, repeat_limit=limit)
    assert says in refusal(refused)
    assert not Round.objects.filter(tournament=event).exists()


def test_a_published_round_or_one_with_a_table_change_keeps_its_method(event):
    published = make_seated_round(event, players_of(event), 2)
    seating_publish(round_=published)
    with pytest.raises(Exception) as refused:
        round_seating_method_set(tournament=event, number=2, method="standings")
    assert refusal(refused) == (
        "Round 2 is published or opened at the desk: its seating method can no longer change "
        "(unpublish it first if it is not opened)."
    )
    Round.objects.create(tournament=event, number=3, table_change_after=8)
    with pytest.raises(Exception) as refused:
        round_seating_method_set(tournament=event, number=3, method="swiss")
    assert "Round 3 changes tables after hand 8: remove the table change first" in refusal(refused)
    assert set(event.rounds.values_list("seating_method", flat=True)) == {"random"}


# --- the selectors ---------------------------------------------------------------------------


def test_the_constraints_are_the_plain_rules_and_a_withdrawn_players_table_ends(event):
    players = players_of(event)
    fixed_table_add(tournament=event, player=players[0], table=2, first_round=2)
    fixed_table_add(tournament=event, player=players[1], table=1)
    fixed_table_add(tournament=event, player=players[2], table=3, last_round=2)
    kept_apart_add(tournament=event, player_a=players[4], player_b=players[3], until_round=2)
    registration = event.registrations.get(player=players[0])
    registration.status, registration.withdrawn_from_round = "withdrawn", 4
    registration.save()
    event.registrations.filter(player=players[2]).update(status="withdrawn")  # from the start
    constraints = seating_constraints(event)
    assert constraints.fixed_tables == (
        PlainFixed(players[1].pk, 1, None, None),
        PlainFixed(players[0].pk, 2, 2, 3),
    )
    low, high = sorted((players[3].pk, players[4].pk))
    assert constraints.kept_apart == (KeptApart(low, high, 2),)
    rules = seating_rules(event)
    assert [(line.number, line.table) for line in rules.fixed_tables] == [(2, 1), (1, 2), (3, 3)]
    assert [(line.number_a, line.number_b, line.until_round) for line in rules.kept_apart] == [
        (4, 5, 2)
    ]


def _queries(call) -> int:
    with CaptureQueriesContext(connection) as queries:
        call()
    return len(queries)


def test_reading_the_rules_takes_the_same_queries_for_one_rule_or_twelve(event):
    players = players_of(event)
    fixed_table_add(tournament=event, player=players[0], table=1)
    kept_apart_add(tournament=event, player_a=players[0], player_b=players[1])
    few = (_queries(lambda: seating_constraints(event)), _queries(lambda: seating_rules(event)))
    for index, player in enumerate(players[1:], start=1):
        fixed_table_add(tournament=event, player=player, table=1 + index // 4)
        kept_apart_add(tournament=event, player_a=player, player_b=players[(index + 5) % 12])
    many = (_queries(lambda: seating_constraints(event)), _queries(lambda: seating_rules(event)))
    assert few == many == (2, 3)
    assert len(seating_constraints(event).fixed_tables) == 12

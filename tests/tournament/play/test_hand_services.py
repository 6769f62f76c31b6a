"""Hand services of the judges' desk: every outcome, every entry error, seat winds, saving."""

import pytest
from django.core.exceptions import ValidationError
from django.db.models import Sum

from tests.tournament.builders import (
    BIG,
    CHICKEN,
    SMALL,
    entry,
    make_session,
    make_user,
    seat_players,
)
from tournament.models import AuditEntry, Hand, Payment, Session
from tournament.play.entry.evaluation import rules_for
from tournament.play.services import hands as hand_services
from tournament.play.services.hands import EntryRejected, HandNumberTaken, hand_preview, hand_save

pytestmark = pytest.mark.django_db


def paid(hand) -> dict[int, int]:
    return {p.player_id: p.amount for p in hand.payments.all()}


def by_wind(session, payments) -> dict[str, int]:
    ids = seat_players(session)
    return {wind: payments[pid] for wind, pid in ids.items()}


def test_rules_come_from_the_tournament_settings():
    session = make_session(minimum_points=0, payoff_scheme="uniform", false_win_penalty=30)
    rules = rules_for(session.round.tournament)
    assert (rules.minimum, str(rules.scheme), rules.false_win_penalty) == (0, "uniform", 30)


def test_small_discard_win_everyone_pays_the_value():
    # RULINGS R11: a discard win of 25 or less, everyone pays the value.
    session = make_session()
    hand = hand_save(session=session, entry=entry(session), user=make_user())
    assert hand.value == 10
    assert ["All Sequences", 5] in hand.patterns
    assert by_wind(session, paid(hand)) == {"E": -10, "S": 30, "W": -10, "N": -10}
    assert (hand.concealed, hand.winning_tile) == ("1235m 456p 234789s", "5m")


def test_big_discard_win_the_discarder_pays_the_balance():
    # RULINGS R11: above 25 the two others pay 25, the responsible player 3 x value - 50.
    session = make_session()
    hand = hand_save(session=session, entry=entry(session, tiles=BIG), user=make_user())
    assert hand.value == 140
    assert by_wind(session, paid(hand)) == {"E": -25, "S": 420, "W": -370, "N": -25}


def test_immunity_other_player_is_responsible():
    # RULINGS R12: Same-Round Immunity names another responsible player.
    session = make_session()
    data = entry(session, tiles=BIG, immunity="other", responsible="N")
    hand = hand_save(session=session, entry=data, user=make_user())
    assert by_wind(session, paid(hand)) == {"E": -25, "S": 420, "W": -25, "N": -370}
    assert hand.responsible_id == seat_players(session)["N"]


def test_immunity_nobody_responsible_everyone_pays_the_value():
    # RULINGS R12: the winner had discarded it himself: everyone pays the value.
    session = make_session()
    data = entry(session, tiles=BIG, immunity="nobody")
    hand = hand_save(session=session, entry=data, user=make_user())
    assert by_wind(session, paid(hand)) == {"E": -140, "S": 420, "W": -140, "N": -140}


def test_uniform_scheme_everyone_pays_the_value():
    session = make_session(payoff_scheme="uniform")
    hand = hand_save(session=session, entry=entry(session, tiles=BIG), user=make_user())
    assert by_wind(session, paid(hand)) == {"E": -140, "S": 420, "W": -140, "N": -140}


def test_self_draw_everyone_pays_and_final_draw_counts():
    session = make_session()
    data = entry(session, win_type="self_draw", flags=("final_draw",))
    hand = hand_save(session=session, entry=data, user=make_user())
    assert hand.value == 20 and hand.final_draw and hand.discarder_id is None
    assert by_wind(session, paid(hand)) == {"E": -20, "S": 60, "W": -20, "N": -20}


def test_robbing_a_kong_is_a_discard_win_by_the_kong_declarer():
    # RULINGS R12: robbing a kong, the player who declared the kong is the discarder.
    session = make_session()
    data = entry(
        session, win_type="robbing_kong", tiles="123m 456p 789s 23s 55m", winning_tile="4s"
    )
    hand = hand_save(session=session, entry=data, user=make_user())
    assert "robbing_kong" in hand.flags
    assert ["Robbing a Kong", 10] in hand.patterns
    assert sum(paid(hand).values()) == 0


def test_a_draw_has_four_zero_payments():
    session = make_session()
    hand = hand_save(session=session, entry=entry(session, outcome="draw"), user=make_user())
    assert hand.winner_id is None and hand.value is None
    assert sorted(paid(hand).values()) == [0, 0, 0, 0]


def test_false_win_offender_pays_each_other_player():
    # RULINGS R10: the offender pays the tournament's penalty to each of the other three.
    session = make_session(false_win_penalty=25)
    data = entry(session, outcome="false_win", winner="W", tiles="", winning_tile="")
    hand = hand_save(session=session, entry=data, user=make_user())
    assert by_wind(session, paid(hand)) == {"E": 25, "S": 25, "W": -75, "N": 25}


def test_chicken_hand_is_an_illegal_win_under_the_minimum():
    # RULINGS R7: with the 5-point minimum a Chicken Hand is a false win.
    session = make_session()
    data = entry(session, tiles=CHICKEN, winning_tile="9s")
    evaluation = hand_preview(session=session, entry=data)
    assert evaluation.illegal and evaluation.illegal_rule == "R7"
    with pytest.raises(EntryRejected):
        hand_save(session=session, entry=data, user=make_user())
    assert not Hand.objects.exists()


def test_chicken_hand_wins_one_point_without_the_minimum():
    session = make_session(minimum_points=0)
    data = entry(session, tiles=CHICKEN, winning_tile="9s")
    hand = hand_save(session=session, entry=data, user=make_user())
    assert hand.value == 1 and hand.patterns == [["Chicken Hand", 1]]


def test_penalty_tile_in_the_discard_completed_pair_is_illegal():
    # RULINGS R9: a penalty tile may not lie in the set completed by a discarded tile.
    session = make_session()
    evaluation = hand_preview(session=session, entry=entry(session, penalty_tiles="5m"))
    assert evaluation.illegal_rule == "R9" and "penalty tile 5m" in evaluation.illegal


def test_penalty_tiles_elsewhere_are_kept_with_the_hand():
    session = make_session()
    data = entry(session, penalty_tiles="2s")
    hand = hand_save(session=session, entry=data, user=make_user())
    assert hand.penalty_tiles == "2s"


def test_fourteen_typed_tiles_include_the_winning_tile():
    session = make_session()
    data = entry(session, tiles=SMALL + " 5m")
    evaluation = hand_preview(session=session, entry=data)
    assert evaluation.ok and evaluation.value == 10


def test_melds_and_concealed_kong_are_read_from_the_hand_field():
    session = make_session()
    data = entry(session, tiles="123m 456p 789s 2s (2222p)", winning_tile="2s")
    hand = hand_save(session=session, entry=data, user=make_user())
    assert hand.melds == "(2222p)" and ["One Kong", 5] in hand.patterns


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        pytest.param({"tiles": "123x"}, "tiles", "suit letter", id="bad-notation"),
        pytest.param({"tiles": "123m 456p"}, "tiles", "tile count", id="too-few-tiles"),
        pytest.param({"winning_tile": ""}, "winning_tile", "exactly one", id="no-winning-tile"),
        pytest.param({"winning_tile": "5m 6m"}, "winning_tile", "exactly one", id="two-tiles"),
        pytest.param({"penalty_tiles": "0p"}, "penalty_tiles", "not a tile", id="bad-penalty"),
        pytest.param({"winner": None}, "winner", "winner", id="no-winner"),
        pytest.param({"discarder": None}, "discarder", "discarder", id="no-discarder"),
        pytest.param({"discarder": "S"}, "discarder", "cannot be the discarder", id="self-discard"),
        pytest.param({"win_type": ""}, "win_type", "how", id="no-win-type"),
        pytest.param(
            {"win_type": "self_draw", "discarder": "W"},
            "discarder",
            "no discarder",
            id="self-draw-discarder",
        ),
        pytest.param({"immunity": "other"}, "responsible", "responsible", id="no-responsible"),
        pytest.param(
            {"immunity": "other", "responsible": "W"}, "responsible", "anyway", id="resp-discard"
        ),
        pytest.param({"responsible": "N"}, "responsible", "immunity", id="resp-no-immunity"),
        pytest.param({"flags": ("final_draw",)}, "flags", "self-drawn", id="flag-contradicts"),
        pytest.param({"flags": ("heaven",)}, "flags", "east", id="heaven-not-east"),
    ],
)
def test_entry_errors_point_at_the_field_to_fix(fields, field, words):
    session = make_session()
    evaluation = hand_preview(session=session, entry=entry(session, **fields))
    messages = evaluation.field_errors().get(field, [])
    assert any(words in message.lower() for message in messages), evaluation.errors
    with pytest.raises(EntryRejected):
        hand_save(session=session, entry=entry(session, **fields), user=make_user())


def test_hand_number_beyond_the_session_is_refused():
    # RULINGS R15: a session has hands_per_session hands.
    session = make_session(hands_per_session=4)
    evaluation = hand_preview(session=session, entry=entry(session, number=5))
    assert evaluation.field_errors()["number"] == ["Hand numbers run from 1 to 4 (RULINGS R15)."]


def test_seat_winds_rotate_with_the_deal():
    # RULINGS R14: in hand 2 the player who started South deals; a pung of South is then no
    # longer his seat wind (3.1 Value Honor).
    session = make_session()
    tiles = "123m 456p 789s SSS 5m"
    first = hand_preview(session=session, entry=entry(session, 1, tiles=tiles))
    second = hand_preview(session=session, entry=entry(session, 2, tiles=tiles))
    assert (first.value, second.value) == (15, 5)
    assert first.hand.seat_wind == "S" and second.hand.seat_wind == "E"


def test_save_writes_hand_payments_and_audit_together():
    session = make_session()
    judge = make_user()
    hand = hand_save(session=session, entry=entry(session), user=judge)
    assert hand.entered_by == judge and hand.confirmed and hand.version == 1
    assert Payment.objects.filter(hand=hand).count() == 4
    assert Payment.objects.aggregate(total=Sum("amount"))["total"] == 0
    log = AuditEntry.objects.get()
    assert (log.action, log.hand_number, log.user) == ("create", 1, judge)
    assert log.after["summary"].startswith("Win by")


def test_second_save_of_a_hand_number_gets_a_clear_message():
    session = make_session()
    judge = make_user(name="first-judge")
    hand_save(session=session, entry=entry(session), user=judge)
    with pytest.raises(HandNumberTaken, match="already been saved by first-judge"):
        hand_save(session=session, entry=entry(session, outcome="draw"), user=make_user())
    assert Hand.objects.count() == 1


def test_database_constraint_decides_when_the_check_is_passed(monkeypatch):
    # Two officials at once both pass the friendly check; the unique constraint then refuses
    # the second insert and the service turns the IntegrityError into the same message.
    session = make_session()
    hand_save(session=session, entry=entry(session), user=make_user())
    monkeypatch.setattr(hand_services, "_check_next_number", lambda *args: None)
    with pytest.raises(HandNumberTaken, match="Hand 1 .* already been saved"):
        hand_save(session=session, entry=entry(session, outcome="draw"), user=make_user())
    assert Hand.objects.count() == 1 and Payment.objects.count() == 4


def test_closed_session_refuses_new_hands():
    session = make_session()
    Session.objects.filter(pk=session.pk).update(status="reconciled")
    session.refresh_from_db()
    with pytest.raises(ValidationError, match="reopen"):
        hand_save(session=session, entry=entry(session), user=make_user())

"""The winning minimum and the per-hand cap as tournament settings (RULINGS R7, R7a): the desk
scores with them, the organiser sets them (presets 0 / 5 / 15 or any value, a clear message
for a bad one), they freeze once hands exist, and the aid card states them (PDF read back)."""

import pytest
from django.urls import reverse

from tests.tournament.builders import (
    BIG,
    CHICKEN,
    SMALL,
    entry,
    make_session,
    make_tournament,
    make_user,
)
from tests.tournament.printing.pdf_reading import needs_poppler, text
from tests.tournament.printing.test_documents import render
from tournament.event.services.settings import tournament_settings_update
from tournament.event.services.tournaments import EDIT_FIELDS
from tournament.models import AuditEntry, Hand, Tournament
from tournament.play.services.hands import EntryRejected, hand_preview, hand_save

pytestmark = pytest.mark.django_db


def test_a_10_point_hand_is_refused_at_minimum_15_and_a_false_win_can_be_recorded():
    session = make_session(minimum_points=15)
    data = entry(session, tiles=SMALL, winning_tile="5m")  # 10 points
    evaluation = hand_preview(session=session, entry=data)
    assert evaluation.illegal and evaluation.illegal_rule == "R7"
    assert "A hand worth 10 points is below the 15-point minimum" in evaluation.illegal
    with pytest.raises(EntryRejected):
        hand_save(session=session, entry=data, user=make_user())
    assert not Hand.objects.exists()
    false_win = entry(session, outcome="false_win", winner="S", tiles="", winning_tile="")
    hand = hand_save(session=session, entry=false_win, user=make_user())
    assert hand.outcome == "false_win"
    big = hand_save(session=session, entry=entry(session, 2, tiles=BIG), user=make_user())
    assert big.value == 140  # above the minimum: scored as without one


def test_a_chicken_hand_wins_at_minimum_0_and_any_value_in_between_is_a_minimum():
    session = make_session(minimum_points=0)
    hand = hand_save(session=session, entry=entry(session, tiles=CHICKEN, winning_tile="9s"),
                     user=make_user())  # fmt: skip
    assert hand.value == 1
    session = make_session(minimum_points=10)
    hand = hand_save(session=session, entry=entry(session), user=make_user())
    assert hand.value == 10  # exactly the minimum wins


def test_the_cap_holds_a_hand_to_its_value_and_the_payments_follow():
    session = make_session(minimum_points=15, hand_cap=100)
    hand = hand_save(session=session, entry=entry(session, tiles=BIG), user=make_user())
    assert hand.value == 100  # 140 held to the cap (RULINGS R7a)
    paid = sorted(hand.payments.values_list("amount", flat=True))
    assert paid == [-250, -25, -25, 300]  # the formal scheme on 100: 3 x 100 - 50 by W


def _settings(tournament, **changes):
    data = {name: getattr(tournament, name) for name in EDIT_FIELDS}
    data["start_date"] = tournament.start_date.isoformat()
    data["end_date"] = tournament.end_date.isoformat()
    data = {k: ("on" if v else "") if isinstance(v, bool) else ("" if v is None else v)
            for k, v in data.items()}  # fmt: skip
    data.update(changes)
    return {k: v for k, v in data.items() if v != ""}


def test_the_settings_form_offers_0_5_15_and_any_value(client, organiser_of):
    tournament = make_tournament()
    organiser_of(tournament)
    address = reverse("console:tournament_edit", args=[tournament.slug])
    page = client.get(address).content.decode()
    for value in ("0", "5", "15", "other"):
        assert f'name="minimum_points" value="{value}"' in page
    assert 'name="minimum_points_other"' in page and 'name="hand_cap"' in page
    response = client.post(address, _settings(tournament, minimum_points="15", hand_cap="320"))
    assert response.status_code == 302, response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.minimum_points, tournament.hand_cap) == (15, 320)
    line = AuditEntry.objects.get(tournament=tournament, action=AuditEntry.Action.SETTINGS)
    assert line.after["summary"] == "Minimum points: 15 points; Per-hand cap: 320"
    response = client.post(
        address, _settings(tournament, minimum_points="other", minimum_points_other="8")
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.minimum_points == 8
    page = client.get(address).content.decode()
    assert 'value="other" id="id_minimum_points_0_3" checked' in page.replace("\n", "")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"minimum_points": "other", "minimum_points_other": "400"}, "from 0 to 320 points"),
        ({"minimum_points": "other", "minimum_points_other": "abc"}, "is not a whole number"),
        ({"minimum_points": "other", "minimum_points_other": ""}, "Type the winning minimum"),
        ({"minimum_points": "other", "minimum_points_other": "-3"}, "from 0 to 320 points"),
        ({"minimum_points": ""}, "Choose the winning minimum"),
        ({"minimum_points": "15", "hand_cap": "10"}, "at least the winning minimum"),
        ({"hand_cap": "999"}, "480"),
    ],
)
def test_a_bad_minimum_or_cap_gets_a_clear_message_and_nothing_is_saved(
    client, organiser_of, changes, words
):
    tournament = make_tournament()
    organiser_of(tournament)
    address = reverse("console:tournament_edit", args=[tournament.slug])
    response = client.post(address, _settings(tournament, **changes))
    assert response.status_code == 200
    assert words in response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.minimum_points, tournament.hand_cap) == (5, None)


def test_the_minimum_and_the_cap_freeze_once_hands_exist():
    session = make_session()
    tournament = session.round.tournament
    hand_save(session=session, entry=entry(session), user=make_user())
    for changes in ({"minimum_points": 15}, {"hand_cap": 320}):
        with pytest.raises(Exception, match="Frozen") as caught:
            tournament_settings_update(tournament=tournament, changes=changes, user=None)
        assert set(caught.value.message_dict) == set(changes)
    tournament.refresh_from_db()
    assert (tournament.minimum_points, tournament.hand_cap) == (5, None)


def test_the_public_tournament_page_says_the_minimum_and_the_cap_in_plain_words(client):
    tournament = make_tournament(minimum_points=15, hand_cap=320)
    page = client.get(reverse("public:tournament_detail", args=[tournament.slug])).content
    page = page.decode()
    assert "15-point minimum, capped at 320" in page
    assert "a hand worth less than 15 points is a false win" in page and "RULINGS" not in page


@needs_poppler
def test_the_aid_card_states_the_minimum_and_the_cap():
    tournament = make_tournament(minimum_points=15, hand_cap=320)
    front = " ".join(text(render("aid-card", tournament).content, 1).split())
    assert "15-point minimum: a hand worth less than 15 points" in front
    assert "no hand is worth more than 320" in front
    standard = make_tournament(minimum_points=0)
    front = " ".join(text(render("aid-card", standard).content, 1).split())
    assert "No minimum: a Chicken Hand (no pattern) wins for 1 point." in front
    assert "no hand is worth more than" not in front


def test_a_calculator_at_minimum_15_refuses_a_10_point_hand_in_plain_words(client):
    address = reverse("public:calculator")
    query = {"tiles": SMALL, "winning_tile": "5m", "win_type": "self_draw", "minimum": "15"}
    page = client.get(address, query).content.decode()
    assert "below the 15-point minimum" in page and "RULINGS" not in page
    page = client.get(address, {**query, "minimum": "10", "cap": "5"}).content.decode()
    assert "at least the winning minimum" in page
    page = client.get(address, {**query, "minimum": "400"}).content.decode()
    assert "320" in page


def test_tournament_default_is_the_5_point_minimum_without_a_cap():
    tournament = Tournament.objects.create(
        name="D", slug="d", start_date="2026-01-01", end_date="2026-01-01"
    )
    assert (tournament.minimum_points, tournament.hand_cap) == (5, None)

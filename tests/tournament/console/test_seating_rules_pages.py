"""The console's pages for the final rounds: the seating rules (add, refuse, remove after a
confirmation) and seating one round by a method, where a refusal keeps the round as it was."""

import pytest

from tests.tournament.builders import make_ranked_event, make_user
from tournament.models import FixedTable, KeptApartPair, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    tournament = make_ranked_event(8)
    client.force_login(make_user("superuser"))
    return tournament


def numbers(tournament):
    return dict(tournament.registrations.values_list("number", "player_id"))


def test_rules_are_added_refused_with_the_fix_and_removed(client, event):
    rules = f"/t/{event.slug}/seating/rules/"
    by_number = numbers(event)
    answer = client.post(
        rules, {"kind": "fixed", "fixed-player": 3, "fixed-table": 2, "fixed-first_round": 2}
    )
    assert answer.status_code == 302
    fixed = FixedTable.objects.get()
    assert (fixed.player_id, fixed.table, fixed.first_round) == (by_number[3], 2, 2)
    # Rounds out of order: the refusal is on the form, nothing is saved.
    answer = client.post(
        rules,
        {
            "kind": "fixed",
            "fixed-player": 4,
            "fixed-table": 2,
            "fixed-first_round": 3,
            "fixed-last_round": 2,
        },
    )
    assert answer.status_code == 200 and FixedTable.objects.count() == 1
    assert answer.context["fixed_form"].errors
    answer = client.post(rules, {"kind": "apart", "apart-player_a": 1, "apart-player_b": 1})
    assert answer.status_code == 200 and not KeptApartPair.objects.exists()
    client.post(rules, {"kind": "apart", "apart-player_a": 1, "apart-player_b": 2})
    assert KeptApartPair.objects.count() == 1

    page = client.get(rules).content.decode()
    assert "Remove…" in page and "every round" in page and "from round 2" in page

    remove = f"/t/{event.slug}/seating/rules/remove/"
    answer = client.post(remove, {}, follow=True)
    assert "Choose the rule to remove from the list." in answer.content.decode()
    client.post(remove, {"player": by_number[3]})
    client.post(remove, {"player_a": by_number[1], "player_b": by_number[2]})
    assert not FixedTable.objects.exists() and not KeptApartPair.objects.exists()
    assert client.get(remove).status_code == 405  # a removal is a POST, after the confirmation


def test_seating_a_round_by_a_method_that_must_wait_keeps_the_round_as_it_was(client, event):
    seat = f"/t/{event.slug}/seating/by-method/"
    # Round 3 comes after round 2, which is not played: by standings must wait.
    answer = client.post(seat, {"number": 3, "method": "standings", "odd_players": "error"})
    assert answer.status_code == 200
    refusal = " ".join(answer.context["form"].non_field_errors())
    assert "Round(s) 2" in refusal or "round 2" in refusal
    assert not Round.objects.filter(tournament=event, number=3).exists()


def test_seating_a_round_by_standings_shows_its_check_with_ranks(client, event):
    seat = f"/t/{event.slug}/seating/by-method/"
    assert client.get(seat).context["form"]["number"].value() == 2
    answer = client.post(seat, {"number": 2, "method": "standings", "odd_players": "error"})
    assert answer.status_code == 302 and answer.url == f"/t/{event.slug}/rounds/2/seating/"
    round_ = Round.objects.get(tournament=event, number=2)
    assert round_.seating_method == "standings" and round_.seats.count() == 8
    page = client.get(answer.url).content.decode()
    assert "By standings (top tables)" in page and "rank 1" in page
    assert 'id="round-reasons"' not in page

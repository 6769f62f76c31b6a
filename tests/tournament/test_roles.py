"""Who may do what (`tournament.roles`): the one place, and the reason a refusal gives."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from tests.tournament.builders import make_players, make_seated_round, make_tournament, make_user
from tournament.models import TournamentOfficial
from tournament.roles import (
    is_head_judge,
    is_judge,
    is_official,
    is_organiser,
    may_see_unconfirmed_hand,
    roles_of,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("role", "judge", "head", "organiser"),
    [
        ("plain", False, False, False),
        ("judge", True, False, False),
        ("head", True, True, False),
        ("superuser", True, True, True),
    ],
)
def test_roles_nest_judge_in_head_judge_in_organiser(role, judge, head, organiser):
    user = make_user(role)
    assert (is_judge(user), is_head_judge(user), is_organiser(user)) == (judge, head, organiser)
    assert is_official(user) is judge
    assert roles_of(user).official is judge


def test_anonymous_and_inactive_users_have_no_role():
    assert not is_judge(AnonymousUser())
    user = make_user("superuser")
    user.is_active = False
    assert not (is_judge(user) or is_head_judge(user) or is_organiser(user))


def test_the_menu_offers_the_desk_to_judges_only(client, demo):
    home = reverse("public:tournament_detail", args=[demo.slug])
    desk = reverse("desk:home", args=[demo.slug])
    assert desk not in client.get(home).content.decode()
    client.force_login(make_user("judge"))
    assert desk in client.get(home).content.decode()


def _judge_of(tournament, role="judge"):
    user = make_user("plain")
    TournamentOfficial.objects.create(tournament=tournament, user=user, role=role)
    return user


def test_a_judge_of_one_tournament_gets_a_403_with_its_reason_on_another_desk(client):
    mine, theirs = make_tournament(name="Mine Open"), make_tournament(name="Their Open")
    for tournament in (mine, theirs):
        make_seated_round(tournament, make_players(tournament, 4))
    client.force_login(_judge_of(mine))
    assert client.get(reverse("desk:round_desk", args=[mine.slug, 1])).status_code == 200
    sheet = reverse("desk:session_sheet", args=[theirs.slug, 1, 1])
    for response in (
        client.get(reverse("desk:round_desk", args=[theirs.slug, 1])),
        client.get(sheet),
    ):
        assert response.status_code == 403
        assert (
            "Only a judge of Their Open may do this. You are an official of Mine Open only."
            in response.content.decode()
        )


def test_tournament_roles_nest_and_hold_in_their_tournament_only():
    mine, theirs = make_tournament(), make_tournament()
    head = _judge_of(mine, "head_judge")
    assert (is_judge(head, mine), is_head_judge(head, mine), is_organiser(head, mine)) == (
        True,
        True,
        False,
    )
    assert not is_judge(head, theirs)
    assert is_judge(head)  # "in any tournament": the menu offers the desk
    superuser = make_user("superuser")
    assert is_organiser(superuser, theirs) and is_organiser(superuser, mine)


def test_unpublished_seating_is_hidden_from_judges_of_other_tournaments(client):
    mine, theirs = make_tournament(), make_tournament()
    make_seated_round(theirs, make_players(theirs, 4))
    client.force_login(_judge_of(mine))
    page = client.get(reverse("public:round_detail", args=[theirs.slug, 1])).content.decode()
    assert "has not been published yet" in page


def test_only_the_entering_official_and_head_judges_see_an_unconfirmed_hand():
    entering, other, head = make_user(), make_user(), make_user("head")
    assert may_see_unconfirmed_hand(entering, entering.pk)
    assert may_see_unconfirmed_hand(head, entering.pk)
    assert not may_see_unconfirmed_hand(other, entering.pk)
    assert not may_see_unconfirmed_hand(AnonymousUser(), None)

"""Who may do what (`tournament.roles`): the one place, and the reason a refusal gives."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from tests.tournament.builders import make_user
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


def test_only_the_entering_official_and_head_judges_see_an_unconfirmed_hand():
    entering, other, head = make_user(), make_user(), make_user("head")
    assert may_see_unconfirmed_hand(entering, entering.pk)
    assert may_see_unconfirmed_hand(head, entering.pk)
    assert not may_see_unconfirmed_hand(other, entering.pk)
    assert not may_see_unconfirmed_hand(AnonymousUser(), None)

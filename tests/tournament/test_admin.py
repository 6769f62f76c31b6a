"""The Django admin is no side door: superusers only, play records read-only for everyone."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.tournament.builders import make_user
from tournament.models import Hand, Payment, Penalty, Session, Tournament

# Play records and seating: written only by the services, which audit every change.
READ_ONLY_ADMIN_MODELS = [
    "auditentry",
    "handentry",
    "session",
    "hand",
    "payment",
    "penalty",
    "round",
    "seat",
]
EDITABLE_ADMIN_MODELS = ["tournament", "player", "registration", "table", "tournamentofficial"]


@pytest.fixture
def boss(client):
    admin = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw")
    client.force_login(admin)
    return admin


@pytest.mark.parametrize("model", EDITABLE_ADMIN_MODELS)
def test_admin_pages_load(client, demo, boss, model):
    changelist = client.get(reverse(f"admin:tournament_{model}_changelist") + "?q=a")
    assert changelist.status_code == 200
    add = client.get(reverse(f"admin:tournament_{model}_add"))
    assert add.status_code == 200


@pytest.mark.parametrize("model", READ_ONLY_ADMIN_MODELS)
def test_play_records_are_read_only_even_for_superusers(client, demo, boss, model):
    changelist = client.get(reverse(f"admin:tournament_{model}_changelist") + "?q=a")
    assert changelist.status_code == 200
    assert client.get(reverse(f"admin:tournament_{model}_add")).status_code == 403


def test_superuser_cannot_change_a_payment_or_delete_a_hand(client, demo, boss):
    payment = Payment.objects.first()
    url = reverse("admin:tournament_payment_change", args=[payment.pk])
    response = client.post(
        url, {"hand": payment.hand_id, "player": payment.player_id, "amount": 999}
    )
    assert response.status_code == 403
    payment.refresh_from_db()
    assert payment.amount != 999
    hand = Hand.objects.first()
    assert client.post(reverse("admin:tournament_hand_delete", args=[hand.pk]), {"post": "yes"})
    assert Hand.objects.filter(pk=hand.pk).exists()
    penalty_count = Penalty.objects.count()
    changelist = reverse("admin:tournament_hand_changelist")
    client.post(changelist, {"action": "delete_selected", "_selected_action": [hand.pk]})
    assert Hand.objects.filter(pk=hand.pk).exists()
    assert Penalty.objects.count() == penalty_count


def test_superuser_cannot_reconcile_a_session_in_the_admin(client, demo, boss):
    session = Session.objects.filter(status=Session.Status.OPEN).first()
    url = reverse("admin:tournament_session_change", args=[session.pk])
    response = client.post(
        url, {"round": session.round_id, "table": session.table_id, "status": "reconciled"}
    )
    assert response.status_code == 403
    session.refresh_from_db()
    assert session.status == Session.Status.OPEN


def test_tournament_settings_are_read_only_in_the_admin(client, demo, boss):
    url = reverse("admin:tournament_tournament_change", args=[demo.pk])
    page = client.get(url).content.decode()
    assert 'name="false_win_penalty"' not in page
    assert 'name="name"' in page
    assert (
        client.post(
            reverse("admin:tournament_tournament_delete", args=[demo.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert Tournament.objects.filter(pk=demo.pk).exists()


@pytest.mark.parametrize("role", ["judge", "head"])
def test_officials_have_no_admin_rights(client, demo, role):
    official = make_user(role)
    # Even an official someone made staff gets nowhere: the admin is for superusers.
    official.is_staff = True
    official.save()
    client.force_login(official)
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
    hand = Hand.objects.first()
    url = reverse("admin:tournament_hand_change", args=[hand.pk])
    client.post(url, {"value": 1})
    hand.refresh_from_db()
    assert hand.value != 1
    assert not official.get_all_permissions()


def test_demo_head_judge_is_not_staff(demo):
    assert not get_user_model().objects.get(username="headjudge").is_staff

"""The Django admin lists every model; the audit log is read-only there."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

READ_ONLY_ADMIN_MODELS = ["auditentry"]

ADMIN_MODELS = [
    "handentry",
    "tournament",
    "player",
    "registration",
    "round",
    "table",
    "seat",
    "session",
    "hand",
    "payment",
    "penalty",
    "tournamentofficial",
]


@pytest.mark.parametrize("model", ADMIN_MODELS)
def test_admin_pages_load(client, demo, model):
    admin = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw")
    client.force_login(admin)
    changelist = client.get(reverse(f"admin:tournament_{model}_changelist") + "?q=a")
    assert changelist.status_code == 200
    add = client.get(reverse(f"admin:tournament_{model}_add"))
    assert add.status_code == 200


@pytest.mark.parametrize("model", READ_ONLY_ADMIN_MODELS)
def test_read_only_admin_pages_list_but_refuse_changes(client, demo, model):
    admin = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw")
    client.force_login(admin)
    changelist = client.get(reverse(f"admin:tournament_{model}_changelist") + "?q=a")
    assert changelist.status_code == 200
    assert client.get(reverse(f"admin:tournament_{model}_add")).status_code == 403

"""Foundation (issue 2): settings from the environment, deploy checks, migrations, admin, pages,
demo event."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from tournament.demo import DEMO_SLUG, demo_load
from tournament.models import Player, Round, Seat, Tournament
from tournament.seating_services import tournament_seating_report

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str, **env) -> subprocess.CompletedProcess:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"
    }
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )


SHOW_DB = (
    "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='tournament.settings'; django.setup();"
    "from django.conf import settings as s; d=s.DATABASES['default'];"
    "print(d['ENGINE'], d['NAME'], d.get('OPTIONS', {}).get('init_command', ''))"
)


def test_database_url_default_is_sqlite_with_wal():
    result = run_python(SHOW_DB, DJANGO_DEBUG="1")
    engine, name, *pragmas = result.stdout.split()
    assert engine == "django.db.backends.sqlite3"
    assert name == str(ROOT / "db.sqlite3")
    assert "journal_mode=WAL;" in pragmas


def test_database_url_is_honoured():
    result = run_python(SHOW_DB, DJANGO_DEBUG="1", DATABASE_URL="postgres://u@db.example:5433/zj")
    assert result.stdout.split()[:2] == ["django.db.backends.postgresql", "zj"]


def test_secret_key_required_without_debug():
    result = run_python(SHOW_DB)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_check_deploy_passes_with_production_environment():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
            "DJANGO_SECRET_KEY": "k3#" + "x9Qz-" * 12,
            "DJANGO_ALLOWED_HOSTS": "zj.example.org",
            "DJANGO_HSTS_SECONDS": "31536000",
            "DJANGO_HSTS_PRELOAD": "1",
        },
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.django_db
def test_no_missing_migrations():
    # Fails (SystemExit) when models and migrations disagree.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@pytest.fixture
def demo(db):
    tournament, created = demo_load()
    assert created
    return tournament


def test_demo_event_is_believable_and_idempotent(demo):
    assert demo.registrations.count() == 32
    assert Player.objects.values("country").distinct().count() >= 8
    assert demo.tables.count() == 8
    rounds = list(demo.rounds.all())
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    for round_ in rounds:
        seats = Seat.objects.filter(round=round_)
        assert seats.count() == 32
        assert seats.values("player").distinct().count() == 32
    report = tournament_seating_report(demo)
    assert (report.repeat_meetings, report.same_club_meetings) == (0, 0)
    assert report.max_wind_spread <= 1
    again, created = demo_load()
    assert not created and again.pk == demo.pk
    assert Tournament.objects.filter(slug=DEMO_SLUG).count() == 1


def test_demo_reset_starts_over(demo):
    Round.objects.filter(tournament=demo, number=4).delete()
    fresh, created = demo_load(reset=True)
    assert created and fresh.pk != demo.pk
    assert fresh.rounds.count() == 4
    assert Player.objects.count() == 32  # the old demo players are gone


def test_public_pages_show_the_demo(client, demo):
    pages = {
        reverse("home"): "Demo Open 2026",
        reverse("tournament_detail", args=[demo.slug]): "5-point minimum",
        reverse("player_list", args=[demo.slug]) + "?q=japan": "Kenji Sato",
        reverse("round_detail", args=[demo.slug, 1]): "Table 8",
        reverse("standings", args=[demo.slug]): "Standings",
        reverse("table_list", args=[demo.slug]): "Tables",
        reverse("login"): "Log in",
    }
    for url, text in pages.items():
        response = client.get(url)
        assert response.status_code == 200, url
        assert text in response.content.decode(), url


def test_player_search_filters(client, demo):
    body = client.get(reverse("player_list", args=[demo.slug]) + "?q=Denmark").content.decode()
    assert "Lars Nielsen" in body and "Kenji Sato" not in body


def test_unknown_page_is_a_friendly_404(client, db, settings):
    settings.DEBUG = False
    response = client.get("/t/no-such-event/")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_unpublished_results_are_hidden(client, demo):
    demo.results_public = False
    demo.save()
    assert client.get(reverse("standings", args=[demo.slug])).status_code == 404


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

"""Settings come from the environment; the deploy checks pass; no migration is missing."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

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

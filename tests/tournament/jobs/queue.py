"""The database queue and a real worker, for the tests that exercise the worker itself (every
other test runs a job inside the request that asks for it: ``ImmediateBackend``,
tests/settings.py).

Vocabulary
----------
queue           the fixture (tests/tournament/conftest.py): Django's task framework on
                django-tasks-db's database backend, as the site runs by default, and the jobs'
                files in a folder of the test.
worker pass     `worker_pass`: ``manage.py db_worker --batch``, the real worker, run in this
                process until the queue is empty.
"""

from __future__ import annotations

from django.core.management import call_command

DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def queued_tasks() -> int:
    from django_tasks_db.models import DBTaskResult

    return DBTaskResult.objects.filter(status="READY").count()


def worker_pass() -> None:
    """Run the real database worker until nothing is left to run."""
    call_command(
        "db_worker", "--batch", "--no-startup-delay", "--no-reload", "--interval", "0", verbosity=0
    )

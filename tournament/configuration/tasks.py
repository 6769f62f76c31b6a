"""Who runs the background jobs (`tournament.jobs`), through Django's task framework (the
django-tasks backport), from ``DJANGO_TASKS_BACKEND``.

Vocabulary
----------
database    the queue is a table of the site's database, run by ``manage.py db_worker`` (no
            new service; ``make run`` starts one). The default.
rq          Redis at ``REDIS_URL``, run by
            ``manage.py rqworker --job-class django_tasks_rq.Job default``
            (``pip install -e '.[rq]'``).
immediate   the job runs inside the request that asks for it (no worker; tests).
"""

from dataclasses import dataclass, field

from django.core.exceptions import ImproperlyConfigured


@dataclass(frozen=True)
class TasksBackend:
    tasks: dict  # ``TASKS``
    apps: list[str] = field(default_factory=list)  # added to ``INSTALLED_APPS``
    rq_queues: dict | None = None  # ``RQ_QUEUES``, for rq only


def tasks_backend(name: str, redis_url: str) -> TasksBackend:
    """The settings of backend ``name`` (see the vocabulary); ImproperlyConfigured for any
    other name, or for rq without Redis."""
    if name == "database":
        return TasksBackend({"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
    if name == "immediate":
        return TasksBackend(
            {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
        )
    if name == "rq":
        if not redis_url:
            raise ImproperlyConfigured(
                "DJANGO_TASKS_BACKEND=rq needs REDIS_URL (the queue's Redis)."
            )
        return TasksBackend(
            {"default": {"BACKEND": "django_tasks_rq.RQBackend"}},
            apps=["django_rq", "django_tasks_rq"],
            rq_queues={"default": {"URL": redis_url}},
        )
    raise ImproperlyConfigured(
        f"DJANGO_TASKS_BACKEND is {name!r}: give database (the default), rq or immediate."
    )

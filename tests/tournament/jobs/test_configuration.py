"""Who runs the jobs and where their files go come from the environment (tournament/settings.py):
the database queue and the local folder by default, an S3-compatible bucket when named, and a
clear refusal of a queue that cannot work."""

import json

from tests.tournament.test_settings import run_python

SHOW = (
    "import django, os, json; os.environ['DJANGO_SETTINGS_MODULE']='tournament.settings';"
    "django.setup(); from django.conf import settings as s;"
    "print(json.dumps({'tasks': s.TASKS, 'storage': s.STORAGES['default'],"
    " 'media': str(s.MEDIA_ROOT), 'pages': s.PRINT_IMMEDIATE_PAGES}))"
)


def _show(**env) -> dict:
    result = run_python(SHOW, DJANGO_DEBUG="1", **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_by_default_the_queue_is_the_database_and_the_files_a_local_folder():
    shown = _show()
    assert shown["tasks"]["default"]["BACKEND"] == "django_tasks_db.DatabaseBackend"
    assert shown["storage"]["BACKEND"] == "django.core.files.storage.FileSystemStorage"
    assert shown["media"].endswith("/media") and shown["pages"] == 4


def test_a_bucket_keeps_the_files_private_in_s3_compatible_storage():
    shown = _show(
        DJANGO_S3_BUCKET="zj-files",
        DJANGO_S3_ENDPOINT_URL="https://s3.example.org",
        DJANGO_S3_ACCESS_KEY_ID="key",
        DJANGO_S3_SECRET_ACCESS_KEY="secret",
        DJANGO_PRINT_IMMEDIATE_PAGES="2",
    )
    storage = shown["storage"]
    assert storage["BACKEND"] == "storages.backends.s3.S3Storage"
    assert storage["OPTIONS"]["bucket_name"] == "zj-files"
    assert storage["OPTIONS"]["endpoint_url"] == "https://s3.example.org"
    assert storage["OPTIONS"]["default_acl"] == "private"
    assert storage["OPTIONS"]["region_name"] is None
    assert shown["pages"] == 2


def test_an_unknown_queue_or_rq_without_redis_stops_the_site_with_the_reason():
    unknown = run_python(SHOW, DJANGO_DEBUG="1", DJANGO_TASKS_BACKEND="celery")
    assert unknown.returncode != 0 and "give database (the default), rq or" in unknown.stderr
    rq = run_python(SHOW, DJANGO_DEBUG="1", DJANGO_TASKS_BACKEND="rq", REDIS_URL="")
    assert rq.returncode != 0 and "DJANGO_TASKS_BACKEND=rq needs REDIS_URL" in rq.stderr

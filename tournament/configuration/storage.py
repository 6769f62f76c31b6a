"""Where the files the background jobs make are kept (`tournament.jobs`): this machine's disk
(``MEDIA_ROOT``) by default, or an S3-compatible bucket shared by every web process and worker
when ``DJANGO_S3_BUCKET`` is set (django-storages, not installed unless wanted:
``pip install -e '.[s3]'``). Either way they are served only through their job's page, which
checks who may have them.
"""

from collections.abc import Mapping


def file_storage(environ: Mapping[str, str]) -> dict:
    """``STORAGES["default"]``."""
    bucket = environ.get("DJANGO_S3_BUCKET", "")
    if not bucket:
        return {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    return {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": bucket,
            "endpoint_url": environ.get("DJANGO_S3_ENDPOINT_URL") or None,
            "region_name": environ.get("DJANGO_S3_REGION") or None,
            "access_key": environ.get("DJANGO_S3_ACCESS_KEY_ID") or None,
            "secret_key": environ.get("DJANGO_S3_SECRET_ACCESS_KEY") or None,
            "location": environ.get("DJANGO_S3_PREFIX", ""),
            "default_acl": "private",
            "querystring_auth": True,
            "file_overwrite": False,
        },
    }

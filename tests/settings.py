"""Settings for the test suite: the production settings with a throwaway secret key.

Everything else (above all ``DATABASE_URL``) still comes from the environment, so the same
suite runs on SQLite by default and on PostgreSQL when ``DATABASE_URL`` points there.
"""

import os

os.environ.setdefault(
    "DJANGO_SECRET_KEY", "tests-only-secret-key-not-for-production-use-0123456789"
)
os.environ.setdefault("DJANGO_PLAIN_STATIC", "1")
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
# The walks over every page (role matrix, query counts) ask the API hundreds of times from one
# address; the throttle's own tests set a low rate (tests/tournament/api/test_throttling.py).
os.environ.setdefault("DJANGO_API_ANON_RATE", "100000/minute")
# Background jobs run inside the request that asks for them, except in the tests of the worker
# itself (tests/tournament/jobs/), which switch to the database queue and run `db_worker`.
os.environ.setdefault("DJANGO_TASKS_BACKEND", "immediate")

from tournament.settings import *  # noqa: E402,F403

# The jobs' files go to a folder of this test process, removed when it ends (unless a test, or
# a worker started by one, was told another through DJANGO_MEDIA_ROOT).
if "DJANGO_MEDIA_ROOT" not in os.environ:
    import atexit
    import shutil
    import tempfile

    MEDIA_ROOT = tempfile.mkdtemp(prefix="zj-test-media-")
    atexit.register(shutil.rmtree, MEDIA_ROOT, ignore_errors=True)

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Serve static files from the finders: no collectstatic needed for the test server.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

# SQLite tests use a file, as production does: WAL and the write lock behave as they will on
# the day, and a second connection or a gunicorn process can open the same database.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # One file per test process, so two runs side by side never share (or delete) a database.
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(BASE_DIR / f"test-db-{os.getpid()}.sqlite3")  # noqa: F405
    }

"""Settings for the ZJ tournament site, read from the environment. The parts that are small
programs over the environment (the database, the files' storage, the jobs' backend, the API's
settings) are functions of `tournament.configuration`, called here.

``DATABASE_URL``        database (default: ``db.sqlite3`` beside manage.py, WAL journal mode)
``DJANGO_SECRET_KEY``   required when debug is off
``DJANGO_DEBUG``        "1"/"true" for development (default: off)
``DJANGO_ALLOWED_HOSTS`` comma-separated host names (default: localhost names)
``DJANGO_SQLITE_TIMEOUT`` seconds a SQLite write waits for the lock before "busy" (10)
``DJANGO_SECURE_HSTS_SECONDS`` HSTS max-age when debug is off (a year: 31536000)
``DJANGO_OFFICIAL_SESSION_HOURS`` how long an official's log-in lasts (12)
``DJANGO_LOGIN_FAILURES`` wrong passwords before a user name is locked (5; see tournament.logins)
``DJANGO_LOGIN_LOCKOUT_MINUTES`` how long a lock-out lasts unless an organiser lifts it (30)
``DJANGO_TRUSTED_PROXY_COUNT`` how many reverse proxies stand in front of the site and append to
                        ``X-Forwarded-For`` (default 0: the header is ignored)
``REDIS_URL``           a Redis server for the cache shared by every web process, e.g.
                        ``redis://127.0.0.1:6379/0`` (default: each process keeps its own cache in
                        memory); when Redis is down the site goes on with cache misses
``DJANGO_PAGE_CACHE_WARM_LANGUAGES`` comma-separated language codes whose standings a release
                        builds and keeps at once (``PAGE_CACHE_WARM_LANGUAGES``; see
                        tournament.web.pagewarm; default: all of ``LANGUAGES``); codes the site
                        does not offer (``LANGUAGES``) are skipped
``DJANGO_LIVE_WARM_URL`` the address of the caching proxy in front of the site, as the
                        streams' processes reach it (e.g. ``http://127.0.0.1:8080``): a new
                        version's fragments are then warmed through it, so the proxy holds
                        them before the open pages ask (tournament.web.pagewarm, docs/deploy.md;
                        default: none, warmed in the process's own cache)
``DJANGO_LIVE_STREAMS_PER_ADDRESS`` the most live streams (`tournament.asgi`) one client address
                        may hold open in one streams process (1500: a venue's hall of phones
                        shares one address behind its router; 0 for no bound); past it the
                        stream answers 429 with ``Retry-After`` and the page refreshes itself
                        every 20 s instead
``DJANGO_LIVE_STREAMS_PER_PROCESS`` the most live streams one streams process holds open (4000;
                        0 for no bound); past it the stream answers 503 with ``Retry-After``
``DJANGO_DB_POOL``      PostgreSQL only: the most connections each web process keeps in a pool
                        (psycopg's pool; default: none, one kept connection per thread)
``SENTRY_DSN``          report errors to Sentry (default: no error reporting); with
                        ``SENTRY_ENVIRONMENT`` and ``SENTRY_TRACES_SAMPLE_RATE`` (0)
``DJANGO_API_ANON_RATE`` requests an anonymous client (one address) may make to the public API,
                        e.g. "120/minute" (the default), "5/second", "2000/hour"; "none" for no
                        limit (docs/api.md)
``DJANGO_TASKS_BACKEND`` who runs the background jobs (long PDFs, archives; `tournament.jobs`):
                        "database" (the default: the queue is a table, ``manage.py db_worker``
                        runs it), "rq" (Redis at ``REDIS_URL``, ``manage.py rqworker``; needs
                        the ``rq`` extra) or "immediate" (in the request itself: no worker)
``DJANGO_PRINT_IMMEDIATE_PAGES`` a printout of at most this many pages is made in the request (4);
                        a longer one is a background job
``DJANGO_STATIC_ROOT``  the folder ``manage.py collectstatic`` fills and WhiteNoise serves the
                        static files from when debug is off (default ``staticfiles/`` beside
                        manage.py; scripts/scale_out.py collects into one of its own)
``DJANGO_MEDIA_ROOT``   where the files the jobs make are kept (default ``media/`` beside
                        manage.py); never served as public files, only through their job's page
``DJANGO_S3_BUCKET``    keep those files in an S3-compatible bucket instead (django-storages, the
                        ``s3`` extra), with ``DJANGO_S3_ENDPOINT_URL``, ``DJANGO_S3_REGION``,
                        ``DJANGO_S3_ACCESS_KEY_ID``, ``DJANGO_S3_SECRET_ACCESS_KEY`` and
                        ``DJANGO_S3_PREFIX`` (docs/deployment.md)
"""

from datetime import timedelta
from os import environ
from pathlib import Path

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy

from tournament.configuration.api import api_rate, api_schema, rest_framework
from tournament.configuration.database import default_database
from tournament.configuration.storage import file_storage
from tournament.configuration.tasks import tasks_backend

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DJANGO_DEBUG")

SECRET_KEY = environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is not set. Set it (a long random string) or set DJANGO_DEBUG=1 "
            "for development."
        )
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = [
    host.strip()
    for host in environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
]

INSTALLED_APPS = [
    "tournament.apps.TournamentAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "django_countries",
    "scoring",
    "tournament",
    "axes",
    "csp",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files served from here: the CSP allows no CDN
    "django_tasks",
    "django_tasks_db",  # the default queue: a table in the site's database
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "tournament.web.headers.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tournament.web.languages.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tournament.web.busy.DatabaseBusyMiddleware",
    "tournament.web.refusals.RefusalMiddleware",
    "tournament.logins.DeviceCookieMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lock-out page.
    "axes.middleware.AxesMiddleware",
]

# Log-in throttling (django-axes, with OWASP device cookies: tournament.logins). After
# DJANGO_LOGIN_FAILURES wrong passwords for one user name, devices that never logged in as that
# user are locked out (status 429, a page that says who can lift it) until the time runs out or
# an organiser lifts it on the console's "Log-in locks" page; a device that logged in as the user
# before (signed device cookie) counts its own failures separately and is never locked out by
# anyone else's. No lock depends on the address or on any header.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(environ.get("DJANGO_LOGIN_FAILURES", "5"))
AXES_LOCKOUT_PARAMETERS = ["username"]
AXES_COOLOFF_TIME = timedelta(minutes=int(environ.get("DJANGO_LOGIN_LOCKOUT_MINUTES", "30")))
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_USERNAME_CALLABLE = "tournament.logins.throttled_name"
AXES_CLIENT_IP_CALLABLE = "tournament.logins.client_address"
AXES_LOCKOUT_CALLABLE = "tournament.logins.lockout_response"
DEVICE_COOKIE_DAYS = 365
# Behind N reverse proxies, the client is the N-th address from the right of X-Forwarded-For.
TRUSTED_PROXY_COUNT = int(environ.get("DJANGO_TRUSTED_PROXY_COUNT", "0"))
# axes.W006 asks for the address in every lock, against rotated user agents and cookies: here a
# lock is per user name for all unknown devices together, so rotating those buys nothing, and
# only a genuine signed device cookie (earned by a successful log-in) counts separately.
SILENCED_SYSTEM_CHECKS = ["axes.W006"]

# No inline script or style anywhere (htmx is told not to add its own, templates/includes/
# htmx.html), so the policy can forbid both; a browser test fails on any violation.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}


# The public read API (tournament.api, docs/api.md; tournament.configuration.api): JSON only,
# read-only, the release rules of the public pages, anonymous clients throttled per address.
API_ANON_RATE = api_rate(environ.get("DJANGO_API_ANON_RATE", "120/minute"))
REST_FRAMEWORK = rest_framework(API_ANON_RATE)
SPECTACULAR_SETTINGS = api_schema()

# Officials' log-ins are short (tournament.web.headers.official_session_limit).
OFFICIAL_SESSION_SECONDS = int(float(environ.get("DJANGO_OFFICIAL_SESSION_HOURS", "12")) * 3600)

ROOT_URLCONF = "tournament.urls"
CSRF_FAILURE_VIEW = "tournament.web.refusals.csrf_failure"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournament.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "tournament.wsgi.application"
ASGI_APPLICATION = "tournament.asgi.application"

# tournament.configuration.database: pooled on PostgreSQL (DJANGO_DB_POOL), WAL on SQLite.
DATABASES = {"default": default_database(environ, BASE_DIR)}

# One cache for the whole site. Without Redis, each process keeps its own in memory (the demo, a
# single machine); with it, every web process shares one, so counters such as the private links'
# guessing throttle hold across processes. A Redis that is down or slow is a cache miss, never an
# error page: the site reads the database instead.
LIVE_WARM_URL = environ.get("DJANGO_LIVE_WARM_URL", "").rstrip("/")
# The live streams' bounds (tournament.asgi): per client address, per streams process.
LIVE_STREAMS_PER_ADDRESS = int(environ.get("DJANGO_LIVE_STREAMS_PER_ADDRESS", "1500"))
LIVE_STREAMS_PER_PROCESS = int(environ.get("DJANGO_LIVE_STREAMS_PER_PROCESS", "4000"))

REDIS_URL = environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "zj",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": 0.5,
                "SOCKET_TIMEOUT": 0.5,
            },
        }
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

if environ.get("SENTRY_DSN"):
    import sentry_sdk

    sentry_sdk.init(
        dsn=environ["SENTRY_DSN"],
        environment=environ.get("SENTRY_ENVIRONMENT", "production"),
        traces_sample_rate=float(environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
        send_default_pii=False,  # no user names, addresses or cookies leave the site
    )

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Three languages (tournament.web.languages): each viewer's follows ?lang=, then the cookie, then
# the browser. Each name is written in its own language, for the header's switch.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hant", "繁體中文"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# django-countries names a few countries wrongly in Chinese, so that two countries share a name
# in the list (Traditional: Greenland as 冰島, Iceland, and Martinique as 茅利塔尼亞,
# Mauritania; Simplified: Samoa as 美属萨摩亚群岛, American Samoa). These names are marked here
# and translated in our catalogues (locale/), which come before the package's own.
COUNTRIES_OVERRIDE = {
    "GL": gettext_lazy("Greenland"),
    "MQ": gettext_lazy("Martinique"),
    "WS": gettext_lazy("Samoa"),
}
# English dates day-first, as the site always wrote them (tournament/formats/en).
FORMAT_MODULE_PATH = ["tournament.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
# A release warms the standings in these languages (all three unless told otherwise).
PAGE_CACHE_WARM_LANGUAGES = [
    code.strip()
    for code in environ.get(
        "DJANGO_PAGE_CACHE_WARM_LANGUAGES", ",".join(code for code, _name in LANGUAGES)
    ).split(",")
    if code.strip()
]
TIME_ZONE = environ.get("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# With debug off WhiteNoise serves only what collectstatic put here (hashed names, compressed).
STATIC_ROOT = Path(environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
# The files the background jobs make (tournament.jobs): on this machine's disk by default, or in
# an S3 bucket (tournament.configuration.storage); MEDIA_ROOT is never published as a URL.
MEDIA_ROOT = Path(environ.get("DJANGO_MEDIA_ROOT", BASE_DIR / "media"))
S3_BUCKET = environ.get("DJANGO_S3_BUCKET", "")
FILE_STORAGE = file_storage(environ)
STORAGES = {
    "default": FILE_STORAGE,
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or env_flag("DJANGO_PLAIN_STATIC")
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Background jobs (tournament.jobs) through Django's task framework (the django-tasks backport):
# "database" (the default), "rq" or "immediate" (tournament.configuration.tasks).
TASKS_BACKEND = environ.get("DJANGO_TASKS_BACKEND", "database").strip().lower()
tasks_settings = tasks_backend(TASKS_BACKEND, REDIS_URL)
TASKS = tasks_settings.tasks
INSTALLED_APPS += tasks_settings.apps
if tasks_settings.rq_queues is not None:
    RQ_QUEUES = tasks_settings.rq_queues
# A printout of at most this many pages is made in the request; a longer one is a job.
PRINT_IMMEDIATE_PAGES = int(environ.get("DJANGO_PRINT_IMMEDIATE_PAGES", "4"))

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "public:home"
LOGOUT_REDIRECT_URL = "public:home"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", True)
    # Load balancers ask for the health probe over plain HTTP on the private network.
    SECURE_REDIRECT_EXEMPT = [r"^healthz/$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(
        environ.get("DJANGO_SECURE_HSTS_SECONDS", environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    )
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD")
    if not SECURE_HSTS_PRELOAD:
        # Joining the browsers' preload list is a separate, lasting decision (DJANGO_HSTS_PRELOAD).
        SILENCED_SYSTEM_CHECKS += ["security.W021"]
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

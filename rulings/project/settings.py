"""Settings for the rulings site, read from the environment.

SECRET_KEY, DEBUG, ALLOWED_HOSTS and DATABASE_URL come from the environment;
without them the site runs locally on an embedded SQLite database, with debug pages off.
"""
import os
import warnings
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def _env_flag(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# Three ways to run: `DEBUG=0` is production (a SECRET_KEY is required, HTTPS behind a proxy);
# `DEBUG=1` opts in to Django's debug pages; with DEBUG unset the site runs locally as people
# see it (its own 404 and 500 pages), needing nothing beyond `manage.py runserver`.
DEBUG = _env_flag("DEBUG", False)
PRODUCTION = os.environ.get("DEBUG") is not None and not DEBUG
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-local-development-key"

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_rq",
    "rulings.knowledge",
    "scenarios.verification",
    "scenarios.presentation",
    "scenarios.decks",
    "scenarios.quizzes",
    "scenarios.cards",
    "rulings.project",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "rulings.project.middleware.StripNulCharactersMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "rulings.project.middleware.ContentSecurityPolicyMiddleware",
]

# Scripts only from the site: no inline script and no other origin (pages keep their scripts
# in static files). Styles may be inline attributes (the admin uses them), never from elsewhere.
CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

ROOT_URLCONF = "rulings.project.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "rulings.knowledge.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "rulings.project.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # Each worker thread keeps its connection between requests (checked before reuse),
        # rather than opening one per request: most requests are one cached-page lookup.
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "600")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent editors: WAL lets readers run beside the one writer, write
    # transactions take the write lock when they begin (so two saves queue
    # instead of failing to upgrade a read lock), and a waiting writer retries
    # for up to 20 s before "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    })

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
if not PRODUCTION:
    # Locally, whitenoise serves the apps' static files where they are (no collectstatic),
    # with or without DEBUG; production serves collectstatic's hashed, compressed copies.
    WHITENOISE_USE_FINDERS = True
    WHITENOISE_AUTOREFRESH = True  # an edited stylesheet shows without a restart
    warnings.filterwarnings("ignore", message="No directory at")

AUTHENTICATION_BACKENDS = ["rulings.project.login.ThrottledModelBackend"]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

REST_FRAMEWORK = {
    # `?format=<slug>` names a rule format here, not a response format.
    "URL_FORMAT_OVERRIDE": None,
    "DEFAULT_PERMISSION_CLASSES": ["rulings.knowledge.api.permissions.EditorsWriteOthersRead"],
    # The browser's session (with CSRF), or a token for scripts; never a password (no HTTP
    # Basic), so every password check is the throttled login's (rulings/project/login.py).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rulings.project.token_auth.ThrottledTokenAuthentication",
    ],
    # Every API request is counted per client (address, or account when logged in) in the
    # counts all app servers share; the rates are THROTTLE_RATES below.
    "DEFAULT_THROTTLE_CLASSES": [
        "rulings.knowledge.throttles.AnonymousRateThrottle",
        "rulings.knowledge.throttles.UserRateThrottle",
        "rulings.knowledge.throttles.ScopedPostThrottle",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    # JSON with a body size limit (a JSON 413) and a depth limit; hostile input is a 4xx JSON.
    "DEFAULT_PARSER_CLASSES": [
        "rulings.knowledge.api.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "rulings.knowledge.api.exceptions.exception_handler",
    "PAGE_SIZE": 50,
    # drf-spectacular's, plus who may call each operation and the 403 of bad credentials.
    "DEFAULT_SCHEMA_CLASS": "rulings.knowledge.api.autoschema.RulingsAutoSchema",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Judge Rulings API",
    "DESCRIPTION": "Rule articles, scenarios and their verdicts, the deck checker and quizzes. "
                   "Anyone reads; editors write.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI is served from the site itself (no CDN), which the CSP requires.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# The bundled rule content that `load_rules` reads and `export_rules` writes.
RULES_CONTENT_DIR = Path(os.environ.get("RULES_CONTENT_DIR", BASE_DIR / "rulings" / "content"))

# The scenario files that `verify` replays (one folder per format).
SCENARIOS_DIR = Path(os.environ.get("SCENARIOS_DIR", BASE_DIR / "scenarios" / "data"))

# The group whose members may edit articles.
EDITORS_GROUP = "editors"

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

if PRODUCTION:
    # Production sits behind a proxy that terminates TLS and says so in X-Forwarded-Proto.
    SESSION_COOKIE_SECURE = _env_flag("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = _env_flag("SECURE_COOKIES", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = _env_flag("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = _env_flag("SECURE_HSTS_PRELOAD", True)
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

# Errors go to stderr, where the process manager (gunicorn, systemd) keeps them; with DEBUG
# off, every 500 is logged with its traceback.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["stderr"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {"django.request": {"handlers": ["stderr"], "level": "ERROR",
                                   "propagate": False}},
}

# Failed logins (rulings/project/login.py): per account, from browsers that never logged into it,
# and per client address, whatever the account; each count lasts LOGIN_LOCKOUT_SECONDS.
LOGIN_ATTEMPTS = int(os.environ.get("LOGIN_ATTEMPTS", "5"))
LOGIN_ADDRESS_ATTEMPTS = int(os.environ.get("LOGIN_ADDRESS_ATTEMPTS", "20"))
LOGIN_LOCKOUT_SECONDS = int(os.environ.get("LOGIN_LOCKOUT_SECONDS", "900"))

# How many proxies of the site's own stand in front of the app servers. Each appends the
# address it saw to X-Forwarded-For; the client is the address the outermost one saw. 0 (the
# default, no proxy) counts clients by the socket's address. See rulings/knowledge/clients.py.
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))

# How often one client may do one thing ("number/period", period second, minute, hour or
# day), counted in the database every app server shares (rulings/knowledge/throttles.py).
THROTTLE_RATES = {
    "anon": os.environ.get("THROTTLE_ANON", "300/minute"),  # any API request, not logged in
    "user": os.environ.get("THROTTLE_USER", "1200/minute"),  # any API request, logged in
    "quiz_start": os.environ.get("THROTTLE_QUIZ_START", "30/hour"),  # page or API
    "signup": os.environ.get("THROTTLE_SIGNUP", "10/hour"),  # sign-up forms sent
    "report": os.environ.get("THROTTLE_REPORT", "10/hour"),  # question reports, page or API
}

# One cache per process by default; several app servers share a database cache
# (`CACHE_BACKEND=database`, after `manage.py createcachetable`).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                      "LOCATION": "site_cache"}
          if os.environ.get("CACHE_BACKEND") == "database" else
          {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Background jobs (scenarios/verification/jobs/): re-verifying the scenarios an article edit touched, and
# working out what a draft would do to them before it is saved. With REDIS_URL set they run
# on an rq queue in worker processes (`manage.py rqworker verification`); without it, in a
# thread of the web process, so the embedded default needs no other service. JOBS_MODE
# overrides: "rq", "thread", or "sync" (in the caller, at once: what the tests use).
REDIS_URL = os.environ.get("REDIS_URL", "")
JOBS_MODE = os.environ.get("JOBS_MODE") or ("rq" if REDIS_URL else "thread")
if JOBS_MODE not in ("rq", "thread", "sync"):
    raise ImproperlyConfigured(f"JOBS_MODE must be rq, thread or sync, not {JOBS_MODE!r}.")
if JOBS_MODE == "rq" and not REDIS_URL:
    raise ImproperlyConfigured("JOBS_MODE=rq needs REDIS_URL (redis://host:6379/0).")
JOBS_QUEUE = os.environ.get("JOBS_QUEUE", "verification")
JOBS_ATTEMPTS = int(os.environ.get("JOBS_ATTEMPTS", "3"))  # a job that dies is run again
JOBS_TIMEOUT = int(os.environ.get("JOBS_TIMEOUT", "900"))  # seconds one attempt may take
# How often a worker looks for jobs whose worker died (rq finds them once their heartbeat,
# about a minute, has lapsed) and queues them again.
JOBS_MAINTENANCE_SECONDS = int(os.environ.get("JOBS_MAINTENANCE_SECONDS", "30"))
# A worker beats for its running job every JOBS_HEARTBEAT_SECONDS; a job that has not beaten
# for that long plus JOBS_HEARTBEAT_GRACE counts as abandoned (rq's own: 30 and 60).
JOBS_HEARTBEAT_SECONDS = int(os.environ.get("JOBS_HEARTBEAT_SECONDS", "30"))
JOBS_HEARTBEAT_GRACE = int(os.environ.get("JOBS_HEARTBEAT_GRACE", "60"))
# Seconds a job waits after each scenario it replays: 0, except in the test that stops a
# worker in the middle of a job.
JOBS_STEP_DELAY = float(os.environ.get("JOBS_STEP_DELAY", "0"))
RQ_QUEUES = {JOBS_QUEUE: {"URL": REDIS_URL or "redis://127.0.0.1:6379/0",
                          "DEFAULT_TIMEOUT": JOBS_TIMEOUT}}
RQ = {"WORKER_CLASS": "scenarios.verification.jobs.worker.VerificationWorker"}
RQ_SHOW_ADMIN_LINK = False

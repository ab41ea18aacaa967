"""Settings for the tarock scoring site.

Everything that differs between a laptop and a club's server comes from the environment
(see README.md, "Configuration"). DEBUG is off unless asked for; with DEBUG off the site
refuses to start without a SECRET_KEY.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import (
    env_bool,
    env_choice,
    env_int,
    env_list,
    env_rate,
    env_str,
    env_url_prefix,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=False)

_DEV_SECRET = "django-insecure-development-only-never-use-in-production"
# Without DEBUG and without a key this stays empty rather than stopping the import: a pure
# command such as `manage.py score_hand` needs no secret. The refusal is where the site is
# served or set up: config/wsgi.py and config/asgi.py stop at start-up, and a system check
# (config/checks.py) fails `check`, `runserver`, `migrate` and every command that runs
# the checks.
SECRET_KEY = env_str("SECRET_KEY") or (_DEV_SECRET if DEBUG else "")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# A refused CSRF check answers in words, and a script's request so its page can tell.
CSRF_FAILURE_VIEW = "config.csrf.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "config",  # the site's own system checks (config/checks.py)
    "clubs",
    "tournaments",
    "scoring",
    "csp",
    # The read API at /api/v1/ (api/): Django REST framework, its OpenAPI schema, and
    # CORS headers so another site's page may read it.
    "rest_framework",
    "drf_spectacular",
    "corsheaders",
    "api",
    # Last: its signal handlers count the failed logins of every app above.
    "axes",
]

MIDDLEWARE = [
    # First: every line the others log carries the request's id (config/request_id.py).
    "config.request_id.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # CORS headers on /api/v1/ (and its preflight answered) before anything else answers.
    "corsheaders.middleware.CorsMiddleware",
    # An anonymous flood of the scoring API is refused here, before the rest runs.
    "scoring.limits.ApiDoorMiddleware",
    # Static files answer here, before the rest: hashed names cached for a year, and the
    # .br/.gz files config.storage made beside them to a browser that accepts them.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and fragments compressed, and above every middleware that reads or writes a
    # body. Against BREACH (a secret guessed from a compressed page's length): Django pads
    # each compressed answer by a random length, and the CSRF token in a page is masked
    # afresh on every request, so no two answers carry the same bytes for it. (No
    # ConditionalGetMiddleware: a page's body, holding that token, never matched the copy
    # the browser held, so hashing every page bought nothing; the answers that can be
    # unchanged, the judge's service worker, the app's manifest and a table's QR code, get
    # their 304 from @conditional_page on their views.)
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The browser's own id (the two-person rule), a cookie that outlives the session.
    "tournaments.access.BrowserIdMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The signed-in person's times in their own club's zone (clubs/time_zones.py).
    "clubs.time_zones.ClubTimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    "config.security.SecurityHeadersMiddleware",
    # Last, as django-axes asks: it turns a flagged login attempt into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

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
                "clubs.context_processors.roles",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=60,
        conn_health_checks=True,
    )
}
# SQLite, where a club starts: a transaction takes the write lock when it begins
# (IMMEDIATE), waiting up to `timeout` seconds for another writer, rather than reading
# first and finding at its first write that another writer got there (an immediate
# "database is locked": a 500 to a director's Close round in the second a phone pinged).
# In WAL mode readers and the one writer don't block each other; NORMAL syncs at
# checkpoints, which WAL keeps safe against corruption.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE",
        timeout=20,
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# A shared cache when REDIS_URL names a Redis server (docs/deploy.md, growing past one
# server): sessions are then read from it before the database (`cached_db`, written
# through to the database, so nothing is lost with the cache), and public standings are
# kept in it for PUBLIC_PAGE_SECONDS (tournaments/public_cache.py). Without it each worker
# caches in its own memory (the judge's blank hand form) and sessions stay in the database
# alone: a cache of each worker's own would keep a session that logged out alive on the
# other workers.
REDIS_URL = env_str("REDIS_URL", "")
if REDIS_URL and not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(
        f"REDIS_URL must start with redis://, rediss:// or unix://; got {REDIS_URL!r}"
    )
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.cache.RedisCache",  # Django's, one client per pool
            "LOCATION": REDIS_URL,
            # Several sites (or a test run) may share one Redis server.
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "tarock"),
        }
    }
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
PUBLIC_PAGE_SECONDS = env_int("PUBLIC_PAGE_SECONDS", 10 if REDIS_URL else 0, maximum=300)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes checks every login attempt first and refuses it while its user or address is
# locked out; the model backend then checks the password.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    # Object-level checks (`user.has_perm("clubs.direct_club", club_id)`): clubs.permissions.
    "rules.permissions.ObjectPermissionBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("cs", _("Czech")), ("sl", _("Slovenian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Slovenian dates in the numeric form (config/formats/sl/formats.py says why).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = env_str("TIME_ZONE", "America/Chicago")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# The demo's static rows (`manage.py loaddata demo_clubs demo_accounts`); see fixtures/README.md.
FIXTURE_DIRS = [BASE_DIR / "fixtures"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "config.storage.StaticFilesStorage"
    },
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# Printed documents (score sheets, seating lists) use this paper size.
PAPER_SIZE = env_choice("PAPER_SIZE", "letter", ("a4", "letter"))

# The admin lives here (README, "Configuration"); a less guessable path keeps it out of
# the logs of every bot that tries /admin/.
ADMIN_URL = env_url_prefix("ADMIN_URL", "admin/")

# Login throttling (django-axes): after LOGIN_FAILURE_LIMIT failed logins for one user
# name, or from one address, further logins for it are refused for LOGIN_COOLOFF_MINUTES.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1, maximum=1000)
AXES_COOLOFF_TIME = timedelta(
    minutes=env_int("LOGIN_COOLOFF_MINUTES", 15, minimum=1, maximum=7 * 24 * 60)
)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.security.lockout_response"
AXES_CLIENT_IP_CALLABLE = "config.security.client_ip"
# How many reverse proxies in front of the site append to X-Forwarded-For; 0 ignores it.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0, maximum=10)

# Rate limits (django-ratelimit, accounts/limits.py): counted in the default cache, so
# with REDIS_URL every worker and server shares the counts; without it each worker counts
# alone and a client gets the limit once per worker (docs/deploy.md). The client's address
# is the one `client_ip` trusts (TRUSTED_PROXY_COUNT). Rates read `30/m`, `5/h`, `100/10m`.
RATELIMIT_ENABLE = env_bool("RATELIMIT_ENABLE", default=True)
RATELIMIT_USE_CACHE = "default"
RATELIMIT_IP_META_KEY = "config.security.client_ip"
# POST /api/score/: each anonymous address, then all anonymous clients together, each
# signed-in account. All anonymous clients get one document a second: a window of a second
# lets no burst take several workers at once from the judges (the load test's abuse phase,
# bench/load_abuse.py, floods against these).
API_RATE_ADDRESS = env_rate("API_RATE_ADDRESS", "10/m")
API_RATE_ANONYMOUS = env_rate("API_RATE_ANONYMOUS", "1/s")
API_RATE_ACCOUNT = env_rate("API_RATE_ACCOUNT", "60/m")
# Hands in one document: about 0.5 ms of a worker each at the dearest (bench/api_cost.py),
# so a request at the bound costs some 25 ms; the command line keeps scoring's own 1,000.
API_MAX_HANDS = env_int("API_MAX_HANDS", 50, minimum=1, maximum=1000)
# The read API (/api/v1/, api/): JSON only, read by anyone (a view shows what its page
# shows), throttled per address and per account in the default cache, so with REDIS_URL
# every worker counts together (off with RATELIMIT_ENABLE). A widget polling every 30 s is
# well inside either rate.
API_V1_RATE_ADDRESS = env_rate("API_V1_RATE_ADDRESS", "120/m")
API_V1_RATE_ACCOUNT = env_rate("API_V1_RATE_ACCOUNT", "600/m")
REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_THROTTLE_CLASSES": [
        "api.throttling.AddressThrottle",
        "api.throttling.AccountThrottle",
    ],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.Pages",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tarock clubs and tournaments API",
    "DESCRIPTION": (
        "Read-only: clubs, players, seasons and their leaderboards, tournaments, rounds, "
        "standings, results, ratings and rulings, as the site's pages show them; and the "
        "stateless scoring endpoint POST /api/score/."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "StandingsMethodEnum": "tournaments.models.Tournament.Standings",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.add_score_endpoint",
    ],
}
# Any site may read the API from a browser (GET only, no cookies sent along); the widget
# polls with If-None-Match and reads the ETag.
CORS_URLS_REGEX = r"^/api/v1/.*$"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
CORS_ALLOW_HEADERS = ["accept", "accept-language", "if-none-match", "if-modified-since"]
CORS_EXPOSE_HEADERS = ["ETag", "Last-Modified", "Retry-After"]
CORS_PREFLIGHT_MAX_AGE = 86400

# Password reset: requests from one address, and mails to one e-mail address.
PASSWORD_RESET_RATE_ADDRESS = env_rate("PASSWORD_RESET_RATE_ADDRESS", "10/h")
PASSWORD_RESET_RATE_EMAIL = env_rate("PASSWORD_RESET_RATE_EMAIL", "3/h")

# Password reset mails go to the console (the `runserver` or gunicorn log) unless an SMTP
# server is named.
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1, maximum=65535)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=True)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", default=False)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be on; pick one")
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "tarock@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Content-Security-Policy (django-csp): scripts, styles and images come from this site's
# own files only, so an injected <script> or style="" does nothing. The pages carry no
# inline code; htmx is told not to inject its indicator <style> (base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Browser features the site never uses are switched off for it and anything it embeds.
PERMISSIONS_POLICY = dict.fromkeys(
    [
        "accelerometer",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "usb",
    ],
    (),  # allowed to no origin at all
)

# Production hardening: on whenever DEBUG is off, so `check --deploy` is clean.
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    # A load balancer's health probe speaks plain HTTP to the server itself; redirected,
    # it would read every host as down (or, following it, probe the proxy instead).
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(env_str("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

# Each line names its request (X-Request-ID, config/request_id.py), "-" outside one.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "config.request_id.RequestIdFilter"}},
    "formatters": {
        "line": {"format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"}
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": "line",
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # django-axes reports failed logins and lockouts as warnings; its info lines (a
    # banner on every start, each successful login) would drown a command's output.
    "loggers": {"axes": {"level": "WARNING"}},
}

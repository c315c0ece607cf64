"""Settings: one file; production differences come from environment variables only."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from tarot_club.csp_engine import add_worker_policy
from tarot_club.csp_styles import style_hashes
from tarot_club.env import (
    EnvError,
    database_from_url,
    env_bool,
    env_int,
    env_list,
    env_str,
    sqlite_database,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)

if DEBUG:
    SECRET_KEY = env_str("SECRET_KEY", "dev-only-insecure-key-do-not-use-in-production")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
else:
    SECRET_KEY = env_str("SECRET_KEY", "")
    if len(SECRET_KEY) < 32:
        raise EnvError("SECRET_KEY must be set (at least 32 characters) when DEBUG is off")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "crispy_forms",
    "crispy_bootstrap5",
    "simple_history",
    "axes",
    "csp",
    "tarot_club",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # A post whose database connection is lost: "not saved, send again", not a 500.
    "tarot_club.not_saved.NotSavedMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Login throttling: 5 failures for one username from one address lock it for 15 min.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Reverse proxies in front of gunicorn (1 behind the documented nginx): the client's
# address is read from X-Forwarded-For by tarot_club.client_ip, never a forged entry.
TRUSTED_PROXY_COUNT = env_int("AXES_PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "tarot_club.client_ip.client_address"

ROOT_URLCONF = "tarot_club.urls"

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
                "tarot_club.context_processors.language_switch",
                "tarot_club.context_processors.roles",
            ],
            # {% submission_key %} sits beside {% csrf_token %} in every writing form.
            "builtins": ["tournaments.templatetags.submissions"],
        },
    },
]

WSGI_APPLICATION = "tarot_club.wsgi.application"

_database_url = env_str("DATABASE_URL", "")
DATABASES = {
    "default": (
        database_from_url(_database_url)
        if _database_url
        else sqlite_database(str(BASE_DIR / "db.sqlite3"))
    )
}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # Per process, so that test runs side by side never share a database.
    DATABASES["default"]["TEST"] = {
        "NAME": env_str("TEST_DATABASE_NAME", f"test_tarot_club_{os.getpid()}")
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache: Redis when REDIS_URL is set (shared by every worker and app server), else
# the local-memory cache of each process. Public pages are cached for anonymous
# visitors under the database's page versions, which every write that changes them
# bumps (tournaments/views/cached.py, tournaments/services/cache.py). A per-process
# cache cannot see another worker's writes, so without Redis the page cache is on only
# in development (one process) unless PAGE_CACHE=1 says the server runs a single process.
REDIS_URL = env_str("REDIS_URL", "")
# Redis is an accelerator, never a dependency (tarot_club/cache.py): a call waits at most
# these few hundred milliseconds (redis-py's default is 5 s per call, which made every
# page wait that long on a Redis that accepts connections and never answers), and after
# a failure this process leaves Redis alone for CACHE_RETRY_SECONDS.
REDIS_OPTIONS = {
    "socket_connect_timeout": env_int("CACHE_CONNECT_TIMEOUT_MS", 200) / 1000,
    "socket_timeout": env_int("CACHE_TIMEOUT_MS", 200) / 1000,
    "retry_after": env_int("CACHE_RETRY_SECONDS", 5),
}
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "tarot_club.cache.FailSafeRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "tarot_club"),
            "OPTIONS": REDIS_OPTIONS,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
PAGE_CACHE = env_bool("PAGE_CACHE", bool(REDIS_URL) or DEBUG)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# One date format per language (tarot_club/formats), not Django's three.
FORMAT_MODULE_PATH = ["tarot_club.formats"]
TIME_ZONE = env_str("TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Our own files (tarot_club/static, apps' static/) and a few files of the front-end
# packages frontend/package-lock.json pins (npm ci in scripts/install.sh), under their
# static prefix: htmx, Bootstrap, and the scoring engine in the browser
# (docs/OFFLINE_ENGINE.md). A file missing is a system check error (tarot_club.E001).
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "tarot_club.staticfinders.NpmPackageFinder",
]
NPM_MODULES = BASE_DIR / "frontend" / "node_modules"
# {static prefix: (package directory, [paths in it])}, each served under its base name.
NPM_STATIC_FILES = {
    "vendor/htmx": (NPM_MODULES / "htmx.org", ["dist/htmx.min.js", "LICENSE"]),
    # The bundle has Popper in it: the @popperjs/core package npm adds is not served.
    # The source maps are served because the files end with a comment naming them
    # (sourceMappingURL), which collectstatic's manifest storage must resolve.
    "vendor/bootstrap": (
        NPM_MODULES / "bootstrap",
        [
            "dist/css/bootstrap.min.css",
            "dist/css/bootstrap.min.css.map",
            "dist/js/bootstrap.bundle.min.js",
            "dist/js/bootstrap.bundle.min.js.map",
            "LICENSE",
        ],
    ),
    # What Pyodide fetches to start, without any package of its own: the loader (an ES
    # module), the interpreter (asm.mjs + wasm), the standard library, its lock file.
    "vendor/pyodide": (
        NPM_MODULES / "pyodide",
        [
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        ],
    ),
}
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Mail, only for "forgot your password?". Without EMAIL_HOST no mail is sent: the
# reset page tells the person to ask his club's organiser for a one-time link
# (made under Club; tarot_club.views.password_reset).
EMAIL_HOST = env_str("EMAIL_HOST", "")
MAIL_CONFIGURED = bool(EMAIL_HOST)
if MAIL_CONFIGURED:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", 587)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
    DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "tarot_club@localhost")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
# The stock responsive template, its pagination labelled in the reader's language.
DJANGO_TABLES2_TEMPLATE = "tables/responsive.html"

SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
# On by default so that check --deploy is clean with DEPLOYING.md's variables; a site
# with plain-http subdomains sets SECURE_HSTS_INCLUDE_SUBDOMAINS=0 (and PRELOAD=0).
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("BEHIND_TLS_PROXY", False) else None
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        # A 403 (a scorekeeper on another table's sheet, a CSRF failure) is an answer, not
        # an error: one warning line, without the traceback Django attaches.
        "forbidden_without_traceback": {"()": "tarot_club.log_filters.ForbiddenWithoutTraceback"}
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["forbidden_without_traceback"],
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}

# Content-Security-Policy (django-csp 4): scripts only from our own static files, no
# inline script or handler (tarot_club/static/js/behaviours.js does what onchange= did).
# Styles only from our static files and the templates' own <style> blocks, allowed by
# their hashes (tarot_club/csp_styles.py): no 'unsafe-inline', no style="" attribute.
# No page needs more: the scoring engine in the browser (Pyodide's WebAssembly) runs in a
# worker whose script whitenoise serves with a policy of its own, this one plus
# 'wasm-unsafe-eval' only (tarot_club/csp_engine.py).
WHITENOISE_ADD_HEADERS_FUNCTION = add_worker_policy
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", *style_hashes(BASE_DIR / "templates")],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
